import { compareWithBaseline } from '../compare/compare.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import type { Suite } from '../publish/suite.ts';
import { gitLabCommitUrl, noteBody, publishNote, type GitLabLog } from './adapter.ts';
import type { GitLabApi } from './api.ts';
import { RESULTS_DIR } from './artifact-store.ts';
import { readHandOver } from './hand-over.ts';
import type { GitLabJob } from './job.ts';

/**
 * The note job: the only job holding the API token, running no code of the merge request. It
 * posts the report of this pipeline's measuring job, rebuilt from that job's results, for this
 * pipeline's merge request and commit (GitLab's variables say which, not the artifacts).
 */
export async function runNoteJob(job: GitLabJob, suite: Suite, api: GitLabApi, outRoot: string, log: GitLabLog): Promise<number> {
  if (!job.mergeRequest) {
    log.info('Not a merge request pipeline: no note to write.');
    return ExitCode.ok;
  }
  const { handOver, head, baseline } = readHandOver(outRoot, RESULTS_DIR);
  if (handOver.sha !== job.commitSha)
    throw new CgBenchError(
      `${RESULTS_DIR}: the measuring job measured ${handOver.sha.slice(0, 8)}, not this pipeline's commit ${job.commitSha.slice(0, 8)}; refusing its results`,
    );
  if (handOver.suite !== suite.id)
    throw new CgBenchError(
      `${RESULTS_DIR}: the measuring job measured the suite "${handOver.suite}", not "${suite.id}"; give both jobs the same suite and config inputs`,
    );
  const { comparison, problem } = compareWithBaseline(baseline, head, { thresholdPercent: job.thresholdPercent });
  const baselineSource = problem ? `none: ${problem}` : handOver.baselineSource;
  // The commit GitLab names for this merge request, as the measuring job was given it.
  const mr = job.mergeRequest;
  const sha = mr.baseline.sha;
  const baselineCommit = sha && comparison ? { sha, short: sha.slice(0, 8), url: gitLabCommitUrl(job, sha), what: mr.baseline.what } : undefined;
  const body = noteBody(suite, { head, comparison, baselineSource, suite: suite.heading, baselineCommit }, undefined);
  await publishNote(api, job, suite, body, log);
  return ExitCode.ok;
}
