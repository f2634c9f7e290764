// The history picture: marks from the comparison, breaks where runs are not comparable, every text
// escaped, and the same bytes for the same inputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { historySeries } from '../../src/history/series.ts';
import { historySvg } from '../../src/history/svg.ts';
import { cyclesFromEvents, zeroEvents } from '../../src/metric/events.ts';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const HOSTILE = '<script>alert(1)</script> & "x"';

const bench = (name: string, ir: number | null) => benchmarkResult(name, ir === null ? null : { Ir: ir });

const run = (label: string, benchmarks: BenchmarkResult[], environment = TEST_ENV) => ({ label, results: resultsOf(benchmarks, { environment }) });

const points = [
  run('c1', [bench('a', 1000), bench(HOSTILE, 50)]),
  run('c2', [bench('a', 1100), bench(HOSTILE, 50)]),
  run('c3', [bench('a', 1000), bench(HOSTILE, null)]),
  run('c4', [bench('a', 2000), bench(HOSTILE, 51)], { ...TEST_ENV, valgrind: '3.25.0' }),
];

test('each run is marked against the one before; a run on another machine breaks the line, and its change is not a regression', () => {
  const [a, hostile] = historySeries(points);
  assert.deepEqual(a!.marks, ['none', 'regression', 'improvement', 'not-comparable']);
  assert.deepEqual(a!.values.slice(0, 2), [1000, 1100].map((ir) => cyclesFromEvents({ ...zeroEvents(), Ir: ir }, DEFAULT_WEIGHTS)));
  assert.equal(hostile!.values[2], null, 'a failed run is a gap');
});

test('the SVG escapes every name and label, has a title and description, and is the same bytes for the same inputs', () => {
  const svg = historySvg(historySeries(points), points.map((p) => p.label));
  assert.equal(svg, historySvg(historySeries(points), points.map((p) => p.label)));
  assert.doesNotMatch(svg, /<script/);
  assert.match(svg, /&#60;script&#62;alert\(1\)&#60;\/script&#62; &#38; &#34;x&#34;/);
  assert.match(svg, /<title id="title">/);
  assert.match(svg, /<desc id="desc">2 benchmark\(s\) over 4 run\(s\)/);
  assert.match(svg, /class="break"/);
  assert.match(svg, /fill="#d1242f"/, 'the regression is red');
});
