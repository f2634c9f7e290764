import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareResults } from '../compare/compare.ts';
import { CgBenchError, errorMessage } from '../errors.ts';
import { regressedMessage, regressedNames } from '../report/headline.ts';
import { readResults, writeResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import type { GitHubApi } from './api.ts';
import { reportBody, summaryBody } from '../publish/report-body.ts';
import { commentMarker, GITHUB_COMMENT_LIMIT } from '../publish/sticky.ts';
import { workflowRunUrl } from './urls.ts';
import type { Trigger } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { ActionIO } from './io.ts';
import { publishToPullRequest } from './publish.ts';
import { presentAt, readTextBeneath } from '../untrusted/read.ts';

/** What the measuring job hands the reporting job (fork-safe pair): which PR, which commit, which suite. */
export interface PullRequestRef {
  number: number;
  headSha: string;
  suite: string;
}

const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Said under every report made from a fork's artifact. */
const FORK_NOTE =
  "_These numbers come from the pull request's own workflow run: cg-bench checked that they are consistent and belong to this pull request's commit, but that run was the fork's to control._";

export function writeArtifact(dir: string, pr: PullRequestRef, head: Results, base: Results | undefined): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pr.json'), `${JSON.stringify({ schema: 'cg-bench-pr/1', ...pr }, null, 2)}\n`);
  writeResults(join(dir, 'results.json'), head);
  if (base) writeResults(join(dir, 'base.json'), base);
}

/** The artifact comes from a fork's workflow: every byte is untrusted until checked here. */
function parsePullRequestRef(text: string, source: string): PullRequestRef {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CgBenchError(`${source}: not valid JSON`);
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const keys = Object.keys(d).sort().join(',');
  if (keys !== 'headSha,number,schema,suite' || d['schema'] !== 'cg-bench-pr/1') throw new CgBenchError(`${source}: not a cg-bench pull request reference`);
  if (!Number.isSafeInteger(d['number']) || (d['number'] as number) < 1) throw new CgBenchError(`${source}: "number" is not a pull request number`);
  if (typeof d['headSha'] !== 'string' || !/^[0-9a-f]{40}$/.test(d['headSha'])) throw new CgBenchError(`${source}: "headSha" is not a commit sha`);
  if (typeof d['suite'] !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(d['suite'])) throw new CgBenchError(`${source}: "suite" is not a suite id`);
  return { number: d['number'] as number, headSha: d['headSha'], suite: d['suite'] };
}

interface ReportContext {
  io: ActionIO;
  env: NodeJS.ProcessEnv;
  inputs: ActionInputs;
  api: GitHubApi | undefined;
}

/** `mode: report` on workflow_run: validate the artifact, recompute the comparison, comment and set the status. */
export async function reportFromArtifact(ctx: ReportContext, trigger: Trigger): Promise<void> {
  const { io, inputs, api } = ctx;
  if (trigger.kind !== 'workflow_run')
    throw new CgBenchError(`mode: report runs on workflow_run events, not ${trigger.kind === 'other' ? trigger.eventName : trigger.kind}`);
  if (!inputs.artifactDir)
    throw new CgBenchError('mode: report needs the input "artifact-dir": where actions/download-artifact put the measuring job\'s artifact');
  const dir = inputs.artifactDir;
  const prFile = join(dir, 'pr.json');
  if (!presentAt(prFile)) throw new CgBenchError(`${prFile}: missing; is "artifact-dir" the downloaded cg-bench artifact?`);
  // A fork's artifact: read through the reader beneath artifact-dir (no link, a regular file, bounded).
  const pr = parsePullRequestRef(readTextBeneath(dir, 'pr.json', MAX_FILE_BYTES, 'pull request reference', prFile), prFile);
  // The artifact names its pull request; the event, not the artifact, says which run made it. The
  // pull request must be that run's: same commit, same head repository, same branch.
  if (pr.headSha !== trigger.headSha)
    throw new CgBenchError(`${prFile}: headSha ${pr.headSha} is not the commit this workflow run measured (${trigger.headSha}); refusing the artifact`);
  if (trigger.pullNumbers.length && !trigger.pullNumbers.includes(pr.number)) {
    throw new CgBenchError(`${prFile}: pull request #${pr.number} is not one of this run's (${trigger.pullNumbers.join(', ')}); refusing the artifact`);
  }
  if (!api) throw new CgBenchError('mode: report needs a GitHub token to check the pull request');
  let actual: { sha: string; repository: string; branch: string };
  try {
    actual = await api.pullRequestHead(pr.number);
  } catch (error) {
    throw new CgBenchError(`cannot check pull request #${pr.number}: ${errorMessage(error)}`);
  }
  const expected = { sha: trigger.headSha, repository: trigger.headRepository, branch: trigger.headBranch };
  const mismatch = (['sha', 'repository', 'branch'] as const).find((k) => actual[k] !== expected[k]);
  if (mismatch) {
    throw new CgBenchError(
      `${prFile}: pull request #${pr.number} is ${actual.repository}:${actual.branch} at ${actual.sha.slice(0, 7)}, but this workflow run measured ${expected.repository}:${expected.branch} at ${expected.sha.slice(0, 7)}; refusing the artifact`,
    );
  }
  const head = readResults(join(dir, 'results.json'), dir);
  const base = presentAt(join(dir, 'base.json')) ? readResults(join(dir, 'base.json'), dir) : undefined;
  const comparison = base ? compareResults(base, head, { thresholdPercent: inputs.thresholdPercent }) : undefined;
  const marker = commentMarker(pr.suite);
  const suiteName = inputs.suite || undefined;
  const input = { head, comparison, baselineSource: base ? 'from the measuring workflow' : 'none', suite: suiteName };
  const measuringRun =
    Number.isSafeInteger(trigger.runId) && trigger.runId > 0 ? workflowRunUrl({ ...ctx.env, GITHUB_RUN_ID: String(trigger.runId) }) : undefined;
  const artifact = `the artifact of ${measuringRun ? `[the measuring run](${measuringRun})` : 'the measuring run'} (\`cg-bench diff base.json results.json --format markdown\` renders it whole)`;
  const after = `\n${FORK_NOTE}\n`;
  await io.writeSummary(summaryBody(marker, input, artifact, undefined, after));
  const runUrl = workflowRunUrl(ctx.env);
  const body = reportBody(
    marker,
    input,
    { limit: GITHUB_COMMENT_LIMIT, fullReport: `${runUrl ? `[this run's job summary](${runUrl})` : "this run's job summary"} and ${artifact}` },
    after,
  );
  // Its own status context: a required "cg-bench" check can never be satisfied by a fork's numbers.
  const suite = {
    id: pr.suite,
    name: inputs.suite || pr.suite,
    marker,
    statusContext: `${inputs.suite ? `cg-bench/${inputs.suite}` : 'cg-bench'} (fork)`,
    configPath: '',
  };
  await publishToPullRequest({ io, inputs, suite, api, env: ctx.env }, pr, body, head, comparison);
  io.setOutput('regressions', comparison?.comparable ? comparison.counts.regression : 0);
  io.setOutput('improvements', comparison?.comparable ? comparison.counts.improvement : 0);
  // As in the measuring mode: with fail-on-regression the job fails too, naming what regressed.
  const regressed = regressedNames(head, comparison);
  if (inputs.failOnRegression && regressed.length) io.setFailed(regressedMessage({ count: regressed.length, names: regressed }));
}
