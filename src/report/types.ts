import type { Comparison } from '../compare/compare.ts';
import type { Results } from '../results/types.ts';

export interface ReportInput {
  head: Results;
  comparison?: Comparison | undefined;
  /** Where the baseline came from, for people ("cache", "measured in this job", a path). */
  baselineSource?: string | undefined;
}

/** One output format: terminal, Markdown, JSON. */
export interface ReportFormat {
  readonly name: string;
  render(input: ReportInput): string;
}
