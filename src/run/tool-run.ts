import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../errors.ts';
import { runProcess } from '../untrusted/process.ts';
import { logTail, readTextBounded } from '../untrusted/read.ts';
import { collectProfiles, isPlainFile, profileDirectory, uncollectedProblem } from '../untrusted/collect-profiles.ts';
import { sandboxedCommand, type Sandbox } from '../untrusted/sandbox.ts';
import { gzipAndRemove } from './gzip.ts';
import { endLeftovers } from './leftovers.ts';
import { processFiles, processMarker, unfinishedProcesses, type ValgrindTool } from './valgrind-files.ts';
import type { ValgrindInstall } from './valgrind.ts';

/** A benchmark run again, after its Cachegrind run, under another Valgrind tool. */
export interface ToolRun {
  valgrind: ValgrindInstall;
  sandbox: Sandbox;
  /** The benchmark's own command, environment and limits: the same run as the Cachegrind one. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** cg-bench's own paths for the run in the shared temporary directories (its HOME, its Valgrind): bound back into its view. */
  own: readonly string[];
  timeoutMs: number;
  /** The benchmark's directory (held: the run writes beneath it). */
  dir: string;
  job: number;
}

/** What differs from one tool to the next. */
export interface Tool {
  name: Exclude<ValgrindTool, 'cachegrind'>;
  /** Its name for people: "DHAT". */
  shown: string;
  /** The run's own directory beneath the benchmark's. */
  directory: string;
  /** The run in words, for messages: "memory run under DHAT". */
  title: string;
  /** Valgrind's options (the tool, its settings, its output files in `outDir`). */
  args(outDir: string): string[];
  /** The largest profile read. */
  profileLimit: number;
  /** Takes one process's profile (its text, its file name); throws when it is not one. */
  read(text: string, name: string): void;
}

/**
 * The one way a benchmark is run again under another tool (the memory run, the call-tree run): in the
 * same sandbox and seal, its leftovers killed, its profiles read as plain files only, bounded, then
 * kept gzipped. Returns the run's directory, its profiles' names and its wall time, or why there are none.
 */
export async function runUnderTool(run: ToolRun, tool: Tool): Promise<{ dir: string; profiles: string[]; wallTimeMs: number } | { problem: string }> {
  const dir = join(run.dir, tool.directory);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stderr = join(dir, 'stderr.log');
  const staging = profileDirectory(run.sandbox, dir);
  const outcome = await runProcess({
    command: sandboxedCommand(run.sandbox, [run.valgrind.bin, ...tool.args(staging), ...run.argv], run.env, true, run.job, [staging, ...run.own], run.cwd),
    cwd: run.cwd,
    stdout: { file: join(dir, 'stdout.log') },
    stderr: { file: stderr },
    timeoutMs: run.timeoutMs,
  });
  await endLeftovers({ isolatedPids: run.sandbox.isolatedPids, timedOut: outcome.timedOut }, processMarker(staging));
  const uncollected = collectProfiles(staging, dir);
  const why = (what: string) => {
    const details = logTail(stderr);
    return { problem: `${tool.title}: ${what}${details ? `; last lines of its stderr:\n${details}` : ''}` };
  };
  if (outcome.spawnError) return why(`cannot start ${run.valgrind.bin}: ${outcome.spawnError}`);
  if (outcome.timedOut) return why(`timed out after ${run.timeoutMs / 1000}s`);
  if (outcome.exitCode !== 0)
    return why(outcome.signal ? `killed by ${outcome.signal}` : `exited with status ${outcome.exitCode} (the Cachegrind run exited with 0)`);
  if (uncollected.length) return why(uncollectedProblem(uncollected));
  const unfinished = unfinishedProcesses(dir, tool.name);
  if (unfinished.length) return why(`left ${unfinished.length} process(es) running when it ended: ${unfinished.map((p) => p.command).join(', ')}`);

  const profiles: string[] = [];
  for (const { profile: name } of processFiles(dir, tool.name)) {
    if (!name) continue;
    const file = join(dir, name);
    // Written by the benchmark's processes: a link or a fifo there is refused, never followed.
    if (!isPlainFile(file)) return why(`${name} is not a plain file`);
    try {
      tool.read(readTextBounded(file, tool.profileLimit, `${tool.shown} profile`), name);
    } catch (error) {
      return why(errorMessage(error));
    }
    await gzipAndRemove(file);
    profiles.push(name);
  }
  if (!profiles.length) return why(`${tool.shown} wrote no profile (does this Valgrind have the ${tool.name} tool?)`);
  return { dir, profiles, wallTimeMs: Math.round(outcome.wallTimeMs) };
}
