import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { baselineProblem, compareWithBaseline, type Comparison } from '../compare/compare.ts';
import { engineFromEnv, imageId, insideImage } from '../container/engine.ts';
import { containerMeasurer, inProcessMeasurer, type Measurer } from '../container/measurer.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { markdownReport } from '../report/markdown.ts';
import { headline } from '../report/headline.ts';
import type { Environment, Results } from '../results/types.ts';
import { createGitHubApi, type GitHubApi } from './api.ts';
import { actionsCacheStore, type BaselineStore } from './baseline-store.ts';
import { triggerFrom, type Trigger } from './event.ts';
import { addWorktree, ensureCommit, fetchCredentials, fileAt, headParents, mergeBaseLocal, removeWorktree } from '../vcs/git.ts';
import { readInputs, type ActionInputs } from './inputs.ts';
import { reportFromArtifact, writeArtifact } from './artifact.ts';
import type { ActionIO } from './io.ts';
import { suiteFor, type Suite } from '../publish/suite.ts';
import { publishToPullRequest } from './publish.ts';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What the simulated machine and userland are, reduced to a short hash for cache keys. */
function fingerprint(env: Environment): string {
  const { cgBench, valgrind, glibc, os, arch, python, cpu, host } = env;
  return sha256(JSON.stringify({ cgBench, valgrind, glibc, os, arch, python, cpu, host })).slice(0, 16);
}

/** Exact: commit + image + configuration + fingerprint. Never a prefix match: no stale baseline. */
export function baselineKey(suite: Suite, sha: string, imageIdentity: string, configText: string, env: Environment): string {
  return `cg-bench-v1-${suite.id}-${sha}-${sha256(`${imageIdentity}\n${configText}`).slice(0, 16)}-${fingerprint(env)}`;
}

interface Baseline {
  results: Results | undefined;
  source: string;
}

interface Context {
  io: ActionIO;
  env: NodeJS.ProcessEnv;
  inputs: ActionInputs;
  suite: Suite;
  repoRoot: string;
  outRoot: string;
  api: GitHubApi | undefined;
  store: BaselineStore | undefined;
}

/** The release channel users write (`org/cg-bench@v1`, `ghcr.io/org/cg-bench:v1`): one name, README's. */
export const IMAGE_TAG = 'v1';

function imageReference(inputs: ActionInputs, actionDir: string): string {
  if (inputs.image) return inputs.image;
  try {
    const lock = JSON.parse(readFileSync(join(actionDir, 'image.lock.json'), 'utf8')) as { image: string; tag?: string; digest: string | null };
    return lock.digest ? `${lock.image}@${lock.digest}` : `${lock.image}:${lock.tag ?? IMAGE_TAG}`;
  } catch {
    return `ghcr.io/org/cg-bench:${IMAGE_TAG}`;
  }
}

/** The action's token, for fetching the baseline commit (the checkout keeps none: persist-credentials: false). */
function fetchAuth(ctx: Context): Record<string, string> {
  return fetchCredentials(ctx.env['GITHUB_SERVER_URL'] || 'https://github.com', ctx.inputs.token);
}

function createMeasurer(ctx: Context, actionDir: string): Measurer {
  const log = (line: string) => ctx.io.info(line);
  if (insideImage(ctx.env)) {
    ctx.io.info('Running inside the cg-bench image: measuring in this container.');
    return inProcessMeasurer({ jobs: ctx.inputs.jobs, exclude: ['.git'], log });
  }
  const engine = engineFromEnv(ctx.env);
  const image = imageReference(ctx.inputs, actionDir);
  const id = imageId(engine, image);
  ctx.io.info(`Image: ${image}${id ? ` (${id})` : ''}`);
  const user = process.getuid && process.getgid ? { uid: process.getuid(), gid: process.getgid() } : undefined;
  return containerMeasurer({ engine, image, imageId: id, jobs: ctx.inputs.jobs, user, log });
}

/**
 * The commit the head is compared with. actions/checkout checks out the merge of the pull request
 * into its base branch by default: that merge is compared with the base branch commit it merged into
 * (its first parent), or the base branch's later commits would count as the pull request's. A
 * checkout of the pull request's own head is compared with the merge-base.
 */
