import { join } from 'node:path';
import { runMerge, runPipeline, runShard } from '../ci/pipeline.ts';
import { runReportJob } from '../ci/report-job.ts';
import { escapeTerminal } from '../report/escape.ts';
import { jobsLine, regressedMessage } from '../report/headline.ts';
import { inImageMeasurer } from '../container/measurer.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { suiteFor } from '../publish/suite.ts';
import { gitLabAdapter, type GitLabLog } from './adapter.ts';
import { createGitLabApi } from './api.ts';
import { RESULTS_DIR } from './artifact-store.ts';
import { readJob } from './job.ts';
import { noteJob } from './note-job.ts';
import { freshOutputDirectory } from './output-directory.ts';

export async function runGitLabJob(env: NodeJS.ProcessEnv, log: GitLabLog): Promise<number> {
  try {
    const job = readJob(env);
    const suite = suiteFor(job.workingDirectory, job.config, job.suite);
    const out = join(job.projectDir, RESULTS_DIR);
    const api = createGitLabApi({ apiUrl: job.apiUrl, projectId: job.projectId, jobToken: job.jobToken, token: job.token, log: log.info });
    if (job.mode === 'note') {
      const { mergeRequest } = job;
      if (!mergeRequest) log.info('Not a merge request pipeline: no note to write.');
      // Its outcome is the measuring job's to tell (that job's exit code); this one fails only when it cannot report.
      else await runReportJob(noteJob({ ...job, mergeRequest }, suite, api, out, log));
      return ExitCode.ok;
    }
    if (job.mode === 'measure' && job.token) {
      log.warning(
        `${job.tokenVariable} is set in this job, where the merge request's code runs. Give it only to the note job: scope the variable to that job's environment (see the README, GitLab CI/CD component).`,
      );
    }
    // The job runs in the image: each checkout is copied to /work, without .git and our own output.
    const jobs = jobsLine(job.jobs);
    if (jobs && job.mode !== 'merge') log.info(jobs);
    const measurer = inImageMeasurer({ jobs: job.jobs, exclude: ['.git', RESULTS_DIR], log: log.info, repository: job.projectDir });
    // In the checkout, where the merge request's tree may have put links: made afresh (output-directory.ts).
    freshOutputDirectory(out, job.mode === 'merge' ? ['shards'] : []);
    const adapter = gitLabAdapter(job, suite, api, out, log);
    const outcome =
      job.mode === 'merge'
        ? await runMerge(adapter, join(out, 'shards'), `${RESULTS_DIR}/shards`)
        : job.shard
          ? await runShard(adapter, measurer, job.shard, job.commitSha)
          : await runPipeline(adapter, measurer);
    if (outcome.kind === 'could-not-run') return outcome.code;
    if (outcome.kind === 'benchmarks-failed') return ExitCode.benchmarkFailed;
    if (outcome.kind === 'regressed') {
      // Names are the configuration's text: made inert for the job log (no terminal escapes).
      log.write(`cg-bench: ${regressedMessage({ count: outcome.count, names: outcome.names.map(escapeTerminal) })}\n`);
      return ExitCode.regression;
    }
    return ExitCode.ok;
  } catch (error) {
    log.write(`cg-bench: ${error instanceof CgBenchError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return error instanceof CgBenchError ? error.exitCode : ExitCode.internal;
  }
}
