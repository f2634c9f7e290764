import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithBaseline } from '../compare/compare.ts';
import type { Measurer } from '../container/measurer.ts';
import { ExitCode } from '../errors.ts';
import { markdownReport } from '../report/markdown.ts';
import { baselineForChange, saveMainlineBaseline, type Baseline } from './baseline.ts';
import type { CiAdapter, Outcome } from './types.ts';

/**
 * The one CI pipeline: measure the head; for a change, find its baseline (stored, or measured here);
 * on the default branch, keep the head as a baseline; compare; report; decide. Each CI supplies an
 * adapter (where the baseline commit and stored baselines come from, where the report goes).
 */
export async function runPipeline(ci: CiAdapter, measurer: Measurer): Promise<Outcome> {
  ci.log.info(`Measuring ${ci.suite.name} (head)`);
  const headRun = await measurer.measure(join(ci.repoRoot, ci.workingDirectory), ci.config, join(ci.outRoot, 'head'));
  if (!headRun.results) {
    const message = headRun.error ?? `cg-bench exited with ${headRun.code}`;
    await ci.cannotRun(message);
    return { kind: 'could-not-run', code: headRun.code || ExitCode.usage, message };
  }
  const head = headRun.results;

  const occasion = await ci.occasion();
  let baseline: Baseline = { results: undefined, source: 'none' };
  if (occasion.kind === 'change') {
    baseline = 'none' in occasion.baseline ? { results: undefined, source: `none: ${occasion.baseline.none}` } : await baselineForChange(ci, measurer, occasion.baseline, head);
  } else if (occasion.kind === 'mainline') await saveMainlineBaseline(ci, measurer, occasion.sha, { ...headRun, results: head });

  const { comparison, problem } = compareWithBaseline(baseline.results, head, { thresholdPercent: ci.thresholdPercent });
  if (problem) {
    ci.log.warning(problem);
    baseline = { results: undefined, source: `none: ${problem}` };
  }
  const body = `${ci.suite.marker}\n${markdownReport.render({ head, comparison, baselineSource: baseline.source })}`;
  mkdirSync(ci.outRoot, { recursive: true });
  writeFileSync(join(ci.outRoot, 'report.md'), body);
  await ci.publish({ head, headRun, baseline: baseline.results, baselineSource: baseline.source, comparison, body });

  const failed = head.benchmarks.filter((b) => b.status !== 'ok').length;
  if (headRun.code === ExitCode.benchmarkFailed) return { kind: 'benchmarks-failed', count: failed };
  if (ci.failOnRegression && comparison?.comparable && comparison.counts.regression > 0) return { kind: 'regressed', count: comparison.counts.regression };
  return { kind: 'ok' };
}
