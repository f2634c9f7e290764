import type { Comparison } from '../compare/compare.ts';
import type { InclusiveFigures } from '../flame/inclusive.ts';
import type { Results } from '../results/types.ts';

export interface ReportInput {
  head: Results;
  comparison?: Comparison | undefined;
  /** Where the baseline came from, for people ("cache", "measured in this job", a path). */
  baselineSource?: string | undefined;
  /** The directory of results.json as the reader should see it: paths inside results are relative to it. */
  resultsDir?: string | undefined;
  /** The baseline commit, linked near the top of the Markdown report. */
  baselineCommit?: BaselineCommitLink | undefined;
  /** The suite's name in the Markdown heading: given when a project has more than the default suite. */
  suite?: string | undefined;
  /** Benchmarks whose events differed between two runs of the head (check-determinism), named near the top. */
  notRepeating?: readonly string[] | undefined;
  /** Each changed benchmark's differential flame graph, linked from its row (CI input call-tree). */
  flameGraphs?: readonly FlameGraphLink[] | undefined;
}

/** A flame graph as a report links it: the benchmark, the file relative to the output directory, its address when the CI has one. */
export interface FlameGraphLink {
  benchmark: string;
  /** `flame/NN-<benchmark>.svg`. */
  path: string;
  url?: string | undefined;
  /** How the link reads: 'flame graph' unless the CI says whose file it is (a fork's run). */
  label?: string | undefined;
  /** The benchmark's costs with callees, from the two call trees it was drawn from (the report's inclusive columns). */
  inclusive?: InclusiveFigures | undefined;
}

/** A commit as the report shows it: the CI's short form, linked to the full commit when the CI has an address for it. */
export interface BaselineCommitLink {
  sha: string;
  short: string;
  url?: string | undefined;
  /** 'merge-base', 'base branch', 'target branch'. */
  what: string;
}

/** One output format; index.ts lists them all (REPORT_FORMATS). */
export interface ReportFormat {
  readonly name: string;
  render(input: ReportInput): string;
}
