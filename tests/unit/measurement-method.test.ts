// A cg-bench that runs its measurements otherwise (the code's environment in another order moved a C
// program's count by ~14 instructions) records another measurement method: its results against an
// older cg-bench's are not comparable, never a change of the code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults, environmentDifferences } from '../../src/compare/compare.ts';
import type { Environment } from '../../src/results/types.ts';
import { MEASUREMENT_METHOD } from '../../src/version.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

test('results of another measurement method are not comparable, naming it; two older results still compare', () => {
  const { method: _, ...older } = { ...TEST_ENV, method: MEASUREMENT_METHOD } as Environment;
  const now: Environment = { ...older, method: MEASUREMENT_METHOD };
  assert.deepEqual(environmentDifferences(older, now), [`cg-bench's measurement method (measure both with one cg-bench): before 2 → ${MEASUREMENT_METHOD}`]);
  const c = compareResults(
    resultsOf([benchmarkResult('b', { Ir: 1000 })], { environment: older }),
    resultsOf([benchmarkResult('b', { Ir: 986 })], { environment: now }),
    { thresholdPercent: 0 },
  );
  assert.equal(c.benchmarks[0]?.verdict, 'not-comparable');
  assert.deepEqual(environmentDifferences(older, { ...older, cgBench: '9.9.9' }), []);
  assert.deepEqual(environmentDifferences(now, { ...now }), []);
});
