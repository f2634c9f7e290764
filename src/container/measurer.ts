import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config/load.ts';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../config/types.ts';
import { measure } from '../engine/measure.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { collectEnvironment } from '../results/environment.ts';
import { readResults, writeResults } from '../results/io.ts';
import type { Shard } from '../shard/plan.ts';
import type { Environment, Results } from '../results/types.ts';
import { lineProgress } from '../run/progress.ts';
import { handOver, untrustedUser } from '../run/untrusted.ts';
import { locateValgrind } from '../run/valgrind.ts';
import { absolutePath } from '../util/paths.ts';
import { imageRunArgs, runEngine, type ContainerEngine, type Mount } from './engine.ts';

/** The path every measurement is made at: the path reaches the program, so it must never vary. */
export const WORKSPACE = '/work';
const OUT = '/cg-bench-out';
const DURATIONS_FILE = 'durations.json';

export interface Measurement {
  /** The CLI's exit code (0, 1, 2 or 3). */
  code: number;
  results: Results | undefined;
  /** For exit code 2: what was wrong, for people. */
  error: string | undefined;
}

/** Measures a checkout of the project, as the CLI in the pinned image would. */
export interface Measurer {
  /** Identifies the image (content digest) for cache keys and results. */
  readonly imageIdentity: string;
  environment(): Promise<Environment>;
  measure(checkout: string, config: string, outDir: string, options?: MeasureSelection): Promise<Measurement>;
}

/** Which benchmarks to measure: all, those `--filter` selects, or one part of them (`--shard`). */
export interface MeasureSelection {
  filter?: string;
  shard?: Shard;
  /** Results whose wall times balance the parts (`--durations`). */
  durations?: Results | undefined;
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

/** Whether the configuration asks for network access (`network: true`); when unreadable, no. */
function asksForNetwork(configFile: string): boolean {
  try {
    return loadConfig(configFile).network;
  } catch {
    return false;
  }
}

let emptyDirectory: string | undefined;

/**
 * The checkout's .git, hidden from the container: a benchmark that could write there would have git
 * on the host run its hooks and read its config, objects and refs (the baseline is checked out from
 * them); reading it would give away the token actions/checkout keeps in .git/config.
 */
function hideGit(checkout: string): Mount[] {
  const git = join(checkout, '.git');
  let directory: boolean;
  try {
    directory = lstatSync(git).isDirectory();
  } catch {
    return [];
  }
  if (directory && !emptyDirectory) {
    emptyDirectory = mkdtempSync(join(tmpdir(), 'cg-bench-no-git-'));
    chmodSync(emptyDirectory, 0o555);
  }
  return [{ host: directory ? emptyDirectory! : '/dev/null', container: `${WORKSPACE}/.git`, readOnly: true }];
}

/**
 * Removes what pull-request code may have left in an output directory for the host to trip over:
 * links (to the runner's secrets, for a later upload or read to follow), fifos, sockets and devices.
 */
export function removeLinks(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) removeLinks(path);
    else if (!stat.isFile()) rmSync(path, { force: true });
  }
}

