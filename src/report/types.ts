import type { Comparison } from '../compare/compare.ts';
import type { Results } from '../results/types.ts';

export interface ReportInput {
  head: Results;
  comparison?: Comparison | undefined;
  /** Where the baseline came from, for people ("cache", "measured in this job", a path). */
  baselineSource?: string | undefined;
  /** The directory of results.json as the reader should see it: paths inside results are relative to it. */
  resultsDir?: string | undefined;
}

/** One output format: terminal, Markdown, JSON. */
export interface ReportFormat {
  readonly name: string;
  render(input: ReportInput): string;
}
