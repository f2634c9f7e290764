import type { CacheGeometry, Command, InstrumentMode, Weights } from '../config/types.ts';
import type { EventCounts, Hits } from '../metric/events.ts';
import type { HeapFigures } from '../parse/dhat.ts';
import type { PythonAttribution } from '../python/types.ts';

export const RESULTS_SCHEMA_VERSION = 1;

export interface ProcessResult {
  pid: number;
  cmd: string;
  estimatedCycles: number;
  events: EventCounts;
  /** The compressed cachegrind.out file, relative to results.json. */
  file: string;
}

/** A function's cost summed over every process of the benchmark. */
export interface FunctionResult {
  fn: string;
  file: string;
  estimatedCycles: number;
  Ir: number;
  /**
   * Its costliest source lines (at most LINES_PER_FUNCTION, for the costliest LINE_FUNCTIONS
   * functions), most expensive first; absent in older results.
   */
  lines?: LineResult[];
}

/** One source line of a function, summed over every process. */
export interface LineResult {
  /**
   * The file of the line (an inlined function's own file when it differs from the function's).
   * results.json leaves it out where it is the function's file; reading puts it back.
   */
  file: string;
  line: number;
  estimatedCycles: number;
  Ir: number;
  /** The line's text, when the file was readable where it was measured (trimmed, cut to 200 characters). */
  text?: string;
}

export interface ExecutableResult {
  path: string;
  sha256: string;
  main: boolean;
}

/**
 * A benchmark's heap, measured exactly by a second run of it under DHAT (`memory: true`;
 * docs/memory.md): every figure summed over its processes.
 */
export interface MemoryResult extends HeapFigures {
  thresholdPercent: number;
  /** The compressed dhat.out files, relative to results.json (Valgrind's dh_view.html opens them). */
  files: string[];
  /** How long the DHAT run took (for the cost; not compared). */
  wallTimeMs: number;
}

type BenchmarkStatus = 'ok' | 'failed' | 'timeout';

/**
 * What a benchmark's measured run was sealed by (untrusted/sandbox.ts): each of these reaches the
 * count, so two results measured under different seals are not comparable. Absent in older results.
 */
export interface Seal {
  /** A pid namespace of its own (its pids start at 1), or the machine's pids. */
  pids: 'own' | 'host';
  /**
   * The uid and gid it runs as and sees on every file: the overflow ids in a user namespace
   * (anonymous), the caller's mapped into one (caller), or no user namespace at all (host).
   */
  ids: 'anonymous' | 'caller' | 'host';
  /** No network (a network namespace of its own), or the host's. */
  network: 'none' | 'host';
  /** One CPU (its affinity and the /sys CPU lists), or the host's. */
  cpus: 'one' | 'host';
  /** getrandom, getentropy, arc4random and the random devices: a fixed stream, or the OS's. */
  entropy: 'fixed' | 'os';
  /**
   * /tmp, /var/tmp and /dev/shm: each run's own, empty (private), or those every run on the machine
   * shares (what another run left there can reach the count). Absent in results made before it was recorded.
   */
  tmp?: 'private' | 'shared';
  /**
   * /proc: a procfs of its own pid namespace (own: it lists the run's processes only, its pids as
   * the namespace numbers them), or the one cg-bench sees (host: the machine's or the container's
   * processes, where a container engine masks parts of /proc and the kernel refuses a new one).
   * Absent in results made before it was recorded.
   */
  proc?: 'own' | 'host';
  /**
   * SysV IPC (shared memory, message queues, semaphores): a namespace of the run's own, empty and
   * gone with it, or the machine's (what another run left there is seen). Absent in older results.
   */
  ipc?: 'own' | 'host';
  /**
   * The host name the code sees (uname, gethostname): fixed ("cg-bench": set in a UTS namespace of
   * its own, or the machine's already, as `docker run --hostname cg-bench` names the image's), or the
   * machine's, whose length and text reach a count. Absent in older results.
   */
  hostname?: 'fixed' | 'host';
  /**
   * Python region runs only: the interpreter forgets what it learned before each region
   * (python/cg_bench, set by CG_BENCH_INSTRUMENT=region). Absent for other benchmarks.
   */
  pythonResets?: boolean;
  /**
   * Python benchmarks only: the device numbers (st_dev) of the root filesystem and of the working
   * directory's, as "/ 40, cwd 2049". Python makes every st_dev it reads an int object, one of its
   * cached small ints up to 256: a container's root is an overlay the kernel numbers from those free
   * (40 alone, 100 with five other containers running), and which small int it is moves the count's
   * cache misses. Absent for other benchmarks.
   */
  devices?: string;
  /**
   * now: the measured run's environment set LD_BIND_NOW (cg-bench does for instrument: region), so
   * every shared-library symbol was bound at start; absent: bound lazily, at each function's first
   * call, which runs the dynamic linker inside a region unless code before it made that call.
   */
  symbols?: 'now';
}

