import { compareWithBaseline } from '../compare/compare.ts';
import { FLAME_DIRECTORY } from '../flame/graphs.ts';
import { type InclusiveFigures, withInclusiveFigures } from '../flame/inclusive.ts';
import { slugify } from '../run/slug.ts';
import { ExitCode } from '../errors.ts';
import { reportBody } from '../publish/report-body.ts';
import type { Suite } from '../publish/suite.ts';
import { failedCount, regressedNames } from '../report/headline.ts';
import type { FlameGraphLink, ReportInput } from '../report/types.ts';
import type { Results } from '../results/types.ts';
import type { Baseline } from './baseline.ts';
import { readCouldNotRun, readReportHandOver } from './report-hand-over.ts';
import type { BaselineCommit, CiAdapter, Outcome, Report, ReportJobAdapter } from './types.ts';

/** What making a report needs of a CI: the measuring job's adapter and the report job's both have it. */
type ReportView = Pick<CiAdapter, 'log' | 'thresholdPercent' | 'shortSha' | 'commitUrl'> & { suite: Suite };

/**
 * The report, made the same way in a measuring job and in a report job: the comparison (a baseline
 * that cannot be compared, e.g. measured in another unit, becomes "none: why" and a warning), what the
 * report shows, and its Markdown with the suite's marker (publish/report-body.ts fits it where it goes).
 */
export function makeReport(
  ci: ReportView,
  head: Results,
  headCode: number,
  found: Baseline,
  more: {
    commit: BaselineCommit | undefined;
    baselineSaved?: boolean | undefined;
    trend?: string | undefined;
    notRepeating?: string[] | undefined;
    flameGraphs?: readonly FlameGraphLink[] | undefined;
    /** Costs with callees by benchmark, where no flame graph link carries them (a report job's hand-over). */
    inclusive?: ReadonlyMap<string, InclusiveFigures> | undefined;
  },
): Report {
  let baseline = found;
  const compared = compareWithBaseline(baseline.results, head, { thresholdPercent: ci.thresholdPercent });
  const { problem } = compared;
  // The "which functions changed" table shows costs with callees where the call trees were drawn from.
  const figures = new Map(more.inclusive ?? []);
  for (const g of more.flameGraphs ?? []) if (g.inclusive) figures.set(g.benchmark, g.inclusive);
  const comparison = compared.comparison && figures.size ? withInclusiveFigures(compared.comparison, figures) : compared.comparison;
  if (problem) {
    ci.log.warning(problem);
    baseline = { results: undefined, source: `none: ${problem}` };
  }
  const { commit } = more;
  const input: ReportInput = {
    head,
    comparison,
    baselineSource: baseline.source,
    suite: ci.suite.heading,
    baselineCommit: commit && comparison ? { sha: commit.sha, short: ci.shortSha(commit.sha), url: ci.commitUrl(commit.sha), what: commit.what } : undefined,
    notRepeating: more.notRepeating,
    ...(more.flameGraphs?.length ? { flameGraphs: more.flameGraphs } : {}),
  };
  return {
    head,
    headCode,
    baseline: baseline.results,
    baselineSource: baseline.source,
    baselineSaved: more.baselineSaved,
    comparison,
    body: reportBody(ci.suite.marker, input),
    input,
    trend: more.trend,
  };
}

/** How a report ends a job: a failed benchmark (simulated or timed), or (with fail-on-regression) the regressions named. */
export function outcomeOf(report: Report, failOnRegression: boolean): Outcome {
  const { head, headCode, comparison } = report;
  if (headCode === ExitCode.benchmarkFailed || head.timedFailed?.length) return { kind: 'benchmarks-failed', count: failedCount(head) };
  const regressed = regressedNames(head, comparison);
  if (failOnRegression && regressed.length > 0) return { kind: 'regressed', count: regressed.length, names: regressed };
  return { kind: 'ok' };
}

/**
 * The report job (GitHub's mode: report for a fork's pull request, GitLab's note job): it runs no
 * code of the change. It reads the measuring job's hand-over, has the CI check that it is this run's,
 * compares again and reports, exactly as the measuring job would have.
 */
export async function runReportJob(ci: ReportJobAdapter): Promise<Outcome> {
  const { root, sub, shown, missing } = ci.handOver;
  // The measuring job could not measure the head: said where people look, checked as a report would be.
  const stopped = readCouldNotRun(root, sub, shown);
  if (stopped) {
    const suite = await ci.accept({ ...stopped, baselineSource: 'none' });
    await ci.publishCouldNotRun(suite, stopped.sha);
    const message = `the measuring job could not measure ${ci.shortSha(stopped.sha)}: its log says why`;
    return { kind: 'could-not-run', code: ExitCode.benchmarkFailed, message };
  }
  const { handOver, head, base } = readReportHandOver(root, sub, shown, missing);
  const suite = await ci.accept(handOver);
  const failed = failedCount(head) > 0;
  const sourceShown = ci.baselineSourceShown;
  const source = sourceShown === undefined ? handOver.baselineSource : base ? sourceShown : 'none';
  const report = makeReport(
    { ...ci, suite },
    head,
    failed ? ExitCode.benchmarkFailed : ExitCode.ok,
    { results: base, source },
    {
      commit: ci.baselineCommit(),
      flameGraphs: flameGraphsOf(ci, head, handOver.flameGraphs),
      inclusive: handOver.inclusive,
    },
  );
  await ci.publishReport(suite, report);
  return outcomeOf(report, ci.failOnRegression);
}

/**
 * The flame graphs the hand-over names, by benchmark: a name counts only as the file ci/flame.ts
 * writes for a benchmark of the head (`flame/NN-<slug>.svg`), and is linked where the CI keeps the
 * measuring job's files; none when the CI has no address for them.
 */
function flameGraphsOf(ci: ReportJobAdapter, head: Results, named: readonly string[] | undefined): FlameGraphLink[] {
  if (!named?.length || !ci.flameGraphUrl) return [];
  const present = new Set(named);
  return head.benchmarks.flatMap((b, i) => {
    const path = `${FLAME_DIRECTORY}/${slugify(b.name, i)}.svg`;
    return present.has(path) ? [{ benchmark: b.name, path, url: ci.flameGraphUrl?.(path), ...(ci.flameGraphLabel ? { label: ci.flameGraphLabel } : {}) }] : [];
  });
}
