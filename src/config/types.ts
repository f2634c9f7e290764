import type { AbsolutePath } from '../util/paths.ts';

/** A shell string (by /bin/sh -c unless plain words: config/command.ts) or an argv list (run directly). */
export type Command = string | string[];

export interface CacheGeometry {
  I1: string;
  D1: string;
  LL: string;
}

export interface Weights {
  l1: number;
  ll: number;
  ram: number;
}

export type InstrumentMode = 'whole' | 'region';

/** How a benchmark is measured: simulated (the default), or timed natively, base and head paired (`cg-bench paired`). */
export type MeasureMode = 'cachegrind' | 'wallclock' | 'cputime' | 'counters';

export interface BenchmarkSpec {
  name: string;
  run: Command;
  /** Working directory (cg-bench.yml's `cwd`, resolved from the file's directory). */
  cwd: AbsolutePath;
  /** Variables from the config (top-level env, then the benchmark's own). */
  env: Record<string, string>;
  thresholdPercent: number;
  /** Whether a second run under DHAT measures its heap (docs/memory.md); simulated benchmarks only. */
  memory: boolean;
  /** The change in a memory figure beyond which it counts as a regression or improvement. */
  memoryThresholdPercent: number;
  timeoutMs: number;
  instrument: InstrumentMode;
  mode: MeasureMode;
  /** Timed benchmarks: the wall time their paired runs may take. */
  budgetMs: number;
}

export interface Config {
  /** The configuration file, its real path. */
  file: AbsolutePath;
  /** Directory of the configuration file: its relative paths start here. */
  root: AbsolutePath;
  setup: Command[];
  /** Time limit of each setup command. */
  setupTimeoutMs: number;
  /** Whether setup commands and benchmarks may use the network (default false). */
  network: boolean;
  /** Whether setup commands may use the network while benchmarks have none (`setup-network: true`; default false). */
  setupNetwork: boolean;
  /** What benchmarks see of the CPUs: `one` (default; pinned, the /sys lists read "0") or `all` (the host's). */
  cpus: 'one' | 'all';
  /**
   * The seals the file writes out itself (`network: false` or `setup-network: true`, `cpus: one`): a measuring run stops when
   * the host cannot make one of them. The defaults are made where the host can, and recorded.
   */
  sealRequired: { noNetwork: boolean; oneCpu: boolean };
  cache: CacheGeometry;
  weights: Weights;
  benchmarks: BenchmarkSpec[];
  /** sha256 over everything that can change a measurement: part of baseline cache keys. */
  hash: string;
}

export const DEFAULT_CACHE: CacheGeometry = {
  I1: '32768,8,64',
  D1: '32768,8,64',
  LL: '8388608,16,64',
};

/** After pythonspeed's cachegrind.py and iai: L1 hit 1, LL hit 5, RAM 35 cycles. */
export const DEFAULT_WEIGHTS: Weights = { l1: 1, ll: 5, ram: 35 };
export const DEFAULT_THRESHOLD_PERCENT = 1;
/** Memory figures are exact counts of bytes and blocks: any change is a change. */
export const DEFAULT_MEMORY_THRESHOLD_PERCENT = 0;
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** How long a timed benchmark's base and head are run alternately, when nobody says. */
export const DEFAULT_BUDGET_MS = 60_000;
export const MAX_BUDGET_MS = 3_600_000;
export const DEFAULT_CONFIG_FILE = 'cg-bench.yml';
