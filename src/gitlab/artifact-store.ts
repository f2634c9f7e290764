import { writeNewFile } from '../untrusted/write.ts';
import { join } from 'node:path';
import type { BaselineStore, CiLog } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import { parseResults } from '../results/io.ts';
import type { GitLabApi } from './api.ts';
import type { GitLabJob } from './job.ts';

/** Where the job leaves everything; the component's artifacts point here. */
export const RESULTS_DIR = 'cg-bench-results';
/** Where in it the measuring job leaves the note job its hand-over (ci/report-hand-over.ts). */
export const REPORT_JOB_DIR = 'report-job';

/**
 * Baselines in GitLab's artifacts: the default branch's latest job of the same name, used only when
 * it measured exactly the baseline commit (commit.json says which).
 */
export function defaultBranchArtifacts(api: GitLabApi, job: GitLabJob, outRoot: string, log: CiLog): BaselineStore {
  const branch = job.defaultBranch;
  return {
    async restore({ sha }) {
      try {
        const where = `the ${RESULTS_DIR} artifacts of the latest successful job ${job.jobName} on ${branch}`;
        const commit = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/commit.json`);
        if (!commit) {
          log.info(
            `No stored baseline: ${where} name no commit (the job has not run on ${branch} yet, its artifacts expired, or a benchmark failed there so it kept none).`,
          );
          return undefined;
        }
        const measured = (JSON.parse(commit.toString('utf8')) as { sha?: unknown }).sha;
        if (typeof measured !== 'string') {
          log.info(`No stored baseline: ${where} have a commit.json that names no commit.`);
          return undefined;
        }
        if (measured !== sha) {
          // GitLab keeps the latest artifacts of a branch only: once it has moved on, an older commit's are not found.
          log.info(
            `Not using ${where}: they are for ${measured.slice(0, 8)}, and this merge request is compared with ${sha.slice(0, 8)} (${branch} has moved on since, or its pipeline for ${sha.slice(0, 8)} did not finish); the baseline is measured in this job instead.`,
          );
          return undefined;
        }
        const file = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/head/results.json`);
        if (!file) {
          log.info(`No stored baseline: ${where} are for ${sha.slice(0, 8)} but hold no ${RESULTS_DIR}/head/results.json.`);
          return undefined;
        }
        return {
          results: parseResults(JSON.parse(file.toString('utf8')), `${branch} artifact ${RESULTS_DIR}/head/results.json`),
          from: `from the ${branch} pipeline's artifacts`,
        };
      } catch (error) {
        log.warning(`Could not use the ${branch} artifacts: ${errorMessage(error)}`);
        return undefined;
      }
    },
    async save({ sha }) {
      // The results are in the job's artifacts already; this names the commit they are for.
      try {
        // A new file, never written through a link (untrusted/write.ts): the output directory is in the checkout.
        writeNewFile(join(outRoot, 'commit.json'), `${JSON.stringify({ sha })}\n`);
        return undefined;
      } catch (error) {
        return errorMessage(error);
      }
    },
  };
}
