// cg-bench paired as users run it: a head checkout three times slower than its base is a regression
// (an effect far beyond any noise: no timing threshold in a test), the raw samples are kept, and
// mode: counters gives cycle and instruction samples and a verdict where the hardware counters work,
// and says exactly why not where they do not (which of the two runs depends on the machine).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../../src/results/io.ts';
import type { TimedResult } from '../../src/results/types.ts';
import { countersProblem } from '../../src/stopwatch/executor.ts';
import { cli, compileC, readJson, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';
import { writeFileSync } from 'node:fs';

const LOOP = `#include <stdlib.h>
int main(int argc, char **argv) { volatile unsigned long h = 1; for (unsigned long i = 0, n = strtoul(argv[1], 0, 10); i < n; i++) h = (h ^ i) * 1099511628211UL; return 0; }\n`;

function checkout(root: string, name: string, n: number, mode = 'wallclock'): string {
  const dir = join(root, name);
  mkdirSync(dir);
  compileC(dir, 'loop', LOOP);
  writeFileSync(
    join(dir, 'cg-bench.yml'),
    `benchmarks:\n  - name: loop\n    mode: ${mode}\n    run: [./loop, "${n}"]\n  - name: simulated\n    run: [./loop, "10"]\n`,
  );
  return dir;
}

test('three times the work is a regression with its interval and pairs; the raw samples are kept in paired.json and results.json; cg-bench run leaves timed benchmarks out', async () => {
  const root = tempDir('cg-bench-paired-');
  // Wall time: each run's sandbox start (~20 ms idle, 100+ ms at load 10) is on both sides, so the
  // work must outweigh it; 3 ms against 9 ms read as +13 % at load 10.
  checkout(root, 'base', 20_000_000);
  const head = checkout(root, 'head', 60_000_000);
  const run = await cli(['run', '--format', 'json'], { cwd: head });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    (JSON.parse(run.stdout) as { benchmarks: { name: string }[] }).benchmarks.map((b) => b.name),
    ['simulated'],
    'never mixed with the counts',
  );
  assert.match(
    run.stderr,
    /^1 timed benchmark\(s\) \(mode: wallclock, cputime or counters: loop\) are not measured by run: cg-bench paired BASE times them/m,
    'said',
  );

  const r = await cli(['paired', '../base', '--budget', '3s', '--fail-on-regression', '--results', '.cg-bench/results.json'], { cwd: head });
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stdout,
    /^benchmark +mode +pairs +base +head +change +95% interval +verdict\nloop +wallclock +\d+(?: \(−\d+\))? +\d+\.\d+ ms +\d+\.\d+ ms +\+\d+\.\d+% +\+\d+\.\d+% … \+\d+\.\d+% +regression\n$/,
  );
  const data = readJson<{ timed: TimedResult[] }>(join(head, '.cg-bench', 'paired', 'paired.json'));
  const loop = data.timed[0]!;
  assert.equal(loop.base.length, loop.head.length);
  assert.equal(loop.order.length, 2 * loop.base.length);
  assert.ok(loop.base.length >= 10);
  assert.deepEqual(loop.order.slice(0, 4), ['base', 'head', 'head', 'base']);
  assert.ok(loop.estimate.relative > 0.3, String(loop.estimate.relative));
  assert.equal(loop.verdict, 'regression');

  // results.json now holds them too (valid by the schema): compare's comment shows their own table.
  const results = readResults(join(head, '.cg-bench', 'results.json'));
  assert.deepEqual(
    results.timed?.map((t) => t.name),
    ['loop'],
  );
  assert.deepEqual(
    results.benchmarks.map((b) => b.name),
    ['simulated'],
  );
  const comment = await cli(['compare', '.cg-bench/results.json', '.cg-bench/results.json', '--format', 'markdown'], { cwd: head });
  assert.equal(comment.code, 0, comment.stderr);
  assert.match(
    comment.stdout,
    /#### Timed natively \(paired base and head, not simulated\)\n\n\| Benchmark \| Mode \| Pairs [^\n]*\n[^\n]*\n\| loop \| wallclock \| \d+[^|]*\| [\d.]+ ms \| [\d.]+ ms \| \+[\d.]+% \| \+[\d.]+% … \+[\d.]+% \| 🔴 regression \|/,
  );
});

