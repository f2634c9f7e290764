import { bmfReport } from './bmf.ts';
import { githubActionBenchmarkReport } from './github-action-benchmark.ts';
import { jsonReport } from './json.ts';
import { junitReport } from './junit.ts';
import { openMetricsReport } from './openmetrics.ts';
import { markdownReport } from './markdown.ts';
import { terminalReport } from './terminal.ts';
import type { ReportFormat } from './types.ts';

export type FormatName = 'terminal' | 'markdown' | 'json' | 'junit' | 'openmetrics' | 'bmf' | 'github-action-benchmark';
export const FORMAT_NAMES: readonly FormatName[] = ['terminal', 'markdown', 'json', 'junit', 'openmetrics', 'bmf', 'github-action-benchmark'];

export function reportFormat(name: FormatName, options: { colour: boolean }): ReportFormat {
  switch (name) {
    case 'terminal':
      return terminalReport(options);
    case 'markdown':
      return markdownReport;
    case 'json':
      return jsonReport;
    case 'junit':
      return junitReport;
    case 'openmetrics':
      return openMetricsReport;
    case 'bmf':
      return bmfReport;
    case 'github-action-benchmark':
      return githubActionBenchmarkReport;
  }
}
