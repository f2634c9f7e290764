// A small project under git for the CI integrations' tests: `main` (the baseline), `feature`
// (0.1 % more work in one benchmark) and `hostile` (a benchmark named to break Markdown), pushed to a
// bare "origin" as a hosted repository would hold them. The benchmark is a C program built here, on
// the host, and committed, since the image has no compiler.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileC, git, tempDir } from './helpers.ts';

/** A loop of N multiply-xor steps: its cost grows linearly with N, so 0.1 % more N is 0.1 % more work. */
export const WORK_C = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  unsigned long n = strtoul(argv[1], 0, 10), h = 1469598103934665603UL;
  for (unsigned long i = 0; i < n; i++) h = (h ^ i) * 1099511628211UL;
  printf("%lu\\n", h);
  return 0;
}
`;

const config = (loop: number, extra = '') => `threshold: 0.05%
benchmarks:
  - name: loop
    run: [./bench/work, "${loop}"]
  - name: steady
    run: [./bench/work, "100000"]
${extra}`;

/** Lines a pull request could print to become commands for GitHub's runner (issue 10, attack 4). */
export const WORKFLOW_COMMAND_LINES = ['::error title=x::pwned', '::add-mask::secret', '::set-output name=a::b', '##[add-mask]secret', '::stop-commands::x'];
const printed = WORKFLOW_COMMAND_LINES.map((l) => `echo '${l}'`).join('; ');
// Named like commands (a name starts a line of the CLI's table; `##[` counts anywhere in a line), and
// printing them on stdout and stderr, failing so that its stderr's last lines are in the report.
const INJECTION = `  - name: "::error title=x::pwned"
    run: [./bench/work, "1000"]
  - name: "##[add-mask]secret"
    run: [sh, -c, "${printed}; { ${printed}; } >&2; exit 1"]
`;

export interface Repo {
  origin: string;
  main: string;
  /** main one commit later: `steady` does 0.5 % more work there. */
  mainLater: string;
  feature: string;
  hostile: string;
  /** main plus benchmarks whose names and output are workflow commands (one of them fails, so its stderr is echoed). */
  injection: string;
  /** main with a timed benchmark (mode: wallclock, 2 s budget), and a head where its loop is 20× as long. */
  timedBase: string;
  timedHead: string;
}

const timedBenchmark = (loop: number) => `  - name: timed-loop
    run: [./bench/work, "${loop}"]
    mode: wallclock
    budget: 2s
`;

export function makeRepo(): Repo {
  const origin = tempDir('cg-bench-origin-');
  git(origin, 'init', '--bare', '-q', '-b', 'master');
  const work = tempDir('cg-bench-work-');
  git(work, 'init', '-q', '-b', 'master');
  mkdirSync(join(work, 'bench'));
  compileC(join(work, 'bench'), 'work', WORK_C);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'main');
  const main = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'feature');
  writeFileSync(join(work, 'cg-bench.yml'), config(1_001_000));
  git(work, 'commit', '-q', '-am', '0.1% more work');
  const feature = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'later', main);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000).replace('"100000"', '"100500"'));
  git(work, 'commit', '-q', '-am', 'main moves on');
  const mainLater = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'hostile', main);
  writeFileSync(
    join(work, 'cg-bench.yml'),
    config(1_000_000, '  - name: "<img src=x onerror=alert(1)> @octocat | [x](https://evil.example)"\n    run: [./bench/work, "1000"]\n'),
  );
  git(work, 'commit', '-q', '-am', 'hostile name');
  const hostile = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'injection', main);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000, INJECTION));
  git(work, 'commit', '-q', '-am', 'benchmarks that print workflow commands');
  const injection = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'timed-base', main);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000, timedBenchmark(2_000_000)));
  git(work, 'commit', '-q', '-am', 'a timed benchmark');
  const timedBase = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'timed-head');
  // 20x the loop (natively ~6 ms -> ~120 ms): a run's fixed part, its start in the job's sandbox
  // (~50 ms timed under load), made 4x the loop only ~1.4x the time, and a loaded runner once
  // found that inconclusive (57 -> 88 ms, interval -1.5 % .. +94 %).
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000, timedBenchmark(40_000_000)));
  git(work, 'commit', '-q', '-am', 'the timed benchmark 20x the work');
  const timedHead = git(work, 'rev-parse', 'HEAD');
  git(work, 'push', '-q', origin, 'master', 'feature', 'hostile', 'injection', 'later', 'timed-base', 'timed-head');
  return { origin, main, mainLater, feature, hostile, injection, timedBase, timedHead };
}

