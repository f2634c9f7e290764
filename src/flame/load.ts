import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Weights } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { CALL_TREE_FILE } from '../run/call-tree.ts';
import { CALL_TREE_DIRECTORY } from '../run/valgrind-files.ts';
import { MiB, readTextBeneath } from '../untrusted/read.ts';
import type { FoldedChain } from './tree.ts';

/** A call tree as `cg-bench run --call-tree` kept it: folded chains are far smaller than the profile. */
const CALL_TREE_LIMIT = 64 * MiB;

export interface SavedCallTree {
  benchmark: string;
  weights: Weights;
  chains: FoldedChain[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** One call-tree.json, checked field by field (a results directory can come from anywhere). */
function parseCallTree(text: string, shown: string): SavedCallTree {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new CgBenchError(`${shown}: not JSON (${(error as Error).message})`);
  }
  const bad = (what: string) => new CgBenchError(`${shown}: ${what}`);
  if (!isRecord(doc)) throw bad('not an object');
  if (typeof doc['benchmark'] !== 'string') throw bad('benchmark: not a string');
  const w = doc['weights'];
  if (!isRecord(w) || !isCount(w['l1']) || !isCount(w['ll']) || !isCount(w['ram'])) throw bad('weights: not {l1, ll, ram} numbers');
  if (!Array.isArray(doc['chains'])) throw bad('chains: not an array');
  const chains = doc['chains'].map((c: unknown, i: number): FoldedChain => {
    if (!isRecord(c) || !Array.isArray(c['stack']) || !c['stack'].every((s) => typeof s === 'string') || !isCount(c['cycles']))
      throw bad(`chains[${i}]: not {stack: strings, cycles: number}`);
    return { stack: c['stack'] as string[], cycles: c['cycles'] };
  });
  return { benchmark: doc['benchmark'], weights: { l1: w['l1'], ll: w['ll'], ram: w['ram'] }, chains };
}

/** The call trees a results directory holds (benchmarks/<slug>/callgrind/call-tree.json), by benchmark name. */
export function callTreesIn(resultsDir: string): Map<string, SavedCallTree> {
  const trees = new Map<string, SavedCallTree>();
  const benchmarks = join(resultsDir, 'benchmarks');
  if (!existsSync(benchmarks)) return trees;
  for (const slug of readdirSync(benchmarks).sort()) {
    const path = join('benchmarks', slug, CALL_TREE_DIRECTORY, CALL_TREE_FILE);
    if (!existsSync(join(resultsDir, path))) continue;
    const tree = parseCallTree(readTextBeneath(resultsDir, path, CALL_TREE_LIMIT, 'call tree'), join(resultsDir, path));
    trees.set(tree.benchmark, tree);
  }
  return trees;
}
