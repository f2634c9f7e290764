// results.json keeps the functions above FUNCTION_SHARE and the lines of the costliest (lean); check
// and bisect keep every function and line (full). Two runs compared through either give the same
// verdicts and list the same function changes: lean leaves out only what lies below the recorded
// share, and that is still counted in the "other functions" row. Older (indented, every line with
// its file, functions down to 0.01 %) results stay readable as baselines.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Comparison, compareResults, type FunctionChange } from '../../src/compare/compare.ts';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { aggregateProfiles, FUNCTION_SHARE } from '../../src/metric/aggregate.ts';
import { EVENT_NAMES } from '../../src/metric/events.ts';
import { CachegrindParser } from '../../src/parse/cachegrind.ts';
import { readResults, writeResults } from '../../src/results/io.ts';
import type { FunctionResult, Results, TimedResult } from '../../src/results/types.ts';
import { fitToSchema } from '../../src/util/json-schema.ts';
import resultsSchema from '../../schemas/results.schema.json' with { type: 'json' };
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'cg-bench-lean-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const FUNCTIONS = 300;
/** Line `j` of function `k`: its Ir, Dr and D1mr (a long tail, as ld.so and libc give a trivial benchmark). */
type LineCost = (k: number, j: number) => [number, number, number];
const linesOf = (k: number) => 3 + (k % 10);
const baseLine: LineCost = (k, j) => {
  const ir = Math.max(1, Math.round(1e6 / (k + 1) ** 1.5 / (j + 1)));
  return [ir, Math.round(ir / 3), j === 0 ? Math.round(ir / 50) : 0];
};

/** A run of a program whose function k costs as `cost` says, as results.json records it (lean or full), read back from the file. */
function run(name: string, cost: LineCost, full: boolean, extra: string[] = []): Results {
  const text = [`cmd: program`, `events: ${EVENT_NAMES.join(' ')}`];
  let total = [0, 0, 0];
  const line = (n: number, [ir, dr, d1mr]: [number, number, number]) => {
    total = [total[0]! + ir, total[1]! + dr, total[2]! + d1mr];
    return `${n} ${ir} 0 0 ${dr} ${d1mr} 0 0 0 0`;
  };
  for (let k = 0; k < FUNCTIONS; k++) {
    text.push(`fl=src/lib_${k % 7}.c`, `fn=fn_${k}`);
    for (let j = 0; j < linesOf(k); j++) text.push(line(100 * k + j + 1, cost(k, j)));
    // The costliest function has a line inlined from a header.
    if (k === 0) text.push('fi=src/inline.h', line(7, [5000, 0, 0]), `fe=src/lib_0.c`);
  }
  if (extra.length) text.push('fl=src/new.c', ...extra.flatMap((fn, i) => [`fn=${fn}`, line(9000 + i, [600_000, 0, 0])]));
  text.push(`summary: ${total[0]} 0 0 ${total[1]} ${total[2]} 0 0 0 0`, '');
  const parser = new CachegrindParser(name);
  parser.push(Buffer.from(text.join('\n')));
  const cost_ = aggregateProfiles([{ pid: 1, file: 'cachegrind.out.1.gz', profile: parser.finish() }], DEFAULT_WEIGHTS, full);
  const file = join(dir, `${name}-${full ? 'full' : 'lean'}.json`);
  writeResults(file, resultsOf([benchmarkResult('program', cost_.events, { ...cost_ })]));
  return readResults(file);
}

/** The changes lean lists: full's, less those below the recorded share on both sides, and lines only for the costliest functions. */
function expectedLean(full: Comparison, lean: Results): FunctionChange[] {
  const b = full.benchmarks[0]!;
  const floor = (side: 'base' | 'head') => b[side]!.estimatedCycles! * FUNCTION_SHARE;
  const withLines = new Set(lean.benchmarks[0]!.functions.filter((f) => f.lines).map((f) => f.fn));
  return b.functions
    .filter((f) => (f.base ?? 0) >= floor('base') || (f.head ?? 0) >= floor('head'))
    .map(({ lines, ...f }) => (withLines.has(f.fn) && lines ? { ...f, lines } : f));
}

