import { CgBenchError, errorMessage } from '../errors.ts';
import type { ReportJobAdapter } from '../ci/types.ts';
import type { GitHubApi } from './api.ts';
import { couldNotRunBody } from '../publish/could-not-run.ts';
import { commentMarker } from '../publish/sticky.ts';
import { suiteFor } from '../publish/suite.ts';
import { commitUrl, workflowRunUrl } from './urls.ts';
import type { Trigger } from './event.ts';
import type { ActionInputs } from './inputs.ts';
import type { ActionIO } from './io.ts';
import { gitHubBodies, publishCouldNotRun, publishToPullRequest } from './publish.ts';

/** Said under every report made from a fork's artifact. */
const FORK_NOTE =
  "_These numbers come from the pull request's own workflow run: cg-bench checked that they are consistent and belong to this pull request's commit, but that run was the fork's to control._";

interface ReportContext {
  io: ActionIO;
  env: NodeJS.ProcessEnv;
  inputs: ActionInputs;
  api: GitHubApi | undefined;
}

/**
 * `mode: report` on workflow_run, as the report job's adapter: the artifact is the measuring
 * workflow's hand-over (ci/report-hand-over.ts), accepted only for the pull request whose head commit,
 * repository and branch are the ones this event names (asked of GitHub); the report is posted under
 * the suite's "(fork)" status context with a note that the numbers are the fork's run.
 */
export function forkReportJob(ctx: ReportContext, trigger: Trigger): ReportJobAdapter {
  const { io, inputs, api } = ctx;
  if (trigger.kind !== 'workflow_run')
    throw new CgBenchError(`mode: report runs on workflow_run events, not ${trigger.kind === 'other' ? trigger.eventName : trigger.kind}`);
  if (!inputs.artifactDir)
    throw new CgBenchError('mode: report needs the input "artifact-dir": where actions/download-artifact put the measuring job\'s artifact');
  const dir = inputs.artifactDir;
  let pullRequest = 0;
  // The run that measured: GitHub's page of it, in this repository (from the event, not the artifact).
  const measuringRun =
    Number.isSafeInteger(trigger.runId) && trigger.runId > 0 ? workflowRunUrl({ ...ctx.env, GITHUB_RUN_ID: String(trigger.runId) }) : undefined;
  return {
    log: io,
    thresholdPercent: inputs.thresholdPercent,
    failOnRegression: inputs.failOnRegression,
    handOver: { root: dir, sub: '', shown: dir, missing: 'is "artifact-dir" the downloaded cg-bench artifact?' },
    // The fork's run wrote the hand-over's words: not shown.
    baselineSourceShown: 'from the measuring workflow',
    shortSha: (sha) => sha.slice(0, 7),
    commitUrl: (sha) => commitUrl(ctx.env, sha),
    baselineCommit: () => undefined,
    // The SVG is in the fork's run's artifact, drawn by the fork's job: linked as the run's page (GitHub's,
    // never a file the artifact names), and said to be the fork's.
    flameGraphUrl: () => (measuringRun ? `${measuringRun}#artifacts` : undefined),
    flameGraphLabel: "flame graph (the fork's run)",
    async accept(handOver) {
      const file = `${dir}/report-job.json`;
      const pr = handOver.pullRequest;
      if (!pr) throw new CgBenchError(`${file}: names no pull request; refusing the artifact`);
      // The suite's id picks the comment's marker: a fork's artifact must not pick another suite's.
      const wanted = inputs.suite ? suiteFor('.', '', inputs.suite).id : undefined;
      if (wanted !== undefined && handOver.suite !== wanted)
        throw new CgBenchError(`${file}: the suite "${handOver.suite}" is not this report job's ("${wanted}"); refusing the artifact`);
      // The artifact names its pull request; the event, not the artifact, says which run made it. The
      // pull request must be that run's: same commit, same head repository, same branch.
      if (handOver.sha !== trigger.headSha)
        throw new CgBenchError(`${file}: sha ${handOver.sha} is not the commit this workflow run measured (${trigger.headSha}); refusing the artifact`);
      if (trigger.pullNumbers.length && !trigger.pullNumbers.includes(pr))
        throw new CgBenchError(`${file}: pull request #${pr} is not one of this run's (${trigger.pullNumbers.join(', ')}); refusing the artifact`);
      if (!api) throw new CgBenchError('mode: report needs a GitHub token to check the pull request');
      let actual: { sha: string; repository: string; branch: string };
      try {
        actual = await api.pullRequestHead(pr);
      } catch (error) {
        throw new CgBenchError(`cannot check pull request #${pr}: ${errorMessage(error)}`);
      }
      const expected = { sha: trigger.headSha, repository: trigger.headRepository, branch: trigger.headBranch };
      const mismatch = (['sha', 'repository', 'branch'] as const).find((k) => actual[k] !== expected[k]);
      if (mismatch) {
        throw new CgBenchError(
          `${file}: pull request #${pr} is ${actual.repository}:${actual.branch} at ${actual.sha.slice(0, 7)}, but this workflow run measured ${expected.repository}:${expected.branch} at ${expected.sha.slice(0, 7)}; refusing the artifact`,
        );
      }
      pullRequest = pr;
      // Its own status context: a required "cg-bench" check can never be satisfied by a fork's numbers.
      return {
        id: handOver.suite,
        name: inputs.suite || handOver.suite,
        heading: inputs.suite || undefined,
        marker: commentMarker(handOver.suite),
        statusContext: `${inputs.suite ? `cg-bench/${inputs.suite}` : 'cg-bench'} (fork)`,
        configPath: '',
      };
    },
    async publishReport(suite, { head, comparison, input }) {
      const artifact = `the artifact of ${measuringRun ? `[the measuring run](${measuringRun})` : 'the measuring run'} (\`cg-bench diff base.json head.json --format markdown\` renders it whole)`;
      const { summary, comment: body } = gitHubBodies(suite.marker, input, {
        wholeReport: artifact,
        runUrl: workflowRunUrl(ctx.env),
        after: `\n${FORK_NOTE}\n`,
      });
      await io.writeSummary(summary);
      await publishToPullRequest({ io, inputs, suite, api, env: ctx.env }, { number: pullRequest, headSha: trigger.headSha }, body, head, comparison);
      io.setOutput('regressions', comparison?.comparable ? comparison.counts.regression : 0);
      io.setOutput('improvements', comparison?.comparable ? comparison.counts.improvement : 0);
    },
    async publishCouldNotRun(suite, sha) {
      const body = couldNotRunBody(suite, sha.slice(0, 7));
      await io.writeSummary(body);
      await publishCouldNotRun({ io, inputs, suite, api, env: ctx.env }, { number: pullRequest, headSha: trigger.headSha }, body);
    },
  };
}
