import type { Comparison } from '../compare/compare.ts';
import type { HistoryPoint } from '../history/series.ts';
import type { Suite } from '../publish/suite.ts';
import type { ExportFormat } from '../report/index.ts';
import type { ReportInput } from '../report/types.ts';
import type { Shard } from '../shard/plan.ts';
import type { ReportHandOver } from './report-hand-over.ts';
import type { Environment, Results } from '../results/types.ts';

/** The CI's log: plain lines and warnings (annotations on GitHub). */
export interface CiLog {
  info(message: string): void;
  warning(message: string): void;
}

/** The commit a change is compared with, and why that one (said in the report). */
export interface BaselineCommit {
  sha: string;
  /** 'merge-base', 'base branch', 'target branch'. */
  what: string;
  /** Why this commit, when it is not the obvious one: logged. */
  why?: string;
}

/** What the pipeline runs for, as the CI tells it. */
export type Occasion =
  /** A pull or merge request: compared with a baseline commit (or, when none can be named, why not). */
  | { kind: 'change'; baseline: BaselineCommit | { none: string } }
  /** The default branch: its results become later changes' baselines. */
  | { kind: 'mainline'; sha: string }
  | { kind: 'other' };

/** What identifies a stored baseline: the commit, the configuration there, what measured it. */
export interface BaselineRequest {
  sha: string;
  /** The configuration file's text at that commit; undefined when the commit could not be fetched. */
  configText: string | undefined;
  imageIdentity: string;
  /** What the head is measured on: a stored baseline must have been measured on the same. */
  environment: Environment;
}

/** Where earlier pipelines left baselines: the Actions cache, the default branch's artifacts. */
export interface BaselineStore {
  /** The results stored for exactly this request, and where they came from; undefined on a miss (logged). */
  restore(request: BaselineRequest): Promise<{ results: Results; from: string } | undefined>;
  /** Keeps a default-branch result; undefined when kept, else why not (for a warning). */
  save(request: BaselineRequest, results: Results): Promise<string | undefined>;
}

/** Where the default branch's last runs are kept, for the trend in the job summary. */
export interface HistoryStore {
  /** The kept runs, oldest first; [] when there are none (said in the log). */
  load(): Promise<HistoryPoint[]>;
  /** Keeps these runs; undefined when kept, else why not (for a warning). */
  save(points: readonly HistoryPoint[]): Promise<string | undefined>;
}

/** The report, made once and shown by each CI where its people look. */
export interface Report {
  head: Results;
  /** The CLI's exit code for the head: 0, or 3 when a benchmark failed. */
  headCode: number;
  baseline: Results | undefined;
  /** Which commit the baseline is and where it came from, or 'none: why'. */
  baselineSource: string;
  /** On the default branch, whether this run's results were kept as a baseline; undefined elsewhere. */
  baselineSaved?: boolean | undefined;
  comparison: Comparison | undefined;
  /** The Markdown report with the suite's marker, whole: report.md (and the log's copy). */
  body: string;
  /** What the report is made of, to render it again fitted to a comment, note or job summary (publish/report-body.ts). */
  input: ReportInput;
  /** The default branch's trend (Markdown) for the job summary, when the CI keeps a history. */
  trend: string | undefined;
}

/** How the pipeline ended; each CI turns this into its own failure (setFailed, an exit code). */
export type Outcome =
  | { kind: 'ok' }
  | { kind: 'could-not-run'; code: number; message: string }
  | { kind: 'benchmarks-failed'; count: number }
  | { kind: 'regressed'; count: number; names: string[] };

/**
 * One CI, as the pipeline needs it: where the checkout and the output are, what the run is for,
 * where baselines are kept, and where the report goes. Everything else is the pipeline's.
 */
