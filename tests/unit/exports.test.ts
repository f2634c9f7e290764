// Exports for other tools, checked against their contracts: Bencher's BMF JSON Schema (as Bencher
// publishes it, tests/contracts/bmf.schema.json) and github-action-benchmark's reader for
// `customSmallerIsBetter`.
//
// github-action-benchmark is not in any package registry (its package.json is `"private": true`; the
// npm name `github-action-benchmark` is an empty placeholder with no version), so its code cannot be
// installed and run here. `readCustomSmallerIsBetter` below restates, step by step, what the action
// runs for that tool in release v1.22.0, which is also what `@v1` points to: tag v1.22.0 = commit
// a60cea5bc7b49e15c1f58f411161f99e0df48372 (dist/src/extract.js, lines 43-50, 430-438, 456-502),
// built from source commit c38cce98215cf75e178ecd5a0c1a1ab215e93006 (src/extract.ts: the zod schema
// `BenchmarkResult` at lines 7-17, `extractCustomBenchmarkResult` at 688-697, `extractResult` at
// 719-768): read the file as UTF-8, `JSON.parse`, `z.array(z.object({ name: z.coerce.string(), value:
// z.coerce.number(), range: z.coerce.string().optional(), unit: z.coerce.string(), extra:
// z.coerce.string().optional() })).parse`, any error rethrown with the action's message, and an empty
// list refused. The release ships zod 4.1.5; this test runs the same schema with our zod (4.x too).
// Then, before charting, the action rescales a value only when its unit and the previous run's are
// both time units (`normalizeValueByUnit.js`: s/ms/us/ns, their `/iter` and `ops/` forms); checked too.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { reportFormat } from '../../src/report/index.ts';
import type { Results } from '../../src/results/types.ts';
import { ROOT, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const bench = (name: string, ir: number, status: 'ok' | 'failed' = 'ok') =>
  benchmarkResult(name, status === 'ok' ? { Ir: ir, Dr: 10, D1mr: 3, DLmr: 1 } : null);

const head: Results = resultsOf([bench('sort "1m" <x>', 1000), bench('broke', 5, 'failed'), bench('parse', 20)]);

test("--format bmf: valid Bencher Metric Format with Bencher's Cachegrind measure slugs; failed benchmarks left out", () => {
  const out = JSON.parse(reportFormat('bmf', { colour: false }).render({ head })) as Record<string, Record<string, { value: number }>>;
  const schema = JSON.parse(readFileSync(join(ROOT, 'tests', 'contracts', 'bmf.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.ok(validate(out), JSON.stringify(validate.errors));
  assert.deepEqual(Object.keys(out), ['sort "1m" <x>', 'parse']);
  const sort = head.benchmarks[0]!;
  assert.deepEqual(out['sort "1m" <x>'], {
    'estimated-cycles': { value: sort.estimatedCycles },
    instructions: { value: 1000 },
    'l1-hits': { value: sort.hits!.l1 },
    'll-hits': { value: sort.hits!.ll },
    'ram-hits': { value: sort.hits!.ram },
  });
  assert.equal(validate({ a: { b: { lower_value: 1 } } }), false, 'the schema does catch a metric without a value');
});

const BenchmarkResult = z.object({
  name: z.coerce.string(),
  value: z.coerce.number(),
  range: z.coerce.string().optional(),
  unit: z.coerce.string(),
  extra: z.coerce.string().optional(),
});
const BenchmarkResults = z.array(BenchmarkResult);
type BenchmarkResultEntry = z.infer<typeof BenchmarkResult>;

/** The action's `extractResult(config)` for `tool: customSmallerIsBetter`, up to the commit lookup. */
function readCustomSmallerIsBetter(outputFilePath: string): BenchmarkResultEntry[] {
  const output = readFileSync(outputFilePath, 'utf8');
  let benches: BenchmarkResultEntry[];
  try {
    benches = BenchmarkResults.parse(JSON.parse(output));
  } catch (err: unknown) {
    const errMessage = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Output file for 'custom-(bigger|smaller)-is-better' must be JSON file containing an array of entries in BenchmarkResult format: ${errMessage}`,
    );
  }
  if (benches.length === 0) throw new Error(`No benchmark result was found in ${outputFilePath}. Benchmark output was '${output}'`);
  return benches;
}

/** The units whose values the action rescales between runs (normalizeValueByUnit.js of v1.22.0). */
const TIME_UNITS = ['s', 'ms', 'us', 'ns'];
const RESCALED_UNITS = [...TIME_UNITS, ...TIME_UNITS.map((u) => `${u}/iter`), ...TIME_UNITS.map((u) => `ops/${u}`)];

test('--format github-action-benchmark: accepted by its customSmallerIsBetter reader, unchanged', () => {
  const dir = tempDir('cg-gab-');
  const file = join(dir, 'github-action-benchmark.json');
  const text = reportFormat('github-action-benchmark', { colour: false }).render({ head });
  writeFileSync(file, text);
  const parsed = readCustomSmallerIsBetter(file);
  assert.deepEqual(parsed, JSON.parse(text), 'nothing coerced or dropped');
  assert.deepEqual(
    parsed.map((e) => [e.name, e.unit, e.value]),
    [
      ['sort "1m" <x>', 'estimated cycles', head.benchmarks[0]!.estimatedCycles],
      ['parse', 'estimated cycles', head.benchmarks[2]!.estimatedCycles],
    ],
  );
  assert.match(parsed[0]!.extra!, /^instructions 1,000, L1 hits [\d,]+, LL hits [\d,]+, RAM hits [\d,]+$/);
  assert.ok(
    parsed.every((e) => !RESCALED_UNITS.includes(e.unit.trim().toLowerCase())),
    'never rescaled as a time',
  );

  // The reader does refuse what it should, so the checks above mean something.
  writeFileSync(file, JSON.stringify([{ name: 'x' }]));
  assert.throws(() => readCustomSmallerIsBetter(file), /must be JSON file containing an array of entries in BenchmarkResult format/);
  // A run where every benchmark failed exports an empty list, which the action refuses (its step fails).
  writeFileSync(file, reportFormat('github-action-benchmark', { colour: false }).render({ head: resultsOf([bench('broke', 5, 'failed')]) }));
  assert.throws(() => readCustomSmallerIsBetter(file), /No benchmark result was found/);
});
