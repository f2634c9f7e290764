import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { commentMarker, GITHUB_COMMENT_LIMIT as COMMENT_LIMIT, fitComment } from '../../src/publish/sticky.ts';
import { commitStatus } from '../../src/github/status.ts';
import { markdownReport } from '../../src/report/markdown.ts';
import type { Environment, Results } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

/** An environment that knows no OS, Python or CPU, as the report's footer shows it. */
const ENV: Environment = { ...TEST_ENV, cgBench: '0', os: null, python: null, cpu: { hwcaps: null, vendor: null, brand: null, features: [] } };

function results(n: number, scale: number): Results {
  const benchmarks = Array.from({ length: n }, (_, i) => {
    const ir = Math.round((1000 + i) * scale);
    return benchmarkResult(
      `benchmark-with-a-rather-long-descriptive-name-number-${i}`,
      { Ir: ir },
      {
        processes: [],
        functions: Array.from({ length: 5 }, (_, f) => ({
          fn: `namespace::Class<T>::function_${f}(int, char const*)`,
          file: `/src/file_${f}.cc`,
          estimatedCycles: ir / (f + 2),
          Ir: 1,
        })),
      },
    );
  });
  return resultsOf(benchmarks, { environment: ENV });
}

test('a report too large for a comment loses its details first, then lines, and keeps its marker', () => {
  const marker = commentMarker('abc');
  for (const n of [150, 3000]) {
    const head = results(n, 1.1);
    const body = `${marker}\n${markdownReport.render({ head, comparison: compareResults(results(n, 1), head) })}`;
    assert.ok(body.length > COMMENT_LIMIT, `the report of ${n} benchmarks is ${body.length} characters`);
    const fitted = fitComment(body, COMMENT_LIMIT);
    assert.ok(fitted.length <= COMMENT_LIMIT, `${fitted.length}`);
    assert.ok(fitted.startsWith(`${marker}\n### `));
    assert.doesNotMatch(fitted, /<details>/);
    assert.match(fitted, n === 150 ? /Details omitted/ : /more lines cut/);
  }
  const small = `${marker}\nsmall`;
  assert.equal(fitComment(small, COMMENT_LIMIT), small);
});

test('the status fails on regressions only when asked, and always on broken benchmarks', () => {
  const base = results(2, 1);
  const head = results(2, 1.1);
  const c = compareResults(base, head);
  assert.deepEqual(commitStatus(head, c, false), { state: 'success', description: '2 regressions over 1%' });
  assert.equal(commitStatus(head, c, true).state, 'failure');
  head.benchmarks[0]!.status = 'failed';
  assert.deepEqual(commitStatus(head, c, false), { state: 'failure', description: '1 failed benchmark' });
  assert.deepEqual(commitStatus(base, compareResults(base, base), true), { state: 'success', description: 'no change over 1%' });
});
