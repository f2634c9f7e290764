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
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { cyclesFromEvents, hitsFromEvents, zeroEvents } from '../../src/metric/events.ts';
import { reportFormat } from '../../src/report/index.ts';
import type { BenchmarkResult, Environment, Results } from '../../src/results/types.ts';
import { ROOT } from '../helpers.ts';

const ENV: Environment = {
  cgBench: '0.0.0', valgrind: '3.24.0', glibc: '2.41', os: 'Debian GNU/Linux 13 (trixie)', arch: 'x86_64', python: '3.13.5',
  cpu: { hwcaps: 'AMD64', vendor: 'GenuineIntel', brand: 'i7', features: ['avx2'] },
  workspace: '/work', cache: DEFAULT_CACHE, weights: DEFAULT_WEIGHTS, image: { ref: null, digest: null },
};

function bench(name: string, ir: number, status: 'ok' | 'failed' = 'ok'): BenchmarkResult {
  const events = { ...zeroEvents(), Ir: ir, Dr: 10, D1mr: 3, DLmr: 1 };
  const ok = status === 'ok';
  return {
    name, command: 'x', cwd: '.', instrument: 'whole', thresholdPercent: 1, status, exitCode: ok ? 0 : 1, signal: null, wallTimeMs: 1,
    estimatedCycles: ok ? cyclesFromEvents(events, DEFAULT_WEIGHTS) : null, events: ok ? events : null, hits: ok ? hitsFromEvents(events) : null,
    processes: [], functions: [], logs: { stdout: '', stderr: '' },
  };
}

const head: Results = { schemaVersion: 1, tool: 'cg-bench', createdAt: '', configHash: '0'.repeat(64), environment: ENV, benchmarks: [bench('sort "1m" <x>', 1000), bench('broke', 5, 'failed'), bench('parse', 20)] };

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
