import { join } from 'node:path';
import type { CacheGeometry, Weights } from '../config/types.ts';
import { savedCallTree } from '../flame/load.ts';
import { type CallTreeNode, callTree, foldChains } from '../flame/tree.ts';
import { type CallChain, parseCallgrind } from '../parse/callgrind.ts';
import { MiB } from '../untrusted/read.ts';
import { writeNewFile } from '../untrusted/write.ts';
import { runUnderTool, type ToolRun } from './tool-run.ts';
import { CALL_TREE_DIRECTORY, CALL_TREE_FILE } from './valgrind-files.ts';
import { callgrindArgs } from './valgrind.ts';

/** One context per function and chain of callers: far more than a benchmark's real ones take. */
const CALLGRIND_PROFILE_LIMIT = 256 * MiB;

export interface CallTreeRun extends ToolRun {
  cache: CacheGeometry;
  weights: Weights;
  /** Its name, kept in call-tree.json (the directory's name is a slug). */
  benchmark: string;
}

/**
 * Runs the benchmark again under Callgrind, in the same sandbox and seal and with the same cache
 * model, and folds its processes' profiles into estimated cycles per call chain, merged into one
 * tree; writes it to `<dir>/callgrind/call-tree.json`. Returns the tree, or why there is none.
 */
export async function measureCallTree(run: CallTreeRun): Promise<{ tree: CallTreeNode[]; wallTimeMs: number } | { problem: string }> {
  const chains: CallChain[] = [];
  const ran = await runUnderTool(run, {
    name: 'callgrind',
    shown: 'Callgrind',
    directory: CALL_TREE_DIRECTORY,
    title: 'call-tree run under Callgrind',
    args: (outDir) => callgrindArgs({ cache: run.cache, outDir }),
    profileLimit: CALLGRIND_PROFILE_LIMIT,
    read: (text, name) => chains.push(...parseCallgrind(text, name).chains),
  });
  if ('problem' in ran) return ran;
  const tree = callTree(foldChains(chains, run.weights));
  writeNewFile(join(ran.dir, CALL_TREE_FILE), savedCallTree({ benchmark: run.benchmark, weights: run.weights, tree }));
  return { tree, wallTimeMs: ran.wallTimeMs };
}
