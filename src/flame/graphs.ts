import { mkdirSync } from 'node:fs';
import type { Comparison, Verdict } from '../compare/compare.ts';
import { CgBenchError } from '../errors.ts';
import { writeFileAtomic } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { slugify } from '../run/slug.ts';
import { type AbsolutePath, resolveFrom } from '../util/paths.ts';
import { type InclusiveFigures, inclusiveFigures } from './inclusive.ts';
import { callTreesIn, type SavedCallTree } from './load.ts';
import { flameSvg } from './svg.ts';
import { differentialTree } from './tree.ts';

/** Where a run with --call-tree and a baseline puts its flame graphs, within its output directory. */
export const FLAME_DIRECTORY = 'flame';

export interface FlameGraph {
  benchmark: string;
  file: AbsolutePath;
  /** Its costs with callees, from the same two trees (for a report that has no trees beside it: CI). */
  inclusive?: InclusiveFigures | undefined;
}

interface Side {
  /** The directory of the results.json (its call trees are beneath it), and its name for people. */
  dir: string;
  shown: string;
}

/** Whether a run or a pipeline draws a benchmark's differential flame graph: it changed beyond its threshold. */
export const drawnFor = (b: { verdict: Verdict }): boolean => b.verdict === 'regression' || b.verdict === 'improvement';

/**
 * One differential flame graph per benchmark that changed (or the one `only` names), from the call
 * trees `cg-bench run --call-tree` kept beside both results.json, written to `outDir/<slug>.svg`.
 * A benchmark without
 * a tree on a side is refused (`diff --flame`, asked for the pictures) or skipped (a run, where the
 * baseline may predate --call-tree). Returns the files written, by benchmark.
 */
export function writeFlameGraphs(options: {
  base: Side;
  head: Side & { results: Results };
  comparison: Comparison;
  only?: string | undefined;
  outDir: AbsolutePath;
  missing: 'refuse' | 'skip';
  /** Writes a picture by its name in outDir (CI: through the held output root); default: by path. */
  write?: ((name: string, text: string) => void) | undefined;
}): FlameGraph[] {
  const { base, head } = options;
  const baseTrees = callTreesIn(base.dir);
  const headTrees = callTreesIn(head.dir);
  let wanted = options.comparison.benchmarks.filter((b) => (options.only === undefined ? drawnFor(b) : b.name === options.only));
  if (options.missing === 'refuse') {
    const missing = (trees: Map<string, SavedCallTree>, side: Side) =>
      wanted.filter((b) => !trees.has(b.name)).map((b) => `${b.name} has no call tree beside ${side.shown}`);
    const problems = [...missing(baseTrees, base), ...missing(headTrees, head)];
    if (problems.length) throw new CgBenchError(`--flame: ${problems.join('; ')} (measure both with cg-bench run --call-tree)`);
  } else wanted = wanted.filter((b) => baseTrees.has(b.name) && headTrees.has(b.name));
  if (!wanted.length) return [];
  if (!options.write) mkdirSync(options.outDir, { recursive: true });
  const files: FlameGraph[] = [];
  for (const b of wanted) {
    const before = baseTrees.get(b.name)!;
    const after = headTrees.get(b.name)!;
    const w = (t: SavedCallTree) => `${t.weights.l1}/${t.weights.ll}/${t.weights.ram}`;
    if (w(before) !== w(after)) throw new CgBenchError(`--flame: ${b.name}: the call trees were weighted differently (${w(before)} and ${w(after)})`);
    const index = head.results.benchmarks.findIndex((r) => r.name === b.name);
    const name = `${slugify(b.name, Math.max(0, index))}.svg`;
    const file = resolveFrom(options.outDir, name);
    const tree = differentialTree(before.tree, after.tree, b.name);
    const svg = flameSvg(tree, { benchmark: b.name, baseLabel: base.shown, headLabel: head.shown });
    if (options.write) options.write(name, svg);
    else writeFileAtomic(file, svg);
    files.push({ benchmark: b.name, file, inclusive: inclusiveFigures(b, before.tree, after.tree) });
  }
  return files;
}
