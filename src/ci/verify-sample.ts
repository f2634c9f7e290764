import { randomInt } from 'node:crypto';
import { addEvents, cyclesFromEvents, EVENT_NAMES, hitsFromEvents, zeroEvents } from '../metric/events.ts';
import { formatCount } from '../report/format.ts';
import type { BenchmarkResult, Results } from '../results/types.ts';

/**
 * The benchmark a stored baseline is checked on: one of those that ran on both sides, drawn at
 * random (crypto), so nobody storing a forged baseline can know which one will be measured again.
 * (The cheapest, always, let a forgery with consistent numbers pass when it left that one honest.)
 * Whichever is drawn, an honest baseline gives the same outcome: verified, or measured in the job.
 */
export function sampleBenchmark(stored: Results, head: Results, draw: (count: number) => number = randomInt): BenchmarkResult | undefined {
  const ranInHead = new Set(head.benchmarks.filter((b) => b.status === 'ok').map((b) => b.name));
  const candidates = stored.benchmarks.filter((b) => b.status === 'ok' && b.estimatedCycles !== null && ranInHead.has(b.name));
  // A name that is part of another is selected with it by --filter (a substring): prefer one that is not.
  const alone = (b: BenchmarkResult) => !/[*?]/.test(b.name) && !stored.benchmarks.some((o) => o !== b && o.name.includes(b.name));
  const pool = candidates.some(alone) ? candidates.filter(alone) : candidates;
  return pool.length ? pool[draw(pool.length)] : undefined;
}

/** The --filter that selects `name` (a glob when it holds wildcard characters, which cannot be escaped: then '*' for all). */
export function filterFor(name: string): string {
  return /[*?]/.test(name) ? '*' : name;
}

/** Whether a re-measurement gives exactly the stored counts: every event, not only the total. */
export function sameCounts(stored: BenchmarkResult, now: BenchmarkResult | undefined): boolean {
  return (
    now !== undefined && now.status === 'ok' && now.estimatedCycles === stored.estimatedCycles && JSON.stringify(now.events) === JSON.stringify(stored.events)
  );
}

/**
 * Why a stored baseline cannot be what a measurement wrote, or undefined when its numbers hold
 * together: for every benchmark that ran, the estimated cycles and hits are the formula of its events
 * with the baseline's own weights, its events are the sum of its processes' (each process's cycles
 * its own formula too), and no function costs more than the benchmark, nor its recorded functions
 * together (Cachegrind's costs are a function's own, so they partition the total), nor a function's
 * recorded lines more than the function. A count edited by hand breaks one of these in every
 * benchmark, not only in the sampled one; a forger who recomputes every sum is left to the sample.
 */
export function inconsistency(stored: Results): string | undefined {
  const weights = stored.environment.weights;
  const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
  for (const b of stored.benchmarks) {
    if (b.status !== 'ok') continue;
    const at = `${b.name}:`;
    if (b.events === null || b.hits === null || b.estimatedCycles === null) return `${at} it ran but has no counts`;
    const cycles = cyclesFromEvents(b.events, weights);
    if (b.estimatedCycles !== cycles) return `${at} ${formatCount(b.estimatedCycles)} estimated cycles stored, its events make ${formatCount(cycles)}`;
    if (!same(b.hits, hitsFromEvents(b.events))) return `${at} its hits are not those of its events`;
    if (b.processes.length === 0) return `${at} it ran but records no process`;
    let sum = zeroEvents();
    for (const p of b.processes) {
      if (p.estimatedCycles !== cyclesFromEvents(p.events, weights)) return `${at} process ${p.pid}'s estimated cycles are not those of its events`;
      sum = addEvents(sum, p.events);
    }
    const off = EVENT_NAMES.find((e) => sum[e] !== b.events![e]);
    if (off) return `${at} ${off} ${formatCount(b.events[off])} stored, its processes add up to ${formatCount(sum[off])}`;
    // Cycles are sums of weighted counts: with fractional weights, summing parts rounds differently
    // from the whole. Instruction counts are integers and compared exactly.
    const exceeds = (part: number, whole: number) => part > whole + Math.abs(whole) * 1e-9 + 1e-6;
    let fnCycles = 0;
    let fnIr = 0;
    for (const f of b.functions) {
      if (exceeds(f.estimatedCycles, b.estimatedCycles) || f.Ir > b.events.Ir) return `${at} ${f.fn} costs more than the whole benchmark`;
      fnCycles += f.estimatedCycles;
      fnIr += f.Ir;
      const lines = f.lines ?? [];
      if (
        exceeds(
          lines.reduce((s, l) => s + l.estimatedCycles, 0),
          f.estimatedCycles,
        ) ||
        lines.reduce((s, l) => s + l.Ir, 0) > f.Ir
      )
        return `${at} ${f.fn}'s lines cost more than the function`;
    }
    if (exceeds(fnCycles, b.estimatedCycles) || fnIr > b.events.Ir) return `${at} its functions together cost more than the whole benchmark`;
  }
  return undefined;
}