export interface BenchmarkResult {
  name: string;
  command: Command;
  /** Working directory relative to the configuration file's directory. */
  cwd: string;
  instrument: InstrumentMode;
  thresholdPercent: number;
  status: BenchmarkStatus;
  exitCode: number | null;
  signal: string | null;
  /** Why it failed, for people. */
  message?: string;
  wallTimeMs: number;
  estimatedCycles: number | null;
  events: EventCounts | null;
  hits: Hits | null;
  processes: ProcessResult[];
  /**
   * Functions costing at least FUNCTION_SHARE of the total, most expensive first: enough for the
   * "what changed" list of a comparison without the raw files.
   */
  functions: FunctionResult[];
  /** Every function and line was kept (`cg-bench check`, `bisect`), not only the costliest. */
  allFunctions?: true;
  /**
   * Files the processes ran from outside the workspace, with their content hash: `main` for each
   * process's program (the interpreter of a script), else a shared library. Absent in older results.
   */
  executables?: ExecutableResult[];
  /** The seal its measured run ran under; absent in older results. */
  seal?: Seal;
  /** Its heap, when the benchmark asked for it (`memory: true`). */
  memory?: MemoryResult;
  /** Python benchmarks: bytecodes per Python function, from the unmeasured pass (python/types.ts). */
  python?: PythonAttribution;
  logs: { stdout: string; stderr: string };
}

/** What the simulated machine and the userland were: results are comparable only when these agree. */
export interface Environment {
  cgBench: string;
  /** How cg-bench ran what it measured (MEASUREMENT_METHOD); absent in results made before 2. */
  method?: number;
  valgrind: string;
  glibc: string | null;
  os: string | null;
  arch: string;
  python: string | null;
  /** The CPU a program sees under Valgrind (CPUID as Valgrind synthesises it). */
  cpu: {
    hwcaps: string | null;
    vendor: string | null;
    brand: string | null;
    features: string[];
  };
  /**
   * The configuration's directory. The path reaches the benchmark (PWD, argv, getcwd) and so the
   * count: results are comparable only when measured at the same path (/work in the image).
   */
  workspace: string;
  cache: CacheGeometry;
  weights: Weights;
  image: { ref: string | null; digest: string | null };
  /** The host beyond the synthetic CPU (host-probe.ts); absent in older results. */
  host?: {
    dispatch: string | null;
    platform: string | null;
    hwcapsActive: string | null;
    auxvTypes: string | null;
    cpusOnline: string | null;
    cpusPossible: string | null;
    affinity: number;
    /** sha256 (16 hex) of what the loader reads before main (/etc/ld.so.cache, /etc/ld.so.preload: loader-files.ts); absent in older results. */
    loaderFiles?: string;
  };
}

/**
 * A benchmark timed natively by `cg-bench paired` (mode: wallclock, cputime or counters): base and head run
 * paired on one machine. Kept apart from `benchmarks` (simulated counts): never mixed with them.
 */
export interface TimedResult {
  name: string;
  mode: 'wallclock' | 'cputime' | 'counters';
  /** The unit of the compared samples: ms (wall time) or cycles (user-space, hardware counter). */
  unit: 'ms' | 'cycles';
  /** The noise controls applied (pinning, ASLR, how runs were timed), for people. */
  controls: string[];
  thresholdPercent: number;
  budgetMs: number;
  warmups: number;
  /** inconclusive: the interval reaches beyond the threshold without lying wholly beyond it (too noisy to tell). */
  verdict: 'regression' | 'improvement' | 'no significant change' | 'inconclusive';
  /** head ÷ base − 1 from the pairs' log ratios, its interval, and how it was made. */
  estimate: { relative: number; low: number; high: number; confidence: number; pairs: number; dropped: number; method: string };
  /** Every compared sample in the order measured (warm-ups excluded): the raw data of the verdict. */
  base: number[];
  head: number[];
  order: ('base' | 'head')[];
  /** Other readings of the same runs (user+system CPU ms, user-space instructions), per side. */
  extra?: Record<string, { base: number[]; head: number[] }>;
}

/** A timed benchmark that could not be timed (it failed or timed out in a timed run), and why. */
export interface TimedFailure {
  name: string;
  message: string;
}

export interface Results {
  schemaVersion: typeof RESULTS_SCHEMA_VERSION;
  tool: 'cg-bench';
  createdAt: string;
  configHash: string;
  environment: Environment;
  benchmarks: BenchmarkResult[];
  /**
   * Set when this run measured one part of the suite (`--shard I/N`): which part, and every
   * benchmark of the suite in configuration order, so that `cg-bench merge` can check the parts
   * cover it exactly once and put them back in order. Absent in a whole run.
   */
  shard?: { index: number; count: number; benchmarks: string[] };
  /** Benchmarks timed by `cg-bench paired --results` (mode: wallclock or counters); absent otherwise. */
  timed?: TimedResult[];
  /** Timed benchmarks that failed or timed out while timed, and why: the report names them and the job fails. Absent when none did. */
  timedFailed?: TimedFailure[];
}
