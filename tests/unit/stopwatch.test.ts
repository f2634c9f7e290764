// Paired timing statistics: the ABBA schedule, the estimate and its interval, the one outlier rule,
// and the verdict rule (a regression only when the whole interval is beyond the threshold).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPaired } from '../../src/stopwatch/paired.ts';
import { abbaOrder, pairedEstimate, timedVerdict } from '../../src/stopwatch/stats.ts';

/** Deterministic noise: a slow drift both sides share, plus a small wobble. */
function samples(n: number, factor: number): { base: number[]; head: number[] } {
  const base: number[] = [];
  const head: number[] = [];
  for (let i = 0; i < n; i++) {
    const drift = 1 + 0.3 * Math.sin(i / 7);
    base.push(100 * drift * (1 + 0.01 * Math.sin(i * 12.9898)));
    head.push(100 * factor * drift * (1 + 0.01 * Math.cos(i * 78.233)));
  }
  return { base, head };
}

test('ABBA: neither side always goes first', () => {
  assert.deepEqual(abbaOrder(4), [['base', 'head'], ['head', 'base'], ['base', 'head'], ['head', 'base']]);
});

test('a 5 % slowdown under a ±30 % drift both sides share: estimated near 5 %, interval above the threshold, the same numbers every time', () => {
  const { base, head } = samples(40, 1.05);
  const e = pairedEstimate(base, head);
  assert.ok(Math.abs(e.relative - 0.05) < 0.005, String(e.relative));
  assert.ok(e.low > 0.02 && e.high < 0.08, JSON.stringify(e));
  assert.equal(timedVerdict(e, 2), 'regression');
  assert.deepEqual(pairedEstimate(base, head), e);
});

test('no change: no significant change; an interval that straddles the threshold is not a regression', () => {
  const same = samples(40, 1);
  assert.equal(timedVerdict(pairedEstimate(same.base, same.head), 1), 'no significant change');
  assert.equal(timedVerdict({ relative: 0.03, low: 0.005, high: 0.055, confidence: 0.95, pairs: 10, dropped: 0 }, 1), 'no significant change');
  assert.equal(timedVerdict({ relative: -0.05, low: -0.07, high: -0.02, confidence: 0.95, pairs: 10, dropped: 0 }, 1), 'improvement');
});

test('a pair hit by a one-off interruption is dropped by the stated rule, and counted', () => {
  const { base, head } = samples(30, 1.05);
  head[7] = head[7]! * 3;
  const e = pairedEstimate(base, head);
  assert.equal(e.dropped, 1);
  assert.equal(e.pairs, 29);
  assert.ok(Math.abs(e.relative - 0.05) < 0.005);
});

test('the schedule: warm-ups thrown away, ABBA pairs until the budget, at least the minimum', () => {
  let clock = 0;
  const runs: string[] = [];
  const executor = { name: 'wallclock' as const, unit: 'ms', controls: [], run: (c: { argv: string[] }) => { clock += 10; runs.push(c.argv[0]!); return { value: 1 }; } };
  const cmd = (name: string) => ({ argv: [name], cwd: '/', env: {} });
  const s = runPaired(executor, cmd('B'), cmd('H'), { budgetMs: 100, warmups: 1, minPairs: 3, maxPairs: 100, now: () => clock });
  assert.deepEqual(runs.slice(0, 2), ['B', 'H'], 'the warm-up pair');
  assert.deepEqual(s.order.slice(0, 4), ['base', 'head', 'head', 'base']);
  assert.equal(s.base.length, s.head.length);
  assert.ok(s.base.length >= 3 && s.base.length <= 5, String(s.base.length));
});
