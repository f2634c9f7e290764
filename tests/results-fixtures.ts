// Results objects for tests that need no measurement: valid as parseResults checks them.
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../src/config/types.ts';
import { cyclesFromEvents, hitsFromEvents, zeroEvents, type EventCounts } from '../src/metric/events.ts';
import type { BenchmarkResult, Environment, Results } from '../src/results/types.ts';

export const TEST_ENV: Environment = {
  cgBench: '0.0.0',
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

/** A benchmark that ran (events given: one process) or failed (null); its numbers add up as a measurement's do. */
export function benchmarkResult(name: string, events: Partial<EventCounts> | null, extra: Partial<BenchmarkResult> = {}): BenchmarkResult {
  const counts = { ...zeroEvents(), ...events };
  const ok = events !== null;
  const estimatedCycles = ok ? cyclesFromEvents(counts, DEFAULT_WEIGHTS) : null;
  return {
    name,
    command: 'x',
    cwd: '.',
    instrument: 'whole',
    thresholdPercent: 1,
    status: ok ? 'ok' : 'failed',
    exitCode: ok ? 0 : 1,
    signal: null,
    wallTimeMs: 1,
    estimatedCycles,
    events: ok ? counts : null,
    hits: ok ? hitsFromEvents(counts) : null,
    processes: ok ? [{ pid: 1, cmd: 'x', estimatedCycles: estimatedCycles!, events: { ...counts }, file: 'cachegrind.out.1.gz' }] : [],
    functions: [],
    logs: { stdout: '', stderr: '' },
    ...extra,
  };
}

export function resultsOf(benchmarks: BenchmarkResult[], extra: Partial<Results> = {}): Results {
  return { schemaVersion: 1, tool: 'cg-bench', createdAt: '', configHash: '0'.repeat(64), environment: TEST_ENV, benchmarks, ...extra };
}
