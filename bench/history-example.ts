// docs/history.svg, made from synthetic results (reproducibly): npx tsx bench/history-example.ts
// Three benchmarks over twelve commits of main: a regression at the fifth, an improvement at the
// ninth, and a runner with another image at the eleventh (not comparable: a break, not a change).
// parse-json is measured with memory: true: one more 64-byte block per iteration of 1,000 from the
// seventh commit on (+64,000 bytes allocated, its cycles nearly the same), its dashed heap line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../src/config/types.ts';
import { historySeries } from '../src/history/series.ts';
import { historySvg } from '../src/history/svg.ts';
import { cyclesFromEvents, hitsFromEvents, zeroEvents } from '../src/metric/events.ts';
import type { BenchmarkResult, Environment, Results } from '../src/results/types.ts';
import { ROOT } from '../tests/helpers.ts';

const ENV: Environment = {
  cgBench: '0.1.0',
  valgrind: '3.24.0',
  glibc: '2.41',
  os: 'Debian GNU/Linux 13 (trixie)',
  arch: 'x86_64',
  python: '3.13.5',
  cpu: { hwcaps: 'AMD64', vendor: 'GenuineIntel', brand: 'i7', features: ['avx2'] },
  workspace: '/work',
  cache: DEFAULT_CACHE,
  weights: DEFAULT_WEIGHTS,
  image: { ref: null, digest: null },
};

function bench(name: string, ir: number, d1mr: number, heapBytes?: number): BenchmarkResult {
  const events = { ...zeroEvents(), Ir: ir, Dr: Math.round(ir / 3), D1mr: d1mr, DLmr: Math.round(d1mr / 10) };
  return {
    name,
    command: 'x',
    cwd: '.',
    instrument: 'whole',
    thresholdPercent: 0.5,
    status: 'ok',
    exitCode: 0,
    signal: null,
    wallTimeMs: 1,
    estimatedCycles: cyclesFromEvents(events, DEFAULT_WEIGHTS),
    events,
    hits: hitsFromEvents(events),
    processes: [],
    functions: [],
    logs: { stdout: '', stderr: '' },
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
  };
}

const commits = ['a1f3c09', 'b72e4d1', 'c0d9e88', 'd41a7b2', 'e93c015', 'f28b6aa', '0c7d3e4', '1b95f70', '2e6a8c1', '3fd20b9', '4a81e5c', '5c3f9d7'];
const points = commits.map((label, i) => {
  const sort = 104_971_433 * (i >= 4 ? 1.031 : 1) + i * 11;
  const parse = 48_210_005 * (i >= 8 ? 0.962 : 1);
  const dicts = 115_048_798 + (i % 3) * 700;
  const environment = i >= 10 ? { ...ENV, valgrind: '3.25.0' } : ENV;
  const results: Results = {
    schemaVersion: 1,
    tool: 'cg-bench',
    createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T12:00:00Z`,
    configHash: '0'.repeat(64),
    environment,
    benchmarks: [
      bench('c-qsort-200k', Math.round(sort), 295_527),
      bench('parse-json', Math.round(parse) + (i >= 6 ? 21_000 : 0), 120_400, 1_280_512 + (i >= 6 ? 64_000 : 0)),
      bench('python-dicts', dicts, 2_085_351),
    ],
  };
  return { label, results };
});
const svg = historySvg(
  historySeries(points),
  points.map((p) => p.label),
);
writeFileSync(join(ROOT, 'docs', 'history.svg'), svg);
console.log(`docs/history.svg: ${points.length} runs, ${svg.length} bytes`);
