// docs/history.svg, made from synthetic results (reproducibly): npx tsx bench/history-example.ts
// Three benchmarks over twelve commits of main: a regression at the fifth, an improvement at the
// ninth, and a runner with another image at the eleventh (not comparable: a break, not a change).
// parse-json is measured with memory: true: one more 64-byte block per iteration of 1,000 from the
// seventh commit on (+64,000 bytes allocated, its cycles nearly the same), its dashed heap line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { historySeries } from '../src/history/series.ts';
import { historySvg } from '../src/history/svg.ts';
import type { BenchmarkResult, Environment } from '../src/results/types.ts';
import { ROOT } from '../tests/helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../tests/results-fixtures.ts';

const ENV: Environment = { ...TEST_ENV, cgBench: '0.1.0' };

function bench(name: string, ir: number, d1mr: number, heapBytes?: number): BenchmarkResult {
  const events = { Ir: ir, Dr: Math.round(ir / 3), D1mr: d1mr, DLmr: Math.round(d1mr / 10) };
  return benchmarkResult(name, events, {
    thresholdPercent: 0.5,
    processes: [],
    ...(heapBytes === undefined
      ? {}
      : {
          memory: {
            totalBytes: heapBytes,
            totalBlocks: Math.round(heapBytes / 64),
            peakBytes: 262_144 + (heapBytes - 1_280_512) / 1000,
            peakBlocks: 12,
            exitBytes: 0,
            exitBlocks: 0,
            thresholdPercent: 0.5,
            files: [],
            wallTimeMs: 1,
          },
        }),
  });
}

const commits = ['a1f3c09', 'b72e4d1', 'c0d9e88', 'd41a7b2', 'e93c015', 'f28b6aa', '0c7d3e4', '1b95f70', '2e6a8c1', '3fd20b9', '4a81e5c', '5c3f9d7'];
const points = commits.map((label, i) => {
  const sort = 104_971_433 * (i >= 4 ? 1.031 : 1) + i * 11;
  const parse = 48_210_005 * (i >= 8 ? 0.962 : 1);
  const dicts = 115_048_798 + (i % 3) * 700;
  const environment = i >= 10 ? { ...ENV, valgrind: '3.25.0' } : ENV;
  const results = resultsOf(
    [
      bench('c-qsort-200k', Math.round(sort), 295_527),
      bench('parse-json', Math.round(parse) + (i >= 6 ? 21_000 : 0), 120_400, 1_280_512 + (i >= 6 ? 64_000 : 0)),
      bench('python-dicts', dicts, 2_085_351),
    ],
    { createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T12:00:00Z`, environment },
  );
  return { label, results };
});
const svg = historySvg(
  historySeries(points),
  points.map((p) => p.label),
);
writeFileSync(join(ROOT, 'docs', 'history.svg'), svg);
console.log(`docs/history.svg: ${points.length} runs, ${svg.length} bytes`);