/** What actions/checkout checks out for a pull request by default: the merge into its base. */
export function mergeCheckout(repo: Repo, base: string, head: string): string {
  const dir = checkout(repo, base);
  git(dir, 'merge', '-q', '--no-ff', '-m', 'Merge into base', head);
  return dir;
}

/**
 * A merge queue's commit: the merge of `head` into `base`, pushed as GitHub does to a
 * gh-readonly-queue branch, and checked out as actions/checkout does for merge_group: that one commit
 * fetched with --depth=1 (so `base` is not in the checkout).
 */
export function mergeQueueCheckout(repo: Repo, base: string, head: string): { dir: string; sha: string; ref: string } {
  const merged = mergeCheckout(repo, base, head);
  const sha = git(merged, 'rev-parse', 'HEAD');
  const ref = `refs/heads/gh-readonly-queue/master/pr-7-${head}`;
  git(merged, 'push', '-q', 'origin', `${sha}:${ref}`);
  const dir = tempDir('cg-bench-ws-');
  git(dir, 'init', '-q');
  git(dir, 'remote', 'add', 'origin', `file://${repo.origin}`);
  git(
    dir,
    'fetch',
    '-q',
    '--no-tags',
    '--prune',
    '--no-recurse-submodules',
    '--depth=1',
    'origin',
    `+${sha}:refs/remotes/origin/${ref.slice('refs/heads/'.length)}`,
  );
  git(dir, 'checkout', '-q', '--force', '-B', ref.slice('refs/heads/'.length), `refs/remotes/origin/${ref.slice('refs/heads/'.length)}`);
  return { dir, sha, ref };
}

/** A checkout as actions/checkout leaves it: the repository at one commit, origin set. */
export function checkout(repo: Repo, sha: string): string {
  const dir = tempDir('cg-bench-ws-');
  git(dir, 'clone', '-q', repo.origin, '.');
  git(dir, 'checkout', '-q', '--detach', sha);
  return dir;
}

/**
 * Attack 1 of issue 23, committed in a checkout: a credential in its .git/config (as a runner's
 * checkout may hold one), and a program whose loop line is named `leak.c:<the line holding it>` in
 * its debug info, with leak.c a link to `target` (the checkout's .git/config by an absolute path,
 * which the benchmark's own user cannot read). Returns the commit.
 */
export function leakCommit(workspace: string, secret: string, target: string): string {
  git(workspace, 'config', 'http.extraheader', `AUTHORIZATION: basic ${secret}`);
  const line =
    readFileSync(join(workspace, '.git', 'config'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(secret)) + 1;
  writeFileSync(join(workspace, 'bench', 'work.c'), WORK_C.replace('  for (', `#line ${line} "leak.c"\n  for (`));
  // Named as compiled in the checkout ("./leak.c"), wherever that is: the compiler runs on the host.
  const cc = spawnSync('cc', ['-O1', '-g', `-fdebug-prefix-map=${workspace}=.`, '-o', 'bench/work', 'bench/work.c'], { cwd: workspace, encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(`cc failed: ${cc.stderr}`);
  symlinkSync(target, join(workspace, 'leak.c'));
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'leak.c');
  return git(workspace, 'rev-parse', 'HEAD');
}