async function baselineCommit(ctx: Context, trigger: Extract<Trigger, { kind: 'pull_request' }>): Promise<{ sha: string; what: string }> {
  const parents = headParents(ctx.repoRoot);
  if (parents.length === 2 && parents[1] === trigger.headSha) return { sha: parents[0]!, what: 'base branch' };
  let mergeBase: string | undefined;
  try {
    mergeBase = ctx.api ? await ctx.api.mergeBase(trigger.baseSha, trigger.headSha) : undefined;
  } catch (error) {
    ctx.io.warning(`Could not ask GitHub for the merge-base (${errorMessage(error)}); trying git.`);
  }
  mergeBase ??= ensureCommit(ctx.repoRoot, trigger.baseSha, fetchAuth(ctx)) ? mergeBaseLocal(ctx.repoRoot, trigger.baseSha, trigger.headSha) : undefined;
  if (!mergeBase) {
    ctx.io.warning(`No merge-base found; using the base branch's commit ${trigger.baseSha}.`);
    return { sha: trigger.baseSha, what: 'base branch' };
  }
  return { sha: mergeBase, what: 'merge-base' };
}

async function baselineForPullRequest(ctx: Context, trigger: Extract<Trigger, { kind: 'pull_request' }>, measurer: Measurer, env: Environment, head: Results): Promise<Baseline> {
  const { sha: mergeBase, what } = await baselineCommit(ctx, trigger);
  const short = mergeBase.slice(0, 7);
  if (!ensureCommit(ctx.repoRoot, mergeBase, fetchAuth(ctx))) return { results: undefined, source: `none: commit ${short} could not be fetched` };
  const configText = fileAt(ctx.repoRoot, mergeBase, ctx.suite.configPath);
  if (configText === undefined) return { results: undefined, source: `none: ${ctx.suite.configPath} does not exist at ${short}` };

  const key = baselineKey(ctx.suite, mergeBase, measurer.imageIdentity, configText, env);
  if (ctx.store) {
    const cached = await ctx.store.restore(key);
    if (cached) {
      const problem = baselineProblem(cached, head);
      if (!problem) {
        ctx.io.info(`Baseline restored from the cache (${key}).`);
        return { results: cached, source: `${what} ${short}, restored from the cache` };
      }
      ctx.io.info(`The cached baseline cannot be used (${problem}); measuring the ${what} instead.`);
    } else ctx.io.info(`No cached baseline for ${key}; measuring the merge-base in this job.`);
  }
  const worktree = join(ctx.outRoot, 'base-worktree');
  addWorktree(ctx.repoRoot, worktree, mergeBase);
  try {
    const m = await measurer.measure(join(worktree, ctx.inputs.workingDirectory), ctx.inputs.config, join(ctx.outRoot, 'base'));
    if (!m.results) return { results: undefined, source: `none: measuring ${what} ${short} failed (${(m.error ?? `exit ${m.code}`).split('\n')[0]})` };
    return { results: m.results, source: `${what} ${short}, measured in this job` };
  } finally {
    removeWorktree(ctx.repoRoot, worktree);
  }
}

function setOutputs(io: ActionIO, outRoot: string, head: Results | undefined, comparison: Comparison | undefined, source: string | undefined): void {
  io.setOutput('output-dir', outRoot);
  if (head) io.setOutput('results', join(outRoot, 'head', 'results.json'));
  io.setOutput('report', join(outRoot, 'report.md'));
  io.setOutput('regressions', comparison?.comparable ? comparison.counts.regression : 0);
  io.setOutput('improvements', comparison?.comparable ? comparison.counts.improvement : 0);
  io.setOutput('baseline-source', source ?? 'none');
}

