import { formatCount } from './format.ts';
import { HEAP_MEASURES } from './memory.ts';
import type { ReportFormat, ReportInput } from './types.ts';

/**
 * The input of benchmark-action/github-action-benchmark's `customSmallerIsBetter` tool: a list of
 * {name, unit, value, extra}, one per benchmark, its value the estimated cycles, so that its users
 * keep their gh-pages charts. Benchmarks that failed have no number and are left out.
 */
export const githubActionBenchmarkReport: ReportFormat = {
  name: 'github-action-benchmark',
  render({ head }: ReportInput): string {
    const entries = head.benchmarks.flatMap((b) => {
      if (b.status !== 'ok' || b.estimatedCycles === null || !b.events || !b.hits) return [];
      const extra = `instructions ${formatCount(b.events.Ir)}, L1 hits ${formatCount(b.hits.l1)}, LL hits ${formatCount(b.hits.ll)}, RAM hits ${formatCount(b.hits.ram)}`;
      // memory: true: one more entry per heap figure, named "<benchmark> (heap-bytes-allocated)".
      const heap = b.memory ? HEAP_MEASURES.map((m) => ({ name: `${b.name} (${m.slug})`, unit: m.unit, value: b.memory![m.figure] })) : [];
      return [{ name: b.name, unit: 'estimated cycles', value: b.estimatedCycles, extra }, ...heap];
    });
    return `${JSON.stringify(entries, null, 2)}\n`;
  },
};
