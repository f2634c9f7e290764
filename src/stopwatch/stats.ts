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

/**
 * bootstrap: the mean log ratio with a percentile-bootstrap interval. t: the mean log ratio with
 * Student's t interval. median: the median log ratio with its distribution-free interval (order
 * statistics of the sign test), which a few pairs hit by preemption cannot move. wilcoxon: the
 * Hodges-Lehmann estimate (median of the pairwise means of the log ratios) with the signed-rank
 * interval: as robust, and exact when the noise of a pair's log ratio is symmetric, which the
 * interleaving makes it (signedRankInterval).
 */
export type IntervalMethod = 'bootstrap' | 't' | 'median' | 'wilcoxon';

/**
 * The interval cg-bench paired reports. The sign test's (median) was chosen over the mean's by
 * measuring (bench/stopwatch.ts, figure 10); the signed-rank interval replaced it because, at the
 * ten pairs a short budget on a busy machine gets, the sign test's is the 2nd to the 9th of ten
 * ratios: two pairs whose base run waited for the CPU pulled a 2× regression's interval down to 0.
 */
export const INTERVAL_METHOD: IntervalMethod = 'wilcoxon';

export interface PairedEstimate {
  /** head ÷ base − 1, from the method's center of the log ratios (mean, median or Hodges-Lehmann). */
  relative: number;
  /** The confidence interval of `relative`. */
  low: number;
  high: number;
  confidence: number;
  pairs: number;
  /** Pairs left out by the outlier rule. */
  dropped: number;
  /** How the interval was made, for the record. */
  method: string;
}

/** Pairs whose log ratio is further than this many (normal-scaled) MADs from the median are dropped. */
const OUTLIER_MADS = 5;
const RESAMPLES = 4000;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`normalQuantile: ${p} is not in (0, 1)`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * Student's t quantile with `df` degrees of freedom: the Cornish-Fisher expansion around the normal
 * quantile (four terms; within 0.2 % of the exact value for df ≥ 5 at the 97.5 % point).
 */
