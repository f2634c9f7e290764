import { join } from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { Measurer } from '../container/measurer.ts';
import { errorMessage } from '../errors.ts';
import type { Results } from '../results/types.ts';
import { timedSpecs } from '../stopwatch/suite.ts';
import { absolutePath } from '../util/paths.ts';
import type { BaseCheckout } from './base-checkout.ts';
import type { BaselineLookup } from './baseline.ts';
import type { CiAdapter } from './types.ts';

/** Whether the head's configuration has benchmarks the stopwatch times (mode: wallclock, cputime, counters). */
export function hasTimedBenchmarks(ci: CiAdapter): boolean {
  try {
    return timedSpecs(loadConfig(absolutePath(join(ci.repoRoot, ci.workingDirectory, ci.config), 'configuration'), ci.repoRoot)).length > 0;
  } catch {
    return false; // The head's measurement has already said what is wrong with it.
  }
}

/**
 * A change's timed benchmarks: the baseline commit's checkout (the one its measurement used, so its
 * build is only brought up to date) beside the head, each side's setup run, then timed alternately.
 * Their results, and those that failed, join the head's; when they cannot be timed at all, a warning
 * says why and the simulated counts are reported as ever.
 */
export async function timeAgainstBaseline(ci: CiAdapter, measurer: Measurer, lookup: BaselineLookup, checkout: BaseCheckout, head: Results): Promise<Results> {
  const short = ci.shortSha(lookup.commit.sha);
  if (lookup.none || !lookup.fetched) {
    ci.log.warning(`The timed benchmarks were not run: ${lookup.none ?? `the ${lookup.commit.what} ${short} could not be fetched`}.`);
    return head;
  }
  ci.log.info(`Timing the timed benchmarks against the ${lookup.commit.what} ${short}, paired on this runner`);
  try {
    const m = await measurer.timePaired(
      join(ci.repoRoot, ci.workingDirectory),
      join(checkout.path(), ci.workingDirectory),
      ci.config,
      join(ci.outRoot, 'paired'),
    );
    if (!m.timed) {
      ci.log.warning(`The timed benchmarks could not be timed: ${m.error}`);
      return head;
    }
    // Failures join the head's results: the report names them and the job fails, as a failed count does.
    if (m.failed.length)
      ci.log.warning(`${m.failed.length} timed benchmark(s) failed (the others are timed): ${m.failed.map((f) => `${f.name}: ${f.message}`).join('; ')}`);
    return { ...head, timed: m.timed, ...(m.failed.length ? { timedFailed: m.failed } : {}) };
  } catch (error) {
    ci.log.warning(`The timed benchmarks could not be timed: ${errorMessage(error)}`);
    return head;
  }
}
