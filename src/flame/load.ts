import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Weights } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { CALL_TREE_DIRECTORY, CALL_TREE_FILE } from '../run/valgrind-files.ts';
import { MiB, readTextBeneath } from '../untrusted/read.ts';
import type { CallTreeNode } from './tree.ts';

/** A call tree as `cg-bench run --call-tree` kept it (a tree with a name table: chains share their callers). */
const CALL_TREE_LIMIT = 64 * MiB;
/**
 * Far more JSON values than a call tree cg-bench writes holds (the Python example's, 1.2 MB, has at
 * most 0.6 million: two bytes a value at least), counted before JSON.parse. Parsed whole, a planted
 * 54 MB tree of 6 million empty frames per side took diff --flame 2.8 GB and 2.5 minutes; near the
 * 64 MiB read limit, more than the heap Node takes on a CI runner with 7 GB (about a quarter of it),
 * and cg-bench would end without a word.
 */
const MAX_CALL_TREE_VALUES = 8_000_000;
/** Deeper than Callgrind's 64 callers (plus a process's entry frames) can reach: a planted file. */
const MAX_DEPTH = 1000;

export interface SavedCallTree {
  benchmark: string;
  weights: Weights;
  /** The outermost frames (one per process's entry, mostly). */
  tree: CallTreeNode[];
}

/**
 * call-tree.json: `{benchmark, weights, names, tree}`, each frame `[name index, self cycles, [callees]]`:
 * every name once, however many chains pass through it (a Python interpreter's tree is ~70,000 chains
 * of up to 64 frames; as plain chains, 70 MB).
 */
type Encoded = [number, number, Encoded[]];

export function savedCallTree(saved: SavedCallTree): string {
  const names: string[] = [];
  const index = new Map<string, number>();
  const encode = (n: CallTreeNode): Encoded => {
    let i = index.get(n.name);
    if (i === undefined) {
      i = names.length;
      names.push(n.name);
      index.set(n.name, i);
    }
    return [i, n.self, n.children.map(encode)];
  };
  const tree = saved.tree.map(encode);
  return `${JSON.stringify({ benchmark: saved.benchmark, weights: saved.weights, names, tree })}\n`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** One call-tree.json, checked field by field (a results directory can come from anywhere). */
function parseCallTree(text: string, shown: string): SavedCallTree {
  let values = 1;
  for (let i = 0; i < text.length && values <= MAX_CALL_TREE_VALUES; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x5b || c === 0x7b) values++; // , [ {: at most one value each
  }
  if (values > MAX_CALL_TREE_VALUES)
    throw new CgBenchError(`${shown}: more than ${MAX_CALL_TREE_VALUES.toLocaleString('en-US')} JSON values; not a call tree cg-bench wrote or can draw`);
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
  const names = doc['names'];
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw bad('names: not an array of strings');
  const decode = (v: unknown, at: string, depth: number): CallTreeNode => {
    if (depth > MAX_DEPTH) throw bad(`${at}: deeper than ${MAX_DEPTH} frames`);
    if (!Array.isArray(v) || v.length !== 3 || !Number.isInteger(v[0]) || typeof names[v[0]] !== 'string' || !isCount(v[1]) || !Array.isArray(v[2]))
      throw bad(`${at}: not [name index, self cycles, [callees]]`);
    return { name: names[v[0]] as string, self: v[1], children: (v[2] as unknown[]).map((c, i) => decode(c, `${at}[2][${i}]`, depth + 1)) };
  };
  if (!Array.isArray(doc['tree'])) throw bad('tree: not an array');
  const tree = doc['tree'].map((n: unknown, i: number) => decode(n, `tree[${i}]`, 1));
  return { benchmark: doc['benchmark'], weights: { l1: w['l1'], ll: w['ll'], ram: w['ram'] }, tree };
}

/**
 * A call tree beneath `root` (a part's or a hand-over's: another job's files), read through the gate
 * (no link followed, bounded) and checked field by field: its text as it was, and the tree.
 */
export function readCallTreeBeneath(root: string, path: string, shown: string): { text: string; tree: SavedCallTree } {
  const text = readTextBeneath(root, path, CALL_TREE_LIMIT, 'call tree', shown);
  return { text, tree: parseCallTree(text, shown) };
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
