// The project the real-runner tests run CI on, pushed to a bare repository as a forge holds it:
//   main0        `loop` and `steady`
//   main1        main moved on: `steady` does 10 % more work (after `docs` branched off)
//   docs         from main0: a docs-only change (must be `unchanged` whatever main did since)
//   slower       from main1: `loop` does 5 % more work (a regression)
// and, for pull requests, the merge commits the forge makes (refs/pull/N/merge on GitHub,
// refs/merge-requests/N/merge on GitLab), each on main1.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileC, git, tempDir } from '../helpers.ts';
import { WORK_C } from '../project-repo.ts';

const config = (loop: number, steady: number) => `threshold: 1%
benchmarks:
  - name: loop
    run: [./bench/work, "${loop}"]
  - name: steady
    run: [./bench/work, "${steady}"]
`;

export interface RunnerRepo {
  /** The bare repository (the forge). */
  origin: string;
  main0: string;
  main1: string;
  docs: string;
  slower: string;
}

/** `files`: more files committed in main0 (e.g. the project's CI configuration). */
export function makeRunnerRepo(files: Record<string, string> = {}, defaultBranch = 'main'): RunnerRepo {
  const origin = tempDir('cg-bench-runner-origin-');
  git(origin, 'init', '--bare', '-q', '-b', defaultBranch);
  const work = tempDir('cg-bench-runner-work-');
  git(work, 'init', '-q', '-b', defaultBranch);
  mkdirSync(join(work, 'bench'));
  compileC(join(work, 'bench'), 'work', WORK_C);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000, 500_000));
  writeFileSync(join(work, 'README.md'), '# project\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'main0');
  const main0 = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'docs');
  writeFileSync(join(work, 'README.md'), '# project\n\nDocs only.\n');
  git(work, 'commit', '-q', '-am', 'docs only');
  const docs = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', defaultBranch);
  writeFileSync(join(work, 'cg-bench.yml'), config(1_000_000, 550_000));
  git(work, 'commit', '-q', '-am', 'main moves on: steady 10 % slower');
  const main1 = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'slower');
  writeFileSync(join(work, 'cg-bench.yml'), config(1_050_000, 550_000));
  git(work, 'commit', '-q', '-am', 'loop 5 % slower');
  const slower = git(work, 'rev-parse', 'HEAD');
  git(work, 'push', '-q', origin, defaultBranch, 'docs', 'slower');
  return { origin, main0, main1, docs, slower };
}

/** The merge commit a forge makes for a pull/merge request of `head` into `base`, pushed as `ref`. */
export function pushMerge(repo: Pick<RunnerRepo, 'origin'>, base: string, head: string, ref: string): string {
  const work = tempDir('cg-bench-runner-merge-');
  git(work, 'clone', '-q', repo.origin, '.');
  git(work, 'checkout', '-q', '--detach', base);
  git(work, 'merge', '-q', '--no-ff', '-m', `Merge ${head.slice(0, 7)} into ${base.slice(0, 7)}`, head);
  const merge = git(work, 'rev-parse', 'HEAD');
  git(work, 'push', '-q', 'origin', `${merge}:${ref}`);
  return merge;
}

/**
 * A configuration with a misspelt field (`runn:`, line 3), committed on `base` and pushed as branch
 * `broken`; returns its sha. What a change that cannot be measured looks like to the runners' tests.
 */
export function pushBrokenConfig(repo: Pick<RunnerRepo, 'origin'>, base: string): string {
  const work = tempDir('cg-bench-runner-branch-');
  git(work, 'clone', '-q', repo.origin, '.');
  git(work, 'checkout', '-q', '-b', 'broken', base);
  writeFileSync(join(work, 'cg-bench.yml'), 'benchmarks:\n  - name: loop\n    runn: [./bench/work, "1000"]\n');
  git(work, 'commit', '-q', '-am', 'broken: cg-bench.yml');
  git(work, 'push', '-q', 'origin', 'broken');
  return git(work, 'rev-parse', 'HEAD');
}

/** The note or comment for `sha`'s head that could not be measured: it names the commit, never the reason (the change's text). */
export function assertCouldNotMeasure(body: string, shortSha: string): void {
  assert.match(body, new RegExp(`### ❌ cg-bench: could not measure ${shortSha}`), body);
  assert.doesNotMatch(body, /runn/);
}
