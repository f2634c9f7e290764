// cg-bench bisect end to end: a repository of 16 commits of a C program built by its own setup, with
// more work injected at a known commit, a commit whose build is broken and one where the benchmark is
// missing. Real git, real Valgrind, the bundled CLI.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, git, readJson, tempDir } from '../helpers.ts';

const config = (name = 'loop') => `setup:
  - cc -O1 -g -o work work.c
benchmarks:
  - name: ${name}
    run: [./work, "100000"]
  - name: other
    run: [./work, "1000"]
`;

/** The program; `more` adds a function that does more work (its own symbol: not inlined). */
const program = (more: boolean) => `#include <stdio.h>
#include <stdlib.h>
${more ? '__attribute__((noinline)) static unsigned long extra(unsigned long h) { for (int i = 0; i < 1000; i++) h = h * 31 + i; return h; }' : ''}
int main(int argc, char **argv) {
  unsigned long n = strtoul(argv[1], 0, 10), h = 1469598103934665603UL;
  for (unsigned long i = 0; i < n; i++) h = (h ^ i) * 1099511628211UL;
  ${more ? 'h = extra(h);' : ''}
  printf("%lu\\n", h);
  return 0;
}
`;

interface History {
  dir: string;
  /** The commits, oldest first: [0] is GOOD, [10] adds work, [5] breaks the build, [7] lacks the benchmark. */
  shas: string[];
}

const REGRESSION = 10;
const BROKEN = 5;
const MISSING = 7;

function makeHistory(): History {
  const dir = tempDir('cg-bench-bisect-');
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), '.cg-bench/\n');
  const shas: string[] = [];
  let more = false;
  for (let i = 0; i < 16; i++) {
    let message = `notes ${i}`;
    if (i === REGRESSION) [more, message] = [true, 'more work in main'];
    writeFileSync(join(dir, 'work.c'), program(more).replace(i === BROKEN ? 'return 0;' : '\0', 'return 0'));
    if (i === BROKEN) message = 'break the build';
    writeFileSync(join(dir, 'cg-bench.yml'), config(i === MISSING ? 'renamed' : 'loop'));
    if (i === MISSING) message = 'rename the benchmark';
    writeFileSync(join(dir, 'NOTES'), `note ${i}\n`);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', message);
    shas.push(git(dir, 'rev-parse', 'HEAD'));
  }
  return { dir, shas };
}

const counts = (r: Results) => r.benchmarks.map((b) => [b.name, b.status, b.estimatedCycles, b.events, b.functions]);