test("mode: counters: where the hardware counters work, samples of user-space cycles and instructions and a verdict; where they do not, exit 2 with the kernel's reason, or timed by CPU time when asked", async () => {
  const problem = countersProblem();
  const root = tempDir('cg-bench-paired-');
  if (!problem) {
    // This machine has counters: the working path, three times the work.
    checkout(root, 'base', 3_000_000, 'counters');
    const head = checkout(root, 'head', 9_000_000, 'counters');
    const r = await cli(['paired', '../base', '--budget', '3s', '--format', 'json'], { cwd: head });
    assert.equal(r.code, 0, r.stderr);
    const [loop] = JSON.parse(r.stdout) as TimedResult[];
    assert.equal(loop?.mode, 'counters');
    assert.equal(loop.unit, 'cycles');
    assert.ok(loop.base.length >= 10 && loop.head.length === loop.base.length, `${loop.base.length} pairs`);
    assert.ok(
      [...loop.base, ...loop.head].every((c) => Number.isInteger(c) && c > 0),
      'user-space cycles counted in every run',
    );
    const instructions = loop.extra?.['instructions'];
    assert.ok(
      instructions && instructions.base.length === loop.base.length && [...instructions.base, ...instructions.head].every((n) => n > 0),
      'user-space instructions of the same runs, kept',
    );
    assert.equal(loop.estimate.pairs, loop.base.length - loop.estimate.dropped);
    assert.equal(loop.verdict, 'regression', `three times the work: ${loop.estimate.relative}`);
    assert.ok(loop.estimate.low > 0.5, `the whole interval far above zero: ${loop.estimate.low} … ${loop.estimate.high}`);
    return;
  }
  // No counters here: the refusal names the kernel's reason (what perf_event_open or the system says).
  assert.match(problem, /perf_event_open|perf_event_paranoid|performance counters|perf stat/, problem);
  checkout(root, 'base', 100_000, 'counters');
  const head = checkout(root, 'head', 100_000, 'counters');
  const r = await cli(['paired', '../base', '--budget', '1s'], { cwd: head });
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(`mode: counters: ${problem}; use mode: cputime or mode: wallclock, or --counters-fallback cputime (or wallclock)`), r.stderr);
  const fallback = await cli(['paired', '../base', '--budget', '1s', '--counters-fallback', 'cputime', '--format', 'json'], { cwd: head });
  assert.equal(fallback.code, 0, fallback.stderr);
  assert.match(fallback.stderr, /no hardware counters .*timed by its CPU time instead/);
  const [loop] = JSON.parse(fallback.stdout) as TimedResult[];
  assert.equal(loop?.mode, 'cputime');
  assert.equal(loop.unit, 'ms');
  assert.equal(loop.extra?.['wallMs']?.base.length, loop.base.length, 'the wall time of the same runs, kept');
});

test('mode: cputime: three times the work is a regression, judged on CPU time (x86-64 Linux: the stopwatch helper)', async () => {
  if (process.arch !== 'x64' || process.platform !== 'linux') return;
  const root = tempDir('cg-bench-paired-');
  checkout(root, 'base', 3_000_000, 'cputime');
  const head = checkout(root, 'head', 9_000_000, 'cputime');
  const r = await cli(['paired', '../base', '--budget', '2s', '--format', 'json'], { cwd: head });
  assert.equal(r.code, 0, r.stderr);
  const [loop] = JSON.parse(r.stdout) as TimedResult[];
  assert.equal(loop?.mode, 'cputime');
  assert.equal(loop.verdict, 'regression');
  assert.ok(loop.controls.includes('user+system CPU time from wait4'), loop.controls.join(', '));
});

