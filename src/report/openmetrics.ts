import type { ReportFormat, ReportInput } from './types.ts';

/**
 * An OpenMetrics label value: escaped as the format asks, and with white space replaced, because
 * GitLab's metrics report splits each line at spaces.
 */
export function labelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/[\s\u0000-\u001f\u007f]+/g, '_');
}

const FAMILIES = [
  ['cg_bench_estimated_cycles', 'Estimated cycles: L1 hits + 5 LL hits + 35 RAM hits (default weights)', (b) => b.estimatedCycles],
  ['cg_bench_instructions', 'Instructions executed (Ir)', (b) => b.events?.Ir ?? null],
  ['cg_bench_l1_hits', 'Accesses served by L1', (b) => b.hits?.l1 ?? null],
  ['cg_bench_ll_hits', 'Accesses served by the last-level cache', (b) => b.hits?.ll ?? null],
  ['cg_bench_ram_hits', 'Accesses that went to RAM', (b) => b.hits?.ram ?? null],
] as const satisfies readonly (readonly [string, string, (b: ReportInput['head']['benchmarks'][number]) => number | null])[];

/** OpenMetrics text for GitLab's metrics report (Premium shows the MR's change per metric). */
export const openMetricsReport: ReportFormat = {
  name: 'openmetrics',
  render({ head }: ReportInput): string {
    const lines: string[] = [];
    for (const [name, help, value] of FAMILIES) {
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
