// A change the listed functions do not account for gets an "other functions (N)" row carrying the
// rest: a regression spread thinly over a large program is never left unexplained.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { aggregateProfiles, MAX_FUNCTIONS } from '../../src/metric/aggregate.ts';
import { cyclesFromEvents, EVENT_NAMES, zeroEvents } from '../../src/metric/events.ts';
import { CachegrindParser, type CachegrindProfile } from '../../src/parse/cachegrind.ts';
import { formatCount, formatSigned } from '../../src/report/format.ts';
import { markdownReport } from '../../src/report/markdown.ts';
import { terminalReport } from '../../src/report/terminal.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const FUNCTIONS = 50_000;
const GROWTH = 1.0923;

/** A program's cachegrind.out, parsed: function k costs `cost(k)` instructions on two lines (no cache misses), one process. */
function profile(cost: (k: number) => number): CachegrindProfile {
  const text = [`cmd: program`, `events: ${EVENT_NAMES.join(' ')}`];
  let total = 0;
  for (let k = 0; k < FUNCTIONS; k++) {
    const ir = cost(k);
    const first = Math.floor(ir / 2);
    text.push(`fl=src/unit_${k % 997}.c`, `fn=fn_${k}`, `${10 + k} ${first}`, `${11 + k} ${ir - first}`);
    total += ir;
  }
  text.push(`summary: ${total} 0 0 0 0 0 0 0 0`, '');
  const parser = new CachegrindParser('synthetic');
  parser.push(Buffer.from(text.join('\n')));
  return parser.finish();
}

/** The benchmark as results.json records it (functions above the recorded share only). */
function measured(cost: (k: number) => number) {
  const { estimatedCycles, events, hits, processes, functions } = aggregateProfiles(
    [{ pid: 1, file: 'cachegrind.out.1.gz', profile: profile(cost) }],
    DEFAULT_WEIGHTS,
  );
  return resultsOf([benchmarkResult('program', events, { estimatedCycles, hits, processes, functions })]);
}

const cyclesOf = (ir: number) => cyclesFromEvents({ ...zeroEvents(), Ir: ir }, DEFAULT_WEIGHTS);

// Program-like: a few costly functions and a long tail (function k costs ∝ 1/(k+1)); measured once.
const baseCost = (k: number) => Math.round(1e9 / (k + 1));
let program: ReturnType<typeof measured> | undefined;
const programBase = () => (program ??= measured(baseCost));

test('a 50,000-function program, +9.23 % spread over every function: the five listed functions and an "other functions" row carrying exactly the rest', () => {
  const headCost = (k: number) => Math.round(baseCost(k) * GROWTH);
  const base = programBase();
  const head = measured(headCost);
  const recorded = new Set([...base.benchmarks[0]!.functions, ...head.benchmarks[0]!.functions].map((f) => f.fn));
  assert.ok(recorded.size > 50 && recorded.size < MAX_FUNCTIONS, 'results.json records the functions above 0.1 % of the total');
  const c = compareResults(base, head).benchmarks[0]!;
  assert.equal(c.verdict, 'regression');
  assert.equal(c.functions.map((f) => f.fn).join(' '), 'fn_0 fn_1 fn_2 fn_3 fn_4');
  // The rest, from the program itself: every function but the five listed.
  let rest = 0;
  for (let k = 5; k < FUNCTIONS; k++) rest += cyclesOf(headCost(k)) - cyclesOf(baseCost(k));
  assert.deepEqual(c.otherFunctions, {
    count: recorded.size - 5,
    unrecorded: true,
    base: base.benchmarks[0]!.estimatedCycles! - c.functions.reduce((s, f) => s + f.base!, 0),
    head: head.benchmarks[0]!.estimatedCycles! - c.functions.reduce((s, f) => s + f.head!, 0),
    change: rest,
  });
  assert.ok(rest > 0.75 * c.change!, 'most of the change is in the other functions');
  const markdown = markdownReport.render({ head, comparison: compareResults(base, head) });
  const row = `| _other functions \\(${recorded.size - 5}, and more under 0.1% each, not recorded\\)_ | | ${formatCount(c.otherFunctions!.base!)} | ${formatCount(c.otherFunctions!.head!)} | ${formatSigned(rest)} |`;
  assert.ok(markdown.includes(row), markdown);
  assert.match(
    terminalReport({ colour: false }).render({ head, comparison: compareResults(base, head) }),
    new RegExp(
      `other functions \\(${recorded.size - 5}, and more under 0\\.1% each, not recorded\\) +[\\d,]+ +[\\d,]+ +${formatSigned(rest).replace('+', '\\+')}`,
    ),
  );
});

test('every function too small to be recorded: no function listed, one row with the whole change', () => {
  const base = measured(() => 20_000);
  const head = measured(() => Math.round(20_000 * GROWTH));
  assert.equal(base.benchmarks[0]!.functions.length, 0);
  const c = compareResults(base, head).benchmarks[0]!;
  assert.deepEqual(c.functions, []);
  assert.deepEqual(c.otherFunctions, {
    count: 0,
    unrecorded: true,
    base: base.benchmarks[0]!.estimatedCycles,
    head: head.benchmarks[0]!.estimatedCycles,
    change: c.change,
  });
  assert.match(
    markdownReport.render({ head, comparison: compareResults(base, head) }),
    /\| _other functions \\\(all under 0\.1% each, not recorded\\\)_ \| \| 1,000,000,000 \| 1,092,300,000 \| \+92,300,000 \|/,
  );
});

test('no row when the listed functions account for the change', () => {
  const base = programBase();
  const head = measured((k) => (k < 3 ? baseCost(k) * 2 : baseCost(k)));
  const c = compareResults(base, head).benchmarks[0]!;
  assert.equal(c.functions.length, 3);
  assert.equal(c.otherFunctions, undefined);
  assert.doesNotMatch(markdownReport.render({ head, comparison: compareResults(base, head) }), /other functions/);
});