/** The nearest .git at or above `dir`, made unreadable to other users (the sandbox's). */
function lockGitDirectory(dir: string): void {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const git = join(at, '.git');
    if (existsSync(git)) {
      chmodSync(git, 0o700);
      // GitLab keeps file-type CI/CD variables beside the checkout.
      if (existsSync(`${at}.tmp`)) chmodSync(`${at}.tmp`, 0o700);
      return;
    }
    if (dirname(at) === at) return;
  }
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
  const env: Record<string, string> = options.imageId ? { CG_BENCH_IMAGE_DIGEST: options.imageId } : {};
  const run = (mounts: Mount[], args: string[], network: boolean) =>
    runEngine(options.engine, imageRunArgs({ engine: options.engine, image: options.image, mounts, env, user: options.user, network, args }), options.log);
  return {
    imageIdentity: options.imageId ?? options.image,
    async environment() {
      const r = await runEngine(options.engine, imageRunArgs({ engine: options.engine, image: options.image, mounts: [], env, args: ['env', '--json'] }), () => {});
      if (r.code !== 0) throw new CgBenchError(`cannot run the image ${options.image}: ${lastLines(r.stderr)}`);
      return JSON.parse(r.stdout) as Environment;
    },
    async measure(checkout, config, outDir, selection = {}) {
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      const shardArgs = selection.shard ? ['--shard', `${selection.shard.index}/${selection.shard.count}`] : [];
      if (selection.shard && selection.durations) {
        writeResults(join(outDir, DURATIONS_FILE), selection.durations);
        shardArgs.push('--durations', `${OUT}/${DURATIONS_FILE}`);
      }
      const r = await run(
        [
          { host: resolve(checkout), container: WORKSPACE },
          ...hideGit(resolve(checkout)),
          { host: resolve(outDir), container: OUT },
        ],
        ['run', '--config', config, '--out', OUT, '--jobs', String(options.jobs), ...(selection.filter === undefined ? [] : ['--filter', selection.filter]), ...shardArgs],
        asksForNetwork(resolve(checkout, config)),
      );
      // The container is gone: nothing can plant anything between this and the reads below.
      removeLinks(outDir);
      return { code: r.code, results: r.code === ExitCode.usage ? undefined : readIfPresent(join(outDir, 'results.json')), error: r.code === ExitCode.usage ? lastLines(r.stderr) : undefined };
    },
  };
}

/**
 * Already inside the pinned image (a job container): no engine to start. Each checkout is copied to
 * the image's /work volume first, so it is measured at the same path and on a host filesystem.
 */
export function inProcessMeasurer(options: { jobs: number; exclude?: string[]; log: (line: string) => void }): Measurer {
  const workspace = WORKSPACE;
  return {
    imageIdentity: process.env['CG_BENCH_IMAGE_DIGEST'] || process.env['CG_BENCH_IMAGE'] || 'in-image',
    async environment() {
      return collectEnvironment(locateValgrind(), workspace, DEFAULT_CACHE, DEFAULT_WEIGHTS);
    },
    async measure(checkout, config, outDir, selection = {}) {
      mkdirSync(workspace, { recursive: true });
      for (const entry of readdirSync(workspace)) rmSync(join(workspace, entry), { recursive: true, force: true });
      const skip = new Set((options.exclude ?? []).map((name) => join(resolve(checkout), name)));
      cpSync(checkout, workspace, { recursive: true, verbatimSymlinks: true, filter: (src) => !skip.has(resolve(src)) });
      rmSync(outDir, { recursive: true, force: true });
      // As root, the code runs as another user (src/run/untrusted.ts): the copy is theirs to build
      // in; the original's .git (and GitLab's variable files) are not theirs to read.
      const user = process.getuid?.() === 0 ? untrustedUser(workspace, process.env, true) : undefined;
      if (user) {
        handOver({ user, isolatedNetwork: false, isolatedPids: false, prefix: [], measuredPrefix: [], notes: [] }, workspace);
        lockGitDirectory(checkout);
      }
      try {
        const outcome = await measure({
          config: loadConfig(join(workspace, config)),
          outDir: absolutePath(outDir, 'output directory'),
          jobs: options.jobs,
          filter: selection.filter,
          shard: selection.shard ? { shard: selection.shard, durationsMs: durationsOf(selection.durations) } : undefined,
          progress: lineProgress((t) => options.log(t.trimEnd())),
        });
        return { code: outcome.failed ? ExitCode.benchmarkFailed : ExitCode.ok, results: outcome.results, error: undefined };
      } catch (error) {
        if (error instanceof CgBenchError && error.exitCode === ExitCode.usage) return { code: ExitCode.usage, results: undefined, error: error.message };
        return { code: error instanceof CgBenchError ? error.exitCode : 70, results: readIfPresent(join(outDir, 'results.json')), error: errorMessage(error) };
      }
    },
  };
}
