import type { ReportJobAdapter } from '../ci/types.ts';
import { CgBenchError } from '../errors.ts';
import { couldNotRunBody } from '../publish/could-not-run.ts';
import type { Suite } from '../publish/suite.ts';
import { flameGraphUrl, gitLabCommitUrl, noteBody, publishNote, type GitLabLog } from './adapter.ts';
import type { GitLabApi } from './api.ts';
import { REPORT_JOB_DIR, RESULTS_DIR } from './artifact-store.ts';
import type { GitLabJob } from './job.ts';

/**
 * The note job as the report job's adapter: the only job holding the API token, running no code of
 * the merge request. It posts the report of this pipeline's measuring job, rebuilt from that job's
 * hand-over, for this pipeline's merge request and commit (GitLab's variables say which, not the artifacts).
 */
export function noteJob(
  job: GitLabJob & { mergeRequest: NonNullable<GitLabJob['mergeRequest']> },
  suite: Suite,
  api: GitLabApi,
  outRoot: string,
  log: GitLabLog,
): ReportJobAdapter {
  return {
    log,
    thresholdPercent: job.thresholdPercent,
    // The measuring job's exit code says how the benchmarks did; this job only writes the note.
    failOnRegression: false,
    handOver: {
      root: outRoot,
      sub: REPORT_JOB_DIR,
      shown: RESULTS_DIR,
      // Said first: the measuring job could not measure the head (a configuration error, a failed setup), or it was not given.
      missing:
        'the measuring job left no report: it could not measure the head (its log says why: a configuration error, a failed setup command), or this job does not get its artifacts (needs: with artifacts: true)',
    },
    shortSha: (sha) => sha.slice(0, 8),
    commitUrl: (sha) => gitLabCommitUrl(job, sha),
    // The commit GitLab names for this merge request, as the measuring job was given it.
    baselineCommit: () => {
      const { sha, what } = job.mergeRequest.baseline;
      return sha ? { sha, what } : undefined;
    },
    flameGraphUrl: (path) => flameGraphUrl(job, path),
    async accept(handOver) {
      if (handOver.sha !== job.commitSha)
        throw new CgBenchError(
          `${RESULTS_DIR}: the measuring job measured ${handOver.sha.slice(0, 8)}, not this pipeline's commit ${job.commitSha.slice(0, 8)}; refusing its results`,
        );
      if (handOver.suite !== suite.id)
        throw new CgBenchError(
          `${RESULTS_DIR}: the measuring job measured the suite "${handOver.suite}", not "${suite.id}"; give both jobs the same suite and config inputs`,
        );
      return suite;
    },
    async publishReport(_suite, report) {
      await publishNote(api, job, suite, noteBody(suite, report.input, undefined), log);
    },
    async publishCouldNotRun(_suite, sha) {
      await publishNote(api, job, suite, couldNotRunBody(suite, sha.slice(0, 8)), log);
    },
  };
}
