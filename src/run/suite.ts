import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from './slug.ts';
import type { BenchmarkSpec, Config } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { escapeTerminal } from '../report/escape.ts';
import { headline } from '../report/format.ts';
import { collectEnvironment } from '../results/environment.ts';
import { RESULTS_SCHEMA_VERSION, type BenchmarkResult, type Results } from '../results/types.ts';
import { runBenchmark, type RunContext } from './benchmark.ts';
import { pool } from './pool.ts';
import type { Progress } from './progress.ts';
import { refuseHandedPaths } from './handed-paths.ts';
import { appendSetupLog, runSetup } from './setup.ts';
import { namesInShard, type Shard } from '../shard/plan.ts';
import { ONE_CPU_VIEW } from '../untrusted/cpu-view.ts';
import { sandboxProbesStillWork, untrustedSandbox, type Sandbox } from '../untrusted/sandbox.ts';
import { endStrays } from '../untrusted/strays.ts';
import { type HeldDirectory, holdDirectory, holdOwnDirectory, realPathBeforeRuns, writeNewFile } from '../untrusted/write.ts';
import { locateValgrind, supportsRegionInstrumentation, type ValgrindInstall } from './valgrind.ts';
import { absolutePath, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';

export interface SuiteOptions {
  /** Where results.json goes; absolute, because Valgrind writes into it from the benchmark's cwd. */
  outDir: AbsolutePath;
  jobs: number;
  filter?: string | undefined;
  /** Measure only this part of the (filtered) suite, balanced on these durations. */
  shard?: ShardSelection | undefined;
  progress: Progress;
  /** Wall times of an earlier run by benchmark name, shown as "last time" in the progress. */
  previousWallTimesMs?: ReadonlyMap<string, number> | undefined;
  valgrind?: ValgrindInstall;
  /** Keep every function and line (check, bisect: two runs that differ must show where). */
  everyFunction?: boolean;
  /** Also run each benchmark under Callgrind for its call tree (run/call-tree.ts; `cg-bench diff --flame`). */
  callTree?: boolean;
}

/**
 * `*` and `?` are wildcards over the whole name; a pattern without them matches any part of it.
 * Matched by the classic greedy scan with one backtrack point, linear in practice and never
 * exponential (a regular expression of nested `.*` backtracked for over 30 s on a long pattern).
 */
export function nameMatcher(pattern: string): (name: string) => boolean {
  if (!/[*?]/.test(pattern)) return (name) => name.includes(pattern);
  const p = [...pattern];
  return (nameText) => {
    const n = [...nameText];
    let pi = 0;
    let ni = 0;
    let star = -1;
    let mark = 0;
    while (ni < n.length) {
      if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === n[ni]))) {
        pi++;
        ni++;
      } else if (pi < p.length && p[pi] === '*') {
        star = pi++;
        mark = ni;
      } else if (star >= 0) {
        pi = star + 1;
        ni = ++mark;
      } else return false;
    }
    while (pi < p.length && p[pi] === '*') pi++;
    return pi === p.length;
  };
}

/** Fails early, before anything is measured, when results could not be written. */
function ensureWritableDir(dir: AbsolutePath): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    // mkdir says EEXIST (or ENOTDIR beneath) where a file has the name: say that, not "not writable".
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'is a file (or lies beneath one), not a directory' : `is not writable (${code})`;
    throw new CgBenchError(`output directory ${shownPath(dir)} ${why}; pass --out DIR`);
  }
}

export interface ShardSelection {
  shard: Shard;
  /** Last known wall times by benchmark name (from a baseline), to balance the parts. */
  durationsMs: ReadonlyMap<string, number>;
}

function selectBenchmarks(config: Config, filter: string | undefined): { spec: BenchmarkSpec; slug: string }[] {
  // Timed benchmarks (mode: wallclock, cputime or counters) are cg-bench paired's: never mixed with counts.
  const all = config.benchmarks.map((spec, i) => ({ spec, slug: slugify(spec.name, i) })).filter(({ spec }) => spec.mode === 'cachegrind');
  if (!filter) return all;
  const matches = nameMatcher(filter);
  const chosen = all.filter(({ spec }) => matches(spec.name));
  if (!chosen.length) {
    throw new CgBenchError(`no benchmark matches --filter ${JSON.stringify(filter)}; the benchmarks are: ${config.benchmarks.map((b) => b.name).join(', ')}`);
  }
  return chosen;
}

