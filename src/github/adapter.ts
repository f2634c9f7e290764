import { join } from 'node:path';
import type { CiAdapter, Occasion, Report } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import { couldNotRunBody } from '../publish/could-not-run.ts';
import type { Suite } from '../publish/suite.ts';
import { headline } from '../report/headline.ts';
import type { Results } from '../results/types.ts';
import type { Comparison } from '../compare/compare.ts';
import { ensureCommit, fetchCredentials, headParents, mergeBaseLocal } from '../vcs/git.ts';
import type { GitHubApi } from './api.ts';
import { actionsCacheStore } from './baseline-store.ts';
import { actionsCacheHistory } from './history-store.ts';
import type { Trigger } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { ActionIO } from './io.ts';
import { gitHubBodies, publishCouldNotRun, publishToPullRequest, setCommitStatus } from './publish.ts';
import { commitUrl, workflowRunUrl } from './urls.ts';

export interface GitHubContext {
  io: ActionIO;
  env: NodeJS.ProcessEnv;
  inputs: ActionInputs;
  suite: Suite;
  repoRoot: string;
  outRoot: string;
  api: GitHubApi | undefined;
}

type PullRequest = Extract<Trigger, { kind: 'pull_request' }>;
type MergeGroup = Extract<Trigger, { kind: 'merge_group' }>;

/**
 * A merge queue's run (merge_group): the checkout is the merge group's head commit (GITHUB_SHA), what
 * the queue would merge; it is compared with the base branch commit the group is built on
 * (merge_group.base_sha), so only the queued pull requests' changes count. Fetched when the checkout
 * lacks it (lookUpBaseline, through ensureCommit); a merge group never saves a baseline.
 */
export function mergeGroupBaseline(group: MergeGroup): Occasion & { kind: 'change' } {
  if (!group.baseSha) return { kind: 'change', baseline: { none: 'the merge_group event names no base commit (merge_group.base_sha)' } };
  return {
    kind: 'change',
    baseline: { sha: group.baseSha, what: 'merge group base', why: 'merge queue: the base branch commit the merge group is built on, merge_group.base_sha' },
  };
}

function setOutputs(
  io: ActionIO,
  outRoot: string,
  head: Results | undefined,
  comparison: Comparison | undefined,
  source: string | undefined,
  saved = false,
): void {
  io.setOutput('output-dir', outRoot);
  if (head) io.setOutput('results', join(outRoot, 'head', 'results.json'));
  io.setOutput('report', join(outRoot, 'report.md'));
  io.setOutput('regressions', comparison?.comparable ? comparison.counts.regression : 0);
  io.setOutput('improvements', comparison?.comparable ? comparison.counts.improvement : 0);
  io.setOutput('baseline-source', source ?? 'none');
  io.setOutput('baseline-saved', saved ? 'true' : 'false');
}

/**
 * The commit a pull request is compared with. actions/checkout checks out the merge of the pull
 * request into its base branch by default (depth 1: the parents are read from the commit object):
 * that merge is compared with the base branch commit it merged into (its first parent), or the base
 * branch's later commits would count as the pull request's. A checkout of the pull request's own
 * head is compared with the merge-base.
 */
export async function baselineCommit(ctx: GitHubContext, pr: PullRequest, fetchCommit: (sha: string) => boolean): Promise<Occasion & { kind: 'change' }> {
  const parents = headParents(ctx.repoRoot);
  if (parents.length === 2 && parents[1] === pr.headSha)
    return {
      kind: 'change',
      baseline: { sha: parents[0]!, what: 'base branch', why: 'the checkout is the merge of the pull request: the commit it merged into' },
    };
  let mergeBase: string | undefined;
  try {
    mergeBase = ctx.api ? await ctx.api.mergeBase(pr.baseSha, pr.headSha) : undefined;
  } catch (error) {
    ctx.io.warning(`Could not ask GitHub for the merge-base (${errorMessage(error)}); trying git.`);
  }
  mergeBase ??= fetchCommit(pr.baseSha) ? mergeBaseLocal(ctx.repoRoot, pr.baseSha, pr.headSha) : undefined;
  if (!mergeBase) {
    ctx.io.warning(`No merge-base found; using the base branch's commit ${pr.baseSha}.`);
    return { kind: 'change', baseline: { sha: pr.baseSha, what: 'base branch', why: 'no merge-base found' } };
  }
  return { kind: 'change', baseline: { sha: mergeBase, what: 'merge-base' } };
}

