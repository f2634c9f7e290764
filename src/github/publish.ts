import type { Comparison } from '../compare/compare.ts';
import { errorMessage } from '../errors.ts';
import type { Results } from '../results/types.ts';
import type { GitHubApi } from './api.ts';
import { writeComment } from './comment.ts';
import type { ActionInputs } from './inputs.ts';
import type { ActionIO } from './io.ts';
import { reportBody, summaryBody } from '../publish/report-body.ts';
import { GITHUB_COMMENT_LIMIT } from '../publish/sticky.ts';
import type { Suite } from '../publish/suite.ts';
import type { ReportInput } from '../report/types.ts';
import { type CommitStatus, commitStatus } from './status.ts';

/**
 * The report as GitHub shows it, for a measuring job and a fork's report job alike: the job summary
 * (with the default branch's trend, when given) and the comment, each fitted, saying where the whole
 * report is (`wholeReport`: a file or an artifact) and ending with the caller's `after`.
 */
export function gitHubBodies(
  marker: string,
  input: ReportInput,
  where: { wholeReport: string; runUrl: string | undefined; trend?: string | undefined; after?: string },
): { summary: string; comment: string } {
  const { wholeReport, runUrl, trend, after = '' } = where;
  const inSummary = `${runUrl ? `[this run's job summary](${runUrl})` : "this run's job summary"} and ${wholeReport}`;
  return {
    summary: summaryBody(marker, input, wholeReport, trend, after),
    comment: reportBody(marker, input, { limit: GITHUB_COMMENT_LIMIT, fullReport: inSummary }, after),
  };
}

/** Whether there is news for a new comment (an existing one is always kept current). */
function shouldComment(mode: ActionInputs['comment'], comparison: Comparison | undefined, head: Results): boolean {
  if (mode === 'always') return true;
  const failed = head.benchmarks.some((b) => b.status !== 'ok');
  if (!comparison) return failed;
  const c = comparison.counts;
  return failed || !comparison.comparable || c.regression + c.improvement + c.new + c.removed + c.failed > 0;
}

type PublishContext = { io: ActionIO; inputs: ActionInputs; suite: Suite; api: GitHubApi | undefined; env: NodeJS.ProcessEnv };

function denied(io: ActionIO, what: string, error: unknown): void {
  const status = (error as { status?: number }).status;
  if (status === 403 || status === 404) {
    io.warning(
      `Cannot ${what}: the token may not write to this repository (HTTP ${status}; fork pull requests get a read-only token: see the fork-safe workflow pair in the README). The report is in the job summary.`,
    );
  } else io.warning(`Cannot ${what}: ${errorMessage(error)}. The report is in the job summary.`);
}

/** This workflow run's page, when the runner says which run it is. */
function runUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  return env['GITHUB_RUN_ID']
    ? `${env['GITHUB_SERVER_URL'] ?? 'https://github.com'}/${env['GITHUB_REPOSITORY']}/actions/runs/${env['GITHUB_RUN_ID']}`
    : undefined;
}

/** The suite's commit status `status` on `sha` (input `status`), allowed to fail into a warning. */
async function setStatus(ctx: PublishContext, sha: string, status: CommitStatus): Promise<void> {
  const { io, inputs, suite, api } = ctx;
  if (!inputs.status || !api) return;
  try {
    await api.setStatus(sha, { ...status, context: suite.statusContext, targetUrl: runUrlOf(ctx.env) });
  } catch (error) {
    denied(io, 'set the commit status', error);
  }
}

/** The suite's commit status on `sha` for these results (input `status`), allowed to fail into a warning. */
export async function setCommitStatus(ctx: PublishContext, sha: string, head: Results, comparison: Comparison | undefined): Promise<void> {
  await setStatus(ctx, sha, commitStatus(head, comparison, ctx.inputs.failOnRegression));
}

/**
 * Comment (when one is there to keep current, or `wanted` says so) and status, each allowed to fail
 * into a warning: results are never lost to the API.
 */
async function commentAndStatus(
  ctx: PublishContext,
  pr: { number: number; headSha: string },
  body: string,
  wanted: () => boolean,
  status: CommitStatus,
): Promise<void> {
  const { io, inputs, suite, api } = ctx;
  if (!api) {
    io.warning('No GitHub token: no comment and no status (the job summary has the report).');
    return;
  }
  if (inputs.comment !== 'never') {
    try {
      // One lookup: it decides whether on-change has a comment to keep current, and which to update.
      const existing = await api.findComment(pr.number, suite.marker);
      if (existing || wanted()) {
        const url = await writeComment(api, pr.number, existing, body);
        io.info(`${existing ? 'Updated' : 'Created'} the comment ${url}`);
        io.setOutput('comment-url', url);
      }
    } catch (error) {
      denied(io, 'comment on the pull request', error);
    }
  }
  await setStatus(ctx, pr.headSha, status);
}

/** The report's comment (as input `comment` asks) and status. */
export async function publishToPullRequest(
  ctx: PublishContext,
  pr: { number: number; headSha: string },
  body: string,
  head: Results,
  comparison: Comparison | undefined,
): Promise<void> {
  const status = commitStatus(head, comparison, ctx.inputs.failOnRegression);
  await commentAndStatus(ctx, pr, body, () => shouldComment(ctx.inputs.comment, comparison, head), status);
}

/** The pull request's head could not be measured: the comment says so (unless comment: never), and the status fails. */
export async function publishCouldNotRun(ctx: PublishContext, pr: { number: number; headSha: string }, body: string): Promise<void> {
  await commentAndStatus(ctx, pr, body, () => true, { state: 'failure', description: 'could not measure the head: see the job log' });
}
