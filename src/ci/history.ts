import { errorMessage } from '../errors.ts';
import { slimForHistory } from '../history/load.ts';
import { historySeries, type HistoryPoint } from '../history/series.ts';
import { historySvg } from '../history/svg.ts';
import { trendMarkdown } from '../history/trend.ts';
import type { Results } from '../results/types.ts';
import type { CiAdapter, Occasion } from './types.ts';

/** The file beside report.md that draws the same runs, for an artifact. */
const HISTORY_SVG = 'history.svg';

/**
 * The default branch's trend: its kept runs (the oldest dropped past `keep`), this run appended and
 * kept when it is the default branch's, shown as this run's last point on a change. Written as
 * history.svg beside report.md and returned as Markdown for the job summary; undefined when the CI
 * keeps no history or there is not yet a line to draw. A store that fails costs the trend, never
 * the report. `write` makes a file beside report.md (through the writer gate: ci/pipeline.ts).
 */
export async function keepHistory(ci: CiAdapter, occasion: Occasion, head: Results, write: (name: string, text: string) => void): Promise<string | undefined> {
  if (!ci.history) return undefined;
  const { store, keep } = ci.history;
  let kept: HistoryPoint[];
  try {
    kept = await store.load();
  } catch (error) {
    ci.log.warning(`Could not read the default branch's history: ${errorMessage(error)}`);
    kept = [];
  }
  // This run is the newest point: kept on the default branch, shown after it on a change.
  const own = occasion.kind === 'mainline' ? ci.shortSha(occasion.sha) : occasion.kind === 'change' ? 'this change' : undefined;
  const points = own === undefined ? kept : [...kept, { label: own, results: slimForHistory(head) }].slice(occasion.kind === 'mainline' ? -keep : 0);
  if (occasion.kind === 'mainline') {
    const problem = await store.save(points).catch((error: unknown) => errorMessage(error));
    if (problem) ci.log.warning(`The history was NOT kept: ${problem}`);
    else ci.log.info(`Kept the default branch's last ${points.length} run(s) for the trend.`);
  }
  const mainRuns = occasion.kind === 'change' ? points.length - 1 : points.length;
  const what = `the last ${mainRuns} run(s) of the default branch${occasion.kind === 'change' ? ', then this change' : ''}`;
  if (points.length < 2) return undefined;
  try {
    const labels = points.map((p) => p.label);
    const series = historySeries(points);
    write(HISTORY_SVG, historySvg(series, labels));
    const note =
      occasion.kind === 'change'
        ? "_For context, not this change's result: the default branch's own runs, with this change as the last point. This change's comparison with its baseline is the report above._"
        : undefined;
    return trendMarkdown(series, labels, what, note);
  } catch (error) {
    // Too many benchmarks to draw, a full disk: the trend is lost, never the report.
    ci.log.warning(`No trend in the job summary: ${errorMessage(error)}`);
    return undefined;
  }
}