/** The action as the pipeline's adapter: baselines in the Actions cache, the report in the job summary, comment and status. */
export function gitHubAdapter(ctx: GitHubContext, trigger: Trigger): CiAdapter {
  const { io, inputs, suite } = ctx;
  // The action's token, for fetching the baseline commit (the checkout keeps none: persist-credentials: false).
  const credentials = fetchCredentials(ctx.env['GITHUB_SERVER_URL'] || 'https://github.com', inputs.token);
  const fetchCommit = (sha: string) => ensureCommit(ctx.repoRoot, sha, credentials);
  return {
    log: io,
    suite,
    repoRoot: ctx.repoRoot,
    workingDirectory: inputs.workingDirectory,
    config: inputs.config,
    outRoot: ctx.outRoot,
    thresholdPercent: inputs.thresholdPercent,
    exports: inputs.exports,
    failOnRegression: inputs.failOnRegression,
    checkDeterminism: inputs.checkDeterminism,
    callTree: inputs.callTree,
    // The SVGs are in output-dir/flame: the run's page lists the artifact it is uploaded as.
    flameGraphUrl: () => {
      const run = workflowRunUrl(ctx.env);
      return run ? `${run}#artifacts` : undefined;
    },
    store: inputs.cache ? actionsCacheStore(suite, io) : undefined,
    history: inputs.cache && inputs.history > 0 ? { store: actionsCacheHistory(suite, ctx.env, io), keep: inputs.history } : undefined,
    shortSha: (sha) => sha.slice(0, 7),
    commitUrl: (sha) => commitUrl(ctx.env, sha),
    fetchCommit,
    async occasion() {
      if (trigger.kind === 'pull_request') return baselineCommit(ctx, trigger, fetchCommit);
      if (trigger.kind === 'merge_group') return mergeGroupBaseline(trigger);
      if (trigger.kind === 'push' && trigger.defaultBranch) return { kind: 'mainline', sha: trigger.sha };
      return { kind: 'other' };
    },
    async cannotRun(message) {
      setOutputs(io, ctx.outRoot, undefined, undefined, undefined);
      // A fork's token cannot: its report workflow says it, from the hand-over (ci/pipeline.ts cannotRun).
      if (trigger.kind === 'pull_request' && !trigger.fork)
        await publishCouldNotRun(
          { io, inputs: ctx.inputs, suite, api: ctx.api, env: ctx.env },
          { number: trigger.number, headSha: trigger.headSha },
          couldNotRunBody(suite, trigger.headSha.slice(0, 7)),
        );
      // As a code block: the message can quote the pull request's configuration and commands, never markup.
      const quoted = message
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
      await io.writeSummary(`### ❌ cg-bench: ${suite.name} could not run\n\n${quoted}\n`);
    },
    async publish(report: Report) {
      const { head, comparison, input, trend } = report;
      const reportMd = `\`report.md\` in the action's \`output-dir\` (upload it with actions/upload-artifact to keep it)`;
      const { summary, comment: body } = gitHubBodies(suite.marker, input, { wholeReport: reportMd, runUrl: workflowRunUrl(ctx.env), trend });
      await io.writeSummary(summary);
      io.info(headline(head, comparison));
      if (trigger.kind === 'pull_request') {
        if (trigger.fork) {
          io.notice(
            `Fork pull request: the token is read-only, so the comment and status come from the workflow_run workflow (mode: report). Upload ${join(ctx.outRoot, 'artifact')} as an artifact.`,
          );
        } else await publishToPullRequest(ctx, trigger, body, head, comparison);
      } else if (trigger.kind === 'merge_group') {
        // No pull request to comment on; the status on the group's commit, for a queue that requires it.
        await setCommitStatus(ctx, trigger.headSha, head, comparison);
      }
      setOutputs(io, ctx.outRoot, head, comparison, report.baselineSource, report.baselineSaved);
    },
    // The fork-safe pair's artifact: a fork's pull request is reported by the workflow_run workflow (mode: report).
    reportHandOver: () =>
      trigger.kind === 'pull_request' ? { dir: join(ctx.outRoot, 'artifact'), sha: trigger.headSha, pullRequest: trigger.number } : undefined,
    shardDir: () => join(ctx.outRoot, 'shard'),
    async publishShard(shard, dir) {
      io.setOutput('output-dir', ctx.outRoot);
      io.setOutput('shard-dir', dir);
      await io.writeSummary(
        `### cg-bench: ${suite.name}, part ${shard.index}/${shard.count} measured\n\nThe report comes from the job that merges every part (\`mode: merge\`).\n`,
      );
      io.info(`Part ${shard.index}/${shard.count} measured: upload ${dir} as an artifact for the merge job (mode: merge).`);
    },
  };
}
