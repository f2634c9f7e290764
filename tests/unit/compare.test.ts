import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baselineProblem, compareResults } from '../../src/compare/compare.ts';
import { headline } from '../../src/report/headline.ts';
import { DEFAULT_CACHE } from '../../src/config/types.ts';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

/** Ir alone, no process records, and one function, main, that costs it all. */
const bench = (name: string, ir: number, extra: Partial<BenchmarkResult> = {}): BenchmarkResult =>
  benchmarkResult(name, { Ir: ir }, { processes: [], functions: [{ fn: 'main', file: 'a.c', estimatedCycles: ir, Ir: ir }], ...extra });

test("verdicts against each benchmark's threshold", () => {
  const base = resultsOf([bench('up', 1000), bench('down', 1000), bench('small', 1000), bench('same', 1000), bench('gone', 5), bench('broke', 10)]);
  const head = resultsOf([
    bench('up', 1020),
    bench('down', 900),
    bench('small', 1005),
    bench('same', 1000),
    bench('fresh', 3),
    bench('broke', 10, { status: 'failed', estimatedCycles: null, events: null, hits: null }),
  ]);
  const c = compareResults(base, head);
  const verdict = Object.fromEntries(c.benchmarks.map((b) => [b.name, b.verdict]));
  assert.deepEqual(verdict, { up: 'regression', down: 'improvement', small: 'unchanged', same: 'unchanged', fresh: 'new', broke: 'failed', gone: 'removed' });
  assert.equal(c.benchmarks.find((b) => b.name === 'up')!.relative, 0.02);
  assert.deepEqual(c.benchmarks.find((b) => b.name === 'up')!.functions, [{ fn: 'main', file: 'a.c', base: 1000, head: 1020, change: 20 }]);
  assert.equal(compareResults(base, head, { thresholdPercent: 0.1 }).benchmarks.find((b) => b.name === 'small')!.verdict, 'regression');
});

test('a different userland makes the comparison not comparable and says what differs', () => {
  const c = compareResults(resultsOf([bench('a', 1)]), resultsOf([bench('a', 2)], { environment: { ...TEST_ENV, glibc: '2.42', workspace: '/builds/x' } }));
  assert.equal(c.comparable, false);
  assert.deepEqual(c.differences, ['glibc: 2.41 → 2.42', 'workspace path: /work → /builds/x']);
  assert.equal(c.benchmarks[0]!.verdict, 'not-comparable');
});

test('a different geometry or weights is refused', () => {
  assert.throws(
    () => compareResults(resultsOf([]), resultsOf([], { environment: { ...TEST_ENV, weights: { l1: 1, ll: 10, ram: 100 } } })),
    /cannot compare: .*weights l1=1 ll=5 ram=35.*weights l1=1 ll=10 ram=100/,
  );
  assert.throws(
    () => compareResults(resultsOf([]), resultsOf([], { environment: { ...TEST_ENV, cache: { ...DEFAULT_CACHE, LL: '4194304,16,64' } } })),
    /cannot compare/,
  );
});

test('a function whose own cost did not move is never reported, even when the recorded share drops it on one side', () => {
  // The total grows 1 %: "fixed" costs exactly what it cost before, but is now below 0.1 % of the total.
  const fixed = { fn: 'fixed', file: 'f.c', estimatedCycles: 1_005_000, Ir: 1_005_000 };
  const base = bench('b', 1_000_000_000, { functions: [{ fn: 'work', file: 'w.c', estimatedCycles: 998_995_000, Ir: 0 }, fixed] });
  const head = bench('b', 1_010_000_000, { functions: [{ fn: 'work', file: 'w.c', estimatedCycles: 1_008_995_000, Ir: 0 }] });
  const c = compareResults(resultsOf([base]), resultsOf([head]));
  assert.deepEqual(
    c.benchmarks[0]!.functions.map((f) => f.fn),
    ['work'],
    'fixed would have shown as 1,005,000 → 0',
  );
});

test('a function that fell below the recorded share is reported with the change that is certain', () => {
  const base = bench('b', 1_000_000_000, { functions: [{ fn: 'shrunk', file: 's.c', estimatedCycles: 5_000_000, Ir: 0 }] });
  const head = bench('b', 1_001_000_000, { functions: [] });
  const [f] = compareResults(resultsOf([base]), resultsOf([head])).benchmarks[0]!.functions;
  // Unrecorded in head: it costs at most 0.1 % of 1,001,000,000 = 1,001,000, so it fell by at least 3,999,000.
  assert.deepEqual(f, { fn: 'shrunk', file: 's.c', base: 5_000_000, head: null, change: -3_999_000, unrecordedAtMost: 1_001_000 });
});

test('with --filter, the baseline\'s benchmarks that were not selected are left out, not "removed"', () => {
  const base = resultsOf([bench('parse', 1000), bench('sort', 1000), bench('gone', 1000)]);
  const head = resultsOf([bench('parse', 1000)]);
  const c = compareResults(base, head, { selected: (name) => name === 'parse' || name === 'gone' });
  assert.deepEqual(
    c.benchmarks.map((b) => [b.name, b.verdict]),
    [
      ['parse', 'unchanged'],
      ['gone', 'removed'],
    ],
  );
});

