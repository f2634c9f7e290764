import type { ReportFormat, ReportInput } from './types.ts';
import { headline } from './headline.ts';

/** The comparison for machines: verdicts and numbers, without the per-process breakdown. */
export const jsonReport: ReportFormat = {
  name: 'json',
  render({ head, comparison, baselineSource }: ReportInput): string {
    const summary = {
      headline: headline(head, comparison),
      baseline: baselineSource ?? null,
      comparable: comparison?.comparable ?? null,
      differences: comparison?.differences ?? [],
      counts: comparison?.counts ?? null,
      benchmarks: comparison
        ? comparison.benchmarks.map((c) => ({
            name: c.name,
            verdict: c.verdict,
            thresholdPercent: c.thresholdPercent,
            base: c.base?.estimatedCycles ?? null,
            head: c.head?.estimatedCycles ?? null,
            change: c.change,
            relative: c.relative,
            functions: c.functions,
            ...(c.otherFunctions ? { otherFunctions: c.otherFunctions } : {}),
            ...(c.notComparable ? { notComparable: c.notComparable } : {}),
          }))
        : head.benchmarks.map((b) => ({ name: b.name, status: b.status, estimatedCycles: b.estimatedCycles, events: b.events, hits: b.hits })),
      // The timed benchmarks (cg-bench paired), apart: an interval, never a count (counts above are the simulated ones).
      ...(head.timed?.length
        ? { timed: head.timed.map((t) => ({ name: t.name, mode: t.mode, verdict: t.verdict, thresholdPercent: t.thresholdPercent, estimate: t.estimate })) }
        : {}),
      ...(head.timedFailed?.length ? { timedFailed: head.timedFailed } : {}),
    };
    return `${JSON.stringify(summary, null, 2)}\n`;
  },
};
