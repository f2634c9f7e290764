import type { Executor, Sample, TimedCommand } from './executor.ts';
import { abbaOrder } from './stats.ts';

export interface PairedOptions {
  /** Wall time allowed for the timed runs of one benchmark (warm-ups included). */
  budgetMs: number;
  warmups: number;
  minPairs: number;
  maxPairs: number;
  /** For progress: called after each pair. */
  onPair?: (pairs: number) => void;
  now?: () => number;
}

export interface PairedSamples {
  base: Sample[];
  head: Sample[];
  /** The order the runs were made in, for the record. */
  order: ('base' | 'head')[];
}

/**
 * Base and head run alternately on this machine (ABBA), after warm-ups that are thrown away, pair
 * after pair until the budget is spent (at least minPairs, at most maxPairs): what drifts over
 * seconds (frequency, other load) hits both sides of a pair alike. Each run is bounded by its
 * command's timeout (the executor kills it); the budget is checked between pairs.
 */
export async function runPaired(executor: Executor, base: TimedCommand, head: TimedCommand, options: PairedOptions): Promise<PairedSamples> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  for (let i = 0; i < options.warmups; i++) {
    await executor.run(i % 2 ? head : base);
    await executor.run(i % 2 ? base : head);
  }
  const out: PairedSamples = { base: [], head: [], order: [] };
  const blocks = abbaOrder(options.maxPairs);
  for (const block of blocks) {
    if (out.base.length >= options.minPairs && now() - started >= options.budgetMs) break;
    for (const side of block) {
      out[side].push(await executor.run(side === 'base' ? base : head));
      out.order.push(side);
    }
    options.onPair?.(out.base.length);
  }
  return out;
}
