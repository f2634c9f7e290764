// "Functions that changed most" names only functions whose own cost changed: measured with real
// Valgrind on a program with one fixed-cost function placed exactly where the recorded share
// (FUNCTION_SHARE, 0.1 % of each side's total) keeps it on one side and drops it on the other.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FUNCTION_SHARE } from '../../src/metric/aggregate.ts';
import type { Results } from '../../src/results/types.ts';
import { cli, compileC, project, readJson } from '../helpers.ts';

const PROGRAM = `
#include <stdlib.h>
volatile unsigned long sink;
__attribute__((noinline)) void fixed_cost(void) { for (unsigned long i = 0; i < 20000; i++) sink += i; }
__attribute__((noinline)) void scaled_work(unsigned long n) { for (unsigned long i = 0; i < n; i++) sink ^= i * 7; }
int main(int argc, char **argv) { fixed_cost(); scaled_work(strtoul(argv[1], 0, 10)); return 0; }
`;

/** Measures `./prog n` with --out dir/out. */
async function measureAt(dir: string, n: number, out: string, extra: string[] = []): Promise<{ results: Results; stdout: string }> {
  writeFileSync(join(dir, 'cg-bench.yml'), `benchmarks:\n  - name: fixed-and-scaled\n    run: ["./prog", "${n}"]\n`);
  const r = await cli(['run', '--config', join(dir, 'cg-bench.yml'), '--out', join(dir, out), ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return { results: readJson(join(dir, out, 'results.json')), stdout: r.stdout };
}

test('a fixed-cost function is never reported as changed when the total moves', async () => {
  const dir = project('benchmarks: []\n');
  compileC(dir, 'prog', PROGRAM);
  const at = (n: number, out: string, extra: string[] = []) => measureAt(dir, n, out, extra);
  // Two calibration runs: the total is a + b·n exactly (the count is deterministic).
  const cost = (r: Results) => r.benchmarks[0]!.estimatedCycles!;
  const fixedCost = (r: Results) => r.benchmarks[0]!.functions.find((f) => f.fn === 'fixed_cost')?.estimatedCycles;
  const c0 = await at(0, 'c0');
  const c1 = await at(1_000_000, 'c1');
  const fixed = fixedCost(c0.results)!;
  assert.equal(fixedCost(c1.results), fixed, 'fixed_cost does not depend on n');
  const perN = (cost(c1.results) - cost(c0.results)) / 1_000_000;
  // Base: fixed_cost is 0.5 % above the recorded share; head: 2 % more work drops it below.
  const nFor = (total: number) => Math.round((total - cost(c0.results)) / perN);
  const nBase = nFor((fixed / FUNCTION_SHARE) * 0.995);
  const nHead = Math.round(nBase * 1.02);
  await at(nBase, 'base', ['--save-baseline', join(dir, 'base.json')]);
  const base = readJson(join(dir, 'base.json'));
  const head = await at(nHead, 'head', ['--baseline', join(dir, 'base.json'), '--format', 'json']);
  assert.ok(fixedCost(base), 'fixed_cost is recorded in the base');
  assert.equal(fixedCost(head.results), undefined, 'and falls below the recorded share in the head');
  const comparison = JSON.parse(head.stdout) as { benchmarks: { name: string; functions: { fn: string }[] }[] };
  const names = comparison.benchmarks[0]!.functions.map((f) => f.fn);
  assert.ok(names.includes('scaled_work'), `scaled_work changed: ${names.join(', ')}`);
  assert.ok(!names.includes('fixed_cost'), `fixed_cost did not change but was reported: ${names.join(', ')}`);
});
