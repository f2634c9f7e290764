import { booleanOption, choiceOption, componentInput, countOption, exportsOption, thresholdOption } from '../config/option-text.ts';
import { DEFAULT_CONFIG_FILE } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import type { ExportFormat } from '../report/index.ts';
import { parseShard, type Shard } from '../shard/plan.ts';
import { realCheckoutPath } from '../util/paths.ts';

/**
 * What this job does. `measure`: run the pipeline and leave the report in the artifacts, holding no
 * token; `note`: post the measuring job's report as the merge request note (the only job given the
 * API token); `both`: one job doing both (the token then sits where the merge request's code runs).
 */
type JobMode = 'measure' | 'note' | 'both' | 'merge';
const JOB_MODES: readonly JobMode[] = ['measure', 'note', 'both', 'merge'];

/** The job as GitLab describes it (predefined variables) plus the component's inputs (CG_BENCH_*). */
export interface GitLabJob {
  apiUrl: string;
  /** The merge request's project's page (the target's, for a fork's MR), for commit links; undefined when GitLab does not say. */
  projectUrl: string | undefined;
  /** This job's page, for where its artifacts are; undefined when GitLab does not say. */
  jobUrl: string | undefined;
  /** Where notes and default-branch artifacts live: the merge request's project (the target, for a fork's MR). */
  projectId: string;
  projectDir: string;
  /** The job whose default-branch artifacts hold baselines: this one, or the merge job of a sharded suite. */
  jobName: string;
  /** Part of a sharded suite (`parallel:`): CI_NODE_INDEX of CI_NODE_TOTAL; undefined for one job. */
  shard: Shard | undefined;
  jobToken: string | undefined;
  /** The API token read from the variable that `token-variable` names. */
  token: string | undefined;
  tokenVariable: string;
  commitSha: string;
  defaultBranch: string;
  /** A default-branch pipeline: its results become later merge requests' baselines. */
  onDefaultBranch: boolean;
  mergeRequest: MergeRequest | undefined;
  config: string;
  workingDirectory: string;
  thresholdPercent: number | undefined;
  failOnRegression: boolean;
  /** On default-branch pipelines, measure the head twice and name the benchmarks whose counts differ. */
  checkDeterminism: boolean;
  /** On merge requests, keep call trees and draw a differential flame graph of each changed benchmark. */
  callTree: boolean;
  suite: string;
  jobs: number;
  mode: JobMode;
  /** Formats for other tools written beside results.json. */
  exports: ExportFormat[];
}

interface MergeRequest {
  iid: number;
  /**
   * The commit the merge request is compared with: in a merged-results pipeline (the checkout is the
   * merge of the MR into the target branch) the target-branch commit the merge was made on; else the
   * merge-base. Undefined commit: the first parent of the checked-out merge commit.
   */
  baseline: { sha: string | undefined; what: 'target branch' | 'merge-base' };
}

function mergeRequestFrom(env: NodeJS.ProcessEnv, need: (name: string) => string): MergeRequest | undefined {
  const iid = env['CI_MERGE_REQUEST_IID'];
  if (!iid) return undefined;
  if (env['CI_MERGE_REQUEST_EVENT_TYPE'] === 'merged_result') {
    return { iid: Number(iid), baseline: { sha: env['CI_MERGE_REQUEST_TARGET_BRANCH_SHA'] || undefined, what: 'target branch' } };
  }
  return { iid: Number(iid), baseline: { sha: need('CI_MERGE_REQUEST_DIFF_BASE_SHA'), what: 'merge-base' } };
}

function shardFrom(env: NodeJS.ProcessEnv): Shard | undefined {
  const total = env['CI_NODE_TOTAL'];
  if (!total || total === '1') return undefined;
  return parseShard(`${env['CI_NODE_INDEX'] ?? ''}/${total}`, 'CI_NODE_INDEX/CI_NODE_TOTAL');
}

export function readJob(env: NodeJS.ProcessEnv): GitLabJob {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new CgBenchError(`${name} is not set: cg-bench's GitLab job runs in a GitLab CI job`);
    return value;
  };
  // The component's inputs, as the template passes them (unset: ''); each value's check and wording
  // is option-text.ts's, the same as the CLI's and the action's.
  const input = (name: string) => env[`CG_BENCH_${name.toUpperCase().replace(/-/g, '_')}`]?.trim() || undefined;
  const thresholdPercent = thresholdOption(componentInput('threshold'), input('threshold'));
  const failOnRegression = booleanOption(componentInput('fail-on-regression'), input('fail-on-regression'), false);
  const checkDeterminism = booleanOption(componentInput('check-determinism'), input('check-determinism'), false);
  const callTree = booleanOption(componentInput('call-tree'), input('call-tree'), false);
  const jobs = countOption(componentInput('jobs'), input('jobs'), 1);
  // Set by the template itself, not an input.
  const mode = choiceOption('CG_BENCH_MODE', input('mode'), JOB_MODES, 'both');
  const tokenVariable = input('token-variable') ?? 'CG_BENCH_GITLAB_TOKEN';
  const exports = exportsOption(componentInput('exports'), input('exports'));
  const iid = env['CI_MERGE_REQUEST_IID'];
  const defaultBranch = need('CI_DEFAULT_BRANCH');
  return {
    apiUrl: need('CI_API_V4_URL'),
    projectUrl: env['CI_MERGE_REQUEST_PROJECT_URL'] || env['CI_PROJECT_URL'] || undefined,
    jobUrl: env['CI_JOB_URL'] || undefined,
    // A fork's merge request runs in the fork (CI_PROJECT_ID); its notes and baselines are the target's.
    projectId: env['CI_MERGE_REQUEST_PROJECT_ID'] || need('CI_PROJECT_ID'),
    // A path in an environment variable is relative to the caller's directory (README "Paths").
    projectDir: realCheckoutPath(need('CI_PROJECT_DIR')),
    jobName: (env['CG_BENCH_BASELINE_JOB'] || need('CI_JOB_NAME')).trim(),
    shard: shardFrom(env),
    jobToken: env['CI_JOB_TOKEN'] || undefined,
    token: env[tokenVariable] || undefined,
    tokenVariable,
    commitSha: need('CI_COMMIT_SHA'),
    defaultBranch,
    onDefaultBranch: !iid && env['CI_COMMIT_BRANCH'] === defaultBranch,
    mergeRequest: mergeRequestFrom(env, need),
    config: (env['CG_BENCH_CONFIG'] || DEFAULT_CONFIG_FILE).trim(),
    workingDirectory: (env['CG_BENCH_WORKING_DIRECTORY'] || '.').trim(),
    thresholdPercent,
    failOnRegression,
    checkDeterminism,
    callTree,
    suite: (env['CG_BENCH_SUITE'] ?? '').trim(),
    jobs,
    mode,
    exports,
  };
}
