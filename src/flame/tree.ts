import type { Weights } from '../config/types.ts';
import { cyclesFromEvents } from '../metric/events.ts';
import type { CallChain } from '../parse/callgrind.ts';

/** Estimated cycles per call chain (outermost caller first): what a flame graph is drawn from. */
export interface FoldedChain {
  stack: string[];
  cycles: number;
}

/** One frame of the differential tree: a function under one chain of callers, in base and in head. */
export interface FlameNode {
  name: string;
  /** Estimated cycles spent in the function itself under this chain, and in it and its callees. */
  base: { self: number; total: number };
  head: { self: number; total: number };
  /** Ordered by name (code points): the same profiles give the same tree. */
  children: FlameNode[];
}

/** The estimated cycles of each chain, summed over the processes (the same chain in two processes is one). */
export function foldChains(chains: readonly CallChain[], weights: Weights): FoldedChain[] {
  const byKey = new Map<string, FoldedChain>();
  for (const chain of chains) {
    const cycles = cyclesFromEvents(chain.events, weights);
    // The stack as JSON: a key no two different stacks share, whatever their names hold.
    const key = JSON.stringify(chain.stack);
    const known = byKey.get(key);
    if (known) known.cycles += cycles;
    else byKey.set(key, { stack: [...chain.stack], cycles });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
}

interface Building {
  name: string;
  base: { self: number; total: number };
  head: { self: number; total: number };
  children: Map<string, Building>;
}

const building = (name: string): Building => ({ name, base: { self: 0, total: 0 }, head: { self: 0, total: 0 }, children: new Map() });

function add(root: Building, chains: readonly FoldedChain[], side: 'base' | 'head'): void {
  for (const { stack, cycles } of chains) {
    let node = root;
    node[side].total += cycles;
    for (const name of stack) {
      let child = node.children.get(name);
      if (!child) {
        child = building(name);
        node.children.set(name, child);
      }
      node = child;
      node[side].total += cycles;
    }
    node[side].self += cycles;
  }
}

function finish(node: Building): FlameNode {
  const children = [...node.children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(finish);
  return { name: node.name, base: node.base, head: node.head, children };
}

/**
 * Base and head merged into one tree under a root named `rootName` (the benchmark): a frame present
 * on one side only has zeros on the other. Each frame's total is its self cost plus its children's
 * totals, so the root's total is the sum of every chain.
 */
export function differentialTree(base: readonly FoldedChain[], head: readonly FoldedChain[], rootName: string): FlameNode {
  const root = building(rootName);
  add(root, base, 'base');
  add(root, head, 'head');
  return finish(root);
}
