import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../errors.ts';
import { type DhatProfile, parseDhat, sumHeapFigures } from '../parse/dhat.ts';
import type { MemoryResult } from '../results/types.ts';
import { runProcess } from '../untrusted/process.ts';
import { MiB, logTail, readTextBounded } from '../untrusted/read.ts';
import { collectProfiles, isPlainFile, profileDirectory, sandboxed, type Sandbox } from '../untrusted/sandbox.ts';
import { gzipAndRemove } from './gzip.ts';
import { killLeftovers } from './leftovers.ts';
import { MEMORY_DIRECTORY, processFiles, processMarker, unfinishedProcesses } from './valgrind-files.ts';
import { dhatArgs, type ValgrindInstall } from './valgrind.ts';

/** A DHAT profile lists every allocation point and its stack: far more than a benchmark's real ones take. */
const DHAT_PROFILE_LIMIT = 256 * MiB;

export interface MemoryRun {
  valgrind: ValgrindInstall;
  sandbox: Sandbox;
  /** The benchmark's own command, environment and limits: the same run as the Cachegrind one. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** The benchmark's directory (held: its memory run writes beneath it), and its name relative to the results' directory. */
  dir: string;
  shownDir: string;
  job: number;
  thresholdPercent: number;
}

/**
 * Runs the benchmark a second time under DHAT, in the same sandbox and seal, and sums its
 * processes' heap figures. Returns the figures, or why there are none (for the benchmark's message).
 */
export async function measureMemory(run: MemoryRun): Promise<{ memory: MemoryResult } | { problem: string }> {
  const dir = join(run.dir, MEMORY_DIRECTORY);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stderr = join(dir, 'stderr.log');
  const staging = profileDirectory(run.sandbox, dir);
  const outcome = await runProcess({
    argv: sandboxed(run.sandbox, [run.valgrind.bin, ...dhatArgs(staging), ...run.argv], true, run.job),
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
    return { problem: `memory run under DHAT: ${what}${details ? `; last lines of its stderr:\n${details}` : ''}` };
  };
  if (outcome.spawnError) return why(`cannot start ${run.valgrind.bin}: ${outcome.spawnError}`);
  if (outcome.timedOut) return why(`timed out after ${run.timeoutMs / 1000}s`);
  if (outcome.exitCode !== 0)
    return why(outcome.signal ? `killed by ${outcome.signal}` : `exited with status ${outcome.exitCode} (the Cachegrind run exited with 0)`);
  const unfinished = unfinishedProcesses(dir, 'dhat');
  if (unfinished.length) return why(`left ${unfinished.length} process(es) running when it ended: ${unfinished.map((p) => p.command).join(', ')}`);

  const profiles: DhatProfile[] = [];
  const files: string[] = [];
  for (const { profile: name } of processFiles(dir, 'dhat')) {
    if (!name) continue;
    const file = join(dir, name);
    // Written by the benchmark's processes: a link or a fifo there is refused, never followed.
    if (!isPlainFile(file)) return why(`${name} is not a plain file`);
    try {
      profiles.push(parseDhat(readTextBounded(file, DHAT_PROFILE_LIMIT, 'DHAT profile'), name));
    } catch (error) {
      return why(errorMessage(error));
    }
    await gzipAndRemove(file);
    files.push(join(run.shownDir, MEMORY_DIRECTORY, `${name}.gz`));
  }
  if (!profiles.length) return why('DHAT wrote no profile (does this Valgrind have the dhat tool?)');
  return {
    memory: { ...sumHeapFigures(profiles), thresholdPercent: run.thresholdPercent, files, wallTimeMs: Math.round(outcome.wallTimeMs) },
  };
}