test('a benchmark measured under another seal is not comparable, naming each part that differs; results without a seal compare as before', () => {
  const sealed = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed' } as const;
  const verdict = (base: Partial<BenchmarkResult>, head: Partial<BenchmarkResult>) =>
    compareResults(resultsOf([bench('a', 1000, base)]), resultsOf([bench('a', 1100, head)])).benchmarks[0]!;
  const weaker = verdict({ seal: sealed }, { seal: { ...sealed, pids: 'host', entropy: 'os' } });
  assert.equal(weaker.verdict, 'not-comparable', 'a 10 % rise under another seal is not a regression');
  assert.equal(weaker.notComparable, "ran under another seal: pid namespace: its own → none (the machine's pids); entropy: fixed → the system's");
  assert.match(verdict({ seal: sealed }, { seal: { ...sealed, cpus: 'host' } }).notComparable ?? '', /CPU view: one CPU → the host's CPUs/);
  assert.match(
    verdict({ seal: { ...sealed, pythonResets: true } }, { seal: { ...sealed, pythonResets: false } }).notComparable ?? '',
    /Python interpreter resets: at each region → none/,
  );
  // A container's overlay root numbered otherwise (other containers running): Python's st_dev is another small int.
  const python = { ...sealed, pythonResets: false, devices: '/ 40, cwd 2049' };
  assert.match(
    verdict({ seal: python }, { seal: { ...python, devices: '/ 100, cwd 2049' } }).notComparable ?? '',
    /device numbers of the filesystems Python reads: \/ 40, cwd 2049 → \/ 100, cwd 2049 \(a container's root filesystem is numbered when it starts, .*: measure both sides with the same containers running/,
  );
  // The remedy only where both recorded the numbers: not against a result from before.
  assert.doesNotMatch(verdict({ seal: { ...python, devices: undefined } }, { seal: python }).notComparable ?? '', /measure both sides/);
  assert.equal(verdict({ seal: python }, { seal: { ...python } }).verdict, 'regression');
  assert.equal(verdict({ seal: sealed }, { seal: { ...sealed } }).verdict, 'regression');
  // Private temporary directories: compared when both record them, not against a seal from before.
  assert.match(
    verdict({ seal: { ...sealed, tmp: 'shared' } }, { seal: { ...sealed, tmp: 'private' } }).notComparable ?? '',
    /temporary directories: shared with other runs → the run's own/,
  );
  assert.equal(verdict({ seal: sealed }, { seal: { ...sealed, tmp: 'private' } }).verdict, 'regression');
  assert.equal(verdict({}, {}).verdict, 'regression', 'two results from before seals were recorded');
  assert.match(verdict({}, { seal: sealed }).notComparable ?? '', /the baseline records none/);
});

test('a stored baseline measured under another seal cannot stand in for the base commit measured now', () => {
  const sealed = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed' } as const;
  assert.equal(baselineProblem(resultsOf([bench('a', 1, { seal: sealed })]), resultsOf([bench('a', 1, { seal: sealed })])), undefined);
  assert.equal(
    baselineProblem(resultsOf([bench('a', 1)]), resultsOf([bench('a', 1, { seal: sealed })])),
    'a: ran under another seal: the baseline records none (measured by a cg-bench before seals were recorded)',
  );
  assert.match(
    baselineProblem(resultsOf([bench('a', 1, { seal: sealed })]), resultsOf([bench('a', 1, { seal: { ...sealed, entropy: 'os' } })])) ?? '',
    /^a: ran under another seal: entropy: fixed → the system's$/,
  );
});

test('the headline counts benchmarks that are not comparable: one on other device numbers is never left out of "N unchanged"', () => {
  const python = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed', pythonResets: true, devices: '/ 40, cwd 2049' } as const;
  const base = resultsOf([bench('c', 1000), bench('py', 1000, { seal: python })]);
  const head = resultsOf([bench('c', 1000), bench('py', 1000, { seal: { ...python, devices: '/ 45, cwd 2049' } })]);
  assert.equal(headline(head, compareResults(base, head)), '1 not comparable, 1 unchanged');
});

test("a change is judged by the stricter of the base's and the head's threshold: a pull request cannot loosen its own gate (a new user, r14: 50 % in the head made +30 % unchanged)", () => {
  const verdict = (baseThreshold: number, headThreshold: number, options: { thresholdPercent?: number } = {}) =>
    compareResults(
      resultsOf([benchmarkResult('hash', { Ir: 1000 }, { thresholdPercent: baseThreshold })]),
      resultsOf([benchmarkResult('hash', { Ir: 1300 }, { thresholdPercent: headThreshold })]),
      options,
    ).benchmarks[0]!;
  const loosened = verdict(1, 50);
  assert.equal(loosened.verdict, 'regression');
  assert.equal(loosened.thresholdPercent, 1);
  assert.equal(verdict(50, 1).verdict, 'regression', 'a head that tightens it is judged by its own');
  assert.equal(verdict(50, 40).verdict, 'unchanged');
  assert.equal(verdict(1, 50, { thresholdPercent: 50 }).verdict, 'unchanged', "the caller's threshold (the CI's input) still overrides both");
});
