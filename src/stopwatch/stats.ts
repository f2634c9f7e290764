/**
 * Paired timing statistics (the method of seeds/002: run base and head alternately on one machine
 * and judge the paired differences, which cancel what drifts slowly: frequency, load, caches).
 * Pure functions: the same samples give the same verdict, every time.
 */

/** Which side runs when: ABBA blocks, so neither side always goes first. */
export function abbaOrder(pairs: number): ('base' | 'head')[][] {
  return Array.from({ length: pairs }, (_, i) => (i % 2 === 0 ? ['base', 'head'] : ['head', 'base']));
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** A small deterministic generator (mulberry32): the bootstrap is reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PairedEstimate {
  /** head ÷ base − 1, from the mean of the log ratios. */
  relative: number;
  /** The confidence interval of `relative`. */
  low: number;
  high: number;
  confidence: number;
  pairs: number;
  /** Pairs left out by the outlier rule. */
  dropped: number;
}

/** Pairs whose log ratio is further than this many (normal-scaled) MADs from the median are dropped. */
export const OUTLIER_MADS = 5;
const RESAMPLES = 4000;

/**
 * The relative change of head against base from paired samples: log ratios per pair; pairs further
 * than OUTLIER_MADS median absolute deviations from the median dropped (a pair hit by a one-off
 * interruption, the only rule applied); the mean with a percentile bootstrap interval.
 */
export function pairedEstimate(base: readonly number[], head: readonly number[], confidence = 0.95): PairedEstimate {
  if (base.length !== head.length || base.length < 2) throw new Error('pairedEstimate: need at least two pairs of equal length');
  const all = base.map((b, i) => Math.log(head[i]! / b));
  const sorted = [...all].sort((x, y) => x - y);
  const mid = median(sorted);
  const mad = median([...all.map((d) => Math.abs(d - mid))].sort((x, y) => x - y)) * 1.4826;
  const kept = mad > 0 ? all.filter((d) => Math.abs(d - mid) <= OUTLIER_MADS * mad) : all;
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const next = random(0x5eed ^ kept.length);
  const means: number[] = [];
  for (let r = 0; r < RESAMPLES; r++) {
    let sum = 0;
    for (let i = 0; i < kept.length; i++) sum += kept[Math.floor(next() * kept.length)]!;
    means.push(sum / kept.length);
  }
  means.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  const at = (q: number) => means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))]!;
  return { relative: Math.exp(mean(kept)) - 1, low: Math.exp(at(tail)) - 1, high: Math.exp(at(1 - tail)) - 1, confidence, pairs: kept.length, dropped: all.length - kept.length };
}

export type TimedVerdict = 'regression' | 'improvement' | 'no significant change';

/** A regression only when the whole interval is beyond the threshold; likewise an improvement. */
export function timedVerdict(estimate: PairedEstimate, thresholdPercent: number): TimedVerdict {
  const t = thresholdPercent / 100;
  if (estimate.low > t) return 'regression';
  if (estimate.high < -t) return 'improvement';
  return 'no significant change';
}

/** Unpaired, for comparison in the evidence script: medians of each side, and a bootstrap over each side independently. */
export function unpairedEstimate(base: readonly number[], head: readonly number[], confidence = 0.95): PairedEstimate {
  const next = random(0xabba ^ base.length);
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const resample = (xs: readonly number[]) => mean(Array.from(xs, () => xs[Math.floor(next() * xs.length)]!));
  const ratios: number[] = [];
  for (let r = 0; r < RESAMPLES; r++) ratios.push(Math.log(resample(head) / resample(base)));
  ratios.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  const at = (q: number) => ratios[Math.round(q * (ratios.length - 1))]!;
  return { relative: mean(head) / mean(base) - 1, low: Math.exp(at(tail)) - 1, high: Math.exp(at(1 - tail)) - 1, confidence, pairs: base.length, dropped: 0 };
}
