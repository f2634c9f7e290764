import { HEAP_MEASURES } from './memory.ts';
import type { ReportFormat, ReportInput } from './types.ts';

/**
 * Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format): benchmark name →
 * measure slug → {value}, with Bencher's built-in Cachegrind measures, so that results upload with
 * `bencher run --adapter json`. Benchmarks that failed have no numbers and are left out.
 */
export const bmfReport: ReportFormat = {
  name: 'bmf',
  render({ head }: ReportInput): string {
    const out: Record<string, Record<string, { value: number }>> = {};
    for (const b of head.benchmarks) {
      if (b.status !== 'ok' || b.estimatedCycles === null || !b.events || !b.hits) continue;
      out[b.name] = {
        'estimated-cycles': { value: b.estimatedCycles },
        instructions: { value: b.events.Ir },
        'l1-hits': { value: b.hits.l1 },
        'll-hits': { value: b.hits.ll },
        'ram-hits': { value: b.hits.ram },
        // memory: true only: the heap figures as measures of their own (Bencher creates them on first upload).
        ...Object.fromEntries(b.memory ? HEAP_MEASURES.map((m) => [m.slug, { value: b.memory![m.figure] }]) : []),
      };
    }
    return `${JSON.stringify(out, null, 2)}\n`;
  },
};
