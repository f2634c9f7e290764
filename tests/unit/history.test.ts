// The history picture: marks from the comparison, breaks where runs are not comparable, every text
// escaped, and the same bytes for the same inputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { runLabel } from '../../src/history/load.ts';
import { historySeries, type HistoryPoint } from '../../src/history/series.ts';
import { historySvg, labelledRuns, xmlText } from '../../src/history/svg.ts';
import { cyclesFromEvents, zeroEvents } from '../../src/metric/events.ts';
import { parseResults } from '../../src/results/io.ts';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { assertInertSvg } from '../helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const HOSTILE = '<script>alert(1)</script> & "x" \'y\' \u0001\uFFFE \uD800';

const bench = (name: string, ir: number | null, extra: Partial<BenchmarkResult> = {}) => benchmarkResult(name, ir === null ? null : { Ir: ir }, extra);

const run = (label: string, benchmarks: BenchmarkResult[], environment = TEST_ENV): HistoryPoint => ({
  label,
  results: resultsOf(benchmarks, { environment }),
});

/** Built afresh each call: determinism must not depend on sharing objects. */
const points = (): HistoryPoint[] => [
  run('c1', [bench('a', 1000), bench(HOSTILE, 50)]),
  run('c2', [bench('a', 1100), bench(HOSTILE, 50)]),
  run('c3', [bench('a', 1000), bench(HOSTILE, null)]),
  run('c4', [bench('a', 2000), bench(HOSTILE, 51)], { ...TEST_ENV, valgrind: '3.25.0' }),
  run(HOSTILE, [bench('a', 2000), bench(HOSTILE, 51)], { ...TEST_ENV, valgrind: '3.25.0' }),
];

const svgOf = (p: HistoryPoint[]) =>
  historySvg(
    historySeries(p),
    p.map((x) => x.label),
  );

test('the fixtures are valid results', () => {
  for (const p of points()) parseResults(JSON.parse(JSON.stringify(p.results)), p.label);
});

test('each run is marked against the one before; a run on another machine breaks the line, and its change is not a regression', () => {
  const [a, hostile] = historySeries(points());
  assert.deepEqual(a!.marks, ['none', 'regression', 'improvement', 'not-comparable', 'none']);
  assert.deepEqual(
    a!.values.slice(0, 2),
    [1000, 1100].map((ir) => cyclesFromEvents({ ...zeroEvents(), Ir: ir }, DEFAULT_WEIGHTS)),
  );
  assert.equal(hostile!.values[2], null, 'a failed run is a gap');
  assert.deepEqual(hostile!.marks, ['none', 'none', 'none', 'not-comparable', 'none'], 'a failed run is no change, nor is the run after it');
});

test('within the threshold is no change; another metric, or one benchmark running other executables, is not comparable', () => {
  const exe = (sha: string) => ({ executables: [{ path: '/usr/bin/prog', sha256: sha.repeat(64), main: true }] });
  const [a, b] = historySeries([
    run('1', [bench('a', 1000), bench('b', 1000, exe('0'))]),
    run('2', [bench('a', 1009), bench('b', 2000, exe('1'))]), // a: +0.9 %, under its 1 % threshold
    run('3', [bench('a', 1009), bench('b', 2000, exe('1'))], { ...TEST_ENV, weights: { ...DEFAULT_WEIGHTS, ram: 99 } }),
  ]);
  assert.deepEqual(a!.marks, ['none', 'none', 'not-comparable']);
  assert.deepEqual(b!.marks, ['none', 'not-comparable', 'not-comparable'], 'other executables: a break in that panel only, not a regression');
});

