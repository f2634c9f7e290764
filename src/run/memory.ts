import { join } from 'node:path';
import { type DhatProfile, parseDhat, sumHeapFigures } from '../parse/dhat.ts';
import type { MemoryResult } from '../results/types.ts';
import { MiB } from '../untrusted/read.ts';
import { runUnderTool, type ToolRun } from './tool-run.ts';
import { MEMORY_DIRECTORY } from './valgrind-files.ts';
import { dhatArgs } from './valgrind.ts';

/** A DHAT profile lists every allocation point and its stack: far more than a benchmark's real ones take. */
const DHAT_PROFILE_LIMIT = 256 * MiB;

export interface MemoryRun extends ToolRun {
  /** The benchmark's directory's name relative to the results' directory (the profiles are named by it). */
  shownDir: string;
  thresholdPercent: number;
}

/**
 * Runs the benchmark a second time under DHAT, in the same sandbox and seal, and sums its
 * processes' heap figures. Returns the figures, or why there are none (for the benchmark's message).
 */
export async function measureMemory(run: MemoryRun): Promise<{ memory: MemoryResult } | { problem: string }> {
  const profiles: DhatProfile[] = [];
  const ran = await runUnderTool(run, {
    name: 'dhat',
    shown: 'DHAT',
    directory: MEMORY_DIRECTORY,
    title: 'memory run under DHAT',
    args: dhatArgs,
    profileLimit: DHAT_PROFILE_LIMIT,
    read: (text, name) => profiles.push(parseDhat(text, name)),
  });
  if ('problem' in ran) return ran;
  const files = ran.profiles.map((name) => join(run.shownDir, MEMORY_DIRECTORY, `${name}.gz`));
  return { memory: { ...sumHeapFigures(profiles), thresholdPercent: run.thresholdPercent, files, wallTimeMs: ran.wallTimeMs } };
}