/** The part of the selected benchmarks this shard measures (possibly none), and the whole suite's names. */
function shardOf<T extends { spec: BenchmarkSpec }>(selected: T[], selection: ShardSelection | undefined): { mine: T[]; suite: string[] } {
  const suite = selected.map(({ spec }) => spec.name);
  if (!selection) return { mine: selected, suite };
  const names = new Set(namesInShard(suite, selection.durationsMs, selection.shard));
  return { mine: selected.filter(({ spec }) => names.has(spec.name)), suite };
}

/**
 * setup → every selected benchmark under Cachegrind → results (in configuration order). The sandbox
 * takes the answers of probes that worked on this machine before (untrusted/kept-probes.ts); when
 * the setup or a benchmark then fails and one of those probes no longer works, they are dropped and
 * what failed runs again in a sandbox probed anew (so a stale answer never fails a run or loses a
 * seal): the benchmarks (measureAll), or the setup commands and the benchmarks when the setup failed.
 */
export async function runSuite(config: Config, options: SuiteOptions): Promise<Results> {
  let results: Results;
  try {
    results = await runSuiteOnce(config, options, true);
  } catch (error) {
    // The run stopped (the setup commands failed, or an error while measuring): in a sandbox a stale answer made, all of it runs again.
    if (!(error instanceof CgBenchError) || sandboxProbesStillWork()) throw error;
    options.progress.again(
      `cg-bench: ${STALE_PROBE}, and the run stopped in the sandbox made with it (${escapeTerminal(headline(error.message))}): probed again, setting up and measuring again`,
    );
    results = await runSuiteOnce(config, options, false);
  }
  options.progress.close();
  return results;
}

/** Why a suite, or its benchmarks, run again: said once (Progress.again). */
const STALE_PROBE = 'a sandbox probe kept for this machine no longer works here';

/**
 * Every selected benchmark, `jobs` at a time. With `keptProbes`, the first that fails is checked
 * against them before its line is shown (sandboxProbesStillWork, once): when one no longer works,
 * undefined, and nothing more of this attempt is started or shown (a "FAILED" there was the stale
 * sandbox's, not the benchmark's); the caller measures them all again in a sandbox probed anew.
 */
async function measureAll(
  selected: readonly { spec: BenchmarkSpec; slug: string }[],
  ctx: RunContext,
  options: SuiteOptions,
  keptProbes: boolean,
): Promise<BenchmarkResult[] | undefined> {
  let started = 0;
  let checked = !keptProbes;
  let stale = false;
  const results = await pool([...selected], options.jobs, async ({ spec, slug }, job) => {
    if (stale) return undefined;
    options.progress.start(spec.name, started++, selected.length, options.previousWallTimesMs?.get(spec.name));
    const result = await runBenchmark(spec, slug, ctx, job);
    if (result.status !== 'ok' && !checked && !stale) {
      checked = true;
      stale = !sandboxProbesStillWork();
      if (stale)
        options.progress.again(
          `cg-bench: ${STALE_PROBE} (benchmark "${escapeTerminal(spec.name)}" failed in the sandbox made with it): probed again, measuring the benchmarks again (the setup commands' work stands)`,
        );
    }
    if (!stale) options.progress.finish(result);
    return result;
  });
  return stale ? undefined : results.filter((result) => result !== undefined);
}

