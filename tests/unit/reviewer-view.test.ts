// The comment as a reviewer reads it (issue 25.6): which commit it compares with, near the top and
// linked; which suite; which benchmarks failed the job; the trend not read as the change; the fork
// workflow's status red on a regression; and the log saying what it did (jobs, stale artifacts).
import assert from 'node:assert/strict';
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { forkGitHubApi, quietActionIO } from '../action-io.ts';
import { parse } from 'yaml';
import { compareResults } from '../../src/compare/compare.ts';
import { writeReportHandOver } from '../../src/ci/report-hand-over.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import { forkReportJob } from '../../src/github/artifact.ts';
import { readInputs } from '../../src/github/inputs.ts';
import { failIfNeeded } from '../../src/github/run.ts';
import { commitUrl } from '../../src/github/urls.ts';
import { gitLabAdapter, gitLabCommitUrl } from '../../src/gitlab/adapter.ts';
import type { GitLabApi } from '../../src/gitlab/api.ts';
import { defaultBranchArtifacts } from '../../src/gitlab/artifact-store.ts';
import { readJob } from '../../src/gitlab/job.ts';
import { suiteFor } from '../../src/publish/suite.ts';
import { jobsLine, regressedMessage } from '../../src/report/headline.ts';
import { markdownReport } from '../../src/report/markdown.ts';
import { freshDirectoryWriter, ROOT, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const base = resultsOf([benchmarkResult('parse', { Ir: 1000 }), benchmarkResult('render', { Ir: 1000 })]);
const head = resultsOf([benchmarkResult('parse', { Ir: 1100 }), benchmarkResult('render', { Ir: 1000 })]);

const GITLAB_ENV = {
  CI_API_V4_URL: 'https://gitlab.example/api/v4',
  CI_PROJECT_ID: '7',
  CI_PROJECT_DIR: '/builds/g/p',
  CI_JOB_NAME: 'cg-bench',
  CI_COMMIT_SHA: SHA,
  CI_DEFAULT_BRANCH: 'main',
  CI_PROJECT_URL: 'https://gitlab.example/g/p',
  CI_MERGE_REQUEST_IID: '3',
  CI_MERGE_REQUEST_DIFF_BASE_SHA: SHA,
};

test("the baseline commit is the report's first line after the title, linked: the full sha in the address, 7 characters shown on GitHub, 8 on GitLab", () => {
  const github = { sha: SHA, short: SHA.slice(0, 7), url: commitUrl({ GITHUB_REPOSITORY: 'o/r' }, SHA), what: 'merge-base' };
  const text = markdownReport.render({
    head,
    comparison: compareResults(base, head),
    baselineSource: 'merge-base 0123456, measured in this job',
    baselineCommit: github,
  });
  assert.equal(text.split('\n')[2], `Compared with the merge-base [\`0123456\`](https://github.com/o/r/commit/${SHA}).`);

  const job = readJob(GITLAB_ENV);
  const adapter = gitLabAdapter(job, suiteFor('.', 'cg-bench.yml', ''), {} as GitLabApi, tempDir(), { info: () => {}, warning: () => {}, write: () => {} });
  assert.equal(adapter.shortSha(SHA), '01234567');
  assert.equal(adapter.commitUrl(SHA), `https://gitlab.example/g/p/-/commit/${SHA}`);
  const gitlab = { sha: SHA, short: adapter.shortSha(SHA), url: gitLabCommitUrl(job, SHA), what: 'target branch' };
  assert.equal(
    markdownReport.render({ head, comparison: compareResults(base, head), baselineCommit: gitlab }).split('\n')[2],
    `Compared with the target branch [\`01234567\`](https://gitlab.example/g/p/-/commit/${SHA}).`,
  );
  // A fork's merge request: the commit is in the target project.
  assert.equal(readJob({ ...GITLAB_ENV, CI_MERGE_REQUEST_PROJECT_URL: 'https://gitlab.example/up/p' }).projectUrl, 'https://gitlab.example/up/p');
  // No address, or something not a commit: shown, not linked.
  assert.equal(
    markdownReport.render({ head, comparison: compareResults(base, head), baselineCommit: { ...github, url: undefined } }).split('\n')[2],
    'Compared with the merge-base `0123456`.',
  );
  assert.equal(
    markdownReport
      .render({ head, comparison: compareResults(base, head), baselineCommit: { ...github, sha: 'x](javascript:alert(1))', short: 'x](java`' } })
      .split('\n')[2],
    'Compared with the merge-base x\\]\\(java\\`.',
  );
  // Without a baseline, why not, near the top too.
  assert.equal(
    markdownReport.render({ head, baselineSource: 'none: the merge-base fffffff could not be fetched' }).split('\n')[2],
    'No baseline: the merge\\-base fffffff could not be fetched.',
  );
});

test("the suite's name is in the heading when the suite input names it (several suites), not for the default suite", () => {
  const named = suiteFor('.', 'bench/api.yml', 'api');
  const unnamed = suiteFor('.', 'cg-bench.yml', '');
  assert.equal(named.heading, 'api');
  assert.equal(unnamed.heading, undefined);
  assert.match(
    markdownReport.render({ head, comparison: compareResults(base, head), suite: named.heading }),
    /^### 🔴 cg-bench \(api\): 1 regression, 1 unchanged\n/,
  );
  assert.match(
    markdownReport.render({ head, comparison: compareResults(base, head), suite: unnamed.heading }),
    /^### 🔴 cg-bench: 1 regression, 1 unchanged\n/,
  );
  assert.match(markdownReport.render({ head, suite: 'a|b <x>' }), /^### 📊 cg-bench \(a\\\|b &lt;x&gt;\): 2 benchmarks measured\n/);
});

test('the failure line names the regressed benchmarks: the first five, then how many more', () => {
  assert.equal(regressedMessage({ count: 1, names: ['parse'] }), '1 benchmark regressed beyond the threshold: parse');
  assert.equal(regressedMessage({ count: 2, names: ['parse', 'io (timed)'] }), '2 benchmarks regressed beyond the threshold: parse and io (timed)');
  const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  assert.equal(regressedMessage({ count: 7, names: seven }), '7 benchmarks regressed beyond the threshold: a, b, c, d, e and 2 more');
});

test('jobs: N is said in the log when N > 1', () => {
  assert.equal(jobsLine(1), undefined);
  assert.match(jobsLine(2)!, /^jobs: 2: up to 2 benchmarks are measured at a time/);
});

test('the documented fork-safe report workflow sets fail-on-regression, and report mode then turns the status red and fails naming the benchmark', async () => {
  const workflow = parse(readFileSync(join(ROOT, 'docs', 'workflows', 'fork-safe-report.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { with?: Record<string, unknown> }[] }>;
  };
  const step = Object.values(workflow.jobs)
    .flatMap((j) => j.steps)
    .find((s) => s.with?.['mode'] === 'report');
  assert.equal(step?.with?.['fail-on-regression'], true);

  const dir = tempDir('cg-bench-fork-artifact-');
  writeReportHandOver(freshDirectoryWriter(dir), { sha: SHA, suite: 'abc', baselineSource: 'merge-base', pullRequest: 5 }, head, base);
  const statuses: { state: string; description: string; context: string }[] = [];
  const comments: string[] = [];
  const api = forkGitHubApi(SHA, comments, statuses);
  for (const failOnRegression of [false, true]) {
    statuses.length = 0;
    const failures: string[] = [];
    const io = quietActionIO({ setFailed: (m) => void failures.push(m) });
    const inputs = readInputs(
      (n) => ({ mode: 'report', 'artifact-dir': dir, 'github-token': 'ghs_x', 'fail-on-regression': String(failOnRegression) })[n] ?? '',
    );
    const trigger = { kind: 'workflow_run' as const, headSha: SHA, headRepository: 'fork/r', headBranch: 'topic', runId: 99, pullNumbers: [5] };
    failIfNeeded(io, await runReportJob(forkReportJob({ io, env: { GITHUB_REPOSITORY: 'o/r' }, inputs, api }, trigger)));
    assert.equal(statuses[0]?.state, failOnRegression ? 'failure' : 'success');
    assert.deepEqual(failures, failOnRegression ? ['1 benchmark regressed beyond the threshold: parse'] : []);
  }
  assert.match(comments[0]!, /^<!-- cg-bench:abc -->\n### 🔴 cg-bench: 1 regression, 1 unchanged\n/);
});

test("GitLab says why it did not use the default branch's artifacts", async () => {
  const job = readJob(GITLAB_ENV);
  const run = async (files: Record<string, string>) => {
    const lines: string[] = [];
    const api = {
      latestArtifactFile: async (_ref: string, _job: string, path: string) => (path in files ? Buffer.from(files[path]!) : undefined),
    } as unknown as GitLabApi;
    const store = defaultBranchArtifacts(api, job, tempDir(), { info: (m) => void lines.push(m), warning: (m) => void lines.push(`warning: ${m}`) });
    const restored = await store.restore({ sha: SHA, configText: '', imageIdentity: '', environment: base.environment });
    return { restored, lines };
  };
  const stale = await run({ 'cg-bench-results/commit.json': JSON.stringify({ sha: 'fedcba9876543210fedcba9876543210fedcba98' }) });
  assert.equal(stale.restored, undefined);
  assert.deepEqual(stale.lines, [
    'Not using the cg-bench-results artifacts of the latest successful job cg-bench on main: they are for fedcba98, and this merge request is compared with 01234567 (main has moved on since, or its pipeline for 01234567 did not finish); the baseline is measured in this job instead.',
  ]);
  const none = await run({});
  assert.match(
    none.lines[0]!,
    /^No stored baseline: the cg-bench-results artifacts of the latest successful job cg-bench on main name no commit \(the job has not run on main yet, its artifacts expired, or a benchmark failed there so it kept none\)\.$/,
  );
  const noResults = await run({ 'cg-bench-results/commit.json': JSON.stringify({ sha: SHA }) });
  assert.match(noResults.lines[0]!, /are for 01234567 but hold no cg-bench-results\/head\/results\.json\.$/);
  const kept = await run({ 'cg-bench-results/commit.json': JSON.stringify({ sha: SHA }), 'cg-bench-results/head/results.json': JSON.stringify(base) });
  assert.equal(kept.restored?.from, "from the main pipeline's artifacts");
});

test('GitLab names the commit of its results in a new commit.json: a link the code put at that name is removed, never written through (attack r14)', async () => {
  const out = tempDir();
  const target = join(tempDir(), 'root-only');
  writeFileSync(target, 'ROOT-ONLY\n', { mode: 0o600 });
  symlinkSync(target, join(out, 'commit.json'));
  const store = defaultBranchArtifacts({} as GitLabApi, readJob(GITLAB_ENV), out, { info: () => {}, warning: () => {} });
  assert.equal(await store.save({ sha: SHA, configText: '', imageIdentity: '', environment: base.environment }, head), undefined);
  assert.equal(readFileSync(target, 'utf8'), 'ROOT-ONLY\n');
  assert.equal(lstatSync(join(out, 'commit.json')).isFile(), true);
  assert.deepEqual(JSON.parse(readFileSync(join(out, 'commit.json'), 'utf8')), { sha: SHA });
});
