import type { BenchmarkResult, Results } from '../results/types.ts';

/** The benchmark a stored baseline is checked on: the cheapest that ran on both sides. */
export function sampleBenchmark(stored: Results, head: Results): BenchmarkResult | undefined {
  const ranInHead = new Set(head.benchmarks.filter((b) => b.status === 'ok').map((b) => b.name));
  const candidates = stored.benchmarks.filter((b) => b.status === 'ok' && b.estimatedCycles !== null && ranInHead.has(b.name));
  // A name that is part of another is selected with it by --filter (a substring): prefer one that is not.
  const alone = (b: BenchmarkResult) => !/[*?]/.test(b.name) && !stored.benchmarks.some((o) => o !== b && o.name.includes(b.name));
  const cheapest = (list: BenchmarkResult[]) => [...list].sort((a, b) => a.estimatedCycles! - b.estimatedCycles! || (a.name < b.name ? -1 : 1))[0];
  return cheapest(candidates.filter(alone)) ?? cheapest(candidates);
}

/** The --filter that selects `name` (a glob when it holds wildcard characters, which cannot be escaped: then '*' for all). */
export function filterFor(name: string): string {
  return /[*?]/.test(name) ? '*' : name;
}

/** Whether a re-measurement gives exactly the stored counts: every event, not only the total. */
export function sameCounts(stored: BenchmarkResult, now: BenchmarkResult | undefined): boolean {
  return now !== undefined && now.status === 'ok' && now.estimatedCycles === stored.estimatedCycles && JSON.stringify(now.events) === JSON.stringify(stored.events);
}
