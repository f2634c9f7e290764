// The report of each format. Their names (`--format`'s choices and help text, the `exports` input of
// the action and the GitLab component, the files the CI jobs write) come from format-names.ts;
// action.yml, the GitLab templates and docs/ cannot, so tests/unit/format-registry.test.ts checks that
// they list exactly these.
import { bmfReport } from './bmf.ts';
import { githubActionBenchmarkReport } from './github-action-benchmark.ts';
import { jsonReport } from './json.ts';
import { junitReport } from './junit.ts';
import { markdownReport } from './markdown.ts';
import { openMetricsReport } from './openmetrics.ts';
import { terminalReport } from './terminal.ts';
import type { ExportFormat, FormatName } from './format-names.ts';
import type { ReportFormat } from './types.ts';

/** colour: ANSI colours (a TTY); width: what the terminal table fits its rows to (terminal.ts). */
interface ReportOptions {
  colour: boolean;
  width?: number;
}

/** The report of each format, under the names (and in the order) of format-names.ts. */
const REPORT_FORMATS: Record<FormatName, (options: ReportOptions) => ReportFormat> = {
  terminal: terminalReport,
  markdown: () => markdownReport,
  json: () => jsonReport,
  junit: () => junitReport,
  openmetrics: () => openMetricsReport,
  bmf: () => bmfReport,
  'github-action-benchmark': () => githubActionBenchmarkReport,
};

export { EXPORT_FORMATS, FORMAT_NAMES, type ExportFormat, type FormatName } from './format-names.ts';

export function reportFormat(name: FormatName, options: ReportOptions): ReportFormat {
  return REPORT_FORMATS[name](options);
}

/** The file an export is written to, in the job's output directory. */
export const exportFileName = (format: ExportFormat) => `${format}.json`;