export function tQuantile(p: number, df: number): number {
  const z = normalQuantile(p);
  const z2 = z * z;
  return (
    z +
    (z * (z2 + 1)) / (4 * df) +
    (z * ((5 * z2 + 16) * z2 + 3)) / (96 * df ** 2) +
    (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / (384 * df ** 3) +
    (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / (92160 * df ** 4)
  );
}

/**
 * The one outlier rule: a pair whose log ratio is further than OUTLIER_MADS normal-scaled median
 * absolute deviations from the median is dropped (a pair hit by a one-off interruption). A pair
 * hit on one side only moves its ratio; a slowdown of head moves every ratio and drops none.
 */
export function keptLogRatios(base: readonly number[], head: readonly number[]): { kept: number[]; dropped: number } {
  if (base.length !== head.length || base.length < 2) throw new Error('pairedEstimate: need at least two pairs of equal length');
  if ([...base, ...head].some((x) => !(x > 0))) throw new Error('pairedEstimate: every sample must be positive');
  const all = base.map((b, i) => Math.log(head[i]! / b));
  const mid = median([...all].sort((x, y) => x - y));
  const mad = median(all.map((d) => Math.abs(d - mid)).sort((x, y) => x - y)) * 1.4826;
  const kept = mad > 0 ? all.filter((d) => Math.abs(d - mid) <= OUTLIER_MADS * mad) : all;
  return { kept, dropped: all.length - kept.length };
}

/**
 * The distribution-free interval of a median: the k-th smallest and k-th largest of n values, k the
 * largest with P(Binomial(n, ½) < k) ≤ (1 − confidence) / 2 (at least 1). Exact, no resampling.
 */
export function medianInterval(sorted: readonly number[], confidence: number): { low: number; high: number } {
  const n = sorted.length;
  const tail = (1 - confidence) / 2;
  // P(X ≤ j) for X ~ Binomial(n, ½), summed in logs (n up to millions stays finite).
  let logTerm = -n * Math.LN2; // log P(X = 0)
  let cumulative = Math.exp(logTerm);
  let k = 1;
  for (let j = 0; j < n; j++) {
    // cumulative = P(X ≤ j); the interval [x_(j+2), x_(n−j−1)] has P(X < j + 2) = P(X ≤ j + 1).
    logTerm += Math.log((n - j) / (j + 1));
    const next = cumulative + Math.exp(logTerm);
    if (next > tail) break;
    cumulative = next;
    k = j + 2;
  }
  if (cumulative > tail) k = 1;
  return { low: sorted[k - 1]!, high: sorted[n - k]! };
}

/** Above this many pairs the signed-rank statistic's null distribution is taken as normal. */
const EXACT_SIGNED_RANK_PAIRS = 300;

/**
 * How many of the smallest (and largest) Walsh averages the signed-rank interval leaves out: the
 * largest u with P(T⁺ ≤ u) ≤ (1 − confidence) / 2, T⁺ the Wilcoxon signed-rank statistic of n pairs
 * under no change (exact for n ≤ EXACT_SIGNED_RANK_PAIRS, normal beyond; the critical values of the
 * published tables: 8 for 10 pairs, 52 for 20). 0 when none: the interval is the whole range.
 */
export function signedRankCut(n: number, confidence: number): number {
  const tail = (1 - confidence) / 2;
  const total = (n * (n + 1)) / 2;
  if (n > EXACT_SIGNED_RANK_PAIRS) {
    const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    return Math.max(0, Math.floor(total / 2 - normalQuantile(1 - tail) * sd - 0.5));
  }
  // P(T⁺ = t) by adding the ranks one by one, each in or out with probability ½ (in place, from the top).
  const p = new Float64Array(total + 1);
  p[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    for (let t = (rank * (rank + 1)) / 2; t >= rank; t--) p[t] = (p[t]! + p[t - rank]!) / 2;
    for (let t = Math.min(rank - 1, total); t >= 0; t--) p[t] = p[t]! / 2;
  }
  let cumulative = 0;
  let cut = 0;
  for (let t = 0; t <= total; t++) {
    cumulative += p[t]!;
    if (cumulative > tail) break;
    cut = t;
  }
  return cut;
}

/**
 * The Hodges-Lehmann estimate and the signed-rank interval of the center of `values`: the median of
 * the n(n+1)/2 Walsh averages (values[i] + values[j]) / 2 for i ≤ j, and the (u+1)-th smallest and
 * largest of them (u: signedRankCut). Valid when the values are symmetric about their center: the
 * log ratio of an interleaved pair is the effect plus the difference of two delays drawn from the
 * same load, which is as likely to favour base as head.
 */
export function signedRankInterval(values: readonly number[], confidence: number): { center: number; low: number; high: number } {
  const n = values.length;
  const walsh = new Float64Array((n * (n + 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh[k++] = (values[i]! + values[j]!) / 2;
  walsh.sort();
  const cut = Math.min(signedRankCut(n, confidence), Math.floor((walsh.length - 1) / 2));
  const m = walsh.length;
  const center = m % 2 ? walsh[(m - 1) / 2]! : (walsh[m / 2 - 1]! + walsh[m / 2]!) / 2;
  return { center, low: walsh[cut]!, high: walsh[m - 1 - cut]! };
}

/**
 * The relative change of head against base from paired samples: the log ratio of each pair, the
 * outlier rule (keptLogRatios), then an estimate of their center with its interval by `method`.
 */
export function pairedEstimate(base: readonly number[], head: readonly number[], confidence = 0.95, method: IntervalMethod = 'bootstrap'): PairedEstimate {
  const { kept, dropped } = keptLogRatios(base, head);
  const m = mean(kept);
  const tail = (1 - confidence) / 2;
  let lowLog: number;
  let highLog: number;
  let described: string;
  // On the log ratios; reported as relative changes.
  const estimate = (centerLog: number, low: number, high: number, described: string): PairedEstimate => ({
    relative: Math.exp(centerLog) - 1,
    low: Math.exp(low) - 1,
    high: Math.exp(high) - 1,
    confidence,
    pairs: kept.length,
    dropped,
    method: `${described}; pairs beyond ${OUTLIER_MADS} MADs dropped`,
  });
  if (method === 'wilcoxon') {
    const { center, low, high } = signedRankInterval(kept, confidence);
    return estimate(center, low, high, 'Hodges-Lehmann estimate of the log ratio, Wilcoxon signed-rank interval');
  }
  if (method === 'median') {
    const sorted = [...kept].sort((x, y) => x - y);
    const { low, high } = medianInterval(sorted, confidence);
    return estimate(median(sorted), low, high, 'median log ratio, distribution-free (sign-test) interval');
  }
  if (method === 't') {
    const n = kept.length;
    const sd = Math.sqrt(kept.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, n - 1));
    const half = tQuantile(1 - tail, Math.max(1, n - 1)) * (sd / Math.sqrt(n));
    lowLog = m - half;
    highLog = m + half;
    described = "mean log ratio, Student's t interval";
  } else {
    const next = random(0x5eed ^ kept.length);
    const means: number[] = [];
    for (let r = 0; r < RESAMPLES; r++) {
      let sum = 0;
      for (let i = 0; i < kept.length; i++) sum += kept[Math.floor(next() * kept.length)]!;
      means.push(sum / kept.length);
    }
    means.sort((x, y) => x - y);
    const at = (q: number) => means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))]!;
    lowLog = at(tail);
    highLog = at(1 - tail);
    described = `mean log ratio, percentile bootstrap (${RESAMPLES} resamples, fixed seed)`;
  }
  return estimate(m, lowLog, highLog, described);
}

export type TimedVerdict = 'regression' | 'improvement' | 'no significant change' | 'inconclusive';

/**
 * A regression only when the whole interval is beyond the threshold; likewise an improvement. No
 * significant change only when the whole interval is within it: an interval that reaches beyond the
 * threshold (−0.5 % … +90 %) has not ruled a regression out, and says so ("inconclusive": too noisy
 * for this budget), never "no change".
 */
export function timedVerdict(estimate: Pick<PairedEstimate, 'low' | 'high'>, thresholdPercent: number): TimedVerdict {
  const t = thresholdPercent / 100;
  if (estimate.low > t) return 'regression';
  if (estimate.high < -t) return 'improvement';
  if (estimate.low >= -t && estimate.high <= t) return 'no significant change';
  return 'inconclusive';
}

/**
 * Unpaired, for comparison in the evidence script: each side summarised on its own (its mean or its
 * median), the interval of the ratio from bootstrapping each side independently.
 */
export function unpairedEstimate(base: readonly number[], head: readonly number[], confidence = 0.95, statistic: 'mean' | 'median' = 'mean'): PairedEstimate {
  const next = random(0xabba ^ base.length);
  const summary = statistic === 'mean' ? mean : (xs: readonly number[]) => median([...xs].sort((x, y) => x - y));
  const resample = (xs: readonly number[]) => summary(Array.from(xs, () => xs[Math.floor(next() * xs.length)]!));
  const ratios: number[] = [];
  for (let r = 0; r < RESAMPLES; r++) ratios.push(Math.log(resample(head) / resample(base)));
  ratios.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  const at = (q: number) => ratios[Math.round(q * (ratios.length - 1))]!;
  return {
    relative: summary(head) / summary(base) - 1,
    low: Math.exp(at(tail)) - 1,
    high: Math.exp(at(1 - tail)) - 1,
    confidence,
    pairs: base.length,
    dropped: 0,
    method: `ratio of the ${statistic}s, independent bootstrap of each side`,
  };
}
