import { commandArgv } from '../config/command.ts';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { statusHint } from './status-hint.ts';
import { join, relative } from 'node:path';
import type { BenchmarkSpec, CacheGeometry, Weights } from '../config/types.ts';
import { errorMessage } from '../errors.ts';
import { LOG_TAIL_BYTES, lastLines, logTail, readTail } from '../untrusted/read.ts';
import { gzipAndRemove } from './gzip.ts';
import { measureCallTree } from './call-tree.ts';
import { measureMemory } from './memory.ts';
import { aggregateProfiles, type ProcessProfile } from '../metric/aggregate.ts';
import { attachLineText } from './line-text.ts';
import { boundedParser } from '../parse/cachegrind.ts';
import type { BenchmarkResult } from '../results/types.ts';
import { attributionWanted, countingBytecode } from '../python/attribution.ts';
import { benchmarkEnvironment, runsPython } from './environment.ts';
import { resetsAsRun, sealOf } from './seal.ts';
import { executablesOf } from './executables.ts';
import { launchFailure } from './launch-failure.ts';
import { withPrivateHome } from './private-home.ts';
import { endLeftovers } from './leftovers.ts';
import { runProcess } from '../untrusted/process.ts';
import { collectProfiles, isPlainFile, profileDirectory, uncollectedProblem } from '../untrusted/collect-profiles.ts';
import { BENCHMARK_PID_IN_NAMESPACE } from '../untrusted/pid-namespace.ts';
import { sandboxedCommand, type Sandbox } from '../untrusted/sandbox.ts';
import { processFiles, processMarker, terminatingSignal, unfinishedProcesses } from './valgrind-files.ts';
import { cachegrindArgs, type ValgrindInstall } from './valgrind.ts';

export interface RunContext {
  valgrind: ValgrindInstall;
  cache: CacheGeometry;
  weights: Weights;
  /** Configuration root: cwd in results is relative to it. */
  root: string;
  /** Directory of results.json: every file in the results is relative to it. */
  outDir: string;
  /** outDir's real path, taken before any of the code ran: the logs written beneath it must be there. */
  realOutDir: string;
  /**
   * outDir/benchmarks held open (untrusted/write.ts): every benchmark's directory is made and used
   * beneath it, never through outDir's path, which the code it runs may swap for a link meanwhile.
   */
  benchmarksDir: string;
  /** Who runs the benchmark and how it is fenced (untrusted.ts). */
  sandbox: Sandbox;
  /** Keep every function and line in the results (check, bisect), not only the costliest. */
  everyFunction?: boolean;
  /** Run each benchmark a third time, under Callgrind, for its call tree (`--call-tree`). */
  callTree?: boolean;
}

/** Runs one benchmark under Cachegrind; never throws for the benchmark's own failures. */
export async function runBenchmark(spec: BenchmarkSpec, slug: string, ctx: RunContext, job = 0): Promise<BenchmarkResult> {
  const dir = join(ctx.benchmarksDir, slug);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  // A private, empty HOME (and TMPDIR in it): nothing an earlier benchmark wrote there reaches this one.
  return withPrivateHome(spec.name, ctx.sandbox, (home) => measureIn(home, spec, slug, ctx, job));
}

