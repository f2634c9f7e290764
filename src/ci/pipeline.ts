import { mkdirSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { MeasureSelection, Measurement, Measurer } from '../container/measurer.ts';
import { notRepeating } from '../engine/check.ts';
import { ExitCode } from '../errors.ts';
import { NOT_REPEATING_HELP } from '../report/markdown.ts';
import { exportFileName, reportFormat } from '../report/index.ts';
import type { FlameGraphLink } from '../report/types.ts';
import { resultsText } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { mergeShards } from '../shard/merge.ts';
import type { Shard } from '../shard/plan.ts';
import {
  findBaseline,
  type FoundBaseline,
  headConfigText,
  lookUpBaseline,
  saveMainlineBaseline,
  settleBaseline,
  type Baseline,
  type BaselineLookup,
} from './baseline.ts';
import { drawChangeFlameGraphs, drawMergedFlameGraphs, handOverCallTrees, partCallTrees } from './flame.ts';
import { FLAME_DIRECTORY } from '../flame/graphs.ts';
import { keepHistory } from './history.ts';
import { readShardHandOvers, writeShardHandOver } from './shard-hand-over.ts';
import { writeCouldNotRun, writeReportHandOver } from './report-hand-over.ts';
import { checkWorkingDirectory } from './working-directory.ts';
import { makeReport, outcomeOf } from './report-job.ts';
import { hasTimedBenchmarks, timeAgainstBaseline } from './stopwatch.ts';
import type { BaselineCommit, CiAdapter, Occasion, Outcome } from './types.ts';
import { closeRepository } from '../vcs/git.ts';
import { freshDirectoryBeneath, type HeldDirectory, holdOutputDirectory, type NewFileWriter, realPathBeforeRuns, writerBeneath } from '../untrusted/write.ts';

/** The output root held before any of the code runs, with its real path then (untrusted/write.ts). */
interface HeldOutRoot {
  held: HeldDirectory;
  real: string;
}

/**
 * ci.outRoot, made and held before any of the code runs: report.md and the exports are written in
 * it through the writer gate, so a link the code plants at their names (or in the root's place, where
 * it sits in a checkout the code can write, as GitLab's does) is never written through.
 */
/** Writes a new file in the held output root (a name may hold '/'; writerBeneath: a link at a name is removed, never followed). */
function writer(out: HeldOutRoot): NewFileWriter {
  return writerBeneath(out.held, out.real);
}

/**
 * A writer into the directory `dir` of the output root (a hand-over, the flame graphs), made afresh
 * through the held root: whatever the code put at its name or on the way to it (a link, a file) is
 * removed, never followed, and each file is a new one whose real path is checked (writeNewFile).
 */
function subdirectoryWriter(ci: CiAdapter, out: HeldOutRoot, dir: string): NewFileWriter {
  const sub = relative(ci.outRoot, dir);
  if (!sub || sub.startsWith('..') || isAbsolute(sub)) throw new Error(`${dir} is not beneath the output directory ${ci.outRoot}`);
  return freshDirectoryBeneath(out.held, out.real, sub);
}

async function withHeldOutRoot(ci: CiAdapter, run: (out: HeldOutRoot) => Promise<Outcome>): Promise<Outcome> {
  mkdirSync(ci.outRoot, { recursive: true });
  const real = realPathBeforeRuns(ci.outRoot);
  const held = holdOutputDirectory(ci.outRoot, real);
  try {
    return await run({ held, real });
  } finally {
    held.release();
  }
}

/**
 * The one CI pipeline: measure the head; for a change, find its baseline (stored and verified, or
 * measured here); on the default branch, keep the head as a baseline; compare; report; decide. Each
 * CI supplies an adapter (where the baseline commit and stored baselines come from, where the report
 * goes). A suite too long for one machine runs as parts on the CI's own matrix (runShard) and is
 * joined by one merge job (runMerge), which reports exactly as one machine would.
 */
export async function runPipeline(ci: CiAdapter, measurer: Measurer): Promise<Outcome> {
  checkWorkingDirectory(ci);
  return withHeldOutRoot(ci, (out) => measureAndReport(ci, measurer, out));
}

/**
 * Every git command in the CI's repository, made before the first of the code runs (ci.occasion()
 * made its own already): the baseline commit fetched, its configuration read, its checkout made.
 * The repository is then closed to git (vcs/git.ts closeRepository): root's git never reads what
 * the code could have written there.
 */
function gitBeforeCode(ci: CiAdapter, occasion: Occasion): FoundBaseline | undefined {
  const commit = baselineCommitOf(occasion);
  const found = commit ? findBaseline(ci, commit) : undefined;
  closeRepository(ci.repoRoot);
  return found;
}

async function measureAndReport(ci: CiAdapter, measurer: Measurer, out: HeldOutRoot): Promise<Outcome> {
  const occasion = await ci.occasion();
  const found = gitBeforeCode(ci, occasion);
  try {
    return await measureAndReportWith(ci, measurer, out, occasion, found);
  } finally {
    found?.checkout.remove();
  }
}

async function measureAndReportWith(
  ci: CiAdapter,
  measurer: Measurer,
  out: HeldOutRoot,
  occasion: Occasion,
  found: FoundBaseline | undefined,
): Promise<Outcome> {
  // Call trees only where there is a base to draw them against.
  const headRun = await measureHead(ci, measurer, ci.callTree && occasion.kind === 'change' ? { callTree: true } : {});
  if (!headRun.results) return cannotRun(ci, headRun, out);
  let head = headRun.results;
  const timed = hasTimedBenchmarks(ci);
  let baseline: Baseline = { results: undefined, source: 'none' };
  let saved: boolean | undefined;
  let unrepeated: string[] | undefined;
  let flameGraphs: FlameGraphLink[] | undefined;
  if (occasion.kind === 'change') {
    if ('none' in occasion.baseline) baseline = { results: undefined, source: `none: ${occasion.baseline.none}` };
    else if (found) {
      const lookup = await lookUpBaseline(ci, measurer, found, head.environment);
      const { checkout } = found;
      baseline = await settleBaseline(ci, measurer, lookup, head, checkout);
      if (timed) {
        head = await timeAgainstBaseline(ci, measurer, lookup, checkout, head);
        // The head's results.json carries them to artifacts and GitLab's note job.
        writer(out)('head/results.json', resultsText(head));
      }
      if (ci.callTree)
        flameGraphs = await drawChangeFlameGraphs(ci, measurer, checkout, head, baseline, () => subdirectoryWriter(ci, out, join(ci.outRoot, FLAME_DIRECTORY)));
    }
  } else if (occasion.kind === 'mainline') {
    if (ci.checkDeterminism) unrepeated = await measureHeadAgain(ci, measurer, {}, head);
    // Saved all the same: a later change's baseline is verified by measuring it again (baseline.ts).
    saved = await saveMainlineBaseline(ci, { sha: occasion.sha, configText: headConfigText(ci), imageIdentity: measurer.imageIdentity }, head);
  }
  if (timed && occasion.kind !== 'change')
    ci.log.info('The timed benchmarks (mode: wallclock, cputime, counters) are timed against a base on pull and merge requests only.');
  return finish(ci, out, head, headRun.code, baseline, {
    baselineSaved: saved,
    trend: await keepHistory(ci, occasion, head, writer(out)),
    commit: baselineCommitOf(occasion),
    notRepeating: unrepeated,
    flameGraphs,
  });
}

/**
 * One part of a sharded run: the head's part, split on the stored baseline's durations when there is
 * one (every part restores the same, so every part computes the same split), and the baseline's
 * part, handed over to the merge job.
 */
export async function runShard(ci: CiAdapter, measurer: Measurer, shard: Shard, headSha: string): Promise<Outcome> {
  checkWorkingDirectory(ci);
  return withHeldOutRoot(ci, (out) => measurePart(ci, measurer, shard, headSha, out));
}

async function measurePart(ci: CiAdapter, measurer: Measurer, shard: Shard, headSha: string, out: HeldOutRoot): Promise<Outcome> {
  const occasion = await ci.occasion();
  const found = gitBeforeCode(ci, occasion);
  try {
    return await measurePartWith(ci, measurer, shard, headSha, out, occasion, found);
  } finally {
    found?.checkout.remove();
  }
}

async function measurePartWith(
  ci: CiAdapter,
  measurer: Measurer,
  shard: Shard,
  headSha: string,
  out: HeldOutRoot,
  occasion: Occasion,
  found: FoundBaseline | undefined,
): Promise<Outcome> {
  if (hasTimedBenchmarks(ci))
    ci.log.warning(
      'The timed benchmarks (mode: wallclock, cputime, counters) are not run in a sharded pipeline: timing them in parallel jobs would pair nothing.',
    );
  let lookup: BaselineLookup | undefined;
  let source = 'none';
  if (occasion.kind === 'change') {
    if ('none' in occasion.baseline) source = `none: ${occasion.baseline.none}`;
    else if (found) lookup = await lookUpBaseline(ci, measurer, found, await measurer.environment());
  }
  const selection: MeasureSelection = { shard, durations: lookup?.stored?.results };
  // Call trees only where there is a base to draw them against (the merge job draws them).
  const headRun = await measureHead(ci, measurer, ci.callTree && lookup ? { ...selection, callTree: true } : selection);
  if (!headRun.results) return cannotRun(ci, headRun);
  // Named in this part's log; the merge job's report does not carry them.
  if (ci.checkDeterminism && occasion.kind === 'mainline') await measureHeadAgain(ci, measurer, selection, headRun.results);
  let baseline: Baseline = { results: undefined, source };
  const dir = ci.shardDir(shard);
  // Made afresh through the held output root once no code runs any more; its writer, for the trees.
  const handOver = (base: Results | undefined) => {
    const write = subdirectoryWriter(ci, out, dir);
    writeShardHandOver(write, {
      index: shard.index,
      count: shard.count,
      sha: headSha,
      baselineSource: baseline.source,
      imageIdentity: measurer.imageIdentity,
      configText: headConfigText(ci),
      head: headRun.results!,
      base,
    });
    return write;
  };
  if (lookup && found) {
    const { checkout } = found;
    baseline = await settleBaseline(ci, measurer, lookup, headRun.results, checkout, selection);
    // Every run of code first; then the hand-over, made afresh, and the trees put into it.
    const trees = ci.callTree ? await partCallTrees(ci, measurer, checkout, headRun.results, baseline) : undefined;
    const write = handOver(baseline.results);
    if (trees) handOverCallTrees(ci, headRun.results, trees, write);
  } else handOver(undefined);
  await ci.publishShard(shard, dir);
  const failed = headRun.results.benchmarks.filter((b) => b.status !== 'ok').length;
  return headRun.code === ExitCode.benchmarkFailed ? { kind: 'benchmarks-failed', count: failed } : { kind: 'ok' };
}

/** The merge job: every part joined into the head and baseline of one run, then reported as one. */
export function runMerge(ci: CiAdapter, partsDir: string, shownDir: string): Promise<Outcome> {
  return withHeldOutRoot(ci, (out) => mergeAndReport(ci, partsDir, shownDir, out));
}

async function mergeAndReport(ci: CiAdapter, partsDir: string, shownDir: string, out: HeldOutRoot): Promise<Outcome> {
  const parts = readShardHandOvers(partsDir, shownDir);
  const source = (i: number) => `${shownDir}: part ${parts[i]!.index}/${parts[i]!.count}`;
  const head = mergeShards(parts.map((p, i) => ({ results: p.head, source: source(i) })));
  const shas = new Set(parts.map((p) => p.sha));
  if (shas.size !== 1) ci.log.warning(`The parts measured different commits (${[...shas].map((s) => ci.shortSha(s)).join(', ')}).`);
  let baseline: Baseline;
  const missing = parts.findIndex((p) => !p.base);
  if (missing >= 0)
    baseline = {
      results: undefined,
      source: parts[missing]!.baselineSource.startsWith('none') ? parts[missing]!.baselineSource : `none: ${source(missing)} has no baseline`,
    };
  else {
    const sources = [...new Set(parts.map((p) => p.baselineSource))];
    baseline = { results: mergeShards(parts.map((p, i) => ({ results: p.base!, source: `${source(i)} (baseline)` }))), source: sources.join('; ') };
  }
  // Where a one-machine run leaves them, for the outputs and artifacts that point there.
  const write = writer(out);
  write('head/results.json', resultsText(head));
  if (baseline.results) write('base/results.json', resultsText(baseline.results));
  const occasion = await ci.occasion();
  const saved =
    occasion.kind === 'mainline'
      ? await saveMainlineBaseline(ci, { sha: occasion.sha, configText: parts[0]!.configText, imageIdentity: parts[0]!.imageIdentity }, head)
      : undefined;
  const failed = head.benchmarks.some((b) => b.status !== 'ok');
  const commit = baselineCommitOf(occasion);
  const flameGraphs =
    ci.callTree && commit
      ? drawMergedFlameGraphs(ci, parts, partsDir, head, baseline, commit.sha, writer(out), () =>
          subdirectoryWriter(ci, out, join(ci.outRoot, FLAME_DIRECTORY)),
        )
      : undefined;
  return finish(ci, out, head, failed ? ExitCode.benchmarkFailed : ExitCode.ok, baseline, {
    baselineSaved: saved,
    trend: await keepHistory(ci, occasion, head, writer(out)),
    commit,
    flameGraphs,
  });
}

async function measureHead(ci: CiAdapter, measurer: Measurer, selection: MeasureSelection): Promise<Measurement> {
  const part = selection.shard ? `, part ${selection.shard.index}/${selection.shard.count}` : '';
  ci.log.info(`Measuring ${ci.suite.name} (head${part})`);
  return measurer.measure(join(ci.repoRoot, ci.workingDirectory), ci.config, join(ci.outRoot, 'head'), selection);
}

/**
 * check-determinism: the head measured a second time, as `cg-bench check` does; the benchmarks whose
 * events differ between the two runs are named in a warning and returned for the report. A second run
 * that cannot be made is a warning too, never the pipeline's failure.
 */
async function measureHeadAgain(ci: CiAdapter, measurer: Measurer, selection: MeasureSelection, head: Results): Promise<string[] | undefined> {
  ci.log.info(`Measuring ${ci.suite.name} again (check-determinism: every count must repeat)`);
  const again = await measurer.measure(join(ci.repoRoot, ci.workingDirectory), ci.config, join(ci.outRoot, 'head-again'), selection);
  if (!again.results) {
    ci.log.warning(`check-determinism: the second run could not be made (${again.error ?? `cg-bench exited with ${again.code}`}); determinism is not checked.`);
    return undefined;
  }
  const names = notRepeating(head, again.results);
  if (names.length)
    ci.log.warning(
      `Not repeating: ${names.join(', ')}: events differ between two runs of the same commit (see ${NOT_REPEATING_HELP}). The first run's results are kept.`,
    );
  else ci.log.info('check-determinism: every count repeated.');
  return names;
}

/**
 * The head could not be measured at all: said in the job, and, where a report job reports this one
 * (`out`: not a shard part, whose merge job reports), in a hand-over that has it say so where people
 * look (report-hand-over.ts writeCouldNotRun).
 */
async function cannotRun(ci: CiAdapter, headRun: Measurement, out?: HeldOutRoot): Promise<Outcome> {
  const message = headRun.error ?? `cg-bench exited with ${headRun.code}`;
  const handOver = out && ci.reportHandOver();
  if (out && handOver) {
    const { dir, ...names } = handOver;
    writeCouldNotRun(subdirectoryWriter(ci, out, dir), { ...names, suite: ci.suite.id });
  }
  await ci.cannotRun(message);
  return { kind: 'could-not-run', code: headRun.code || ExitCode.usage, message };
}

/** The commit a change is compared with, when one was named. */
function baselineCommitOf(occasion: Occasion): BaselineCommit | undefined {
  return occasion.kind === 'change' && 'sha' in occasion.baseline ? occasion.baseline : undefined;
}

/** Compare, report where people look (and hand over to a report job), decide. */
async function finish(
  ci: CiAdapter,
  out: HeldOutRoot,
  head: Results,
  headCode: number,
  found: Baseline,
  kept: {
    baselineSaved: boolean | undefined;
    trend: string | undefined;
    commit: BaselineCommit | undefined;
    notRepeating?: string[] | undefined;
    flameGraphs?: FlameGraphLink[] | undefined;
  },
): Promise<Outcome> {
  const report = makeReport(ci, head, headCode, found, kept);
  const { comparison } = report;
  const write = writer(out);
  write('report.md', report.body);
  for (const format of ci.exports) write(exportFileName(format), reportFormat(format, { colour: false }).render({ head, comparison }));
  for (const [name, text] of Object.entries(ci.reportFiles?.(report) ?? {})) write(name, text);
  const handOver = ci.reportHandOver();
  if (handOver) {
    const { dir, ...names } = handOver;
    const flameGraphs = report.input.flameGraphs?.map((g) => g.path);
    const inclusive = new Map(report.input.flameGraphs?.flatMap((g) => (g.inclusive ? [[g.benchmark, g.inclusive] as const] : [])));
    writeReportHandOver(
      subdirectoryWriter(ci, out, dir),
      { ...names, suite: ci.suite.id, baselineSource: report.baselineSource, flameGraphs, inclusive },
      head,
      report.baseline,
    );
  }
  await ci.publish(report);
  return outcomeOf(report, ci.failOnRegression);
}
