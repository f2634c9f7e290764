// GitHub's fork report job (mode: report) links a changed benchmark's flame graph to the measuring
// run's page (GitHub's, in this repository, from the event: never a file the artifact names), and
// says the file is the fork's run's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forkGitHubApi, quietActionIO } from '../action-io.ts';
import { writeReportHandOver } from '../../src/ci/report-hand-over.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import { forkReportJob } from '../../src/github/artifact.ts';
import { readInputs } from '../../src/github/inputs.ts';
import { freshDirectoryWriter, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

test("the fork report job links the flame graph the artifact names to the fork's run's page, labelled as the fork's", async () => {
  const base = resultsOf([benchmarkResult('parse', { Ir: 1000 }), benchmarkResult('render', { Ir: 1000 })]);
  const head = resultsOf([benchmarkResult('parse', { Ir: 1100 }), benchmarkResult('render', { Ir: 1000 })]);
  const dir = tempDir('cg-bench-fork-flame-');
  writeReportHandOver(
    freshDirectoryWriter(dir),
    { sha: SHA, suite: 'abc', baselineSource: 'merge-base', pullRequest: 5, flameGraphs: ['flame/01-parse.svg', 'flame/07-other.svg'] },
    head,
    base,
  );
  const comments: string[] = [];
  const api = forkGitHubApi(SHA, comments);
  const inputs = readInputs((n) => ({ mode: 'report', 'artifact-dir': dir, 'github-token': 'ghs_x', comment: 'always' })[n] ?? '');
  const trigger = { kind: 'workflow_run' as const, headSha: SHA, headRepository: 'fork/r', headBranch: 'topic', runId: 99, pullNumbers: [5] };
  await runReportJob(forkReportJob({ io: quietActionIO(), env: { GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '100' }, inputs, api }, trigger));
  assert.equal(comments.length, 1);
  assert.match(comments[0]!, /\| parse \|.*regression · \[flame graph \(the fork's run\)\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/99#artifacts\) \|/);
  // A name that is no benchmark's file links nothing.
  assert.doesNotMatch(comments[0]!, /\| render \|.*flame graph|07-other/);
});
