import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMerge, runPipeline, runShard } from '../ci/pipeline.ts';
import { runReportJob } from '../ci/report-job.ts';
import { jobsLine, regressedMessage } from '../report/headline.ts';
import type { Outcome } from '../ci/types.ts';
import { engineFromEnv, imageId, insideImage } from '../container/client.ts';
import { containerMeasurer, inImageMeasurer, type Measurer } from '../container/measurer.ts';
import { CgBenchError } from '../errors.ts';
import { suiteFor } from '../publish/suite.ts';
import { realCheckoutPath } from '../util/paths.ts';
import { headCommit } from '../vcs/git.ts';
import { gitHubAdapter, type GitHubContext } from './adapter.ts';
import { createGitHubApi } from './api.ts';
import { forkReportJob } from './artifact.ts';
import { triggerFrom } from './event.ts';
import { readInputs, type ActionInputs } from './inputs.ts';
import type { ActionIO } from './io.ts';

/** The release channel users write (`org/cg-bench@v1`, `ghcr.io/org/cg-bench:v1`): one name, README's. */
export const IMAGE_TAG = 'v1';
const DEFAULT_IMAGE = 'ghcr.io/org/cg-bench';

/** The image the action measures in: the input, else the released digest, else the release channel's tag. */
export function imageReference(inputs: Pick<ActionInputs, 'image'>, actionDir: string): string {
  if (inputs.image) return inputs.image;
  try {
    const lock = JSON.parse(readFileSync(join(actionDir, 'image.lock.json'), 'utf8')) as { image?: unknown; tag?: unknown; digest?: unknown };
    const image = typeof lock.image === 'string' && lock.image ? lock.image : DEFAULT_IMAGE;
    if (typeof lock.digest === 'string' && lock.digest) return `${image}@${lock.digest}`;
    return `${image}:${typeof lock.tag === 'string' && lock.tag ? lock.tag : IMAGE_TAG}`;
  } catch {
    return `${DEFAULT_IMAGE}:${IMAGE_TAG}`;
  }
}

function createMeasurer(ctx: GitHubContext, actionDir: string): Measurer {
  const log = (line: string) => ctx.io.info(line);
  const jobs = jobsLine(ctx.inputs.jobs);
  if (jobs) log(jobs);
  if (insideImage(ctx.env)) {
    ctx.io.info('Running inside the cg-bench image: measuring in this container.');
    return inImageMeasurer({ jobs: ctx.inputs.jobs, exclude: ['.git'], log, repository: ctx.repoRoot });
  }
  const engine = engineFromEnv(ctx.env);
  const image = imageReference(ctx.inputs, actionDir);
  const id = imageId(engine, image);
  ctx.io.info(`Image: ${image} (${id})`);
  const user = process.getuid && process.getgid ? { uid: process.getuid(), gid: process.getgid() } : undefined;
  return containerMeasurer({ engine, image, imageId: id, jobs: ctx.inputs.jobs, user, log });
}

/** The pipeline's outcome as the action's failure. */
export function failIfNeeded(io: ActionIO, outcome: Outcome): void {
  if (outcome.kind === 'could-not-run') io.setFailed(outcome.message);
  else if (outcome.kind === 'benchmarks-failed') io.setFailed(`${outcome.count} benchmark(s) failed; see the report`);
  else if (outcome.kind === 'regressed') io.setFailed(regressedMessage(outcome));
}

export async function runAction(io: ActionIO, env: NodeJS.ProcessEnv, actionDir: string): Promise<void> {
  try {
    const inputs = readInputs((name) => io.getInput(name));
    const payload: unknown = env['GITHUB_EVENT_PATH'] ? JSON.parse(readFileSync(env['GITHUB_EVENT_PATH'], 'utf8')) : {};
    const trigger = triggerFrom(env['GITHUB_EVENT_NAME'] ?? '', payload, {
      repository: env['GITHUB_REPOSITORY'] ?? '',
      sha: env['GITHUB_SHA'] ?? '',
      ref: env['GITHUB_REF'] ?? '',
    });
    const suite = suiteFor(inputs.workingDirectory, inputs.config, inputs.suite);
    const repository = env['GITHUB_REPOSITORY'] ?? '';
    const ctx: GitHubContext = {
      io,
      env,
      inputs,
      suite,
      repoRoot: realCheckoutPath(env['GITHUB_WORKSPACE'] ?? process.cwd()),
      outRoot: resolve(env['RUNNER_TEMP'] ?? '/tmp', 'cg-bench', suite.id),
      api: inputs.token && repository ? createGitHubApi(inputs.token, repository, (m) => io.info(m)) : undefined,
    };
    const mode = inputs.mode === 'auto' ? (trigger.kind === 'workflow_run' ? 'report' : 'measure') : inputs.mode;
    if (mode === 'report') {
      failIfNeeded(io, await runReportJob(forkReportJob(ctx, trigger)));
      return;
    }
    if (mode === 'merge') {
      if (!inputs.artifactDir) throw new CgBenchError('mode: merge needs the input "artifact-dir": where actions/download-artifact put every part\'s artifact');
      failIfNeeded(io, await runMerge(gitHubAdapter(ctx, trigger), resolve(ctx.repoRoot, inputs.artifactDir), inputs.artifactDir));
      return;
    }
    const measurer = createMeasurer(ctx, actionDir);
    await measurer.environment(); // Says clearly when the image cannot run, before anything is measured.
    const adapter = gitHubAdapter(ctx, trigger);
    if (inputs.shard) {
      const sha = headCommit(ctx.repoRoot) ?? env['GITHUB_SHA'] ?? '';
      failIfNeeded(io, await runShard(adapter, measurer, inputs.shard, sha));
    } else failIfNeeded(io, await runPipeline(adapter, measurer));
  } catch (error) {
    io.setFailed(error instanceof CgBenchError ? error.message : `cg-bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
