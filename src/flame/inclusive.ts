import type { Comparison } from '../compare/compare.ts';
import { callTreesIn } from './load.ts';
import type { CallTreeNode } from './tree.ts';

/**
 * Each function's inclusive estimated cycles (itself and everything it called) over the whole call
 * tree: the sum of its frames' totals, a frame under another frame of the same function left out
 * (recursion is counted once). A callee's change thus shows in every caller up its chains.
 */
export function inclusiveCosts(tree: readonly CallTreeNode[]): Map<string, number> {
  const costs = new Map<string, number>();
  const onChain = new Map<string, number>();
  const visit = (node: CallTreeNode): number => {
    onChain.set(node.name, (onChain.get(node.name) ?? 0) + 1);
    const total = node.self + node.children.reduce((sum, c) => sum + visit(c), 0);
    const depth = onChain.get(node.name)! - 1;
    if (depth === 0) onChain.delete(node.name);
    else onChain.set(node.name, depth);
    // Outermost frame of this function on the chain: its total holds the inner ones'.
    if (depth === 0) costs.set(node.name, (costs.get(node.name) ?? 0) + total);
    return total;
  };
  for (const node of tree) visit(node);
  return costs;
}

/** How many callers (functions not listed, whose inclusive cost changed) a benchmark's report names. */
const MAX_CALLERS = 10;

/**
 * The comparison with each listed function's inclusive cost on both sides, for the benchmarks whose
 * call trees (`run --call-tree`) are beside both results.json; the others as they were. Functions
 * are matched by name (Callgrind's and Cachegrind's names are the same symbols); a function absent
 * from a side's tree costs 0 there.
 */
export function withInclusiveCosts(comparison: Comparison, baseDir: string, headDir: string): Comparison {
  const baseTrees = callTreesIn(baseDir);
  const headTrees = callTreesIn(headDir);
  return {
    ...comparison,
    benchmarks: comparison.benchmarks.map((c) => {
      const before = baseTrees.get(c.name);
      const after = headTrees.get(c.name);
      if (!before || !after || !c.functions.length) return c;
      const base = inclusiveCosts(before.tree);
      const head = inclusiveCosts(after.tree);
      const listed = new Set(c.functions.map((f) => f.fn));
      const callers = [...new Set([...base.keys(), ...head.keys()])]
        .filter((fn) => !listed.has(fn))
        .map((fn) => ({ fn, base: base.get(fn) ?? 0, head: head.get(fn) ?? 0 }))
        .filter((f) => f.head !== f.base)
        // The largest change first; among equal ones the smallest function (the nearest caller of the change).
        .sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base) || a.head - b.head || (a.fn < b.fn ? -1 : a.fn > b.fn ? 1 : 0))
        .slice(0, MAX_CALLERS);
      return {
        ...c,
        functions: c.functions.map((f) => ({ ...f, inclusive: { base: base.get(f.fn) ?? 0, head: head.get(f.fn) ?? 0 } })),
        ...(callers.length ? { callers } : {}),
      };
    }),
  };
}
