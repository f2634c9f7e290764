// A results file read a benchmark at a time (issue 26: `run --baseline` and `compare` at thousands of
// benchmarks) reads as the file read whole: the same benchmarks, the same comparison and reports, the
// same message for a file refused; and a comparison keeps only the baseline's figures.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { cyclesFromEvents } from '../../src/metric/events.ts';
import { FORMAT_NAMES, reportFormat } from '../../src/report/index.ts';
import { checkEvery, resultsByBenchmark } from '../../src/results/by-benchmark.ts';
import { readResults, readResultsText, resultsFromText, resultsText } from '../../src/results/io.ts';
import type { BenchmarkResult, Results } from '../../src/results/types.ts';
import { arrayMemberSpans } from '../../src/util/json-spans.ts';
import { tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const PATH = '/base/results.json';

/** A benchmark with functions (a line inlined from another file), a heap and Python figures; `ir` its cost. */
function rich(name: string, ir: number, text = 'x = "a\\"b]}"; // \\'): BenchmarkResult {
  const b = benchmarkResult(name, { Ir: ir, Dr: Math.round(ir / 2), D1mr: Math.round(ir / 100) });
  const fn = (f: string, cost: number, file = 'src/a.c') => ({
    fn: f,
    file,
    estimatedCycles: cost,
    Ir: cost,
    lines: [
      { file, line: 3, estimatedCycles: cost - 10, Ir: cost - 10, text },
      { file: 'src/inline.h', line: 7, estimatedCycles: 10, Ir: 10 },
    ],
  });
  return {
    ...b,
    functions: [fn('main', ir), fn(`work_${name}`, Math.round(ir / 2), 'src/ü{[.c'), { fn: 'tail', file: 'src/b.c', estimatedCycles: 5, Ir: 5 }],
    logs: { stdout: 'out ] } "\n', stderr: '\\' },
    python: { method: 'sys.monitoring', python: '3.13.5', scope: 'whole', bytecodes: ir, functions: [{ fn: 'f', file: 'bench.py', line: 1, bytecodes: ir }] },
    memory: {
      totalBytes: ir,
      totalBlocks: 3,
      peakBytes: Math.round(ir / 2),
      peakBlocks: 2,
      exitBytes: 0,
      exitBlocks: 0,
      thresholdPercent: 0,
      files: ['dhat.out.1.gz'],
      wallTimeMs: 5,
    },
  };
}

const failed = () => benchmarkResult('broke', null, { message: 'exit 1 ] }' });
const base = resultsOf([rich('a', 1000), rich('b', 2000), rich('gone', 300), failed()]);
const head = resultsOf([rich('b', 2600), rich('a', 1000), rich('new', 50), benchmarkResult('broke', { Ir: 10 })]);
const written = (r: Results) => [...resultsText(r)].join('');

test('the spans of an array member: each piece parses as it does within the whole text', () => {
  const texts = [
    '{"a":1,"list":[{"s":"\\"]}"},[1,[2]],"\\\\",-1.5e3,true,null,{}],"z":{"list":"]"}}',
    ' \n{ "list" : [ ] , "x" : "[" }\n',
    '{"x":[{"list":[9]}],"list":["a\\\\\\"b"]}',
    '{"list":[{"k":"\\u005d"}]}',
  ];
  for (const text of texts) {
    const spans = arrayMemberSpans(text, 'list');
    assert.ok(spans, text);
    const whole = JSON.parse(text);
    const elements = [];
    for (let i = 0; i < spans.elements.length; i += 2) elements.push(JSON.parse(text.slice(spans.elements[i], spans.elements[i + 1])));
    assert.deepEqual(elements, whole.list, text);
    const rest = JSON.parse(`${text.slice(0, spans.start)}[]${text.slice(spans.end)}`);
    assert.deepEqual({ ...rest, list: whole.list }, whole, text);
  }
  // Escaped, the name is still the member's.
  assert.ok(arrayMemberSpans('{"li\\u0073t":[1]}', 'list'));
  // Nothing it would have to guess at: the caller reads these whole.
  for (const text of ['[1]', '{"list":{}}', '{"list":[1],"list":[2]}', '{"list":[1 2]}', '{"list":[1]} x', '{"list":[1', '{"other":[1]}', '{"list":"[1]"}', ''])
    assert.equal(arrayMemberSpans(text, 'list'), undefined, text);
});

test('read a benchmark at a time, a results file gives what it gives read whole, each time it is read', () => {
  for (const text of [written(base), JSON.stringify(base, null, 2)]) {
    const whole = resultsFromText(text, PATH);
    const byBenchmark = resultsByBenchmark(text, PATH);
    const { benchmarks, ...top } = whole;
    const { benchmarks: _, ...byTop } = byBenchmark;
    assert.deepEqual(byTop, top);
    assert.deepEqual([...byBenchmark.benchmarks], benchmarks);
    assert.deepEqual([...byBenchmark.benchmarks], benchmarks);
  }
  // Valid but not taken apart (a member twice: JSON.parse keeps the last): read whole.
  const twice = written(base).replace('{', `{"benchmarks":[],`);
  assert.deepEqual(resultsByBenchmark(twice, PATH), resultsFromText(twice, PATH));
});

test('a file refused read a benchmark at a time is refused with the message it gets read whole', () => {
  const text = written(base);
  const b = (i: number) => JSON.parse(text).benchmarks[i] as BenchmarkResult;
  const withBenchmarks = (list: unknown[]) => JSON.stringify({ ...JSON.parse(text), benchmarks: list });
  const refused = {
    'not JSON': text.slice(0, -20),
    'not an object': '[]',
    'another tool': text.replace('"tool":"cg-bench"', '"tool":"other"'),
    'another schema version': text.replace('"schemaVersion":1', '"schemaVersion":2'),
    'a top-level field missing': text.replace(/"createdAt":"[^"]*",/, ''),
    'benchmarks not a list': withBenchmarks({} as unknown as unknown[]),
    'a benchmark with a wrong field': withBenchmarks([b(0), { ...b(1), status: 'fine' }, b(2)]),
    'two problems, one at the top': withBenchmarks([b(0), { ...b(1), wallTimeMs: 'x' }]).replace('"configHash":', '"configHash":1,"x":'),
    'a name twice': withBenchmarks([b(0), b(1), b(0)]),
    'cycles not its events': withBenchmarks([b(0), { ...b(1), estimatedCycles: 1 }]),
    'too many benchmarks': withBenchmarks(Array.from({ length: 10_001 }, (_, i) => ({ ...b(3), name: `b${i}` }))),
  };
  for (const [what, bad] of Object.entries(refused)) {
    const message = (() => {
      try {
        resultsFromText(bad, PATH);
      } catch (error) {
        return (error as Error).message;
      }
      assert.fail(`${what}: read whole, it was not refused`);
    })();
    assert.throws(() => checkEvery(resultsByBenchmark(bad, PATH)), { message }, what);
  }
  assert.equal(cyclesFromEvents(b(1).events!, DEFAULT_WEIGHTS), b(1).estimatedCycles);
  // Compared with a head of another metric, a baseline with a benchmark it cannot read is named first, as when it was read whole first.
  const otherMetric = resultsOf([rich('a', 1000)], { environment: { ...TEST_ENV, cache: { ...DEFAULT_CACHE, LL: '4194304,16,64' } } });
  assert.throws(() => compareResults(resultsByBenchmark(refused['a benchmark with a wrong field'], PATH), otherMetric), /benchmarks\[1\]\.status/);
  assert.throws(() => compareResults(resultsByBenchmark(text, PATH), otherMetric), /cannot compare: the baseline was measured with/);
});

test('compared a benchmark at a time, the comparison and every report are those of the baseline read whole', () => {
  const text = written(base);
  const headText = written(head);
  for (const options of [{}, { thresholdPercent: 0, topFunctions: 1 }, { selected: (name: string) => name !== 'gone' }]) {
    const whole = compareResults(resultsFromText(text, PATH), resultsFromText(headText, 'head'), options);
    const byBenchmark = compareResults(resultsByBenchmark(text, PATH), resultsFromText(headText, 'head'), options);
    assert.deepEqual(byBenchmark, whole);
    for (const name of FORMAT_NAMES) {
      const render = (comparison: typeof whole) =>
        reportFormat(name, { colour: false, width: 100 }).render({ head: resultsFromText(headText, 'head'), comparison, baselineSource: PATH });
      assert.equal(render(byBenchmark), render(whole), name);
    }
  }
});

test("a comparison keeps of the baseline's benchmarks only the figures the reports show", () => {
  const c = compareResults(base, head);
  const kept = c.benchmarks.map((b) => (b.base ? Object.keys(b.base).sort() : null));
  const figures = ['estimatedCycles', 'events', 'hits', 'python'];
  assert.deepEqual(kept, [figures, figures, null, ['estimatedCycles', 'events', 'hits'], figures]);
  assert.deepEqual(
    c.benchmarks.map((b) => [b.name, b.verdict]),
    [
      ['b', 'regression'],
      ['a', 'unchanged'],
      ['new', 'new'],
      ['broke', 'new'],
      ['gone', 'removed'],
    ],
  );
  // Its functions were compared all the same.
  assert.deepEqual(
    c.benchmarks[0]!.functions.map((f) => [f.fn, f.change]),
    [
      ['main', 600],
      ['work_b', 300],
    ],
  );
});

test('a results file saved with a byte order mark is read as without it, whole and a benchmark at a time (review r13: "not valid JSON … corrupt")', () => {
  const dir = tempDir('cg-bench-bom-');
  const results = resultsOf([benchmarkResult('a', { Ir: 100 }), benchmarkResult('b', { Ir: 200 })]);
  const file = join(dir, 'results.json');
  writeFileSync(file, `\uFEFF${JSON.stringify(results)}`);
  assert.deepEqual(
    readResults(file).benchmarks.map((b) => b.name),
    ['a', 'b'],
  );
  assert.deepEqual(
    [...resultsByBenchmark(readResultsText(file), file).benchmarks].map((b) => b.name),
    ['a', 'b'],
  );
});
