// Exports for other tools, checked against their contracts: Bencher's BMF JSON Schema (as Bencher
// publishes it, tests/contracts/bmf.schema.json) and github-action-benchmark's reader for
// `customSmallerIsBetter` (its zod schema, src/extract.ts of v1.22.0, restated here with the zod it
// uses: coerced name/value/unit, optional range/extra).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { reportFormat } from '../../src/report/index.ts';
import type { Results } from '../../src/results/types.ts';
import { ROOT } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const bench = (name: string, ir: number, status: 'ok' | 'failed' = 'ok') => benchmarkResult(name, status === 'ok' ? { Ir: ir, Dr: 10, D1mr: 3, DLmr: 1 } : null);

const head: Results = resultsOf([bench('sort "1m" <x>', 1000), bench('broke', 5, 'failed'), bench('parse', 20)]);

test('--format bmf: valid Bencher Metric Format with Bencher\'s Cachegrind measure slugs; failed benchmarks left out', () => {
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

const BenchmarkResults = z.array(z.object({ name: z.coerce.string(), value: z.coerce.number(), range: z.coerce.string().optional(), unit: z.coerce.string(), extra: z.coerce.string().optional() }));

test('--format github-action-benchmark: what its customSmallerIsBetter reader parses, unchanged', () => {
  const text = reportFormat('github-action-benchmark', { colour: false }).render({ head });
  const parsed = BenchmarkResults.parse(JSON.parse(text));
  assert.deepEqual(parsed, JSON.parse(text), 'nothing coerced or dropped');
  assert.deepEqual(parsed.map((e) => [e.name, e.unit, e.value]), [['sort "1m" <x>', 'estimated cycles', head.benchmarks[0]!.estimatedCycles], ['parse', 'estimated cycles', head.benchmarks[2]!.estimatedCycles]]);
  assert.match(parsed[0]!.extra!, /^instructions 1,000, L1 hits [\d,]+, LL hits [\d,]+, RAM hits [\d,]+$/);
  assert.throws(() => BenchmarkResults.parse([{ name: 'x' }]), 'the reader does refuse an entry without value and unit');
});
