import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineProblem } from '../compare/compare.ts';
import type { Measurement, Measurer } from '../container/measurer.ts';
import { ExitCode } from '../errors.ts';
import type { Results } from '../results/types.ts';
import { addWorktree, fileAt, removeWorktree } from '../vcs/git.ts';
import type { BaselineCommit, CiAdapter } from './types.ts';

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

  if (ci.store) {
    const stored = await ci.store.restore({ sha, configText, imageIdentity: measurer.imageIdentity, head });
    if (stored) {
      const problem = baselineProblem(stored.results, head);
      if (!problem) return { results: stored.results, source: `${what} ${short}, ${stored.from}` };
      ci.log.info(`The baseline ${stored.from} cannot be used (${problem}); measuring the ${what} instead.`);
    }
  }
  if (!fetched) return { results: undefined, source: `none: the ${what} ${short} could not be fetched` };

  const checkout = ci.baseCheckoutDir();
  addWorktree(ci.repoRoot, checkout, sha);
  try {
    ci.log.info(`Measuring the ${what} ${short}`);
    const m = await measurer.measure(join(checkout, ci.workingDirectory), ci.config, join(ci.outRoot, 'base'));
    if (!m.results) return { results: undefined, source: `none: measuring the ${what} ${short} failed (${firstLine(m)})` };
    return { results: m.results, source: `${what} ${short}, measured in this job` };
  } finally {
    removeWorktree(ci.repoRoot, checkout);
  }
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
