import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CacheGeometry, Weights } from '../config/types.ts';
import { errorMessage } from '../errors.ts';
import { savedCallTree } from '../flame/load.ts';
import { type CallTreeNode, callTree, foldChains } from '../flame/tree.ts';
import { type CallChain, parseCallgrind } from '../parse/callgrind.ts';
import { runProcess } from '../untrusted/process.ts';
import { MiB, logTail, readTextBounded } from '../untrusted/read.ts';
import { collectProfiles, isPlainFile, profileDirectory, sandboxed, type Sandbox } from '../untrusted/sandbox.ts';
import { writeNewFile } from '../untrusted/write.ts';
import { gzipAndRemove } from './gzip.ts';
import { killLeftovers } from './leftovers.ts';
import { CALL_TREE_DIRECTORY, CALL_TREE_FILE, processFiles, processMarker, unfinishedProcesses } from './valgrind-files.ts';
import { callgrindArgs, type ValgrindInstall } from './valgrind.ts';

/** One context per function and chain of callers: far more than a benchmark's real ones take. */
const CALLGRIND_PROFILE_LIMIT = 256 * MiB;

export interface CallTreeRun {
  valgrind: ValgrindInstall;
  sandbox: Sandbox;
  cache: CacheGeometry;
  weights: Weights;
  /** Its name, kept in call-tree.json (the directory's name is a slug). */
  benchmark: string;
  /** The benchmark's own command, environment and limits: the same run as the Cachegrind one. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** The benchmark's directory (the call-tree run writes beneath it). */
  dir: string;
  job: number;
}

/**
 * Runs the benchmark again under Callgrind, in the same sandbox and seal and with the same cache
 * model, and folds its processes' profiles into estimated cycles per call chain, merged into one
 * tree; writes it to `<dir>/callgrind/call-tree.json`. Returns the tree, or why there is none.
 */
export async function measureCallTree(run: CallTreeRun): Promise<{ tree: CallTreeNode[]; wallTimeMs: number } | { problem: string }> {
  const dir = join(run.dir, CALL_TREE_DIRECTORY);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stderr = join(dir, 'stderr.log');
  const staging = profileDirectory(run.sandbox, dir);
  const outcome = await runProcess({
    argv: sandboxed(run.sandbox, [run.valgrind.bin, ...callgrindArgs({ cache: run.cache, outDir: staging }), ...run.argv], true, run.job),
    cwd: run.cwd,
    env: run.env,
    stdout: { file: join(dir, 'stdout.log') },
    stderr: { file: stderr },
    timeoutMs: run.timeoutMs,
  });
  await killLeftovers(processMarker(staging));
  collectProfiles(staging, dir);
  const why = (what: string) => {
    const details = logTail(stderr);
    return { problem: `call-tree run under Callgrind: ${what}${details ? `; last lines of its stderr:\n${details}` : ''}` };
  };
  if (outcome.spawnError) return why(`cannot start ${run.valgrind.bin}: ${outcome.spawnError}`);
  if (outcome.timedOut) return why(`timed out after ${run.timeoutMs / 1000}s`);
  if (outcome.exitCode !== 0)
    return why(outcome.signal ? `killed by ${outcome.signal}` : `exited with status ${outcome.exitCode} (the Cachegrind run exited with 0)`);
  const unfinished = unfinishedProcesses(dir, 'callgrind');
  if (unfinished.length) return why(`left ${unfinished.length} process(es) running when it ended: ${unfinished.map((p) => p.command).join(', ')}`);

  const chains: CallChain[] = [];
  let profiles = 0;
  for (const { profile: name } of processFiles(dir, 'callgrind')) {
    if (!name) continue;
    const file = join(dir, name);
    // Written by the benchmark's processes: a link or a fifo there is refused, never followed.
    if (!isPlainFile(file)) return why(`${name} is not a plain file`);
    try {
      chains.push(...parseCallgrind(readTextBounded(file, CALLGRIND_PROFILE_LIMIT, 'Callgrind profile'), name).chains);
    } catch (error) {
      return why(errorMessage(error));
    }
    profiles++;
    await gzipAndRemove(file);
  }
  if (!profiles) return why('Callgrind wrote no profile (does this Valgrind have the callgrind tool?)');
  const tree = callTree(foldChains(chains, run.weights));
  writeNewFile(join(dir, CALL_TREE_FILE), savedCallTree({ benchmark: run.benchmark, weights: run.weights, tree }));
  return { tree, wallTimeMs: Math.round(outcome.wallTimeMs) };
}
