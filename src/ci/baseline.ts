import { join } from 'node:path';
import { baselineProblem } from '../compare/compare.ts';
import { durationsOf, type MeasureSelection, type Measurement, type Measurer } from '../container/measurer.ts';
import { formatCount } from '../report/format.ts';
import type { Environment, Results } from '../results/types.ts';
import { namesInShard } from '../shard/plan.ts';
import { readConfigText } from '../config/load.ts';
import { fileAt } from '../vcs/git.ts';
import { type BaseCheckout, noBaseCheckout, prepareBaseCheckout } from './base-checkout.ts';
import type { BaselineCommit, CiAdapter } from './types.ts';
import { filterFor, inconsistency, sameCounts, sampleBenchmark } from './verify-sample.ts';

export interface Baseline {
  results: Results | undefined;
  /** Which commit and from where, or 'none: why'. */
  source: string;
  /** Where it was measured in this job (its call trees beside it, with the input call-tree); undefined when stored. */
  dir?: string | undefined;
}

/** What is known of a baseline commit before the head is measured: is it here, and is something stored for it. */
export interface BaselineLookup {
  commit: BaselineCommit;
  fetched: boolean;
  /** Why there can be no baseline at all. */
  none?: string;
  stored?: { results: Results; from: string };
}

/** What git says of a baseline commit, asked before any of the code runs: is it here, its configuration, and its checkout. */
export interface FoundBaseline {
  commit: BaselineCommit;
  fetched: boolean;
  configText: string | undefined;
  none?: string;
  checkout: BaseCheckout;
}

function firstLine(m: Measurement): string {
  return (m.error ?? `exit ${m.code}`).split('\n')[0] ?? '';
}

/**
 * Fetches the baseline commit, reads its configuration and checks it out (base-checkout.ts): all
 * the git the baseline needs, done before the first of the code runs (vcs/git.ts closeRepository).
 */
export function findBaseline(ci: CiAdapter, commit: BaselineCommit): FoundBaseline {
  const short = ci.shortSha(commit.sha);
  ci.log.info(`Baseline: the ${commit.what} ${short}${commit.why ? ` (${commit.why})` : ''}.`);
  const fetched = ci.fetchCommit(commit.sha);
  const configText = fetched ? fileAt(ci.repoRoot, commit.sha, ci.suite.configPath) : undefined;
  if (fetched && configText === undefined) {
    const none = `${ci.suite.configPath} does not exist at ${short}`;
    return { commit, fetched, configText, none, checkout: noBaseCheckout(commit.sha, none) };
  }
  const checkout = fetched ? prepareBaseCheckout(ci, commit.sha) : noBaseCheckout(commit.sha, 'it could not be fetched');
  return { commit, fetched, configText, checkout };
}

/** What is stored for the baseline commit found (its configuration and the machine must match). */
export async function lookUpBaseline(ci: CiAdapter, measurer: Measurer, found: FoundBaseline, environment: Environment): Promise<BaselineLookup> {
  const { commit, fetched, configText, none } = found;
  if (none !== undefined) return { commit, fetched, none };
  const stored = ci.store ? await ci.store.restore({ sha: commit.sha, configText, imageIdentity: measurer.imageIdentity, environment }) : undefined;
  return { commit, fetched, ...(stored ? { stored } : {}) };
}

/** The stored results cut to the part `selection.shard` names (the split of the stored suite, on its own durations). */
function partOf(stored: Results, selection: MeasureSelection): Results {
  if (!selection.shard) return stored;
  const names = stored.benchmarks.map((b) => b.name);
  const mine = new Set(namesInShard(names, durationsOf(selection.durations), selection.shard));
  return {
    ...stored,
    benchmarks: stored.benchmarks.filter((b) => mine.has(b.name)),
    shard: { index: selection.shard.index, count: selection.shard.count, benchmarks: names },
  };
}

/**
 * The baseline of a change, once the head (or this part of it) is measured: the stored results when
 * they fit the head, every benchmark's numbers add up (verify-sample.ts `inconsistency`), and one
 * of their benchmarks drawn at random, measured again here, gives exactly its counts; else the commit measured in
 * this job, at the same path as the head.
 */
