// Paired timing statistics: the ABBA schedule, the estimate and its interval, the one outlier rule,
// and the verdict rule (a regression only when the whole interval is beyond the threshold).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPaired } from '../../src/stopwatch/paired.ts';
import { parseHelperLine, resolveProgram } from '../../src/stopwatch/executor.ts';
import { Command } from '../../src/untrusted/command.ts';
import {
  abbaOrder,
  keptLogRatios,
  medianInterval,
  normalQuantile,
  pairedEstimate,
  timedVerdict,
  tQuantile,
  unpairedEstimate,
} from '../../src/stopwatch/stats.ts';

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
  assert.deepEqual(abbaOrder(4), [
    ['base', 'head'],
    ['head', 'base'],
    ['base', 'head'],
    ['head', 'base'],
  ]);
});

test('a 5 % slowdown under a ±30 % drift both sides share: estimated near 5 %, interval above the threshold, the same numbers every time', () => {
  const { base, head } = samples(40, 1.05);
  const e = pairedEstimate(base, head);
  assert.ok(Math.abs(e.relative - 0.05) < 0.005, String(e.relative));
  assert.ok(e.low > 0.02 && e.high < 0.08, JSON.stringify(e));
  assert.equal(timedVerdict(e, 2), 'regression');
  assert.deepEqual(pairedEstimate(base, head), e);
});

test('no change: no significant change; an interval that straddles the threshold is not a regression, and not "no change" either', () => {
  const same = samples(40, 1);
  assert.equal(timedVerdict(pairedEstimate(same.base, same.head), 1), 'no significant change');
  assert.equal(timedVerdict({ low: -0.009, high: 0.01 }, 1), 'no significant change');
  assert.equal(timedVerdict({ low: 0.005, high: 0.055 }, 1), 'inconclusive');
  assert.equal(timedVerdict({ low: 0.011, high: 0.055 }, 1), 'regression');
  assert.equal(timedVerdict({ low: -0.07, high: -0.02 }, 1), 'improvement');
  assert.equal(timedVerdict({ low: -0.07, high: -0.009 }, 1), 'inconclusive');
});

test('a pair hit by a one-off interruption is dropped by the stated rule, and counted', () => {
  const { base, head } = samples(30, 1.05);
  head[7] = head[7]! * 3;
  const e = pairedEstimate(base, head);
  assert.equal(e.dropped, 1);
  assert.equal(e.pairs, 29);
  assert.ok(Math.abs(e.relative - 0.05) < 0.005);
});

test('the schedule: warm-ups thrown away, ABBA pairs until the budget, at least the minimum', async () => {
  let clock = 0;
  const runs: string[] = [];
  const executor = {
    name: 'wallclock' as const,
    unit: 'ms' as const,
    controls: [],
    run: async (c: { command: Command }) => {
      clock += 10;
      runs.push(c.command.argv[0]!);
      return { value: 1 };
    },
  };
  const cmd = (name: string) => ({ command: new Command([name], {}), cwd: '/', name, timeoutMs: 1000 });
  const s = await runPaired(executor, cmd('B'), cmd('H'), { budgetMs: 100, warmups: 1, minPairs: 3, maxPairs: 100, now: () => clock });
  assert.deepEqual(runs.slice(0, 2), ['B', 'H'], 'the warm-up pair');
  assert.deepEqual(s.order.slice(0, 4), ['base', 'head', 'head', 'base']);
  assert.equal(s.base.length, s.head.length);
  assert.ok(s.base.length >= 3 && s.base.length <= 5, String(s.base.length));
});

test('the t interval: quantiles as in the tables; on the same pairs it agrees with the bootstrap to a fraction of its width', () => {
  assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6);
  assert.ok(Math.abs(normalQuantile(0.025) + 1.959964) < 1e-6);
  // Student's t at 97.5 %: 2.570582 (5), 2.262157 (9), 2.042272 (30), 1.983972 (100).
  for (const [df, t] of [
    [5, 2.570582],
    [9, 2.262157],
    [30, 2.042272],
    [100, 1.983972],
  ] as const)
    assert.ok(Math.abs(tQuantile(0.975, df) - t) / t < 0.002, `df ${df}: ${tQuantile(0.975, df)}`);
  const { base, head } = samples(60, 1.05);
  const boot = pairedEstimate(base, head, 0.95, 'bootstrap');
  const t = pairedEstimate(base, head, 0.95, 't');
  assert.equal(t.relative, boot.relative);
  assert.ok(
    Math.abs(t.low - boot.low) < 0.25 * (boot.high - boot.low) && Math.abs(t.high - boot.high) < 0.25 * (boot.high - boot.low),
    JSON.stringify({ t, boot }),
  );
  assert.match(t.method, /Student's t/);
  assert.match(boot.method, /bootstrap/);
});

test('the outlier rule drops pairs, never a shift of every pair; constant ratios keep every pair', () => {
  const { base } = samples(20, 1);
  assert.equal(
    keptLogRatios(
      base,
      base.map((b) => b * 1.5),
    ).dropped,
    0,
    'a uniform slowdown is the signal, not an outlier',
  );
  assert.throws(() => keptLogRatios([1, 2], [1]), /equal length/);
  assert.throws(() => keptLogRatios([1, 0], [1, 1]), /positive/);
});

test('unpaired timing under the same drift cannot see what pairing sees', () => {
  const { base, head } = samples(40, 1.05);
  const u = unpairedEstimate(base, head);
  const p = pairedEstimate(base, head);
  assert.ok(u.high - u.low > 5 * (p.high - p.low), JSON.stringify({ u, p }));
});

test("the helper's line and the program path the helper execs", () => {
  assert.deepEqual(parseHelperLine('wall_ns=1200 utime_us=3 stime_us=0 status=-1 signal=9 pin=0 aslr=-1 counters=-2\n'), {
    wall_ns: 1200,
    utime_us: 3,
    stime_us: 0,
    status: -1,
    signal: 9,
    pin: 0,
    aslr: -1,
    counters: -2,
  });
  assert.equal(resolveProgram('./loop', '/nowhere'), './loop');
  assert.equal(resolveProgram('sh', '/nowhere:/bin'), '/bin/sh');
  assert.throws(() => resolveProgram('no-such-program-here', '/bin'), /not found in PATH/);
});

test("the median's distribution-free interval: the order statistics of the sign-test tables", () => {
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  // 95 %: n = 10 → 2nd and 9th, 20 → 6th and 15th, 50 → 18th and 33rd, 100 → 40th and 61st.
  for (const [n, low, high] of [
    [10, 2, 9],
    [20, 6, 15],
    [50, 18, 33],
    [100, 40, 61],
  ] as const)
    assert.deepEqual(medianInterval(ranks(n), 0.95), { low, high });
  const { base, head } = samples(40, 1.05);
  head[3] = head[3]! * 1.5; // one pair hit by preemption, within the outlier rule's reach or not: the median barely moves
  const e = pairedEstimate(base, head, 0.95, 'median');
  assert.ok(Math.abs(e.relative - 0.05) < 0.01 && e.low < e.relative && e.high > e.relative, JSON.stringify(e));
  assert.match(e.method, /median log ratio, distribution-free/);
});