// As cg-bench run: a timed benchmark that fails, and one new in the head, stop none of the others
// (review r12: a crash stopped the whole suite with no table, and a new timed benchmark was exit 2).
test('a failing timed benchmark is named and exits 3, a new one is said and not timed; the others are timed and reported', async () => {
  const root = tempDir('cg-bench-paired-failing-');
  const CRASH = '#include <stdlib.h>\nint main(void) { abort(); }\n';
  const config = (extra: string) =>
    `benchmarks:\n  - name: crashes\n    mode: wallclock\n    run: [./crash]\n  - name: loop\n    mode: wallclock\n    run: [./loop, "1000"]\n${extra}`;
  for (const [side, extra] of [
    ['base', ''],
    ['head', '  - name: added\n    mode: wallclock\n    run: [./loop, "1000"]\n'],
  ] as const) {
    mkdirSync(join(root, side));
    compileC(join(root, side), 'loop', LOOP);
    compileC(join(root, side), 'crash', CRASH);
    writeFileSync(join(root, side, 'cg-bench.yml'), config(extra));
  }
  const head = join(root, 'head');
  // With --results: a failure recorded by an earlier timing of "loop" is replaced by its timing now.
  const earlier = { name: 'loop', message: 'failed before' };
  writeFileSync(join(head, 'results.json'), JSON.stringify(resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timedFailed: [earlier] })));
  const r = await cli(['paired', '../base', '--budget', '1s', '--results', 'results.json'], { cwd: head });
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stdout, /\nloop +wallclock +\d+/, 'the others are timed and shown');
  assert.match(r.stderr, /added: new \(.*cg-bench\.yml has no benchmark of that name\): nothing to pair it with, not timed/);
  assert.match(
    r.stderr,
    /crashes: failed\n {2}benchmark "crashes" \(base, .*\): (?:killed by SIGABRT|exited with status 134 \(a process was killed by SIGABRT\?\))/,
  );
  assert.match(r.stderr, /1 benchmark\(s\) timed, 1 failed/);
  const data = readJson<{ timed: TimedResult[]; failed: { name: string }[] }>(join(head, '.cg-bench', 'paired', 'paired.json'));
  assert.deepEqual(
    data.timed.map((t) => t.name),
    ['loop'],
  );
  assert.deepEqual(
    data.failed.map((f) => f.name),
    ['crashes'],
  );
  const results = readResults(join(head, 'results.json'));
  assert.deepEqual(
    results.timed?.map((t) => t.name),
    ['loop'],
  );
  assert.deepEqual(
    results.timedFailed?.map((f) => f.name),
    ['crashes'],
    "results.json names the failure for the report (and no longer loop's earlier one)",
  );
  // --format markdown names it after the table (a new user's trial r13: stdout was empty).
  const markdown = await cli(['paired', '../base', '--benchmark', 'crashes', '--format', 'markdown'], { cwd: head });
  assert.equal(markdown.code, 3, markdown.stderr);
  assert.match(markdown.stdout, /^\*\*Failed benchmarks\*\*\n\n- crashes \(timed\): benchmark &quot;crashes&quot; \\\(base, /m);
  // compare shows it and exits 3, as CI's job fails.
  const compared = await cli(['compare', 'results.json', 'results.json'], { cwd: head });
  assert.equal(compared.code, 3, compared.stderr);
  assert.match(compared.stdout, /\ncrashes \(timed\): failed\n/);
});

test('paired with nothing to pair (the one --benchmark names is new): exit 2 before any setup runs', async () => {
  const root = tempDir('cg-bench-paired-new-');
  for (const [side, names] of [
    ['base', ['old']],
    ['head', ['old', 'fresh']],
  ] as const) {
    mkdirSync(join(root, side));
    writeFileSync(
      join(root, side, 'cg-bench.yml'),
      `setup:\n  - touch setup-ran\nbenchmarks:\n${names.map((n) => `  - name: ${n}\n    mode: cputime\n    run: /bin/true\n`).join('')}`,
    );
  }
  const r = await cli(['paired', '../base', '--benchmark', 'fresh'], { cwd: join(root, 'head') });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /base\/cg-bench\.yml: has no benchmark "fresh": nothing to pair with/);
  assert.equal(existsSync(join(root, 'base', 'setup-ran')), false, 'no setup ran');
  // A base that is not there is said as such (a new user's trial r13: "cannot read configuration …, or pass --config FILE").
  const missing = await cli(['paired', '../nosuch'], { cwd: join(root, 'head') });
  assert.equal(missing.code, 2, missing.stderr);
  assert.match(missing.stderr, /cg-bench paired: the base checkout \S*nosuch does not exist \(make one with: git worktree add --detach \.\.\/nosuch main\)/);
});

test("a setup that fails on one side says which (a new user's trial r13: only the log's name said base)", async () => {
  const root = tempDir('cg-bench-paired-setup-');
  for (const [side, setup] of [
    ['base', 'setup:\n  - "exit 4"\n'],
    ['head', ''],
  ] as const) {
    mkdirSync(join(root, side));
    writeFileSync(join(root, side, 'cg-bench.yml'), `${setup}benchmarks:\n  - name: t\n    mode: cputime\n    run: /bin/true\n`);
  }
  const r = await cli(['paired', '../base'], { cwd: join(root, 'head') });
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /the base checkout's setup: /);
});