test('the SVG draws marks as marks and breaks as breaks: a line never joins runs that are not comparable', () => {
  const svg = svgOf(points());
  assert.equal((svg.match(/<circle [^>]*class="regression"/g) ?? []).length, 1);
  assert.equal((svg.match(/<circle [^>]*class="improvement"/g) ?? []).length, 1);
  assert.match(svg, />\+10\.0%<\/text>/, 'the regression is labelled with its step from the run before');
  assert.equal((svg.match(/<line [^>]*class="break"/g) ?? []).length, 2 + 1, 'one break per panel, one in the legend');
  // Panel "a": runs at x 90, 246.5, 403, 559.5, 716; segments 1→2, 2→3 and 4→5 but never 3→4.
  const panelA = svg.split('<g class="panel">')[1]!;
  const segments = [...panelA.matchAll(/<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)" y2="[\d.]+" class="series"\/>/g)].map((m) => `${m[1]}-${m[2]}`);
  assert.deepEqual(segments, ['90-242.5', '242.5-395', '547.5-700']);
});

test('every text is escaped: nothing a name carries becomes markup, and what XML cannot hold is gone', () => {
  assert.equal(xmlText(HOSTILE), '&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34; &#39;y&#39;  \uFFFD');
  assert.equal(xmlText('😀'), '😀', 'a whole surrogate pair stays');
  const svg = svgOf(points());
  assertInertSvg(svg);
});

test('accessible: a title and a description that say what the picture shows', () => {
  const svg = svgOf(points());
  assert.match(
    svg,
    /^<svg [^>]*role="img" aria-labelledby="title desc">\n<title id="title">cg-bench history: estimated cycles per benchmark<\/title>\n<desc id="desc">2 benchmark\(s\) over 5 run\(s\) from c1 to &#60;script/,
  );
});

test('the same inputs give the same bytes', () => {
  const svg = svgOf(points());
  assert.equal(svgOf(points()), svg);
  assert.equal(svgOf(structuredClone(points())), svg);
});

test('run labels: all when they fit, else every k-th back from the newest; a commit hash is cut to 7', () => {
  assert.deepEqual(labelledRuns(['a', 'b', 'c']), [true, true, true]);
  const many = labelledRuns(Array.from({ length: 100 }, (_, i) => `run-${i}`));
  assert.equal(many[99], true);
  const shown = many.flatMap((s, i) => (s ? [i] : []));
  assert.ok(shown.length >= 8 && shown.length <= 15, `${shown.length} labels`);
  assert.ok(new Set(shown.slice(1).map((i, k) => i - shown[k]!)).size === 1, 'evenly spaced');
  assert.equal(runLabel('/r/0123456789abcdef0123456789abcdef01234567/results.json'), '0123456');
  assert.equal(runLabel('/r/17/results.json'), '17');
  assert.equal(runLabel('/r/main-2026-11-20.json'), 'main-2026-11-20');
});

test('the y axis always labels the zero line (the first run), and leaves out an end of the scale too close to it to read apart', () => {
  const axis = (svg: string) => [...svg.matchAll(/<text [^>]*class="axis" text-anchor="end">([^<]*)<\/text>/g)].map((m) => m[1]);
  // Up by 3 %: the scale runs from −0.5 % (the padding) to +3 %; the padding's label would sit on the zero line's.
  assert.deepEqual(axis(svgOf([run('1', [bench('a', 1000)]), run('2', [bench('a', 1030)])])), ['+3.0%', '0']);
  assert.deepEqual(axis(svgOf([run('1', [bench('a', 1000)]), run('2', [bench('a', 970)])])), ['0', '−3.0%']);
  assert.deepEqual(axis(svgOf([run('1', [bench('a', 1000)]), run('2', [bench('a', 1000)])])), ['+0.50%', '0', '−0.50%'], 'flat: the padding is the scale');
});

test('the heap of a memory: true benchmark is in its series (null where a run did not measure it) and in its panel', () => {
  const heap = (totalBytes: number, peakBytes: number) => ({
    totalBytes,
    totalBlocks: 1,
    peakBytes,
    peakBlocks: 1,
    exitBytes: 0,
    exitBlocks: 0,
    thresholdPercent: 0,
    files: [],
    wallTimeMs: 1,
  });
  const p = [
    run('c1', [bench('alloc', 1000), bench('cpu', 10)]),
    run('c2', [bench('alloc', 1000, { memory: heap(128_000, 128) }), bench('cpu', 10)]),
    run('c3', [bench('alloc', 1000, { memory: heap(192_000, 4096) }), bench('cpu', 10)]),
  ];
  const [alloc, cpu] = historySeries(p);
  assert.deepEqual(alloc!.heap, { totalBytes: [null, 128_000, 192_000], peakBytes: [null, 128, 4096] });
  assert.equal(cpu!.heap, undefined);
  const svg = svgOf(p);
  assert.match(svg, /last: [\d,]+ estimated cycles, peak heap 4,096 bytes</);
  assert.equal(svg.match(/peak heap/g)?.length, 1);
});

test("the legend's items stand apart: each starts after the one before ends (11 px text, 6.2 px a character)", () => {
  const svg = svgOf(points());
  const legend = [...svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" class="axis">([^<]+)<\/text>/g)].filter(
    (m) => ['regression', 'improvement', 'failed or absent'].includes(m[2]!) || m[2]!.startsWith('not comparable'),
  );
  assert.equal(legend.length, 4);
  for (let i = 1; i < legend.length; i++) {
    const [before, item] = [legend[i - 1]!, legend[i]!];
    assert.ok(Number(item[1]) >= Number(before[1]) + before[2]!.length * 6.2 + 16, `${item[2]} at ${item[1]} overlaps ${before[2]} at ${before[1]}`);
  }
});
