import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/load.ts';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../config/types.ts';
import { measure } from '../engine/measure.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { collectEnvironment } from '../results/environment.ts';
import { parseTimed, readResults, writeResults } from '../results/io.ts';
import type { Shard } from '../shard/plan.ts';
import type { Environment, Results, TimedFailure, TimedResult } from '../results/types.ts';
import { PAIRED_FILE, timeSuite } from '../stopwatch/suite.ts';
import { MiB, readTextBounded } from '../untrusted/read.ts';
import { ownTmpdir } from '../untrusted/environment.ts';
import { lineProgress } from '../run/progress.ts';
import { giveTree } from '../untrusted/given-directories.ts';
import { lockRepository } from '../untrusted/lock-checkout.ts';
import { emptyOwnPlace, removeSpecialFiles, removeTrees } from '../untrusted/remove.ts';
import { NO_SANDBOX, SEAL_VARIABLE, untrustedUser } from '../untrusted/sandbox.ts';
import { locateValgrind } from '../run/valgrind.ts';
import { gitDirectories } from '../vcs/git.ts';
import { cpuView, sandboxFor } from '../run/suite.ts';
import { absolutePath } from '../util/paths.ts';
import { imageRunArgs, runEngine, type ContainerEngine, type Mount } from './client.ts';

/** The path every measurement is made at: the path reaches the program, so it must never vary. */
const WORKSPACE = '/work';
const OUT = '/cg-bench-out';
const DURATIONS_FILE = 'durations.json';

export interface Measurement {
  /** The CLI's exit code (0, 1, 2 or 3). */
  code: number;
  results: Results | undefined;
  /** Without results (exit 2, or 3 when a setup command failed): what was wrong, for people. */
  error: string | undefined;
}

/** Measures a checkout of the project, as the CLI in the pinned image would. */
export interface Measurer {
  /** Identifies the image (content digest) for cache keys and results. */
  readonly imageIdentity: string;
  environment(): Promise<Environment>;
  measure(checkout: string, config: string, outDir: string, options?: MeasureSelection): Promise<Measurement>;
  /**
   * Times the timed benchmarks (mode: wallclock, cputime or counters) of the head checkout against the
   * base checkout's, paired on this machine (cg-bench paired), writing paired.json into outDir.
   */
  timePaired(headCheckout: string, baseCheckout: string, config: string, outDir: string): Promise<TimedMeasurement>;
}

/** The timed benchmarks' results (and those that failed, the others timed all the same), or why there are none. */
export type TimedMeasurement = { timed: TimedResult[]; failed: TimedFailure[]; error?: undefined } | { timed?: undefined; error: string };

/** Where the base checkout is, next to the workspace, when both are timed in one container. */
const BASE_WORKSPACE = '/work-base';

/** In CI a runner without hardware counters times CPU time instead, and says so. */
const CI_COUNTERS_FALLBACK = 'cputime';

/** The failures paired.json names (the container could write it): names and messages, bounded; none when absent. */
function parseFailures(value: unknown, file: string): TimedFailure[] {
  if (value === undefined) return [];
  const valid = (f: unknown): f is TimedFailure =>
    typeof f === 'object' &&
    f !== null &&
    typeof (f as TimedFailure).name === 'string' &&
    typeof (f as TimedFailure).message === 'string' &&
    // As results.json's schema bounds a benchmark's name (the failures join the head's results).
    (f as TimedFailure).name.length >= 1 &&
    (f as TimedFailure).name.length <= 100 &&
    (f as TimedFailure).message.length <= 16 * 1024;
  if (!Array.isArray(value) || value.length > 10_000 || !value.every(valid))
    throw new CgBenchError(`${file}: "failed" is not a list of benchmark names and messages`);
  return value.map(({ name, message }) => ({ name, message }));
}

