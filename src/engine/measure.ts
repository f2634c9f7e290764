import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { assertSameMetric, compareResults, type Comparison } from '../compare/compare.ts';
import type { Config } from '../config/types.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { drawnFor, FLAME_DIRECTORY, type FlameGraph, writeFlameGraphs } from '../flame/graphs.ts';
import { withInclusiveCosts } from '../flame/inclusive.ts';
import { escapeMarkdown } from '../report/escape.ts';
import { failedCount, regressedNames } from '../report/headline.ts';
import { jsonReport } from '../report/json.ts';
import { markdownReport } from '../report/markdown.ts';
import { resultsByBenchmark, type ResultsByBenchmark } from '../results/by-benchmark.ts';
import { readResultsText, readWallTimes, writeFileAtomic, writeResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import type { Progress } from '../run/progress.ts';
import { nameMatcher, runSuite, type ShardSelection } from '../run/suite.ts';
import { lockOutputDirectory } from './out-lock.ts';
import { assertSameDirectory, realPathBeforeRuns } from '../untrusted/write.ts';
import type { ValgrindInstall } from '../run/valgrind.ts';
import { resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';

/** Every path here is absolute: the entry point resolved it (README "Paths"). */
export interface MeasureOptions {
  config: Config;
  outDir: AbsolutePath;
  jobs: number;
  filter?: string | undefined;
  shard?: ShardSelection | undefined;
  baseline?: AbsolutePath | undefined;
  /** Where the baseline came from, for people; defaults to the baseline's path as the caller sees it. */
  baselineSource?: string | undefined;
  saveBaseline?: AbsolutePath | undefined;
  thresholdPercent?: number | undefined;
  progress: Progress;
  valgrind?: ValgrindInstall;
  /** Keep every function and line in results.json (bisect), not only the costliest. */
  everyFunction?: boolean;
  /** Also record each benchmark's call tree under Callgrind (`--call-tree`). */
  callTree?: boolean;
}

export interface MeasureOutcome {
  results: Results;
  comparison: Comparison | undefined;
  resultsFile: AbsolutePath;
  markdownFile: AbsolutePath;
  failed: number;
  /** With --call-tree and a baseline: the flame graphs written (OUT/flame/<slug>.svg). */
  flameGraphs?: FlameGraph[];
  /** With --call-tree and a baseline: the changed benchmarks drawn without a flame graph (a side had no call tree). */
  flameGraphsMissing?: string[];
  /** Set when --save-baseline was asked but refused. */
  baselineNotSaved?: string;
}

/**
 * Refuses a baseline target we could not write, before spending minutes measuring. Its directory is
 * made if missing, as --out's is (`--save-baseline .cg-bench/main.json` on a fresh checkout).
 */
function checkBaselineTarget(path: AbsolutePath): void {
  const dir = dirname(path);
  if (existsSync(path) && statSync(path).isDirectory()) throw new CgBenchError(`--save-baseline ${shownPath(path)}: is a directory`);
  try {
    mkdirSync(dir, { recursive: true });
    // A file made and removed, not access(): root passes access() where no file can be made (/proc,
    // cgroupfs, where a directory is a cgroup and a file is refused), and the run would be lost at its end.
    const probe = join(dir, `.cg-bench-check-${process.pid}-${randomBytes(6).toString('hex')}`);
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch {
    throw new CgBenchError(`--save-baseline ${shownPath(path)}: directory ${dir} cannot be made or is not writable`);
  }
}

/** Configuration in, results (and a comparison, when there is a baseline) out, written to outDir. */
export async function measure(options: MeasureOptions): Promise<MeasureOutcome> {
  // The baseline is read before any code runs (the code may be able to write where it lies), but
  // kept as text while the benchmarks are measured, and read a benchmark at a time: now, for what
  // measuring needs (its metric, checked before rather than after; its wall times, to order the
  // benchmarks), and again to compare. Parsed whole, thousands of benchmarks take several times the
  // text's memory, on top of the head's results (issue 26).
  const baseline = options.baseline ? resultsByBenchmark(readResultsText(options.baseline), options.baseline) : undefined;
  const wallTimes = baseline ? baselineWallTimes(baseline, options.config) : undefined;
  if (options.saveBaseline && options.shard) {
    throw new CgBenchError(
      `--save-baseline ${shownPath(options.saveBaseline)}: a baseline is a whole suite, and --shard measures a part; save it from cg-bench merge`,
    );
  }
  if (options.saveBaseline) checkBaselineTarget(options.saveBaseline);

  const release = lockOutputDirectory(options.outDir);
  try {
    return await measureLocked(options, baseline, wallTimes);
  } finally {
    release();
  }
}

/** The wall time of each of the baseline's benchmarks, once its metric is this configuration's. */
function baselineWallTimes(baseline: ResultsByBenchmark, config: Config): Map<string, number> {
  // Every benchmark read (and so checked) first: a file that cannot be read is named before its metric.
  const times = new Map<string, number>();
  for (const b of baseline.benchmarks) times.set(b.name, b.wallTimeMs);
  // The same check compareResults makes.
  assertSameMetric(baseline.environment, config);
  return times;
}

async function measureLocked(
  options: MeasureOptions,
  baseline: ResultsByBenchmark | undefined,
  baselineWallTimesMs: Map<string, number> | undefined,
): Promise<MeasureOutcome> {
  // Taken before any code runs (which may swap the directory for a link): what is written after is checked against it.
  const realOut = realOutDirBeforeRuns(options.outDir);
  const results = await runSuite(options.config, {
    outDir: options.outDir,
    jobs: options.jobs,
    filter: options.filter,
    shard: options.shard,
    progress: options.progress,
    previousWallTimesMs: baselineWallTimesMs ?? readWallTimes(resolveFrom(options.outDir, 'results.json')),
    ...(options.valgrind ? { valgrind: options.valgrind } : {}),
    ...(options.everyFunction ? { everyFunction: true } : {}),
    ...(options.callTree ? { callTree: true } : {}),
  });
  const comparison = baseline
    ? compareResults(baseline, results, { thresholdPercent: options.thresholdPercent, selected: selectedBy(options, results) })
    : undefined;
  const resultsFile = resolveFrom(options.outDir, 'results.json');
  const markdownFile = resolveFrom(options.outDir, 'report.md');
  writeResults(resultsFile, results, realOut);
  const input = { head: results, comparison, baselineSource: options.baselineSource ?? (options.baseline && shownPath(options.baseline)) };
  const flameGraphs = options.callTree ? flameGraphsOfRun(options, results, comparison, realOut) : undefined;
  // With call trees on both sides, report.md's function tables show costs with callees too.
  const withCallees =
    options.callTree && options.baseline && comparison
      ? { ...input, comparison: withInclusiveCosts(comparison, dirname(options.baseline), options.outDir) }
      : input;
  writeFileAtomic(markdownFile, markdownReport.render(withCallees) + flameGraphLinks(flameGraphs ?? [], options.outDir), realOut);
  if (comparison) writeFileAtomic(resolveFrom(options.outDir, 'comparison.json'), jsonReport.render(input), realOut);

  const failed = results.benchmarks.filter((b) => b.status !== 'ok').length;
  const outcome: MeasureOutcome = { results, comparison, resultsFile, markdownFile, failed };
  if (flameGraphs) outcome.flameGraphs = flameGraphs;
  if (flameGraphs && comparison) {
    const drawn = new Set(flameGraphs.map((g) => g.benchmark));
    const missing = comparison.benchmarks.filter((b) => drawnFor(b) && !drawn.has(b.name)).map((b) => b.name);
    if (missing.length) outcome.flameGraphsMissing = missing;
  }
  if (options.saveBaseline) {
    // A failed run never replaces a good baseline.
    if (failed) outcome.baselineNotSaved = `not saving the baseline to ${shownPath(options.saveBaseline)}: ${failed} benchmark(s) failed`;
    else writeResults(options.saveBaseline, results);
  }
  return outcome;
}

/**
 * With --call-tree and a baseline measured with it too: a differential flame graph of each changed
 * benchmark in OUT/flame (emptied first, so that no picture of an earlier run stays).
 */
function flameGraphsOfRun(options: MeasureOptions, results: Results, comparison: Comparison | undefined, realOut: string | undefined): FlameGraph[] {
  const outDir = resolveFrom(options.outDir, FLAME_DIRECTORY);
  // Every benchmark has ended: once --out still leads where it did before they ran, its path is safe to use.
  if (realOut !== undefined) assertSameDirectory(options.outDir, realOut);
  rmSync(outDir, { recursive: true, force: true });
  if (!options.baseline || !comparison) return [];
  const baseShown = options.baselineSource ?? shownPath(options.baseline);
  return writeFlameGraphs({
    base: { dir: dirname(options.baseline), shown: baseShown },
    head: { dir: options.outDir, shown: shownPath(options.outDir), results },
    comparison,
    outDir,
    missing: 'skip',
  });
}

/** report.md's links to the flame graphs beside it (paths relative to it: slugs, nothing to escape), or nothing. */
function flameGraphLinks(graphs: readonly FlameGraph[], outDir: AbsolutePath): string {
  if (!graphs.length) return '';
  const links = graphs.map((g) => `[${escapeMarkdown(g.benchmark)}](${relative(outDir, g.file).split(sep).join('/')})`);
  return `\nWhere in the call tree each change happened (differential flame graphs): ${links.join(', ')}\n`;
}

/** Which baseline benchmarks this run was asked to measure: the others are left out, not "removed". */
function selectedBy(options: MeasureOptions, results: Results): ((name: string) => boolean) | undefined {
  if (options.shard) {
    const mine = new Set(results.benchmarks.map((b) => b.name));
    return (name) => mine.has(name);
  }
  return options.filter ? nameMatcher(options.filter) : undefined;
}

/**
 * How a command that reports results ends, as a CI job does (ci/report-job.ts outcomeOf): a failed
 * benchmark, simulated or timed, exit 3; with --fail-on-regression, a regression, counted or timed, exit 1.
 */
export function exitCodeFor(head: Results, comparison: Comparison | undefined, failOnRegression: boolean): ExitCode {
  if (failedCount(head)) return ExitCode.benchmarkFailed;
  if (failOnRegression && regressedNames(head, comparison).length > 0) return ExitCode.regression;
  return ExitCode.ok;
}

/** outDir's real path, or undefined where it cannot be made (runSuite then says so, naming --out). */
function realOutDirBeforeRuns(outDir: string): string | undefined {
  try {
    return realPathBeforeRuns(outDir);
  } catch {
    return undefined;
  }
}
