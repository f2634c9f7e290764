// The formats other tools read (Bencher, github-action-benchmark), written by the CI jobs beside
// results.json when asked, so a later step uploads them without a cg-bench of its own.
import { bmfReport } from './bmf.ts';
import { githubActionBenchmarkReport } from './github-action-benchmark.ts';
import type { ReportFormat } from './types.ts';

export type ExportFormat = 'bmf' | 'github-action-benchmark';
export const EXPORT_FORMATS: Record<ExportFormat, ReportFormat> = { bmf: bmfReport, 'github-action-benchmark': githubActionBenchmarkReport };

/** The file an export is written to, in the job's output directory. */
export const exportFileName = (format: ExportFormat) => `${format}.json`;

/** "bmf, github-action-benchmark" (commas or whitespace) → the formats; an unknown name → what to write instead. */
export function exportsFromText(text: string, input: string): ExportFormat[] | string {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const known = Object.keys(EXPORT_FORMATS);
  const unknown = names.find((n) => !known.includes(n));
  if (unknown !== undefined) return `input ${input}: "${unknown}" is not an export format (write ${known.join(', ')}, or nothing)`;
  return [...new Set(names as ExportFormat[])];
}
