import type { Weights } from '../config/types.ts';

/** The nine counts Cachegrind's cache model produces. */
export const EVENT_NAMES = ['Ir', 'I1mr', 'ILmr', 'Dr', 'D1mr', 'DLmr', 'Dw', 'D1mw', 'DLmw'] as const;
type EventName = (typeof EVENT_NAMES)[number];
export type EventCounts = Record<EventName, number>;

/** Where each memory access was served. */
export interface Hits {
  l1: number;
  ll: number;
  ram: number;
}

/** A literal, not built from EVENT_NAMES: the parser makes one per cost line (same key order). */
export function zeroEvents(): EventCounts {
  return { Ir: 0, I1mr: 0, ILmr: 0, Dr: 0, D1mr: 0, DLmr: 0, Dw: 0, D1mw: 0, DLmw: 0 };
}

/** Where each of the nine events sits in a file's cost vectors, per `events:` line (one per profile). */
const positions = new WeakMap<readonly string[], readonly number[]>();

function positionsOf(names: readonly string[]): readonly number[] {
  let found = positions.get(names);
  if (!found) {
    found = EVENT_NAMES.map((name) => {
      const index = names.indexOf(name);
      if (index < 0) throw new Error(`event ${name} is missing (was the cache simulation off? events: ${names.join(' ')})`);
      return index;
    });
    positions.set(names, found);
  }
  return found;
}

/**
 * Picks the nine counts out of a cost vector in the order of the file's `events:` line. Indexed, not
 * destructured: array destructuring runs the iterator protocol, which unoptimised code (a short
 * run's) pays at every call, once per function and line of every profile.
 */
export function eventsFromVector(names: readonly string[], costs: readonly number[]): EventCounts {
  const at = positionsOf(names);
  return {
    Ir: costs[at[0]!] ?? 0,
    I1mr: costs[at[1]!] ?? 0,
    ILmr: costs[at[2]!] ?? 0,
    Dr: costs[at[3]!] ?? 0,
    D1mr: costs[at[4]!] ?? 0,
    DLmr: costs[at[5]!] ?? 0,
    Dw: costs[at[6]!] ?? 0,
    D1mw: costs[at[7]!] ?? 0,
    DLmw: costs[at[8]!] ?? 0,
  };
}

export function addEvents(a: EventCounts, b: EventCounts): EventCounts {
  return {
    Ir: a.Ir + b.Ir,
    I1mr: a.I1mr + b.I1mr,
    ILmr: a.ILmr + b.ILmr,
    Dr: a.Dr + b.Dr,
    D1mr: a.D1mr + b.D1mr,
    DLmr: a.DLmr + b.DLmr,
    Dw: a.Dw + b.Dw,
    D1mw: a.D1mw + b.D1mw,
    DLmw: a.DLmw + b.DLmw,
  };
}

/**
 * A miss in L1 that is not a miss in LL was an LL hit; a miss in LL went to RAM; every other
 * access (instruction fetch, data read, data write) was an L1 hit.
 */
export function hitsFromEvents(e: EventCounts): Hits {
  const ram = e.ILmr + e.DLmr + e.DLmw;
  const ll = e.I1mr + e.D1mr + e.D1mw - ram;
  const l1 = e.Ir + e.Dr + e.Dw - ll - ram;
  return { l1, ll, ram };
}

export function estimatedCycles(hits: Hits, weights: Weights): number {
  return weights.l1 * hits.l1 + weights.ll * hits.ll + weights.ram * hits.ram;
}

export function cyclesFromEvents(e: EventCounts, weights: Weights): number {
  return estimatedCycles(hitsFromEvents(e), weights);
}
