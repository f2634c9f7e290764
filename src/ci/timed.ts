import { join } from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { Measurer } from '../container/measurer.ts';
import { errorMessage } from '../errors.ts';
import type { Results } from '../results/types.ts';
import { timedSpecs } from '../stopwatch/suite.ts';
import { absolutePath } from '../util/paths.ts';
import { addWorktree, removeWorktree } from '../vcs/git.ts';
import type { BaselineLookup } from './baseline.ts';
import type { CiAdapter } from './types.ts';

/** Whether the head's configuration has benchmarks the stopwatch times (mode: wallclock, cputime, counters). */
export function hasTimedBenchmarks(ci: CiAdapter): boolean {
  try {
    return timedSpecs(loadConfig(absolutePath(join(ci.repoRoot, ci.workingDirectory, ci.config), 'configuration'))).length > 0;
  } catch {
    return false; // The head's measurement has already said what is wrong with it.
  }
}

/**
 * A change's timed benchmarks: the baseline commit checked out beside the head (the checkout the
 * in-job baseline uses), both built once by their setup, then timed alternately on this runner.
 * Their results join the head's; when they cannot be timed, a warning says why and the simulated
 * counts are reported as ever.
 */
export async function timeAgainstBaseline(ci: CiAdapter, measurer: Measurer, lookup: BaselineLookup, head: Results): Promise<Results> {
  const short = ci.shortSha(lookup.commit.sha);
  if (lookup.none || !lookup.fetched) {
    ci.log.warning(`The timed benchmarks were not run: ${lookup.none ?? `the ${lookup.commit.what} ${short} could not be fetched`}.`);
    return head;
  }
  ci.log.info(`Timing the timed benchmarks against the ${lookup.commit.what} ${short}, paired on this runner`);
  const checkout = ci.baseCheckoutDir();
  addWorktree(ci.repoRoot, checkout, lookup.commit.sha);
  try {
    const m = await measurer.timePaired(join(ci.repoRoot, ci.workingDirectory), join(checkout, ci.workingDirectory), ci.config, join(ci.outRoot, 'paired'));
    if (!m.timed) {
      ci.log.warning(`The timed benchmarks could not be timed: ${m.error}`);
      return head;
    }
    return { ...head, timed: m.timed };
  } catch (error) {
    ci.log.warning(`The timed benchmarks could not be timed: ${errorMessage(error)}`);
    return head;
  } finally {
    removeWorktree(ci.repoRoot, checkout);
  }
}
