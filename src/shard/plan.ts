import { CgBenchError } from '../errors.ts';

/** One of N parts of a suite, 1-based as people and CI matrices count. */
export interface Shard {
  index: number;
  count: number;
}

export const MAX_SHARDS = 1024;

/** `I/N`, in digits, 1 ≤ I ≤ N ≤ 1024; `what` names the flag or input in the wording of config/option-text.ts. */
export function parseShard(text: string, what = '--shard'): Shard {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new CgBenchError(
      `${what}: ${JSON.stringify(text)} must be I/N, this machine's part I of N parts, in digits with 1 ≤ I ≤ N ≤ ${MAX_SHARDS} (e.g. 2/3)`,
    );
  }
  return { index, count };
}

/**
 * Which part each benchmark belongs to (0-based), balancing the known durations: longest first, each
 * to the part with the least time so far (ties to the lower part; equal durations in configuration
 * order). Pure and stable: every machine given the same names, durations and count computes the
 * same parts. A benchmark of unknown duration counts as the median of the known ones.
 */
export function partition(names: readonly string[], durationsMs: ReadonlyMap<string, number>, count: number): number[] {
  const known = names
    .map((n) => durationsMs.get(n))
    .filter((d): d is number => d !== undefined && Number.isFinite(d) && d >= 0)
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor((known.length - 1) / 2)]! : 1;
  const duration = (name: string) => {
    const d = durationsMs.get(name);
    return d !== undefined && Number.isFinite(d) && d >= 0 ? d : median;
  };
  const order = names.map((name, i) => ({ i, d: duration(name) })).sort((a, b) => b.d - a.d || a.i - b.i);
  const load = new Array<number>(count).fill(0);
  const part = new Array<number>(names.length).fill(0);
  for (const { i, d } of order) {
    let best = 0;
    for (let p = 1; p < count; p++) if (load[p]! < load[best]!) best = p;
    part[i] = best;
    load[best]! += d;
  }
  return part;
}

/** The names in shard `shard` (1-based), in the order given. */
export function namesInShard(names: readonly string[], durationsMs: ReadonlyMap<string, number>, shard: Shard): string[] {
  const part = partition(names, durationsMs, shard.count);
  return names.filter((_, i) => part[i] === shard.index - 1);
}