/** paired.json, read back from a directory the benchmark's container could write: checked like results. */
function readPaired(outDir: string): TimedMeasurement {
  const file = join(outDir, PAIRED_FILE);
  if (!existsSync(file)) return { error: 'cg-bench paired wrote no results' };
  try {
    const data = JSON.parse(readTextBounded(file, 64 * MiB, 'paired results')) as { timed?: unknown; failed?: unknown };
    return { timed: parseTimed(data.timed, file), failed: parseFailures(data.failed, file) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** Which benchmarks to measure: all, those `--filter` selects, or one part of them (`--shard`). */
export interface MeasureSelection {
  filter?: string;
  shard?: Shard;
  /** Results whose wall times balance the parts (`--durations`). */
  durations?: Results | undefined;
  /** Also keep each benchmark's call tree (`--call-tree`), for the flame graphs (ci/flame.ts). */
  callTree?: boolean;
}

export function durationsOf(results: Results | undefined): Map<string, number> {
  return new Map(results?.benchmarks.map((b) => [b.name, b.wallTimeMs] as const) ?? []);
}

function lastLines(text: string, n = 15): string {
  return text.trim().split('\n').slice(-n).join('\n');
}

function readIfPresent(path: string): Results | undefined {
  return existsSync(path) ? readResults(path) : undefined;
}

/**
 * Whether the configuration asks for network access (`network: true`, or `setup-network: true`: then
 * the container has the network and the sandbox in it keeps the benchmarks from it); when unreadable, no.
 */
function asksForNetwork(configFile: string): boolean {
  try {
    const config = loadConfig(configFile);
    return config.network || config.setupNetwork;
  } catch {
    return false;
  }
}

let emptyDirectory: string | undefined;

/**
 * The checkout's .git, hidden from the container: a benchmark that could write there would have git
 * on the host run its hooks and read its config, objects and refs; reading it would give away the
 * token actions/checkout keeps in .git/config. An empty directory, also where there is none (the
 * base's copy, ci/base-checkout.ts): the head and the base show a benchmark the same /work/.git.
 */
function hideGit(checkout: string): Mount[] {
  const git = join(checkout, '.git');
  let directory: boolean;
  try {
    directory = lstatSync(git).isDirectory();
  } catch {
    directory = true;
  }
  if (directory && !emptyDirectory) {
    const made = mkdtempSync(join(ownTmpdir(), 'cg-bench-no-git-'));
    chmodSync(made, 0o555);
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    emptyDirectory = made;
  }
  return [{ host: directory ? emptyDirectory! : '/dev/null', container: `${WORKSPACE}/.git`, readOnly: true }];
}

/**
 * What the container gets of the caller's environment: the image digest, and the operator's
 * CG_BENCH_SEAL (best-effort where the engine refuses the namespaces the seal needs, as Docker's
 * default seccomp profile does). Nothing else: the container runs pull-request code.
 */
export function containerEnvironment(imageId: string | undefined, caller: NodeJS.ProcessEnv): Record<string, string> {
  const seal = caller[SEAL_VARIABLE];
  return { ...(imageId ? { CG_BENCH_IMAGE_DIGEST: imageId } : {}), ...(seal ? { [SEAL_VARIABLE]: seal } : {}) };
}

/** `docker run` of the pinned image with the checkout mounted at /work, as the calling uid. */
export function containerMeasurer(options: {
  engine: ContainerEngine;
  image: string;
  imageId: string | undefined;
  jobs: number;
  user: { uid: number; gid: number } | undefined;
  log: (line: string) => void;
}): Measurer {
  const env = containerEnvironment(options.imageId, process.env);
  const run = (mounts: Mount[], args: string[], network: boolean) =>
    runEngine(options.engine, imageRunArgs({ engine: options.engine, image: options.image, mounts, env, user: options.user, network, args }), options.log);
  return {
    imageIdentity: options.imageId ?? options.image,
    async environment() {
      const r = await runEngine(
        options.engine,
        imageRunArgs({ engine: options.engine, image: options.image, mounts: [], env, args: ['env', '--json'] }),
        () => {},
      );
      if (r.code !== 0) throw new CgBenchError(`cannot run the image ${options.image}: ${lastLines(r.stderr)}`);
      return JSON.parse(r.stdout) as Environment;
    },
    async measure(checkout, config, outDir, selection = {}) {
      removeTrees([outDir], 'the output directory');
      mkdirSync(outDir, { recursive: true });
      const shardArgs = selection.shard ? ['--shard', `${selection.shard.index}/${selection.shard.count}`] : [];
      if (selection.shard && selection.durations) {
        writeResults(join(outDir, DURATIONS_FILE), selection.durations);
        shardArgs.push('--durations', `${OUT}/${DURATIONS_FILE}`);
      }
      const r = await run(
        [{ host: resolve(checkout), container: WORKSPACE }, ...hideGit(resolve(checkout)), { host: resolve(outDir), container: OUT }],
        [
          'run',
          '--config',
          config,
          '--out',
          OUT,
          '--jobs',
          String(options.jobs),
          ...(selection.filter === undefined ? [] : ['--filter', selection.filter]),
          ...(selection.callTree ? ['--call-tree'] : []),
          ...shardArgs,
        ],
        asksForNetwork(resolve(checkout, config)),
      );
      // The container is gone: nothing can plant anything between this and the reads below.
      removeSpecialFiles(outDir, 'the output directory');
      const results = r.code === ExitCode.usage ? undefined : readIfPresent(join(outDir, 'results.json'));
      // No results (exit 2, or 3 for a failed setup command): the image's cg-bench said why, and that is what the job says.
      return { code: r.code, results, error: results ? undefined : lastLines(r.stderr) || undefined };
    },
    async timePaired(headCheckout, baseCheckout, config, outDir) {
      removeTrees([outDir], 'the output directory');
      mkdirSync(outDir, { recursive: true });
      const r = await run(
        [
          { host: resolve(headCheckout), container: WORKSPACE },
          ...hideGit(resolve(headCheckout)),
          { host: resolve(baseCheckout), container: BASE_WORKSPACE },
          ...hideGit(resolve(baseCheckout)).map((m) => ({ ...m, container: `${BASE_WORKSPACE}/.git` })),
          { host: resolve(outDir), container: OUT },
        ],
        ['paired', BASE_WORKSPACE, '--config', config, '--out', OUT, '--format', 'json', '--counters-fallback', CI_COUNTERS_FALLBACK],
        asksForNetwork(resolve(headCheckout, config)),
      );
      removeSpecialFiles(outDir, 'the output directory');
      // Exit 3: some failed, the others were timed (paired.json names both).
      if (r.code !== ExitCode.ok && r.code !== ExitCode.benchmarkFailed) return { error: lastLines(r.stderr, 5) || `cg-bench paired exited with ${r.code}` };
      const paired = readPaired(outDir);
      // Exit 3 and no paired.json: a setup command failed before anything was timed, as stderr says.
      if (r.code !== ExitCode.ok && paired.error !== undefined) return { error: lastLines(r.stderr, 5) || paired.error };
      return paired;
    },
  };
}

/**
 * Already inside the pinned image (a job container): no engine to start. Each checkout is copied to
 * the image's /work volume first, so it is measured at the same path and on a host filesystem.
 */
export function inImageMeasurer(options: {
  jobs: number;
  exclude?: string[];
  log: (line: string) => void;
  /** The CI's checkout, whose git the CI reuses: locked once, before the code first runs (untrusted/lock-checkout.ts). */
  repository: string;
}): Measurer {
  const workspace = WORKSPACE;
  // Asked now, before any code runs: git there is closed by then (vcs/git.ts closeRepository).
  const gitDirs = gitDirectories(options.repository);
  // Once: what the code may have put in or above the checkout since (a .git link, a repository) is never taken for it.
  let locked = false;
  const lockRepositoryOnce = (user: { uid: number }) => {
    if (!locked) lockRepository(options.repository, user, { gitDirs });
    locked = true;
  };
  return {
    imageIdentity: process.env['CG_BENCH_IMAGE_DIGEST'] || process.env['CG_BENCH_IMAGE'] || 'in-image',
    async environment() {
      // As `cg-bench env` and `run` record it: what a benchmark sees of the CPUs included.
      return collectEnvironment(
        locateValgrind(),
        workspace,
        DEFAULT_CACHE,
        DEFAULT_WEIGHTS,
        cpuView(sandboxFor({ root: absolutePath(workspace, 'the image workspace'), network: false, cpus: 'one' })),
      );
    },
    async measure(checkout, config, outDir, selection = {}) {
      copyToWorkspace(checkout, workspace, options.exclude);
      removeTrees([outDir], 'the output directory');
      // As root, the code runs as another user (src/untrusted/sandbox.ts): the copy is theirs to build
      // in; the original's .git (and GitLab's variable files) are not theirs to read.
      const user = process.getuid?.() === 0 ? untrustedUser(workspace, process.env, true) : undefined;
      if (user) {
        giveTree({ ...NO_SANDBOX, user }, workspace);
        lockRepositoryOnce(user);
      }
      try {
        const outcome = await measure({
          config: loadConfig(join(workspace, config), workspace),
          outDir: absolutePath(outDir, 'output directory'),
          jobs: options.jobs,
          filter: selection.filter,
          ...(selection.callTree ? { callTree: true } : {}),
          shard: selection.shard ? { shard: selection.shard, durationsMs: durationsOf(selection.durations) } : undefined,
          progress: lineProgress((t) => options.log(t.trimEnd())),
        });
        return { code: outcome.failed ? ExitCode.benchmarkFailed : ExitCode.ok, results: outcome.results, error: undefined };
      } catch (error) {
        if (error instanceof CgBenchError && error.exitCode === ExitCode.usage) return { code: ExitCode.usage, results: undefined, error: error.message };
        return {
          code: error instanceof CgBenchError ? error.exitCode : ExitCode.internal,
          results: readIfPresent(join(outDir, 'results.json')),
          error: errorMessage(error),
        };
      }
    },
    async timePaired(headCheckout, baseCheckout, config, outDir) {
      // Both sides copied as measure() copies the head: the untrusted user's to build in, no .git.
      const sides = { head: copyToWorkspace(headCheckout, workspace, options.exclude), base: copyToWorkspace(baseCheckout, BASE_WORKSPACE, options.exclude) };
      removeTrees([outDir], 'the output directory');
      const user = process.getuid?.() === 0 ? untrustedUser(workspace, process.env, true) : undefined;
      if (user) {
        for (const dir of Object.values(sides)) giveTree({ ...NO_SANDBOX, user }, dir);
        lockRepositoryOnce(user);
      }
      try {
        const head = absolutePath(join(sides.head, config), 'configuration');
        const base = absolutePath(join(sides.base, config), 'configuration');
        const outcome = await timeSuite({
          head: { config: loadConfig(head), file: head },
          base: { config: loadConfig(base), file: base },
          outDir: absolutePath(outDir, 'output directory'),
          countersFallback: CI_COUNTERS_FALLBACK,
          progress: lineProgress((t) => options.log(t.trimEnd())),
          log: options.log,
        });
        return { timed: outcome.timed, failed: outcome.failed };
      } catch (error) {
        return { error: errorMessage(error) };
      }
    },
  };
}

/** A checkout copied to `to` (emptied first), without the names excluded. */
function copyToWorkspace(checkout: string, to: string, exclude: string[] = []): string {
  mkdirSync(to, { recursive: true });
  // The other side's checkout and what its setup built there (the code's): removed at any depth, no
  // link followed, and checked gone (remove.ts). By path, a tree deeper than PATH_MAX stopped the job
  // (exit 70); as its owner, the code made it unremovable and the base was measured beside it.
  emptyOwnPlace(to, `the workspace ${to}`);
  const skip = new Set(exclude.map((name) => join(resolve(checkout), name)));
  cpSync(checkout, to, { recursive: true, verbatimSymlinks: true, filter: (src) => !skip.has(resolve(src)) });
  return to;
}
