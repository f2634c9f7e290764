// cg-bench paired as users run it: a head checkout three times slower than its base is a regression
// (an effect far beyond any noise: no timing threshold in a test), the raw samples are kept, and
// mode: counters on a machine without counters says exactly why.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { countersProblem } from '../../src/stopwatch/executor.ts';
import { cli, compileC, readJson, tempDir } from '../helpers.ts';
import { writeFileSync } from 'node:fs';

const LOOP = `#include <stdlib.h>
int main(int argc, char **argv) { volatile unsigned long h = 1; for (unsigned long i = 0, n = strtoul(argv[1], 0, 10); i < n; i++) h = (h ^ i) * 1099511628211UL; return 0; }\n`;

function checkout(root: string, name: string, n: number, mode = 'wallclock'): string {
  const dir = join(root, name);
  mkdirSync(dir);
  compileC(dir, 'loop', LOOP);
  writeFileSync(join(dir, 'cg-bench.yml'), `benchmarks:\n  - name: loop\n    mode: ${mode}\n    run: [./loop, "${n}"]\n  - name: simulated\n    run: [./loop, "10"]\n`);
  return dir;
}

test('three times the work is a regression with its interval and pairs; the raw samples are kept; cg-bench run leaves timed benchmarks out', async () => {
  const root = tempDir('cg-bench-paired-');
  checkout(root, 'base', 3_000_000);
  const head = checkout(root, 'head', 9_000_000);
  const r = await cli(['paired', '../base', '--budget', '3s', '--fail-on-regression'], { cwd: head });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^benchmark\s+mode\s+pairs\s+change\s+95% interval\s+verdict\nloop\s+wallclock\s+\d+(?: \(−\d+\))?\s+\+\d+\.\d+%\s+\+\d+\.\d+% … \+\d+\.\d+%\s+regression\n$/);
  const data = readJson<{ benchmarks: { name: string; base: number[]; head: number[]; order: string[]; estimate: { pairs: number; relative: number } }[] }>(join(head, '.cg-bench', 'paired', 'paired.json'));
  const loop = data.benchmarks[0]!;
  assert.equal(loop.base.length, loop.head.length);
  assert.ok(loop.base.length >= 10);
  assert.deepEqual(loop.order.slice(0, 4), ['base', 'head', 'head', 'base']);
  assert.ok(loop.estimate.relative > 0.3, String(loop.estimate.relative));
  const run = await cli(['run', '--format', 'json'], { cwd: head });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual((JSON.parse(run.stdout) as { benchmarks: { name: string }[] }).benchmarks.map((b) => b.name), ['simulated'], 'never mixed with the counts');
});

test('mode: counters without hardware counters: exit 2 with the reason, or timed by the wall clock when asked', async () => {
  const problem = countersProblem();
  if (!problem) return; // This machine has counters: nothing to refuse.
  const root = tempDir('cg-bench-paired-');
  checkout(root, 'base', 100_000, 'counters');
  const head = checkout(root, 'head', 100_000, 'counters');
  const r = await cli(['paired', '../base', '--budget', '1s'], { cwd: head });
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(`mode: counters: ${problem}; use mode: wallclock, or --counters-fallback wallclock`), r.stderr);
  const fallback = await cli(['paired', '../base', '--budget', '1s', '--counters-fallback', 'wallclock'], { cwd: head });
  assert.equal(fallback.code, 0, fallback.stderr);
  assert.match(fallback.stderr, /no hardware counters .*timed by the wall clock instead/);
});
