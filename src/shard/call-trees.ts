import { dirname, join, normalize, relative, sep } from 'node:path';
import { readCallTreeBeneath } from '../flame/load.ts';
import { CgBenchError } from '../errors.ts';
import type { BenchmarkResult } from '../results/types.ts';
import { CALL_TREE_DIRECTORY, CALL_TREE_FILE } from '../run/valgrind-files.ts';
import { presentAt } from '../untrusted/read.ts';
import type { NewFileWriter } from '../untrusted/write.ts';

/**
 * Where a benchmark's call tree (`run --call-tree`) is, relative to its results.json: in the
 * directory of its logs (benchmarks/<slug>/callgrind/call-tree.json). A results.json names the
 * logs, not the tree, so this is how a tree is found for a result; undefined for a result whose
 * logs are not beneath its results.json (a planted part: nothing is read for it).
 */
function callTreePathOf(result: BenchmarkResult): string | undefined {
  const dir = normalize(dirname(result.logs.stdout));
  if (dir === '.' || dir === '..' || dir.startsWith(`..${sep}`) || dir.startsWith(sep)) return undefined;
  return join(dir, CALL_TREE_DIRECTORY, CALL_TREE_FILE);
}

export interface CallTreeSource {
  /** What the reads stay beneath (the parts' directory, or a part's). */
  root: string;
  /** The directory of the results.json the trees belong to, beneath root. */
  dir: string;
  /** That directory for people. */
  shown: string;
}

/**
 * Carries the call trees of `results` (those `only` names, or all) from another job's output through
 * `write`, at the same place relative to its results.json: read through the reader gate (bounded,
 * no link followed), checked (a tree must be the benchmark's own: a part cannot put its tree in
 * another's place), written as new files by the caller's writer (writerBeneath in CI). A benchmark
 * without a tree is passed over (measured without --call-tree, or failed). Returns the names carried.
 */
export function carryCallTrees(results: readonly BenchmarkResult[], from: CallTreeSource, write: NewFileWriter, only?: ReadonlySet<string>): string[] {
  const carried: string[] = [];
  for (const result of results) {
    if (only && !only.has(result.name)) continue;
    const path = callTreePathOf(result);
    if (path === undefined || !presentAt(join(from.dir, path))) continue;
    const shown = join(from.shown, path);
    const { text, tree } = readCallTreeBeneath(from.root, relative(from.root, join(from.dir, path)), shown);
    if (tree.benchmark !== result.name)
      throw new CgBenchError(`${shown}: the call tree of ${JSON.stringify(tree.benchmark)}, where ${JSON.stringify(result.name)}'s belongs`);
    write(path.split(sep).join('/'), text);
    carried.push(result.name);
  }
  return carried;
}