export interface CiAdapter {
  readonly log: CiLog;
  readonly suite: Suite;
  /** The repository's root (absolute), where git runs. */
  readonly repoRoot: string;
  /** The configuration's directory relative to the repository root, and the file relative to it. */
  readonly workingDirectory: string;
  readonly config: string;
  /** Where results, logs and report.md go (absolute). */
  readonly outRoot: string;
  readonly thresholdPercent: number | undefined;
  readonly failOnRegression: boolean;
  /** On the default branch, measure the head a second time and name the benchmarks whose counts differ (input check-determinism). */
  readonly checkDeterminism: boolean;
  /** Keep call trees (`--call-tree`) and draw a differential flame graph of each changed benchmark (input call-tree; ci/flame.ts). */
  readonly callTree: boolean;
  /** A flame graph's address where the CI keeps it (`path` relative to outRoot), for the report's row; undefined when there is none. */
  flameGraphUrl(path: string): string | undefined;
  /** Formats written beside results.json for other tools (bmf.json, github-action-benchmark.json). */
  readonly exports: readonly ExportFormat[];
  readonly store: BaselineStore | undefined;
  /** The default branch's last `keep` runs, when this CI keeps them. */
  readonly history: { store: HistoryStore; keep: number } | undefined;
  /** The CI's way to write a commit short. */
  shortSha(sha: string): string;
  /** The commit's page, for the report's link; undefined when the CI's address is unknown. */
  commitUrl(sha: string): string | undefined;
  occasion(): Promise<Occasion>;
  /** Makes a commit present in the repository, fetching it with the CI's credentials; false if it cannot. */
  fetchCommit(sha: string): boolean;
  /** The head could not be measured at all. */
  cannotRun(message: string): Promise<void>;
  /** Shows the report: job summary, comment or note, status, artifacts, outputs. */
  publish(report: Report): Promise<void>;
  /**
   * Files beside report.md that the CI's own views read (GitLab: junit.xml, metrics.txt,
   * comparison.json), by name: the pipeline writes them through the writer gate before publish.
   */
  reportFiles?(report: Report): Record<string, string>;
  /** Where a part of a sharded run leaves its results for the merge (the CI uploads it as an artifact). */
  shardDir(shard: Shard): string;
  /** Says that this job measured one part, and where its results are. */
  publishShard(shard: Shard, dir: string): Promise<void>;
  /** Where this job leaves a report job its hand-over (ci/report-hand-over.ts) and what it names; undefined when none follows. */
  reportHandOver(): { dir: string; sha: string; pullRequest?: number } | undefined;
}

/**
 * A job that reports what a measuring job measured (GitHub's mode: report for a fork's pull request,
 * GitLab's note job), running no code of the change: the CI says where the hand-over is, whose it
 * must be and where the report goes; reading, comparing and reporting are ci/report-job.ts's.
 */
export interface ReportJobAdapter {
  readonly log: CiLog;
  readonly thresholdPercent: number | undefined;
  readonly failOnRegression: boolean;
  /**
   * Where the hand-over is: the directory it was put in (trusted: read beneath it), its place there
   * ('' for the directory itself), how messages name the directory, and what to do when it is missing.
   */
  readonly handOver: { root: string; sub: string; shown: string; missing: string };
  /** Said of the baseline instead of the hand-over's words, when the measuring job is not trusted to word it (a fork's run). */
  readonly baselineSourceShown?: string | undefined;
  shortSha(sha: string): string;
  commitUrl(sha: string): string | undefined;
  /** The suite reported, once the hand-over is found to be this run's; throws a CgBenchError naming what is not. */
  accept(handOver: ReportHandOver): Promise<Suite>;
  /** The commit the measuring job compared with, when the CI names it. */
  baselineCommit(): BaselineCommit | undefined;
  /** Where the measuring job's flame graph `path` (relative to its output directory) can be seen; absent when the CI keeps no such address. */
  flameGraphUrl?(path: string): string | undefined;
  /** How a flame graph's link reads, when it is not simply 'flame graph' (a fork's run made the file). */
  readonly flameGraphLabel?: string | undefined;
  /** Shows the report: comment or note, status, outputs. */
  publishReport(suite: Suite, report: Report): Promise<void>;
  /** Says where people look that the measuring job could not measure the head at `sha` (publish/could-not-run.ts). */
  publishCouldNotRun(suite: Suite, sha: string): Promise<void>;
}
