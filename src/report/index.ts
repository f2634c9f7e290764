// The one list of report formats. `--format`'s choices and help text, the `exports` input of the action
// and the GitLab component, and the files the CI jobs write all come from REPORT_FORMATS; action.yml,
// the GitLab templates and docs/ cannot, so tests/unit/format-registry.test.ts checks that they list
// exactly these.
import { bmfReport } from './bmf.ts';
import { githubActionBenchmarkReport } from './github-action-benchmark.ts';
import { jsonReport } from './json.ts';
import { junitReport } from './junit.ts';
import { markdownReport } from './markdown.ts';
import { openMetricsReport } from './openmetrics.ts';
import { terminalReport } from './terminal.ts';
import type { ReportFormat } from './types.ts';

/** colour: ANSI colours (a TTY); width: what the terminal table fits its rows to (terminal.ts). */
interface ReportOptions {
  colour: boolean;
  width?: number;
}

interface FormatEntry {
  /** A format other tools read: the CI jobs write it as NAME.json when their `exports` input names it. */
  readonly export: boolean;
  make(options: ReportOptions): ReportFormat;
}

/** In the order help and errors list them; the first is the default. */
const REPORT_FORMATS = {
  terminal: { export: false, make: terminalReport },
  markdown: { export: false, make: () => markdownReport },
  json: { export: false, make: () => jsonReport },
  junit: { export: false, make: () => junitReport },
  openmetrics: { export: false, make: () => openMetricsReport },
  bmf: { export: true, make: () => bmfReport },
  'github-action-benchmark': { export: true, make: () => githubActionBenchmarkReport },
} as const satisfies Record<string, FormatEntry>;

export type FormatName = keyof typeof REPORT_FORMATS;
export type ExportFormat = { [K in FormatName]: (typeof REPORT_FORMATS)[K]['export'] extends true ? K : never }[FormatName];

export const FORMAT_NAMES = Object.keys(REPORT_FORMATS) as FormatName[];
export const EXPORT_FORMATS: readonly ExportFormat[] = FORMAT_NAMES.filter((name): name is ExportFormat => REPORT_FORMATS[name].export);

export function reportFormat(name: FormatName, options: ReportOptions): ReportFormat {
  return REPORT_FORMATS[name].make(options);
}

/** The file an export is written to, in the job's output directory. */
export const exportFileName = (format: ExportFormat) => `${format}.json`;

/** For help: "terminal (default), markdown, …, bmf or github-action-benchmark". */
export function formatChoicesText(): string {
  const [first, ...rest] = FORMAT_NAMES;
  return `${first} (default), ${rest.slice(0, -1).join(', ')} or ${rest.at(-1)}`;
}