async function measureIn(home: string, spec: BenchmarkSpec, slug: string, ctx: RunContext, job: number): Promise<BenchmarkResult> {
  // Used beneath the held benchmarks directory; results name files relative to outDir.
  const dir = join(ctx.benchmarksDir, slug);
  const rel = (p: string) => join('benchmarks', slug, relative(dir, p));
  // The code can reach the output directory: each log is a new file at its expected real path (untrusted/write.ts).
  const log = (name: string) => ({ file: join(dir, name), real: join(ctx.realOutDir, 'benchmarks', slug, name) });
  const stdout = join(dir, 'stdout.log');
  const stderr = join(dir, 'stderr.log');
  // Python compiles every module it imports unless bytecode is there: an unmeasured warm-up run
  // writes it to the run's private cache, so an edit to a comment does not move the count.
  const python = runsPython(spec.run);
  const env = benchmarkEnvironment(spec.cwd, spec.env, home, python ? join(home, 'pycache') : undefined, spec.instrument);
  const base: BenchmarkResult = {
    name: spec.name,
    command: spec.run,
    cwd: relative(ctx.root, spec.cwd) || '.',
    instrument: spec.instrument,
    thresholdPercent: spec.thresholdPercent,
    status: 'failed',
    exitCode: null,
    signal: null,
    wallTimeMs: 0,
    estimatedCycles: null,
    events: null,
    hits: null,
    processes: [],
    functions: [],
    logs: { stdout: rel(stdout), stderr: rel(stderr) },
    seal: sealOf(ctx.sandbox, python, spec.instrument, spec.cwd, env),
  };

  const argv = commandArgv(spec.run);

  // cg-bench's own for this run, bound back into its private /tmp: its HOME (TMPDIR and the bytecode
  // cache are inside) and its Valgrind, which CG_BENCH_VALGRIND may name by a link in /tmp (a handed
  // path through a link is not bound, and the run found no Valgrind: exit 127).
  const own = [home, ctx.valgrind.bin];
  // The benchmark run natively with `codeEnv` (the attribution pass's adds its counter): an
  // environment reaches the code only through the command sandboxedCommand builds with it.
  const nativeWith = (codeEnv: Record<string, string>, handed: readonly string[] = []) => ({
    command: sandboxedCommand(ctx.sandbox, argv, codeEnv, true, job, [...handed, ...own], spec.cwd),
    cwd: spec.cwd,
    timeoutMs: spec.timeoutMs,
  });
  if (python) {
    await runProcess({ ...nativeWith(env), stdout: log('warm-up.stdout.log'), stderr: log('warm-up.stderr.log') });
  }
  const profiles = profileDirectory(ctx.sandbox, dir);
  const outcome = await runProcess({
    command: sandboxedCommand(
      ctx.sandbox,
      [ctx.valgrind.bin, ...cachegrindArgs({ cache: ctx.cache, instrument: spec.instrument, outDir: profiles }), ...argv],
      env,
      true,
      job,
      // Valgrind writes there: bound back into the run's private /tmp.
      [profiles, ...own],
      spec.cwd,
    ),
    cwd: spec.cwd,
    stdout: log('stdout.log'),
    stderr: log('stderr.log'),
    timeoutMs: spec.timeoutMs,
  });
  // Whatever the benchmark left running ends now (in a pid namespace it already has).
  const killed = await endLeftovers({ isolatedPids: ctx.sandbox.isolatedPids, timedOut: outcome.timedOut }, processMarker(profiles));
  const uncollected = collectProfiles(profiles, dir);
  const unfinished = unfinishedProcesses(dir);
  // In a pid namespace the benchmark's status comes through its init shell, which reports a death
  // by signal N as 128 + N, like an exit with that status: Valgrind's log of the process tells which.
  const signal = outcome.signal ?? (ctx.sandbox.isolatedPids && (outcome.exitCode ?? 0) > 128 ? terminatingSignal(dir, BENCHMARK_PID_IN_NAMESPACE) : null);
  const result: BenchmarkResult = {
    ...base,
    seal: resetsAsRun(base.seal!, stderr),
    exitCode: signal ? null : outcome.exitCode,
    signal,
    wallTimeMs: Math.round(outcome.wallTimeMs),
  };
  if (outcome.spawnError) return { ...result, message: `cannot start ${ctx.valgrind.bin}: ${outcome.spawnError}` };
  if (outcome.timedOut) {
    return { ...result, status: 'timeout', message: `timed out after ${spec.timeoutMs / 1000}s (set "timeout" on the benchmark to allow longer)` };
  }

  const parsed: ProcessProfile[] = [];
  let parseProblem: string | undefined;
  for (const { pid, profile: name } of processFiles(dir)) {
    if (!name) continue;
    const file = join(dir, name);
    // Written by the benchmark: a link it planted would make cg-bench read (and report) another file.
    if (!isPlainFile(file)) {
      parseProblem ??= `${name} is not a plain file`;
      rmSync(file, { force: true });
      continue;
    }
    // Parsed as it is compressed: one read of the file.
    const parser = boundedParser(file);
    const refused = await gzipAndRemove(file, (chunk) => parser.push(chunk));
    try {
      if (refused) throw refused.problem;
      parsed.push({ pid, file: rel(`${file}.gz`), profile: parser.finish() });
    } catch (error) {
      parseProblem ??= errorMessage(error);
    }
  }

  const failed = result.exitCode !== 0;
  // Before the unfinished processes: a profile left uncollected makes its process look unfinished.
  if (!failed && uncollected.length) return { ...result, message: `benchmark ${spec.name}: ${uncollectedProblem(uncollected)}` };
  if (!failed && unfinished.length) {
    const names = unfinished.map((p) => `  ${p.command} (pid ${p.pid})`).join('\n');
    return {
      ...result,
      message: `left ${unfinished.length} process(es) running when it ended (${killed ? 'cg-bench killed them' : 'they were killed'}); their work is not counted. A benchmark must wait for every process it starts:\n${names}`,
    };
  }
  if (failed || parseProblem || parsed.length === 0) {
    // Read once: Valgrind's line when it could not start the program, else the lines shown.
    const stderrEnd = readTail(stderr, LOG_TAIL_BYTES) ?? '';
    // Valgrind could not start the program: said in cg-bench's words, as the run itself found it.
    const launch = failed && !result.signal ? launchFailure(argv[0]!, result.exitCode, stderrEnd, spec.cwd, env['PATH']) : undefined;
    if (launch) return { ...result, message: launch };
    const valgrindLog = readdirSync(dir)
      .filter((n) => n.startsWith('valgrind.') && isPlainFile(join(dir, n)))
      .sort()[0];
    const why = result.signal
      ? `killed by ${result.signal}`
      : failed
        ? `exited with status ${result.exitCode}${statusHint(result.exitCode)}`
        : (parseProblem ?? 'Cachegrind wrote no output');
    // With nothing on stderr, Valgrind's own log often says why (and is labelled as what it is).
    const stderrTail = lastLines(stderrEnd);
    const logTailText = stderrTail || !valgrindLog ? '' : logTail(join(dir, valgrindLog));
    const details = stderrTail ? `last lines of stderr:\n${stderrTail}` : logTailText ? `last lines of Valgrind's log:\n${logTailText}` : '';
    return { ...result, message: details ? `${why}; ${details}` : why };
  }
  // A second run under DHAT, right after the measured one (so that it cannot change the count, and
  // finds its HOME as the measured run left it, before the bytecode pass writes there).
  const heap = spec.memory
    ? await measureMemory({
        valgrind: ctx.valgrind,
        sandbox: ctx.sandbox,
        argv,
        cwd: spec.cwd,
        env,
        own,
        timeoutMs: spec.timeoutMs,
        dir,
        shownDir: join('benchmarks', slug),
        job,
        thresholdPercent: spec.memoryThresholdPercent,
      })
    : undefined;
  if (heap && 'problem' in heap) return { ...result, message: heap.problem };
  // Like the memory run: after the measured one, so that it cannot change the count.
  if (ctx.callTree) {
    const tree = await measureCallTree({
      valgrind: ctx.valgrind,
      sandbox: ctx.sandbox,
      cache: ctx.cache,
      weights: ctx.weights,
      benchmark: spec.name,
      argv,
      cwd: spec.cwd,
      env,
      own,
      timeoutMs: spec.timeoutMs,
      dir,
      job,
    });
    if ('problem' in tree) return { ...result, message: tree.problem };
  }
  // After the measured run, so that it cannot change the count: bytecode per Python function (python/attribution.ts).
  const pythonAttribution =
    python && attributionWanted()
      ? await countingBytecode({
          cwd: spec.cwd,
          env,
          scope: spec.instrument,
          sandbox: ctx.sandbox,
          run: (counting, countingDir) =>
            runProcess({ ...nativeWith(counting, [countingDir]), stdout: log('bytecode.stdout.log'), stderr: log('bytecode.stderr.log') }),
        })
      : undefined;
  const cost = aggregateProfiles(parsed, ctx.weights, ctx.everyFunction);
  attachLineText(cost.functions, spec.cwd, ctx.root, ctx.sandbox.user);
  return {
    ...result,
    status: 'ok',
    ...cost,
    executables: executablesOf(dir, ctx.root, ctx.sandbox.user),
    ...(heap ? { memory: heap.memory } : {}),
    ...(pythonAttribution ? { python: pythonAttribution } : {}),
  };
}
