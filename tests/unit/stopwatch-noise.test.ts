// The paired stopwatch on a busy machine, on given samples (no clock): why a 2× regression measured
// in ten pairs read "no significant change", and what judges it now. Under load a run of 15–30 ms
// waits for the CPU a different time each run, so interleaving cannot make a pair's two runs wait
// alike: a pair whose base run waited reads ≈ 1×. The sign test's interval of ten pairs is their 2nd
// to 9th smallest ratio, so two such pairs pulled it to 0; the signed-rank interval uses every pair.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headline } from '../../src/report/headline.ts';
import { timedMarkdown, timedTerminalTable } from '../../src/report/stopwatch.ts';
import { parseResults } from '../../src/results/io.ts';
import type { TimedResult } from '../../src/results/types.ts';
import { INTERVAL_METHOD, pairedEstimate, signedRankCut, signedRankInterval, timedVerdict } from '../../src/stopwatch/stats.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

/** Ten pairs of a loop that takes twice as long in head; pairs 4 and 7 had their base run wait for the CPU. */
const RATIOS = [2.0, 1.9, 2.1, 1.0, 2.2, 1.8, 0.98, 2.0, 1.7, 2.3];
const BASE = [16, 15.5, 17, 31, 15.2, 16.4, 33, 15.8, 17.9, 15.1];
const HEAD = BASE.map((b, i) => b * RATIOS[i]!);

test('signed-rank critical values: those of the published tables (two-sided 5 %), exact up to 300 pairs, normal beyond', () => {
  for (const [n, u] of [
    [5, 0],
    [6, 0],
    [10, 8],
    [20, 52],
    [30, 137],
    [50, 434],
  ] as const)
    assert.equal(signedRankCut(n, 0.95), u, `n = ${n}`);
  // Where the exact distribution gives way to the normal one, the cut goes on growing smoothly.
  const [a, b, c] = [signedRankCut(299, 0.95), signedRankCut(300, 0.95), signedRankCut(301, 0.95)];
  assert.ok(b - a > 100 && c - b > 100 && c - b < 140, `${a} ${b} ${c}`);
  // 1..10: the Walsh averages' 9th smallest and largest, the Hodges-Lehmann estimate their median.
  assert.deepEqual(
    signedRankInterval(
      Array.from({ length: 10 }, (_, i) => i + 1),
      0.95,
    ),
    { center: 5.5, low: 3, high: 8 },
  );
});

test('a 2× regression in ten pairs, two of them with a base run that waited for the CPU: the sign interval reaches 0 (what read "no significant change"), the signed-rank interval is far above it', () => {
  const sign = pairedEstimate(BASE, HEAD, 0.95, 'median');
  assert.equal(sign.dropped, 0, 'no pair is beyond the outlier rule: the spread is the load, not a one-off');
  assert.ok(sign.low <= 0.01, `the 2nd smallest ratio: ${sign.low}`);
  assert.equal(timedVerdict(sign, 1), 'inconclusive', 'never "no significant change" with +90 % inside the interval');

  assert.equal(INTERVAL_METHOD, 'wilcoxon');
  const e = pairedEstimate(BASE, HEAD, 0.95, INTERVAL_METHOD);
  assert.equal(e.pairs, 10);
  assert.ok(e.relative > 0.7 && e.relative < 1.1, `the estimate near 2×: ${e.relative}`);
  assert.ok(e.low > 0.25, `the whole interval far above the 1 % threshold: ${e.low} … ${e.high}`);
  assert.equal(timedVerdict(e, 1), 'regression');
  assert.match(e.method, /Hodges-Lehmann .* signed-rank interval; pairs beyond 5 MADs dropped/);
  assert.deepEqual(pairedEstimate(BASE, HEAD, 0.95, INTERVAL_METHOD), e, 'the same samples, the same numbers');
});

test('unchanged code under the same load (the delays alike on both sides, in either order): no regression, and "no significant change" only when the interval is within the threshold', () => {
  // Each run 16 ms, plus a delay of 0–16 ms; head's delays are base's in another order (the same load).
  const delays = [0, 3, 16, 1, 8, 0, 12, 2, 5, 0, 7, 15, 1, 0, 4, 9, 0, 2, 11, 6];
  const base = delays.map((d) => 16 + d);
  const head = delays.map((_, i) => 16 + delays[(i * 7 + 3) % delays.length]!);
  const e = pairedEstimate(base, head, 0.95, INTERVAL_METHOD);
  assert.ok(e.low < 0 && e.high > 0, `${e.low} … ${e.high}`);
  assert.equal(timedVerdict(e, 1), 'inconclusive', 'a ±20 % interval cannot tell a 1 % change');
  assert.equal(timedVerdict(e, 50), 'no significant change');
});

test('an inconclusive timed benchmark: accepted by the results schema, said in the terminal, the comment and the headline', () => {
  const result: TimedResult = {
    name: 'loop',
    mode: 'wallclock',
    unit: 'ms',
    controls: ['pinned to CPU 1'],
    thresholdPercent: 1,
    budgetMs: 2000,
    warmups: 3,
    verdict: 'inconclusive',
    estimate: { relative: 0.4, low: -0.005, high: 0.9, confidence: 0.95, pairs: 10, dropped: 0, method: 'signed rank' },
    base: BASE,
    head: HEAD,
    order: BASE.flatMap((_, i) => (i % 2 ? ['head', 'base'] : ['base', 'head']) as ('base' | 'head')[]),
  };
  const results = resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timed: [result] });
  assert.equal(parseResults(JSON.parse(JSON.stringify(results)), 'x').timed?.[0]?.verdict, 'inconclusive');
  assert.match(timedTerminalTable([result])[1]!, / \+40\.00% +-0\.50% … \+90\.00% +inconclusive \(too noisy for ±1%\)$/);
  assert.match(timedMarkdown([result]).join('\n'), /\| 🟡 inconclusive \\\(too noisy for ±1%\\\) \|/);
  assert.match(headline(results, undefined), /timed: 1 inconclusive$/);
});
