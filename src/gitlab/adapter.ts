import { join } from 'node:path';
import type { CiAdapter, CiLog, Report } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import { fitComment, GITLAB_NOTE_LIMIT } from '../publish/sticky.ts';
import { reportBody } from '../publish/report-body.ts';
import type { Suite } from '../publish/suite.ts';
import { jsonReport } from '../report/json.ts';
import type { ReportInput } from '../report/types.ts';
import { junitReport } from '../report/junit.ts';
import { openMetricsReport } from '../report/openmetrics.ts';
import { terminalReport } from '../report/terminal.ts';
import { ensureCommit, headParents } from '../vcs/git.ts';
import type { GitLabApi } from './api.ts';
import { defaultBranchArtifacts, REPORT_JOB_DIR, RESULTS_DIR } from './artifact-store.ts';
import type { GitLabJob } from './job.ts';

export interface GitLabLog extends CiLog {
  write(text: string): void;
}

/** One MR note per suite: updated, never duplicated. Without a token, say why and skip it. */
export async function publishNote(api: GitLabApi, job: GitLabJob, suite: Suite, body: string, log: CiLog): Promise<void> {
  if (!job.token) {
    log.warning(
      `No merge request note: the variable ${job.tokenVariable} is empty. The job token cannot write notes; add a project access token (reporter role, api scope) as a masked CI/CD variable named ${job.tokenVariable}, with the environment scope cg-bench-note (only the note job, which runs no code of the merge request, then gets it). The report is in the job log and artifacts.`,
    );
    return;
  }
  const iid = job.mergeRequest!.iid;
  const fitted = fitComment(body, GITLAB_NOTE_LIMIT);
  try {
    const existing = await api.findNote(iid, suite.marker);
    if (existing) await api.updateNote(iid, existing.id, fitted);
    else await api.createNote(iid, fitted);
    log.info(`${existing ? 'Updated' : 'Created'} the merge request note.`);
  } catch (error) {
    log.warning(`Could not write the merge request note: ${errorMessage(error)}. The report is in the job log and artifacts.`);
  }
}

/** The commit's page on GitLab, for the report's link. */
export function gitLabCommitUrl(job: Pick<GitLabJob, 'projectUrl'>, sha: string): string | undefined {
  return job.projectUrl ? `${job.projectUrl}/-/commit/${sha}` : undefined;
}

/**
 * A flame graph (`flame/NN-<benchmark>.svg`) in this job's artifacts: the measuring job's, or the note
 * job's, which keeps the measuring job's cg-bench-results/flame/ as its own (the template says so).
 */
export function flameGraphUrl(job: Pick<GitLabJob, 'jobUrl'>, path: string): string | undefined {
  return job.jobUrl ? `${job.jobUrl}/artifacts/file/${RESULTS_DIR}/${path}` : undefined;
}

/** Where the whole report is when the note had to be cut: report.md in the measuring job's artifacts. */
function fullReportPlace(measuringJobUrl: string | undefined): string {
  const file = `\`${RESULTS_DIR}/report.md\``;
  return measuringJobUrl
    ? `${file} in [the measuring job's artifacts](${measuringJobUrl}/artifacts/browse/${RESULTS_DIR}/)`
    : `${file} in the measuring job's artifacts`;
}

/** The note's body: the report fitted to a note, the marker first. */
export function noteBody(suite: Suite, input: ReportInput, measuringJobUrl: string | undefined): string {
  return reportBody(suite.marker, input, { limit: GITLAB_NOTE_LIMIT, fullReport: fullReportPlace(measuringJobUrl) });
}

/** The GitLab job as the pipeline's adapter: baselines from the default branch's artifacts, the report as files, log and note. */
export function gitLabAdapter(job: GitLabJob, suite: Suite, api: GitLabApi, outRoot: string, log: GitLabLog): CiAdapter {
  return {
    log,
    suite,
    repoRoot: job.projectDir,
    workingDirectory: job.workingDirectory,
    config: job.config,
    outRoot,
    thresholdPercent: job.thresholdPercent,
    exports: job.exports,
    failOnRegression: job.failOnRegression,
    checkDeterminism: job.checkDeterminism,
    callTree: job.callTree,
    flameGraphUrl: (path) => flameGraphUrl(job, path),
    store: defaultBranchArtifacts(api, job, outRoot, log),
    history: undefined,
    shortSha: (sha) => sha.slice(0, 8),
    commitUrl: (sha) => gitLabCommitUrl(job, sha),
    fetchCommit: (sha) => ensureCommit(job.projectDir, sha),
    async occasion() {
      const mr = job.mergeRequest;
      if (mr) {
        const { what } = mr.baseline;
        const sha = mr.baseline.sha ?? headParents(job.projectDir)[0];
        if (!sha) return { kind: 'change', baseline: { none: `the ${what} commit of this merged-results pipeline is unknown` } };
        return {
          kind: 'change',
          baseline: { sha, what, ...(what === 'target branch' ? { why: 'merged-results pipeline: the commit the merge was made on' } : {}) },
        };
      }
      return job.onDefaultBranch ? { kind: 'mainline', sha: job.commitSha } : { kind: 'other' };
    },
    async cannotRun(message) {
      log.write(`cg-bench: ${message}\n`);
    },
    reportFiles(report: Report) {
      const input = { head: report.head, comparison: report.comparison, baselineSource: report.baselineSource };
      return {
        'junit.xml': junitReport.render(input),
        'metrics.txt': openMetricsReport.render(input),
        ...(report.comparison ? { 'comparison.json': jsonReport.render(input) } : {}),
      };
    },
    async publish(report: Report) {
      const input = { head: report.head, comparison: report.comparison, baselineSource: report.baselineSource };
      log.write(terminalReport({ colour: true }).render(input));
      if (!job.mergeRequest) return;
      if (job.mode === 'both') await publishNote(api, job, suite, noteBody(suite, report.input, job.jobUrl), log);
      else log.info(`The merge request note is written by the note job (the only one that should hold ${job.tokenVariable}).`);
    },
    // In the artifacts, for the note job (REPORT_JOB_DIR).
    reportHandOver: () => ({ dir: join(outRoot, REPORT_JOB_DIR), sha: job.commitSha }),
    // Parallel jobs' artifacts are unpacked into one directory for the merge job: one subdirectory each.
    shardDir: (shard) => join(outRoot, 'shards', String(shard.index)),
    async publishShard(shard, dir) {
      log.info(`Part ${shard.index}/${shard.count} measured (${dir}); the merge job reports.`);
    },
  };
}