async function runSuiteOnce(config: Config, options: SuiteOptions, keptProbes: boolean): Promise<Results> {
  // The types say so; this says so to callers that cast or come from JavaScript.
  absolutePath(options.outDir, 'output directory');
  absolutePath(config.root, 'configuration directory');
  ensureWritableDir(options.outDir);
  // Taken before any setup command or benchmark runs: the logs' real paths are checked against it.
  const realOutDir = realPathBeforeRuns(options.outDir);
  const { mine: selected, suite } = shardOf(selectBenchmarks(config, options.filter), options.shard);
  const valgrind = options.valgrind ?? locateValgrind();
  const region = selected.find(({ spec }) => spec.instrument === 'region');
  if (region && !supportsRegionInstrumentation(valgrind)) {
    throw new CgBenchError(
      `benchmark "${region.spec.name}": instrument: region needs Valgrind 3.22 or newer (found ${valgrind.version} at ${valgrind.bin}); use the cg-bench image or instrument: whole`,
    );
  }
  refuseHandedPaths(selected.map(({ spec }) => spec));
  // From here on the benchmarks' directories are rewritten: a results.json left from an earlier run
  // would point at logs that are gone. Interrupted, the directory then holds no results, never stale ones.
  for (const name of ['results.json', 'report.md', 'comparison.json']) rmSync(resolveFrom(options.outDir, name), { force: true });
  // Setup commands and benchmarks are pull-request code: fenced off from the caller (untrusted.ts).
  let sandbox = sandboxFor(config, true, keptProbes);
  // Held before any code runs: the setup log and the benchmarks' directories are reached through
  // them, whatever the code does to the output directory's path meanwhile (untrusted/write.ts).
  const heldOut = holdDirectory(options.outDir, realOutDir);
  let benchmarksDir: HeldDirectory | undefined;
  let benchmarks: BenchmarkResult[];
  let environment: ReturnType<typeof collectEnvironment>;
  try {
    benchmarksDir = holdOwnDirectory(join(heldOut.path, 'benchmarks'), join(realOutDir, 'benchmarks'));
    const setupLog = resolveFrom(options.outDir, 'setup.log');
    writeNewFile(join(heldOut.path, 'setup.log'), sandbox.notes.map((n) => `# ${n}\n`).join(''), join(realOutDir, 'setup.log'));
    for (const note of sandbox.notes) if (note.startsWith('warning:')) process.stderr.write(`cg-bench: ${note}\n`);
    // A part with no benchmark (more parts than benchmarks) has nothing to set up.
    if (selected.length)
      await runSetup(config.setup, {
        cwd: config.root,
        logFile: setupLog,
        logOpenedAt: join(heldOut.path, 'setup.log'),
        timeoutMs: config.setupTimeoutMs,
        progress: options.progress,
        sandbox,
      }).finally(() => endStrays(sandbox));
    // Probed beside the benchmarks, awaited at the end.
    environment = collectEnvironment(valgrind, config.root, config.cache, config.weights, cpuView(sandbox));
    let ctx: RunContext = {
      valgrind,
      cache: config.cache,
      weights: config.weights,
      root: config.root,
      outDir: options.outDir,
      realOutDir,
      benchmarksDir: benchmarksDir.path,
      sandbox,
      everyFunction: options.everyFunction === true,
      callTree: options.callTree === true,
    };
    let measured = await measureAll(selected, ctx, options, keptProbes);
    if (measured === undefined) {
      // A kept probe no longer works: the benchmarks again, in a sandbox probed anew (setup's passed in the old one).
      endStrays(sandbox);
      environment.catch(() => undefined);
      const before = sandbox.notes;
      sandbox = sandboxFor(config, true, false);
      for (const note of sandbox.notes) if (note.startsWith('warning:') && !before.includes(note)) process.stderr.write(`cg-bench: ${note}\n`);
      appendSetupLog(
        `# ${STALE_PROBE}: the benchmarks were measured again, in a sandbox probed anew:\n${sandbox.notes.map((n) => `# ${n}\n`).join('')}`,
        setupLog,
        join(heldOut.path, 'setup.log'),
      );
      environment = collectEnvironment(valgrind, config.root, config.cache, config.weights, cpuView(sandbox));
      ctx = { ...ctx, sandbox };
      measured = (await measureAll(selected, ctx, options, false))!;
    }
    benchmarks = measured;
  } finally {
    // Without a pid namespace, what the code left running is killed here (untrusted/strays.ts).
    endStrays(sandbox);
    benchmarksDir?.release();
    heldOut.release();
  }
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: 'cg-bench',
    createdAt: new Date().toISOString(),
    configHash: config.hash,
    environment: await environment,
    benchmarks,
    ...(options.shard ? { shard: { index: options.shard.shard.index, count: options.shard.shard.count, benchmarks: suite } } : {}),
  };
}

/**
 * The sandbox a configuration's setup commands and benchmarks run in (untrusted/sandbox.ts). A
 * measuring run stops when a seal the configuration writes out cannot be made (CG_BENCH_SEAL).
 */
export function sandboxFor(
  config: Pick<Config, 'root' | 'network' | 'cpus'> & Partial<Pick<Config, 'sealRequired' | 'setupNetwork'>>,
  measuring = false,
  keptProbes = false,
): Sandbox {
  const required = measuring ? config.sealRequired : undefined;
  return untrustedSandbox({
    keptProbes,
    root: config.root,
    network: config.network,
    setupNetwork: config.setupNetwork ?? false,
    oneCpu: config.cpus === 'one',
    ...(required ? { required } : {}),
  });
}

/** What the measured code sees of the CPUs, for the fingerprint: one CPU, or (undefined) the host's. */
export function cpuView(sandbox: Sandbox): typeof ONE_CPU_VIEW | undefined {
  return sandbox.oneCpu ? ONE_CPU_VIEW : undefined;
}
