import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineProblem, compareWithBaseline } from '../compare/compare.ts';
import { inProcessMeasurer, type Measurer } from '../container/measurer.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { fitComment, GITLAB_NOTE_LIMIT } from '../publish/sticky.ts';
import { suiteFor, type Suite } from '../publish/suite.ts';
import { jsonReport } from '../report/json.ts';
import { junitReport } from '../report/junit.ts';
import { markdownReport } from '../report/markdown.ts';
import { openMetricsReport } from '../report/openmetrics.ts';
import { terminalReport } from '../report/terminal.ts';
import { parseResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { addWorktree, ensureCommit, headParents, removeWorktree } from '../vcs/git.ts';
import { createGitLabApi, type GitLabApi } from './api.ts';
import { readJob, type GitLabJob } from './job.ts';

/** Where the job leaves everything; the component's artifacts point here. */
export const RESULTS_DIR = 'cg-bench-results';

interface Log {
  info(message: string): void;
  warning(message: string): void;
}

interface Baseline {
  results: Results | undefined;
  source: string;
}

/** The default branch's latest results, if they were measured at the merge-base itself. */
async function baselineFromArtifacts(api: GitLabApi, job: GitLabJob, mergeBase: string, what: string, log: Log): Promise<Results | undefined> {
  try {
    const commit = await api.latestArtifactFile(job.defaultBranch, job.jobName, `${RESULTS_DIR}/commit.json`);
    if (!commit) {
      log.info(`No ${RESULTS_DIR} artifacts on ${job.defaultBranch} for job ${job.jobName}.`);
      return undefined;
    }
    const sha = (JSON.parse(commit.toString('utf8')) as { sha?: unknown }).sha;
    if (sha !== mergeBase) {
      log.info(`The latest ${job.defaultBranch} results are for ${String(sha).slice(0, 8)}, not the ${what} ${mergeBase.slice(0, 8)}.`);
      return undefined;
    }
    const file = await api.latestArtifactFile(job.defaultBranch, job.jobName, `${RESULTS_DIR}/head/results.json`);
    return file ? parseResults(JSON.parse(file.toString('utf8')), `${job.defaultBranch} artifact ${RESULTS_DIR}/head/results.json`) : undefined;
  } catch (error) {
    log.warning(`Could not use the ${job.defaultBranch} artifacts: ${errorMessage(error)}`);
    return undefined;
  }
}

async function baselineForMergeRequest(job: GitLabJob, api: GitLabApi, measurer: Measurer, head: Results, out: string, log: Log): Promise<Baseline> {
  const { what } = job.mergeRequest!.baseline;
  const sha = job.mergeRequest!.baseline.sha ?? headParents(job.projectDir)[0];
  if (!sha) return { results: undefined, source: `none: the ${what} commit of this merged-results pipeline is unknown` };
  const short = sha.slice(0, 8);
  log.info(`Baseline: the ${what} ${short}${what === 'target branch' ? ' (merged-results pipeline: the commit the merge was made on)' : ''}.`);
  const fromArtifacts = await baselineFromArtifacts(api, job, sha, what, log);
  if (fromArtifacts) {
    const problem = baselineProblem(fromArtifacts, head);
    if (!problem) return { results: fromArtifacts, source: `${what} ${short}, from the ${job.defaultBranch} pipeline's artifacts` };
    log.info(`The ${job.defaultBranch} artifacts cannot be used (${problem}); measuring the ${what}.`);
  }
  if (!ensureCommit(job.projectDir, sha)) return { results: undefined, source: `none: the ${what} ${short} could not be fetched` };
  const worktree = join(mkdtempSync(join(tmpdir(), 'cg-bench-base-')), 'checkout');
  addWorktree(job.projectDir, worktree, sha);
  try {
    const checkout = join(worktree, job.workingDirectory);
    if (!existsSync(join(checkout, job.config))) return { results: undefined, source: `none: ${job.config} does not exist at ${short}` };
    log.info(`Measuring the ${what} ${short}`);
    const m = await measurer.measure(checkout, job.config, join(out, 'base'));
    if (!m.results) return { results: undefined, source: `none: measuring the ${what} ${short} failed (${(m.error ?? `exit ${m.code}`).split('\n')[0]})` };
    return { results: m.results, source: `${what} ${short}, measured in this job` };
  } finally {
    removeWorktree(job.projectDir, worktree);
  }
}

/** One MR note per suite: updated, never duplicated. Without a token, say why and skip it. */
async function publishNote(api: GitLabApi, job: GitLabJob, suite: Suite, body: string, log: Log): Promise<void> {
  if (!job.token) {
    log.warning(`No merge request note: the variable ${job.tokenVariable} is empty. The job token cannot write notes; add a project access token (reporter role, api scope) as a masked CI/CD variable named ${job.tokenVariable}. The report is in the job log and artifacts.`);
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

export async function runGitLabJob(env: NodeJS.ProcessEnv, log: Log & { write(text: string): void }): Promise<number> {
  try {
    const job = readJob(env);
    const suite = suiteFor(job.workingDirectory, job.config, job.suite);
    const out = join(job.projectDir, RESULTS_DIR);
    const api = createGitLabApi({ apiUrl: job.apiUrl, projectId: job.projectId, jobToken: job.jobToken, token: job.token, log: log.info });
    // The job runs in the image: each checkout is copied to /work, without .git and our own output.
    const measurer = inProcessMeasurer({ jobs: job.jobs, exclude: ['.git', RESULTS_DIR], log: log.info });
    mkdirSync(out, { recursive: true });

    const headRun = await measurer.measure(join(job.projectDir, job.workingDirectory), job.config, join(out, 'head'));
    if (!headRun.results) {
      log.write(`cg-bench: ${headRun.error ?? `exit ${headRun.code}`}\n`);
      return headRun.code || ExitCode.usage;
    }
    const head = headRun.results;
    writeFileSync(join(out, 'commit.json'), `${JSON.stringify({ sha: job.commitSha })}\n`);

    const baseline: Baseline = job.mergeRequest ? await baselineForMergeRequest(job, api, measurer, head, out, log) : { results: undefined, source: 'none' };
    const { comparison, problem } = compareWithBaseline(baseline.results, head, { thresholdPercent: job.thresholdPercent });
    if (problem) {
      log.warning(problem);
      baseline.source = `none: ${problem}`;
    }
    const input = { head, comparison, baselineSource: baseline.source };
    const body = `${suite.marker}\n${markdownReport.render(input)}`;
    writeFileSync(join(out, 'report.md'), body);
    writeFileSync(join(out, 'junit.xml'), junitReport.render(input));
    writeFileSync(join(out, 'metrics.txt'), openMetricsReport.render(input));
    if (comparison) writeFileSync(join(out, 'comparison.json'), jsonReport.render(input));
    log.write(terminalReport({ colour: true }).render(input));

    if (job.mergeRequest) await publishNote(api, job, suite, body, log);
    if (headRun.code === ExitCode.benchmarkFailed) return ExitCode.benchmarkFailed;
    if (job.failOnRegression && comparison?.comparable && comparison.counts.regression > 0) return ExitCode.regression;
    return ExitCode.ok;
  } catch (error) {
    log.write(`cg-bench: ${error instanceof CgBenchError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return error instanceof CgBenchError ? error.exitCode : 70;
  }
}