async function measureMode(ctx: Context, trigger: Trigger, actionDir: string): Promise<void> {
  const { io, inputs, suite } = ctx;
  const measurer = createMeasurer(ctx, actionDir);
  const env = await measurer.environment();
  const workspace = resolve(ctx.repoRoot, inputs.workingDirectory);

  io.info(`Measuring ${suite.name} (head)`);
  const headRun = await measurer.measure(workspace, inputs.config, join(ctx.outRoot, 'head'));
  if (!headRun.results) {
    setOutputs(io, ctx.outRoot, undefined, undefined, undefined);
    await io.writeSummary(`### ❌ cg-bench: ${suite.name} could not run\n\n${headRun.error ?? `exit ${headRun.code}`}\n`);
    io.setFailed(headRun.error ?? `cg-bench exited with ${headRun.code}`);
    return;
  }
  const head = headRun.results;

  let baseline: Baseline = { results: undefined, source: 'none' };
  if (trigger.kind === 'pull_request') baseline = await baselineForPullRequest(ctx, trigger, measurer, env, head);
  else if (trigger.kind === 'push' && trigger.defaultBranch && ctx.store) {
    if (headRun.code === ExitCode.ok) {
      const configText = readFileSync(join(workspace, inputs.config), 'utf8');
      const key = baselineKey(suite, trigger.sha, measurer.imageIdentity, configText, env);
      const notSaved = await ctx.store.save(key, head);
      if (notSaved) io.warning(`The baseline for ${trigger.sha.slice(0, 7)} was NOT saved (${key}): ${notSaved}. Pull requests will measure it in their own job.`);
      else io.info(`Saved the baseline for ${trigger.sha.slice(0, 7)} (${key}).`);
    } else io.warning('Not saving a baseline: a benchmark failed.');
  }

  const { comparison, problem } = compareWithBaseline(baseline.results, head, { thresholdPercent: inputs.thresholdPercent });
  if (problem) {
    io.warning(problem);
    baseline.source = `none: ${problem}`;
  }
  const body = `${suite.marker}\n${markdownReport.render({ head, comparison, baselineSource: baseline.source })}`;
  mkdirSync(ctx.outRoot, { recursive: true });
  writeFileSync(join(ctx.outRoot, 'report.md'), body);
  await io.writeSummary(body);
  io.info(headline(head, comparison));

  if (trigger.kind === 'pull_request') {
    writeArtifact(join(ctx.outRoot, 'artifact'), { number: trigger.number, headSha: trigger.headSha, suite: suite.id }, head, baseline.results);
    if (trigger.fork) {
      io.notice(`Fork pull request: the token is read-only, so the comment and status come from the workflow_run workflow (mode: report). Upload ${join(ctx.outRoot, 'artifact')} as an artifact.`);
    } else await publishToPullRequest(ctx, trigger, body, head, comparison);
  }
  setOutputs(io, ctx.outRoot, head, comparison, baseline.source);

  if (headRun.code === ExitCode.benchmarkFailed) io.setFailed(`${head.benchmarks.filter((b) => b.status !== 'ok').length} benchmark(s) failed; see the report`);
  else if (inputs.failOnRegression && comparison?.comparable && comparison.counts.regression > 0) io.setFailed(`${comparison.counts.regression} benchmark(s) regressed beyond the threshold`);
}

export async function runAction(io: ActionIO, env: NodeJS.ProcessEnv, actionDir: string): Promise<void> {
  try {
    const inputs = readInputs((name) => io.getInput(name));
    const payload: unknown = env['GITHUB_EVENT_PATH'] ? JSON.parse(readFileSync(env['GITHUB_EVENT_PATH'], 'utf8')) : {};
    const trigger = triggerFrom(env['GITHUB_EVENT_NAME'] ?? '', payload, { repository: env['GITHUB_REPOSITORY'] ?? '', sha: env['GITHUB_SHA'] ?? '', ref: env['GITHUB_REF'] ?? '' });
    const suite = suiteFor(inputs.workingDirectory, inputs.config, inputs.suite);
    const outRoot = resolve(env['RUNNER_TEMP'] ?? '/tmp', 'cg-bench', suite.id);
    const repository = env['GITHUB_REPOSITORY'] ?? '';
    const ctx: Context = {
      io,
      env,
      inputs,
      suite,
      repoRoot: resolve(env['GITHUB_WORKSPACE'] ?? process.cwd()),
      outRoot,
      api: inputs.token && repository ? createGitHubApi(inputs.token, repository, (m) => io.info(m)) : undefined,
      // The cache version hashes the path: a fixed one, not RUNNER_TEMP, so every runner agrees.
      store: inputs.cache ? actionsCacheStore(join('/tmp/cg-bench-baseline', suite.id), io) : undefined,
    };
    const mode = inputs.mode === 'auto' ? (trigger.kind === 'workflow_run' ? 'report' : 'measure') : inputs.mode;
    if (mode === 'report') await reportFromArtifact(ctx, trigger);
    else await measureMode(ctx, trigger, actionDir);
  } catch (error) {
    io.setFailed(error instanceof CgBenchError ? error.message : `cg-bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