export async function settleBaseline(
  ci: CiAdapter,
  measurer: Measurer,
  lookup: BaselineLookup,
  head: Results,
  checkout: BaseCheckout,
  selection: MeasureSelection = {},
): Promise<Baseline> {
  const { commit, fetched, stored } = lookup;
  const { sha, what } = commit;
  const short = ci.shortSha(sha);
  if (lookup.none) return { results: undefined, source: `none: ${lookup.none}` };
  let why = '';
  if (stored) {
    let problem = baselineProblem(stored.results, head);
    if (problem) ci.log.info(`The baseline ${stored.from} cannot be used (${problem}); measuring the ${what} instead.`);
    else if ((problem = inconsistency(stored.results))) {
      ci.log.warning(
        `The baseline ${stored.from} is refused as tampered with: its numbers do not add up (${problem}). Measuring the whole ${what} in this job.`,
      );
      why = ` (the stored baseline was refused as tampered with: ${problem})`;
    } else {
      if (!fetched)
        return { results: partOf(stored.results, selection), source: `${what} ${short}, ${stored.from} (not verified: the commit could not be fetched)` };
      const check = await verifyStored(ci, measurer, checkout, stored.results, head);
      if (check.verified) return { results: partOf(stored.results, selection), source: `${what} ${short}, ${stored.from}, ${check.verified}` };
      ci.log.warning(`The baseline ${stored.from} is not what ${short} measures here: ${check.differs}. Measuring the whole ${what} in this job.`);
      why = ` (the stored baseline differed: ${check.differs})`;
    }
  }
  if (!fetched) return { results: undefined, source: `none: the ${what} ${short} could not be fetched` };

  ci.log.info(`Measuring the ${what} ${short}`);
  const m = await measureAt(ci, measurer, checkout, 'base', { ...selection, ...(ci.callTree ? { callTree: true } : {}) });
  if (!m.results) return { results: undefined, source: `none: measuring the ${what} ${short} failed (${firstLine(m)})` };
  return { results: m.results, source: `${what} ${short}, measured in this job${why}`, dir: join(ci.outRoot, 'base') };
}

/** Measures the baseline commit's checkout (at the head's path inside the image), into outRoot/outName. */
async function measureAt(ci: CiAdapter, measurer: Measurer, checkout: BaseCheckout, outName: string, selection: MeasureSelection = {}): Promise<Measurement> {
  return measurer.measure(join(checkout.fresh(), ci.workingDirectory), ci.config, join(ci.outRoot, outName), selection);
}

/**
 * A stored baseline is trusted only once a benchmark drawn at random, measured again here on the same
 * commit, gives exactly its counts: a cache entry that is not what it claims, or a runner that
 * differs in a way the fingerprint misses, shows up as a difference.
 */
async function verifyStored(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  stored: Results,
  head: Results,
): Promise<{ verified: string; differs?: undefined } | { verified?: undefined; differs: string }> {
  const sample = sampleBenchmark(stored, head);
  if (!sample) return { verified: 'not verified (no benchmark ran on both sides)' };
  ci.log.info(`Verifying the stored baseline: measuring ${sample.name} at ${ci.shortSha(checkout.sha)} again.`);
  const m = await measureAt(ci, measurer, checkout, 'base-sample', { filter: filterFor(sample.name) });
  const now = m.results?.benchmarks.find((b) => b.name === sample.name);
  if (sameCounts(sample, now)) return { verified: `verified (${sample.name} measured again here: identical)` };
  const shown = (n: number | null | undefined) => (n === null || n === undefined ? 'no result' : formatCount(n));
  return { differs: `${sample.name} measures ${shown(now?.estimatedCycles)} estimated cycles here, ${shown(sample.estimatedCycles)} stored` };
}

/** On the default branch: keep the head's results for later changes, unless a benchmark failed. Whether they were kept. */
export async function saveMainlineBaseline(
  ci: CiAdapter,
  request: { sha: string; configText: string; imageIdentity: string },
  head: Results,
): Promise<boolean> {
  if (!ci.store) return false;
  const short = ci.shortSha(request.sha);
  if (head.benchmarks.some((b) => b.status !== 'ok')) {
    ci.log.warning(`Not keeping ${short} as a baseline: a benchmark failed.`);
    return false;
  }
  const notSaved = await ci.store.save({ ...request, environment: head.environment }, head);
  if (notSaved) ci.log.warning(`The baseline for ${short} was NOT saved: ${notSaved}. Pull requests will measure it in their own job.`);
  else ci.log.info(`Saved the baseline for ${short}.`);
  return !notSaved;
}

/** The configuration's text in the head's checkout, for a stored baseline's key. */
export function headConfigText(ci: CiAdapter): string {
  return readConfigText(ci.repoRoot, ci.suite.configPath);
}