describe('cg-bench bisect', { timeout: 10 * 60_000 }, () => {
  let h: History;
  before(() => {
    h = makeHistory();
  });

  test('16 commits, more work at a known one: named, with GOOD and BAD measured twice and 4 of the 14 between once; the whole bisect run twice, every count equal', async () => {
    // A hook that would run on checkout: bisect's git runs none (the measured code is not trusted).
    const marker = join(h.dir, 'hook-ran');
    writeFileSync(join(h.dir, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(join(h.dir, '.git', 'hooks', 'post-checkout'), 0o755);
    const first = await cli(['bisect', h.shas[0]!, 'main', '--benchmark', 'loop'], { cwd: h.dir });
    assert.equal(first.code, 0, first.stderr);
    const found = h.shas[REGRESSION]!;
    assert.match(
      first.stdout,
      new RegExp(`^first commit whose loop differs from GOOD ${h.shas[0]!.slice(0, 12)}: ${found.slice(0, 12)} more work in main$`, 'm'),
    );
    assert.match(first.stdout, /^ {2}[\d,]+ → [\d,]+ estimated cycles \(\+\d\.\d\d% against GOOD\)$/m);
    assert.match(first.stdout, /^loop +[\d,]+ +[\d,]+ +\+\d\.\d\d% +regression$/m, 'the commit against its parent, as compare shows it');
    assert.match(
      first.stdout,
      /functions that changed most\n.*\n {2}extra \(\S*work\.c\) +– +[\d,]+ +\+[\d,]+$/m,
      'the function the commit added: absent in its parent, which kept every function',
    );
    // Down to lines (compiled with -g): the call the commit added to main, with its text; only lines
    // of functions that changed are listed.
    const lineSection = first.stdout.split(/^loop: lines that changed most .*$/m)[1]?.split('\n\n')[0] ?? '';
    assert.match(lineSection, /^ {2}work\.c:\d+ +h = extra\(h\); +– → [\d,]+ +≥ \+[\d,]+ +in main \(\S*work\.c\)$/m, first.stdout);
    assert.ok(
      lineSection
        .trim()
        .split('\n')
        .every((l) => / in (main|extra) \(/.test(l)),
      lineSection,
    );
    // GOOD and BAD twice (each must repeat), then 4 of the 14 between: the search never needed BAD again.
    assert.match(first.stdout, /^measured 6 commit\(s\): GOOD and BAD twice each, 4 of the 14 between them once$/m);
    assert.ok(existsSync(join(h.dir, '.cg-bench', 'bisect', 'commits', `${h.shas[15]!}-repeat`, 'results.json')), 'BAD measured a second time');
    assert.match(first.stdout, /its parent /);
    assert.match(first.stderr, /^bisect: 15 commit\(s\) in /m, 'progress on stderr');
    assert.match(first.stderr, /^bisect: measuring [0-9a-f]{12} /m);
    assert.ok(!existsSync(marker), 'no git hook ran');
    // Nothing left behind: no worktree, the caller's checkout untouched.
    assert.equal(
      git(h.dir, 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length,
      1,
    );
    assert.equal(git(h.dir, 'status', '--porcelain'), '');
    assert.ok(!existsSync(join(h.dir, '.cg-bench', 'bisect', 'worktree')));

    // Determinism, which "one run per commit" rests on: GOOD measured again at the same path gives
    // every count and every function's cost again, and so the whole bisect repeats itself.
    const goodResults = join(h.dir, '.cg-bench', 'bisect', 'commits', h.shas[0]!, 'results.json');
    const once = readJson(goodResults);
    const again = await cli(['bisect', h.shas[0]!, 'main', '--benchmark', 'loop'], { cwd: h.dir });
    assert.equal(again.code, 0, again.stderr);
    const twice = readJson(goodResults);
    assert.notEqual(twice.createdAt, once.createdAt, 'measured again, not reused');
    assert.deepEqual(counts(twice), counts(once));
    assert.equal(twice.environment.workspace, join(h.dir, '.cg-bench', 'bisect', 'worktree'), 'measured in the one worktree path');
    assert.equal(again.stdout, first.stdout);
  });

  test('a broken build and a missing benchmark on the way are skipped, as git bisect skip, and said', async () => {
    // GOOD..the regression: the first choice is the broken commit, a later one lacks the benchmark.
    const r = await cli(['bisect', h.shas[0]!, h.shas[REGRESSION]!, '--benchmark', 'loop', '--out', 'out-skip'], { cwd: h.dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^first commit whose loop differs from GOOD [0-9a-f]{12}: ${h.shas[REGRESSION]!.slice(0, 12)} more work in main$`, 'm'));
    assert.match(r.stdout, /^measured 8 commit\(s\): GOOD and BAD twice each, 6 of the 9 between them once, 2 skipped$/m);
    assert.match(
      r.stdout,
      new RegExp(
        `^ {2}skipped ${h.shas[BROKEN]!.slice(0, 12)} break the build: setup command failed \\(exited with status 1\\): cc -O1 -g -o work work.c$`,
        'm',
      ),
    );
    assert.match(
      r.stdout,
      new RegExp(
        `^ {2}skipped ${h.shas[MISSING]!.slice(0, 12)} rename the benchmark: no benchmark "loop" in cg-bench.yml there \\(it has: renamed, other\\)$`,
        'm',
      ),
    );
  });

  test('nothing differs (exit 1), also above a threshold; BAD that cannot be measured leaves candidates (exit 3)', async () => {
    // Across the missing benchmark: that commit skipped, BAD measured, equal to GOOD.
    const around = await cli(['bisect', h.shas[MISSING - 1]!, h.shas[MISSING + 1]!, '--benchmark', 'loop', '--out', 'out-around'], { cwd: h.dir });
    assert.equal(around.code, 1, `${around.stdout}${around.stderr}`);
    assert.match(around.stdout, /^BAD [0-9a-f]{12} measures ([\d,]+) estimated cycles, GOOD \1: no change to find$/m);
    assert.match(around.stdout, /GOOD and BAD twice each, 1 of the 1 between them once, 1 skipped$/m);
    const threshold = await cli(['bisect', h.shas[0]!, 'main', '--benchmark', 'loop', '--threshold', '5%', '--out', 'out-threshold'], { cwd: h.dir });
    assert.equal(threshold.code, 1, threshold.stderr);
    assert.match(threshold.stdout, /: no change beyond 5% to find$/m);
    assert.match(threshold.stdout, /\(threshold 5%\)$/m);
    // BAD is the broken build: whether it changed the count cannot be told.
    const broken = await cli(['bisect', h.shas[BROKEN - 1]!, h.shas[BROKEN]!, '--benchmark', 'loop', '--out', 'out-bad-broken'], { cwd: h.dir });
    assert.equal(broken.code, 3, broken.stderr);
    assert.match(
      broken.stdout,
      new RegExp(`BAD cannot be measured: the change, if any, is in one of these:\n {2}${h.shas[BROKEN]!.slice(0, 12)} break the build \\(not measured\\)`),
    );
  });

  test('usage errors exit 2 naming what is wrong, before anything is measured', async () => {
    const out = 'out-errors';
    const run = (...args: string[]) => cli(['bisect', ...args, '--out', out], { cwd: h.dir });
    const cases: [string[], RegExp][] = [
      [['nope', 'main', '--benchmark', 'loop'], /GOOD "nope": unknown commit in /],
      [[h.shas[0]!, 'f'.repeat(40), '--benchmark', 'loop'], /BAD "f{40}": unknown commit in /],
      [['main', h.shas[0]!, '--benchmark', 'loop'], /GOOD [0-9a-f]{12} is not an ancestor of BAD [0-9a-f]{12}/],
      [['main', 'main', '--benchmark', 'loop'], /GOOD and BAD are the same commit/],
      [[h.shas[0]!, 'main', '--benchmark', 'nope'], /at GOOD [0-9a-f]{12}: no benchmark "nope" in cg-bench.yml there \(it has: loop, other\)/],
      [[h.shas[0]!, 'main'], /--benchmark NAME is required/],
      [[h.shas[0]!, '--benchmark', 'loop'], /expected GOOD and BAD commits, got 1/],
      [[h.shas[0]!, 'main', '--benchmark', 'loop', '--threshold', 'x'], /--threshold: "x" is not a percentage/],
    ];
    for (const [args, message] of cases) {
      const r = await run(...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
      assert.doesNotMatch(r.stderr, /bisect: measuring/, 'nothing measured');
    }
    // GOOD reached through a merge, not on BAD's first-parent line.
    git(h.dir, 'checkout', '-q', '-b', 'side', h.shas[2]!);
    writeFileSync(join(h.dir, 'SIDE'), 'side\n');
    git(h.dir, 'add', 'SIDE');
    git(h.dir, 'commit', '-q', '-m', 'side');
    const side = git(h.dir, 'rev-parse', 'HEAD');
    git(h.dir, 'checkout', '-q', '-b', 'merged', 'main');
    git(h.dir, 'merge', '-q', '--no-ff', '-m', 'merge side', 'side');
    const merge = await run(side, 'merged', '--benchmark', 'loop');
    assert.equal(merge.code, 2, merge.stderr);
    assert.match(merge.stderr, /is an ancestor of BAD [0-9a-f]{12} but not on its first-parent line/);
    git(h.dir, 'checkout', '-q', 'main');
    // Uncommitted changes to the configuration: bisect would not measure them.
    writeFileSync(join(h.dir, 'cg-bench.yml'), `${readFileSync(join(h.dir, 'cg-bench.yml'), 'utf8')}# edited\n`);
    const dirty = await run(h.shas[0]!, 'main', '--benchmark', 'loop');
    assert.equal(dirty.code, 2);
    assert.match(dirty.stderr, /cg-bench\.yml has uncommitted changes; bisect measures each commit with its own committed cg-bench\.yml/);
    git(h.dir, 'checkout', '-q', '--', 'cg-bench.yml');
    // Outside a repository.
    const outside = await cli(['bisect', 'a', 'b', '--benchmark', 'loop'], { cwd: tempDir() });
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /is not in a git repository/);
  });

  test('the benchmark failing at GOOD: nothing to compare with, exit 3', async () => {
    const r = await cli(['bisect', h.shas[BROKEN]!, 'main', '--benchmark', 'loop', '--out', 'out-broken'], { cwd: h.dir });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /loop cannot be measured at GOOD [0-9a-f]{12} \(setup command failed .*\); there is nothing to compare with/);
  });
});

/** A program whose work follows the clock: what the seal cannot fix, and bisect must not blame on a commit. */
const clocked = (note: number) => `#include <stdio.h>
#include <time.h>
/* note ${note} */
__attribute__((noinline)) static unsigned long spin(unsigned long n) { unsigned long h = 0; for (unsigned long i = 0; i < n; i++) h = h * 31 + i; return h; }
int main(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  printf("%lu\\n", spin(1000 + (unsigned long)t.tv_nsec % 5000));
  return 0;
}
`;

test('bisect of a benchmark whose count does not repeat: GOOD measured twice, refused (exit 1) naming the functions that differ, no commit blamed', {
  timeout: 5 * 60_000,
}, async () => {
  const dir = tempDir('cg-bench-bisect-noise-');
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), '.cg-bench/\n');
  writeFileSync(join(dir, 'cg-bench.yml'), 'setup:\n  - cc -O1 -g -o work work.c\nbenchmarks:\n  - name: clocked\n    run: [./work]\n');
  const shas: string[] = [];
  for (let i = 0; i < 3; i++) {
    writeFileSync(join(dir, 'work.c'), clocked(i)); // a comment-only change per commit
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', `comment ${i}`);
    shas.push(git(dir, 'rev-parse', 'HEAD'));
  }
  const r = await cli(['bisect', shas[0]!, 'main', '--benchmark', 'clocked'], { cwd: dir });
  assert.equal(r.code, 1, `${r.stdout}${r.stderr}`);
  assert.match(r.stderr, new RegExp(`clocked does not repeat at GOOD ${shas[0]!.slice(0, 12)}: two runs measured [\\d,]+ and [\\d,]+ estimated cycles \\(Ir `));
  assert.match(r.stderr, /the functions that differ:\n {2}spin \(\S*work\.c\): [\d,]+ → [\d,]+/);
  assert.match(r.stderr, /bisect stops before blaming one/);
  assert.doesNotMatch(r.stdout, /first commit whose/);
  // Both runs kept every function: cg-bench diff between them shows the cause.
  const commits = join(dir, '.cg-bench', 'bisect', 'commits');
  const d = await cli(['diff', join(commits, shas[0]!), join(commits, `${shas[0]!}-repeat`)], { cwd: dir });
  assert.equal(d.code, 0, d.stderr);
  assert.match(d.stdout, /spin/);
});

test('bisect where GOOD repeats and BAD does not (a later commit reads the clock): refused (exit 1) at BAD naming the functions that differ, no commit blamed', {
  timeout: 5 * 60_000,
}, async () => {
  const dir = tempDir('cg-bench-bisect-bad-noise-');
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), '.cg-bench/\n');
  writeFileSync(join(dir, 'cg-bench.yml'), 'setup:\n  - cc -O1 -g -o work work.c\nbenchmarks:\n  - name: clocked\n    run: [./work]\n');
  const shas: string[] = [];
  for (let i = 0; i < 3; i++) {
    // GOOD's program spins a fixed amount; from the next commit on, an amount that follows the clock.
    writeFileSync(join(dir, 'work.c'), i === 0 ? clocked(i).replace('(unsigned long)t.tv_nsec % 5000', '0') : clocked(i));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', `commit ${i}`);
    shas.push(git(dir, 'rev-parse', 'HEAD'));
  }
  const r = await cli(['bisect', shas[0]!, 'main', '--benchmark', 'clocked'], { cwd: dir });
  assert.equal(r.code, 1, `${r.stdout}${r.stderr}`);
  assert.doesNotMatch(r.stderr, /does not repeat at GOOD/);
  assert.match(r.stderr, new RegExp(`clocked does not repeat at BAD ${shas[2]!.slice(0, 12)}: two runs measured [\\d,]+ and [\\d,]+ estimated cycles \\(Ir `));
  assert.match(r.stderr, /the functions that differ:\n {2}spin \(\S*work\.c\): [\d,]+ → [\d,]+/);
  assert.match(r.stderr, /bisect stops before blaming one/);
  assert.doesNotMatch(r.stdout, /first commit whose/);
  assert.doesNotMatch(r.stderr, new RegExp(`measuring ${shas[1]!.slice(0, 12)}`), 'no commit between measured');
});
