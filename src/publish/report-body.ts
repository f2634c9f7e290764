// The Markdown report as the comment, the note and the job summary carry it: the suite's marker
// first, then the report, fitted to where it goes (report/markdown.ts decides what stays).
import { characters, utf8Bytes, type FitOptions } from '../report/fit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import type { ReportInput } from '../report/types.ts';

/** GitHub's limit for one step's job summary (bytes). */
export const GITHUB_SUMMARY_LIMIT = 1024 * 1024;

/** The marker, the report and `after` (a note of the caller's), within `fit` when given. */
export function reportBody(marker: string, input: ReportInput, fit?: FitOptions, after = ''): string {
  if (!fit) return `${marker}\n${renderMarkdown(input)}${after}`;
  const size = fit.size ?? characters;
  const report = renderMarkdown(input, { ...fit, size, limit: fit.limit - size(`${marker}\n`) - size(after) });
  return `${marker}\n${report}${after}`;
}

/**
 * The job summary: the report, `after` (a note of the caller's) and, below a rule, the default
 * branch's trend, within GitHub's 1 MiB. The trend (at most 100 rows and four charts) is left out
 * only if it alone would take a quarter of that.
 */
export function summaryBody(marker: string, input: ReportInput, fullReport: string, trend?: string, after = '', limit = GITHUB_SUMMARY_LIMIT): string {
  const fit = { limit, size: utf8Bytes, fullReport };
  const trendPart = trend ? `\n---\n\n${trend}` : '';
  if (utf8Bytes(trendPart) <= limit / 4) return reportBody(marker, input, fit, `${after}${trendPart}`);
  return reportBody(marker, input, fit, `${after}\n_The default branch's trend is left out: it does not fit beside the report._\n`);
}
