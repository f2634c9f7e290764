import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineProblem } from '../compare/compare.ts';
import type { MeasureSelection, Measurement, Measurer } from '../container/measurer.ts';
import { ExitCode } from '../errors.ts';
import type { Results } from '../results/types.ts';
import { addWorktree, fileAt, removeWorktree } from '../vcs/git.ts';
import { formatCount } from '../report/format.ts';
import type { BaselineCommit, CiAdapter } from './types.ts';
import { filterFor, sameCounts, sampleBenchmark } from './verify-sample.ts';

export interface Baseline {
  results: Results | undefined;
  /** Which commit and from where, or 'none: why'. */
  source: string;
}

function firstLine(m: Measurement): string {
  return (m.error ?? `exit ${m.code}`).split('\n')[0] ?? '';
}

/**
 * The baseline of a change: stored results for exactly that commit and configuration when there are
 * some that fit the head, else the commit measured in this job, at the same path as the head.
 */
export async function baselineForChange(ci: CiAdapter, measurer: Measurer, commit: BaselineCommit, head: Results): Promise<Baseline> {
  const { sha, what } = commit;
  const short = ci.shortSha(sha);
  ci.log.info(`Baseline: the ${what} ${short}${commit.why ? ` (${commit.why})` : ''}.`);
  const fetched = ci.fetchCommit(sha);
  const configText = fetched ? fileAt(ci.repoRoot, sha, ci.suite.configPath) : undefined;
  if (fetched && configText === undefined) return { results: undefined, source: `none: ${ci.suite.configPath} does not exist at ${short}` };

  let why = '';
  if (ci.store) {
    const stored = await ci.store.restore({ sha, configText, imageIdentity: measurer.imageIdentity, head });
    if (stored) {
      const problem = baselineProblem(stored.results, head);
      if (problem) ci.log.info(`The baseline ${stored.from} cannot be used (${problem}); measuring the ${what} instead.`);
      else {
        if (!fetched) return { results: stored.results, source: `${what} ${short}, ${stored.from} (not verified: the commit could not be fetched)` };
        const check = await verifyStored(ci, measurer, sha, stored.results, head);
        if (check.verified) return { results: stored.results, source: `${what} ${short}, ${stored.from}, ${check.verified}` };
        ci.log.warning(`The baseline ${stored.from} is not what ${short} measures here: ${check.differs}. Measuring the whole ${what} in this job.`);
        why = ` (the stored baseline differed: ${check.differs})`;
      }
    }
  }
  if (!fetched) return { results: undefined, source: `none: the ${what} ${short} could not be fetched` };

  ci.log.info(`Measuring the ${what} ${short}`);
  const m = await measureAt(ci, measurer, sha, 'base');
  if (!m.results) return { results: undefined, source: `none: measuring the ${what} ${short} failed (${firstLine(m)})` };
  return { results: m.results, source: `${what} ${short}, measured in this job${why}` };
}

/** Measures the commit at a worktree (at the head's path inside the image), into outRoot/outName. */
async function measureAt(ci: CiAdapter, measurer: Measurer, sha: string, outName: string, selection: MeasureSelection = {}): Promise<Measurement> {
  const checkout = ci.baseCheckoutDir();
  addWorktree(ci.repoRoot, checkout, sha);
  try {
    return await measurer.measure(join(checkout, ci.workingDirectory), ci.config, join(ci.outRoot, outName), selection);
  } finally {
    removeWorktree(ci.repoRoot, checkout);
  }
}

/**
 * A stored baseline is trusted only once its cheapest benchmark, measured again here on the same
 * commit, gives exactly its counts: a cache entry that is not what it claims, or a runner that
 * differs in a way the fingerprint misses, shows up as a difference.
 */
async function verifyStored(ci: CiAdapter, measurer: Measurer, sha: string, stored: Results, head: Results): Promise<{ verified: string; differs?: undefined } | { verified?: undefined; differs: string }> {
  const sample = sampleBenchmark(stored, head);
  if (!sample) return { verified: 'not verified (no benchmark ran on both sides)' };
  ci.log.info(`Verifying the stored baseline: measuring ${sample.name} at ${ci.shortSha(sha)} again.`);
  const m = await measureAt(ci, measurer, sha, 'base-sample', { filter: filterFor(sample.name) });
  const now = m.results?.benchmarks.find((b) => b.name === sample.name);
  if (sameCounts(sample, now)) return { verified: `verified (${sample.name} measured again here: identical)` };
  const shown = (n: number | null | undefined) => (n === null || n === undefined ? 'no result' : formatCount(n));
  return { differs: `${sample.name} measures ${shown(now?.estimatedCycles)} estimated cycles here, ${shown(sample.estimatedCycles)} stored` };
}

/** On the default branch: keep the head's results for later changes, unless a benchmark failed. */
export async function saveMainlineBaseline(ci: CiAdapter, measurer: Measurer, sha: string, headRun: Measurement & { results: Results }): Promise<void> {
  if (!ci.store) return;
  const short = ci.shortSha(sha);
  if (headRun.code !== ExitCode.ok) {
    ci.log.warning(`Not keeping ${short} as a baseline: a benchmark failed.`);
    return;
  }
  const configText = readFileSync(join(ci.repoRoot, ci.suite.configPath), 'utf8');
  const notSaved = await ci.store.save({ sha, configText, imageIdentity: measurer.imageIdentity, head: headRun.results }, headRun.results);
  if (notSaved) ci.log.warning(`The baseline for ${short} was NOT saved: ${notSaved}. Pull requests will measure it in their own job.`);
  else ci.log.info(`Saved the baseline for ${short}.`);
}