test('two runs compared through lean and through full results: the same verdicts, the same function and line changes above the recorded share, the same rest', () => {
  // A hot line of fn_2 doubles, fn_6 gets 20 % cheaper, fn_30 (not among the ten costliest) 60 %
  // dearer, and fifty functions of the tail one instruction dearer each.
  const head: LineCost = (k, j) => {
    const [ir, dr, d1mr] = baseLine(k, j);
    if (k === 2 && j === 0) return [ir * 2, dr * 2, d1mr];
    if (k === 6) return [Math.round(ir * 0.8), dr, d1mr];
    if (k === 30) return [Math.round(ir * 1.6), dr, d1mr];
    if (k >= 250 && j === 0) return [ir + 1, dr, d1mr];
    return [ir, dr, d1mr];
  };
  const full = compareResults(run('base', baseLine, true), run('head', head, true), { topFunctions: 8 });
  const leanHead = run('head', head, false);
  const lean = compareResults(run('base', baseLine, false), leanHead, { topFunctions: 8 });
  const [f, l] = [full.benchmarks[0]!, lean.benchmarks[0]!];
  assert.equal(l.verdict, 'regression');
  assert.deepEqual([l.verdict, l.change, l.relative], [f.verdict, f.change, f.relative]);
  assert.deepEqual(
    l.functions.map((c) => c.fn),
    ['fn_2', 'fn_6', 'fn_30'],
  );
  assert.deepEqual(l.functions, expectedLean(full, leanHead));
  assert.ok(l.functions[0]!.lines?.length, "fn_2's changed line is listed");
  assert.equal(l.functions[2]!.lines, undefined, 'fn_30 is not among the ten costliest: its lines are in the cachegrind.out files only');
  // What lean leaves out is the tail's fifty instructions: below the "other functions" row's 1 % in both.
  assert.equal(f.functions.length, 8, 'full lists tail functions too');
  assert.deepEqual([l.otherFunctions, f.otherFunctions], [undefined, undefined]);
});

test('a regression spread over the tail: the same verdict, and lean carries the same change in its "other functions" row', () => {
  const head: LineCost = (k, j) => {
    const [ir, dr, d1mr] = baseLine(k, j);
    return k >= 40 ? [ir * 3, dr, d1mr] : [ir, dr, d1mr];
  };
  const full = compareResults(run('base', baseLine, true), run('tail', head, true));
  const lean = compareResults(run('base', baseLine, false), run('tail', head, false));
  const [f, l] = [full.benchmarks[0]!, lean.benchmarks[0]!];
  assert.deepEqual([l.verdict, l.change], [f.verdict, f.change]);
  assert.deepEqual(
    l.functions.map((c) => [c.fn, c.base, c.head]),
    f.functions.map((c) => [c.fn, c.base, c.head]),
  );
  assert.equal(l.otherFunctions!.change, f.otherFunctions!.change);
  assert.deepEqual([l.otherFunctions!.base, l.otherFunctions!.head], [f.otherFunctions!.base, f.otherFunctions!.head]);
  assert.ok(l.otherFunctions!.unrecorded && !f.otherFunctions!.unrecorded);
});

test('a new function: listed by both, lean with the change that is certain (its base side was not recorded)', () => {
  const full = compareResults(run('base', baseLine, true), run('new', baseLine, true, ['fn_new']));
  const lean = compareResults(run('base', baseLine, false), run('new', baseLine, false, ['fn_new']));
  const [f, l] = [full.benchmarks[0]!.functions[0]!, lean.benchmarks[0]!.functions[0]!];
  assert.deepEqual([f.fn, f.base, f.head, f.change], ['fn_new', null, l.head, l.head]);
  assert.equal(lean.benchmarks[0]!.verdict, full.benchmarks[0]!.verdict);
  assert.deepEqual([l.fn, l.base], ['fn_new', null]);
  assert.equal(l.change, l.head! - l.unrecordedAtMost!);
  assert.equal(l.unrecordedAtMost, lean.benchmarks[0]!.base!.estimatedCycles! * FUNCTION_SHARE);
});

