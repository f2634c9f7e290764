// The timed benchmarks of a suite (mode: wallclock, cputime or counters), base and head paired on this
// machine: one engine for `cg-bench paired` and for the CI pipeline.
import { commandArgv } from '../config/command.ts';
import { mkdirSync } from 'node:fs';
import type { BenchmarkSpec, Config } from '../config/types.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { escapeTerminal } from '../report/escape.ts';
import { writeFileAtomic } from '../results/io.ts';
import type { TimedFailure, TimedResult } from '../results/types.ts';
import { benchmarkEnvironment } from '../run/environment.ts';
import { refuseHandedPaths } from '../run/handed-paths.ts';
import type { Progress } from '../run/progress.ts';
import { runSetup } from '../run/setup.ts';
import { sandboxedCommand, untrustedSandbox } from '../untrusted/sandbox.ts';
import { endStrays } from '../untrusted/strays.ts';
import { holdDirectory, realPathBeforeRuns } from '../untrusted/write.ts';
import { join } from 'node:path';
import { resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { countersExecutor, countersProblem, cputimeExecutor, wallclockExecutor, type Executor, type TimedCommand } from './executor.ts';
import { runPaired } from './paired.ts';
import { INTERVAL_METHOD, pairedEstimate, timedVerdict } from './stats.ts';

export type CountersFallback = 'fail' | 'wallclock' | 'cputime';
export const COUNTERS_FALLBACKS: readonly CountersFallback[] = ['fail', 'cputime', 'wallclock'];

/** The warm-up pairs thrown away before the timed ones. */
const WARMUPS = 3;
/** Pairs timed whatever the budget: fewer give no interval worth a verdict. */
const MIN_PAIRS = 10;

export interface TimedSuiteOptions {
  head: { config: Config; file: AbsolutePath };
  base: { config: Config; file: AbsolutePath };
  /** Where the setup logs and paired.json go. */
  outDir: AbsolutePath;
  /** Wall time allowed per benchmark, instead of each benchmark's own `budget`. */
  budgetMs?: number | undefined;
  /** Only this benchmark. */
  benchmark?: string | undefined;
  /** Overrides each benchmark's threshold. */
  thresholdPercent?: number | undefined;
  countersFallback: CountersFallback;
  progress: Progress;
  /** A line for people (no newline). */
  log: (line: string) => void;
}

/**
 * What `cg-bench paired` found: the benchmarks timed, and those that failed (the others are timed all
 * the same, as `cg-bench run` measures the others). Those new in the head are said in the log.
 */
export interface PairedOutcome {
  timed: TimedResult[];
  failed: TimedFailure[];
}

/** The benchmarks cg-bench paired times (not cg-bench run's). */
export function timedSpecs(config: Config, benchmark?: string): BenchmarkSpec[] {
  return config.benchmarks.filter((b) => b.mode !== 'cachegrind' && (benchmark === undefined || b.name === benchmark));
}

const argvOf = (spec: BenchmarkSpec) => commandArgv(spec.run);

/** The output directory as held before any code ran (untrusted/write.ts), with its real path then. */
interface HeldOut {
  path: string;
  real: string;
}

async function prepare(config: Config, outDir: AbsolutePath, held: HeldOut, side: string, progress: Progress): Promise<ReturnType<typeof untrustedSandbox>> {
  // The timed benchmarks run under the setup prefix: with setup-network, setup gets a sandbox of its
  // own with the network, and the benchmarks' must have a network namespace (or the run stops).
  const required = config.setupNetwork && !config.network ? { required: { noNetwork: true, oneCpu: false } } : {};
  const sandbox = untrustedSandbox({ root: config.root, network: config.network, ...required });
  const setupSandbox = config.setupNetwork ? untrustedSandbox({ root: config.root, network: config.network, setupNetwork: true }) : sandbox;
  // The other side's setup ran before: the log is made and reopened beneath the held directory.
  const log = resolveFrom(outDir, `setup-${side}.log`);
  const at = join(held.path, `setup-${side}.log`);
  writeFileAtomic(at, '', held.real);
  // Without a pid namespace, what setup left running is killed before the other side's sandbox is
  // made (it would find the uid busy) and before anything is timed (untrusted/strays.ts).
  await runSetup(config.setup, { cwd: config.root, logFile: log, logOpenedAt: at, timeoutMs: config.setupTimeoutMs, progress, sandbox: setupSandbox })
    // Which side's build failed: the two run the same commands.
    .catch((error: unknown) => {
      throw error instanceof CgBenchError ? new CgBenchError(`the ${side} checkout's setup: ${error.message}`, error.exitCode) : error;
    })
    .finally(() => {
      endStrays(setupSandbox);
      endStrays(sandbox);
    });
  return sandbox;
}

function executorFor(spec: BenchmarkSpec, fallback: CountersFallback, log: (line: string) => void): Executor {
  if (spec.mode === 'cputime') return cputimeExecutor();
  if (spec.mode !== 'counters') return wallclockExecutor();
  const problem = countersProblem();
  if (!problem || fallback === 'fail') return countersExecutor();
  log(
    `cg-bench: ${escapeTerminal(spec.name)}: no hardware counters (${problem}); timed by ${fallback === 'cputime' ? 'its CPU time' : 'the wall clock'} instead (--counters-fallback ${fallback})`,
  );
  return fallback === 'cputime' ? cputimeExecutor() : wallclockExecutor();
}

/**
 * Sets up both checkouts, then times each timed benchmark of the head against the base's benchmark of
 * the same name, alternately, and judges the paired differences. Writes outDir/paired.json (every raw
 * sample) and returns the results.
 */
export async function timeSuite(options: TimedSuiteOptions): Promise<PairedOutcome> {
  const { head, base, outDir } = options;
  const timed = timedSpecs(head.config, options.benchmark);
  if (!timed.length) {
    throw new CgBenchError(
      `${shownPath(head.file)}: no benchmark with mode: wallclock, cputime or counters${options.benchmark === undefined ? '' : ` named "${options.benchmark}"`}; the timed benchmarks are measured by cg-bench paired, the others by cg-bench run`,
    );
  }
  // As cg-bench run does: a path the view would not bind back is refused before any setup runs.
  refuseHandedPaths([...timed, ...timedSpecs(base.config, options.benchmark)]);
  // New in the head: nothing to pair with, as `cg-bench run` calls a benchmark the baseline lacks new.
  const isNew = (t: BenchmarkSpec) => !base.config.benchmarks.some((b) => b.name === t.name);
  // None to pair (the one --benchmark names among them): a usage error, before any setup runs.
  if (timed.every(isNew))
    throw new CgBenchError(`${shownPath(base.file)}: has no benchmark ${timed.map((t) => JSON.stringify(t.name)).join(', ')}: nothing to pair with`);
  for (const t of timed.filter(isNew))
    options.log(`${escapeTerminal(t.name)}: new (${shownPath(base.file)} has no benchmark of that name): nothing to pair it with, not timed`);

  mkdirSync(outDir, { recursive: true });
  const real = realPathBeforeRuns(outDir);
  const out = holdDirectory(outDir, real);
  try {
    return await timeHeld(
      options,
      timed.filter((t) => !isNew(t)),
      { path: out.path, real },
    );
  } finally {
    out.release();
  }
}

async function timeHeld(options: TimedSuiteOptions, timed: BenchmarkSpec[], held: HeldOut): Promise<PairedOutcome> {
  const { base, outDir } = options;
  const baseSandbox = await prepare(base.config, outDir, held, 'base', options.progress);
  const sandboxes = { base: baseSandbox, head: baseSandbox };
  try {
    sandboxes.head = await prepare(options.head.config, outDir, held, 'head', options.progress);
    return await timeBenchmarks(options, timed, held, sandboxes);
  } finally {
    // Without a pid namespace, what a timed run left running (setsid and a double fork) does not
    // outlive cg-bench paired, as it does not outlive cg-bench run (run/suite.ts).
    endStrays(sandboxes.base);
    endStrays(sandboxes.head);
  }
}

type TimedSandbox = ReturnType<typeof untrustedSandbox>;

async function timeBenchmarks(
  options: TimedSuiteOptions,
  timed: BenchmarkSpec[],
  held: HeldOut,
  sandboxes: { base: TimedSandbox; head: TimedSandbox },
): Promise<PairedOutcome> {
  const { head, base } = options;
  const command = (spec: BenchmarkSpec, sandbox: TimedSandbox, side: 'base' | 'head'): TimedCommand => ({
    command: sandboxedCommand(sandbox, argvOf(spec), benchmarkEnvironment(spec.cwd, spec.env, '/tmp'), false, 0, [], spec.cwd),
    cwd: spec.cwd,
    name: `benchmark "${escapeTerminal(spec.name)}" (${side}, ${shownPath(side === 'base' ? base.file : head.file)})`,
    timeoutMs: spec.timeoutMs,
  });

  const results: TimedResult[] = [];
  const failed: TimedFailure[] = [];
  for (const spec of timed) {
    const baseSpec = base.config.benchmarks.find((b) => b.name === spec.name)!;
    const executor = executorFor(spec, options.countersFallback, options.log);
    const budgetMs = options.budgetMs ?? spec.budgetMs;
    options.log(
      `${escapeTerminal(spec.name)}: ${executor.name}, paired runs for up to ${Math.round(budgetMs / 1000)} s, and at least ${MIN_PAIRS} pairs (${executor.controls.join(', ')})`,
    );
    let samples: Awaited<ReturnType<typeof runPaired>>;
    try {
      samples = await runPaired(executor, command(baseSpec, sandboxes.base, 'base'), command(spec, sandboxes.head, 'head'), {
        budgetMs,
        warmups: WARMUPS,
        minPairs: MIN_PAIRS,
        maxPairs: 2000,
        onPair: (n) => {
          // Between pairs, untimed: a daemon a run left would weigh on the next runs (no pid namespace).
          endStrays(sandboxes.base);
          endStrays(sandboxes.head);
          if (n % 20 === 0) options.log(`  ${n} pairs`);
        },
      });
    } catch (error) {
      // The benchmark's own failure: the others are timed all the same. Anything else (an interrupt) stops.
      if (!(error instanceof CgBenchError) || error.exitCode !== ExitCode.benchmarkFailed) throw error;
      endStrays(sandboxes.base);
      endStrays(sandboxes.head);
      failed.push({ name: spec.name, message: error.message });
      options.log(`✗ ${escapeTerminal(spec.name)}: ${error.message}`);
      continue;
    }
    const thresholdPercent = options.thresholdPercent ?? spec.thresholdPercent;
    const estimate = pairedEstimate(
      samples.base.map((s) => s.value),
      samples.head.map((s) => s.value),
      0.95,
      INTERVAL_METHOD,
    );
    const result: TimedResult = {
      name: spec.name,
      mode: executor.name,
      unit: executor.unit,
      controls: executor.controls,
      thresholdPercent,
      budgetMs,
      warmups: WARMUPS,
      verdict: timedVerdict(estimate, thresholdPercent),
      estimate,
      base: samples.base.map((s) => s.value),
      head: samples.head.map((s) => s.value),
      order: samples.order,
    };
    const extraNames = [...new Set(samples.base.flatMap((s) => Object.keys(s.extra ?? {})))];
    if (extraNames.length) {
      result.extra = Object.fromEntries(
        extraNames.map((n) => [n, { base: samples.base.map((s) => s.extra?.[n] ?? 0), head: samples.head.map((s) => s.extra?.[n] ?? 0) }]),
      );
    }
    results.push(result);
  }
  writeFileAtomic(
    join(held.path, PAIRED_FILE),
    `${JSON.stringify({ tool: 'cg-bench', kind: 'paired', createdAt: new Date().toISOString(), timed: results, failed }, null, 2)}\n`,
    held.real,
  );
  return { timed: results, failed };
}

/** The raw samples of one `cg-bench paired`, in its output directory. */
export const PAIRED_FILE = 'paired.json';
