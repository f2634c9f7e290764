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

/** The call tree of one side: a frame per function under one chain of callers, its self cost, its callees. */
export interface CallTreeNode {
  name: string;
  self: number;
  /** Ordered by name (code points): the same chains give the same tree. */
  children: CallTreeNode[];
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The chains merged by their common callers: the outermost frames (one per process's entry, mostly). */
export function callTree(chains: readonly FoldedChain[]): CallTreeNode[] {
  interface Open {
    name: string;
    self: number;
    children: Map<string, Open>;
  }
  const root = new Map<string, Open>();
  for (const { stack, cycles } of chains) {
    let level = root;
    let node: Open | undefined;
    for (const name of stack) {
      node = level.get(name);
      if (!node) {
        node = { name, self: 0, children: new Map() };
        level.set(name, node);
      }
      level = node.children;
    }
    if (node) node.self += cycles;
  }
  const close = (level: Map<string, Open>): CallTreeNode[] =>
    [...level.values()].sort(byName).map((n) => ({ name: n.name, self: n.self, children: close(n.children) }));
  return close(root);
}

interface Building {
  name: string;
  base: { self: number; total: number };
  head: { self: number; total: number };
  children: Map<string, Building>;
}

const building = (name: string): Building => ({ name, base: { self: 0, total: 0 }, head: { self: 0, total: 0 }, children: new Map() });

function add(parent: Building, nodes: readonly CallTreeNode[], side: 'base' | 'head'): void {
  for (const node of nodes) {
    let child = parent.children.get(node.name);
    if (!child) {
      child = building(node.name);
      parent.children.set(node.name, child);
    }
    child[side].self += node.self;
    add(child, node.children, side);
  }
}

/** Each side's total: its self cost plus its children's totals. */
function finish(node: Building): FlameNode {
  const children = [...node.children.values()].sort(byName).map(finish);
  const total = (side: 'base' | 'head') => node[side].self + children.reduce((sum, c) => sum + c[side].total, 0);
  return { name: node.name, base: { self: node.base.self, total: total('base') }, head: { self: node.head.self, total: total('head') }, children };
}

/**
 * Base and head merged into one tree under a root named `rootName` (the benchmark): a frame present
 * on one side only has zeros on the other. Each frame's total is its self cost plus its children's
 * totals, so the root's total is the sum of every chain.
 */
export function differentialTree(base: readonly CallTreeNode[], head: readonly CallTreeNode[], rootName: string): FlameNode {
  const root = building(rootName);
  add(root, base, 'base');
  add(root, head, 'head');
  return finish(root);
}
