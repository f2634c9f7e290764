import { HEAP_MEASURES } from './memory.ts';
import type { ReportFormat, ReportInput } from './types.ts';

/**
 * An OpenMetrics label value GitLab's metrics parser keeps whole: it splits lines at spaces and cuts
 * them at "#", so everything but letters, digits and "._-~" is percent-encoded. The encoding is
 * one-to-one: "a b" and "a_b" stay two benchmarks.
 */
export function labelValue(text: string): string {
  // A lone surrogate cannot be encoded: it becomes U+FFFD first.
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

type Benchmark = ReportInput['head']['benchmarks'][number];

const FAMILIES = [
  ['cg_bench_estimated_cycles', 'Estimated cycles: L1 hits + 5 LL hits + 35 RAM hits (default weights)', (b) => b.estimatedCycles],
  ['cg_bench_instructions', 'Instructions executed (Ir)', (b) => b.events?.Ir ?? null],
  ['cg_bench_l1_hits', 'Accesses served by L1', (b) => b.hits?.l1 ?? null],
  ['cg_bench_ll_hits', 'Accesses served by the last-level cache', (b) => b.hits?.ll ?? null],
  ['cg_bench_ram_hits', 'Accesses that went to RAM', (b) => b.hits?.ram ?? null],
  // memory: true only (docs/memory.md): exact heap counts from the DHAT run.
  ...HEAP_MEASURES.map((m) => [`cg_bench_${m.slug.replace(/-/g, '_')}`, m.help, (b: Benchmark) => b.memory?.[m.figure] ?? null] as const),
] as const satisfies readonly (readonly [string, string, (b: Benchmark) => number | null])[];

/** OpenMetrics text for GitLab's metrics report (Premium shows the MR's change per metric). */
export const openMetricsReport: ReportFormat = {
  name: 'openmetrics',
  render({ head }: ReportInput): string {
    const lines: string[] = [];
    for (const [name, help, value] of FAMILIES) {
      // The heap families only when some benchmark has the figures: exports without memory stay as they were.
      if (name.startsWith('cg_bench_heap_') && !head.benchmarks.some((b) => value(b) !== null)) continue;
      lines.push(`# TYPE ${name} gauge`, `# HELP ${name} ${help}.`);
      for (const b of head.benchmarks) {
        const v = value(b);
        if (v !== null) lines.push(`${name}{benchmark="${labelValue(b.name)}"} ${v}`);
      }
    }
    lines.push('# EOF', '');
    return lines.join('\n');
  },
};
