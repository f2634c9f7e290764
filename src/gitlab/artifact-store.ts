import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineStore, CiLog } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import { parseResults } from '../results/io.ts';
import type { GitLabApi } from './api.ts';
import type { GitLabJob } from './job.ts';

/** Where the job leaves everything; the component's artifacts point here. */
export const RESULTS_DIR = 'cg-bench-results';

/**
 * Baselines in GitLab's artifacts: the default branch's latest job of the same name, used only when
 * it measured exactly the baseline commit (commit.json says which).
 */
export function defaultBranchArtifacts(api: GitLabApi, job: GitLabJob, outRoot: string, log: CiLog): BaselineStore {
  const branch = job.defaultBranch;
  return {
    async restore({ sha }) {
      try {
        const commit = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/commit.json`);
        if (!commit) {
          log.info(`No ${RESULTS_DIR} artifacts on ${branch} for job ${job.jobName}.`);
          return undefined;
        }
        const measured = (JSON.parse(commit.toString('utf8')) as { sha?: unknown }).sha;
        if (measured !== sha) {
          log.info(`The latest ${branch} results are for ${String(measured).slice(0, 8)}, not ${sha.slice(0, 8)}.`);
          return undefined;
        }
        const file = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/head/results.json`);
        if (!file) return undefined;
        return { results: parseResults(JSON.parse(file.toString('utf8')), `${branch} artifact ${RESULTS_DIR}/head/results.json`), from: `from the ${branch} pipeline's artifacts` };
      } catch (error) {
        log.warning(`Could not use the ${branch} artifacts: ${errorMessage(error)}`);
        return undefined;
      }
    },
    async save({ sha }) {
      // The results are in the job's artifacts already; this names the commit they are for.
      try {
        writeFileSync(join(outRoot, 'commit.json'), `${JSON.stringify({ sha })}\n`);
        return undefined;
      } catch (error) {
        return errorMessage(error);
      }
    },
  };
}
