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

export function zeroEvents(): EventCounts {
  return Object.fromEntries(EVENT_NAMES.map((n) => [n, 0])) as EventCounts;
}

/** Picks the nine counts out of a cost vector in the order of the file's `events:` line. */
export function eventsFromVector(names: readonly string[], costs: readonly number[]): EventCounts {
  const out = zeroEvents();
  for (const name of EVENT_NAMES) {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`event ${name} is missing (was the cache simulation off? events: ${names.join(' ')})`);
    out[name] = costs[index] ?? 0;
  }
  return out;
}

export function addEvents(a: EventCounts, b: EventCounts): EventCounts {
  const out = zeroEvents();
  for (const name of EVENT_NAMES) out[name] = a[name] + b[name];
  return out;
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