test("results.json is written unindented, a line naming its file only where it is not its function's, and lean stays small", () => {
  run('size', baseLine, false);
  run('size', baseLine, true);
  const text = readFileSync(join(dir, 'size-lean.json'), 'utf8');
  assert.doesNotMatch(text, /\n./, 'one line');
  assert.doesNotMatch(text, /\{"file":"src\/lib_/, "the lines' files are their functions'");
  const [lean, full] = [statSync(join(dir, 'size-lean.json')).size, statSync(join(dir, 'size-full.json')).size];
  assert.ok(lean <= 20_000 && full > 5 * lean, `lean ${lean} bytes, full ${full}`);
  // Read back, every line has its file again.
  const read = readResults(join(dir, 'size-lean.json')).benchmarks[0]!.functions;
  assert.ok(read.every((f) => (f.lines ?? []).every((l) => l.file === (l.line === 7 ? 'src/inline.h' : f.file))));
  assert.match(text, /"lines":\[[^\]]*\{"file":"src\/inline.h","line":7,/, 'a line inlined from another file names it');
});

test('an older results.json (indented, every line with its file, functions down to 0.01 %) is read as a baseline and compared with a lean one', () => {
  const old = run('old', baseLine, true);
  const floor = old.benchmarks[0]!.estimatedCycles! * 1e-4;
  const b = old.benchmarks[0]!;
  const lines = (f: FunctionResult) => (f.lines ?? []).slice(0, 20).map((l) => ({ file: l.file, line: l.line, estimatedCycles: l.estimatedCycles, Ir: l.Ir }));
  const functions = b.functions.filter((f) => f.estimatedCycles >= floor).map((f) => ({ ...f, lines: lines(f) }));
  const older = { ...old, benchmarks: [{ ...b, functions }] };
  const file = join(dir, 'older.json');
  writeFileSync(file, `${JSON.stringify(older, null, 2)}\n`);
  assert.match(readFileSync(file, 'utf8'), /"lines": \[\n\s+\{\n\s+"file"/);
  const head: LineCost = (k, j) => (k === 1 ? [baseLine(k, j)[0] * 2, 0, 0] : baseLine(k, j));
  const c = compareResults(readResults(file), run('after-old', head, false)).benchmarks[0]!;
  assert.equal(c.verdict, 'regression');
  assert.equal(c.functions[0]!.fn, 'fn_1');
  assert.ok(c.functions[0]!.lines?.length);
});

test('results.json is written a benchmark at a time: what is read back is the whole results fitted to the schema, shard and timed parts included', () => {
  const long = 'x'.repeat(70_000);
  const timed: TimedResult = {
    name: 'wall',
    mode: 'wallclock',
    unit: 'ms',
    controls: [],
    thresholdPercent: 5,
    budgetMs: 1000,
    warmups: 1,
    verdict: 'no significant change',
    estimate: { relative: 0, low: -0.01, high: 0.01, confidence: 0.95, pairs: 3, dropped: 0, method: 'm' },
    base: [1, 2, 3],
    head: [1, 2, 3],
    order: ['base', 'head'],
  };
  const full = run('pieces', baseLine, false);
  const results: Results = {
    ...full,
    benchmarks: [full.benchmarks[0]!, benchmarkResult('failed', null, { message: long, command: long }), { ...full.benchmarks[0]!, name: 'again' }],
    shard: { index: 1, count: 2, benchmarks: ['program', 'failed', 'again', 'elsewhere'] },
    timed: [timed],
  };
  const file = join(dir, 'pieces.json');
  writeResults(file, results);
  const text = readFileSync(file, 'utf8');
  assert.ok(text.endsWith('}\n') && !text.slice(0, -1).includes('\n'));
  const fitted = fitToSchema(results, resultsSchema) as Results;
  assert.equal(fitted.benchmarks[1]!.command.length < long.length, true, 'the long command is cut');
  assert.deepEqual(readResults(file), fitted);
  assert.deepEqual(Object.keys(JSON.parse(text)), Object.keys(results));
});
