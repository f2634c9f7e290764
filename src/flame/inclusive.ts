import type { BenchmarkComparison, Comparison } from '../compare/compare.ts';
import { CgBenchError } from '../errors.ts';
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

/** A benchmark's costs with callees as a report shows them: its listed functions' and its callers'. */
export interface InclusiveFigures {
  /** Each listed function's inclusive cost on both sides (0 where it is absent from a side's tree). */
  functions: { fn: string; base: number; head: number }[];
  /** The functions not listed whose inclusive cost changed most (at most MAX_CALLERS). */
  callers: { fn: string; base: number; head: number }[];
}

/**
 * A benchmark's costs with callees from both sides' call trees, for the functions its comparison
 * lists; undefined when it lists none. Functions are matched by name (Callgrind's and Cachegrind's
 * names are the same symbols); a function absent from a side's tree costs 0 there.
 */
export function inclusiveFigures(c: BenchmarkComparison, before: readonly CallTreeNode[], after: readonly CallTreeNode[]): InclusiveFigures | undefined {
  if (!c.functions.length) return undefined;
  const base = inclusiveCosts(before);
  const head = inclusiveCosts(after);
  const listed = new Set(c.functions.map((f) => f.fn));
  const callers = [...new Set([...base.keys(), ...head.keys()])]
    .filter((fn) => !listed.has(fn))
    .map((fn) => ({ fn, base: base.get(fn) ?? 0, head: head.get(fn) ?? 0 }))
    .filter((f) => f.head !== f.base)
    // The largest change first; among equal ones the smallest function (the nearest caller of the change).
    .sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base) || a.head - b.head || (a.fn < b.fn ? -1 : a.fn > b.fn ? 1 : 0))
    .slice(0, MAX_CALLERS);
  return { functions: [...listed].map((fn) => ({ fn, base: base.get(fn) ?? 0, head: head.get(fn) ?? 0 })), callers };
}

/**
 * The comparison with the costs with callees of the benchmarks `figures` names (by benchmark); the
 * others as they were. A listed function the figures do not name is left without them.
 */
export function withInclusiveFigures(comparison: Comparison, figures: ReadonlyMap<string, InclusiveFigures>): Comparison {
  return {
    ...comparison,
    benchmarks: comparison.benchmarks.map((c) => {
      const found = figures.get(c.name);
      if (!found || !c.functions.length) return c;
      const byName = new Map(found.functions.map((f) => [f.fn, { base: f.base, head: f.head }]));
      return {
        ...c,
        functions: c.functions.map((f) => {
          const inclusive = byName.get(f.fn);
          return inclusive ? { ...f, inclusive } : f;
        }),
        ...(found.callers.length ? { callers: found.callers } : {}),
      };
    }),
  };
}

/**
 * The comparison with each listed function's inclusive cost on both sides, for the benchmarks whose
 * call trees (`run --call-tree`) are beside both results.json; the others as they were.
 */
export function withInclusiveCosts(comparison: Comparison, baseDir: string, headDir: string): Comparison {
  const baseTrees = callTreesIn(baseDir);
  const headTrees = callTreesIn(headDir);
  const figures = new Map<string, InclusiveFigures>();
  for (const c of comparison.benchmarks) {
    const before = baseTrees.get(c.name);
    const after = headTrees.get(c.name);
    const found = before && after ? inclusiveFigures(c, before.tree, after.tree) : undefined;
    if (found) figures.set(c.name, found);
  }
  return withInclusiveFigures(comparison, figures);
}

/** A function name in a hand-over: far longer than any symbol a report shows whole. */
const MAX_NAME = 4096;
/** Listed functions per benchmark: more than a comparison lists. */
const MAX_LISTED = 200;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * Costs with callees by benchmark as another job handed them over (report-hand-over.ts), checked
 * field by field: `{benchmark: {functions: [{fn, base, head}], callers: [...]}}`. A bad one is
 * refused naming `shown` and what is wrong.
 */
export function parseInclusiveFigures(data: unknown, shown: string): Map<string, InclusiveFigures> {
  const bad = (what: string) => new CgBenchError(`${shown}: ${what}`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('not an object of benchmarks');
  const figures = new Map<string, InclusiveFigures>();
  const list = (v: unknown, at: string, max: number) => {
    if (!Array.isArray(v) || v.length > max) throw bad(`${at}: not a list of at most ${max}`);
    return v.map((f: unknown, i) => {
      const r = (typeof f === 'object' && f !== null ? f : {}) as Record<string, unknown>;
      if (typeof r['fn'] !== 'string' || r['fn'].length > MAX_NAME || !isCount(r['base']) || !isCount(r['head']))
        throw bad(`${at}[${i}]: not {fn, base, head}`);
      return { fn: r['fn'], base: r['base'], head: r['head'] };
    });
  };
  for (const [name, value] of Object.entries(data)) {
    const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    figures.set(name, { functions: list(v['functions'], `${name}.functions`, MAX_LISTED), callers: list(v['callers'], `${name}.callers`, MAX_CALLERS) });
  }
  return figures;
}
