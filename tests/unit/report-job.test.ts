// The report job (GitHub's mode: report for a fork's pull request, GitLab's note job) behind the CI
// seam (issue 25.8): one hand-over format, the report made as the measuring job makes it, and a
// baseline in another unit reported as "none: why", never a failed job.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { forkGitHubApi, quietActionIO } from '../action-io.ts';
import { runMerge } from '../../src/ci/pipeline.ts';
import { writeReportHandOver } from '../../src/ci/report-hand-over.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import { writeShardHandOver } from '../../src/ci/shard-hand-over.ts';
import type { CiAdapter, Report, ReportJobAdapter } from '../../src/ci/types.ts';
import { DEFAULT_CACHE } from '../../src/config/types.ts';
import { gitHubAdapter } from '../../src/github/adapter.ts';
import { forkReportJob } from '../../src/github/artifact.ts';
import { readInputs } from '../../src/github/inputs.ts';
import { gitLabAdapter } from '../../src/gitlab/adapter.ts';
import type { GitLabApi } from '../../src/gitlab/api.ts';
import { readJob } from '../../src/gitlab/job.ts';
import { noteJob } from '../../src/gitlab/note-job.ts';
import { suiteFor } from '../../src/publish/suite.ts';
import { commentMarker } from '../../src/publish/sticky.ts';
import { freshDirectoryWriter, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const BASE_SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const base = resultsOf([benchmarkResult('parse', { Ir: 1000 }), benchmarkResult('render', { Ir: 1000 })]);
const head = resultsOf([benchmarkResult('parse', { Ir: 1100 }), benchmarkResult('render', { Ir: 1000 })]);
const suite = { id: 's', name: 'suite', marker: commentMarker('s'), statusContext: 'cg-bench', configPath: 'cg-bench.yml' };

test('the report job rebuilds from the hand-over exactly the report the measuring job made', async () => {
  const parts = tempDir();
  writeShardHandOver(freshDirectoryWriter(join(parts, '1')), {
    index: 1,
    count: 1,
    sha: SHA,
    baselineSource: 'merge-base, measured in this job',
    imageIdentity: 'image',
    configText: '',
    head: { ...head, shard: { index: 1, count: 1, benchmarks: ['parse', 'render'] } },
    base: { ...base, shard: { index: 1, count: 1, benchmarks: ['parse', 'render'] } },
  });
  const out = tempDir();
  const handOverDir = join(out, 'report-job');
  const commit = { sha: BASE_SHA, what: 'merge-base' };
  const common = {
    log: { info: () => {}, warning: () => {} },
    thresholdPercent: 1,
    failOnRegression: true,
    shortSha: (sha: string) => sha.slice(0, 7),
    commitUrl: (sha: string) => `https://git.example/o/r/commit/${sha}`,
  };
  const measured: Report[] = [];
  const measuring: CiAdapter = {
    ...common,
    suite,
    repoRoot: out,
    workingDirectory: '.',
    config: 'cg-bench.yml',
    outRoot: out,
    checkDeterminism: false,
    callTree: false,
    flameGraphUrl: () => undefined,
    exports: [],
    store: undefined,
    history: undefined,
    occasion: async () => ({ kind: 'change', baseline: commit }),
    fetchCommit: () => true,
    cannotRun: async () => {},
    publish: async (r) => void measured.push(r),
    shardDir: () => join(out, 'shard'),
    publishShard: async () => {},
    reportHandOver: () => ({ dir: handOverDir, sha: SHA }),
  };
  const measuredOutcome = await runMerge(measuring, parts, 'parts');

  const reported: Report[] = [];
  const reporting: ReportJobAdapter = {
    ...common,
    handOver: { root: out, sub: 'report-job', shown: 'out', missing: '' },
    baselineCommit: () => commit,
    accept: async (handOver) => {
      assert.deepEqual([handOver.sha, handOver.suite], [SHA, 's']);
      return suite;
    },
    publishReport: async (_suite, r) => void reported.push(r),
    publishCouldNotRun: async () => assert.fail('the head was measured'),
  };
  const reportedOutcome = await runReportJob(reporting);
  assert.equal(reported[0]!.body, readFileSync(join(out, 'report.md'), 'utf8'));
  assert.equal(reported[0]!.body, measured[0]!.body);
  assert.match(reported[0]!.body, /1 regression/);
  assert.deepEqual(reportedOutcome, measuredOutcome);
  assert.deepEqual(reportedOutcome, { kind: 'regressed', count: 1, names: ['parse'] });
});

test("a fork's artifact whose baseline is in another unit is reported with no comparison and why, not refused as an error", async () => {
  const otherUnit = resultsOf(base.benchmarks, { environment: { ...TEST_ENV, cache: { ...DEFAULT_CACHE, LL: '16777216,16,64' } } });
  const dir = tempDir('cg-bench-fork-artifact-');
  writeReportHandOver(freshDirectoryWriter(dir), { sha: SHA, suite: 'abc', baselineSource: 'merge-base', pullRequest: 5 }, head, otherUnit);
  const comments: string[] = [];
  const warnings: string[] = [];
  const failures: string[] = [];
  const summaries: string[] = [];
  const api = forkGitHubApi(SHA, comments);
  const io = quietActionIO({
    warning: (m) => void warnings.push(m),
    setFailed: (m) => void failures.push(m),
    writeSummary: async (m) => void summaries.push(m),
  });
  const inputs = readInputs(
    (n) => ({ mode: 'report', 'artifact-dir': dir, 'github-token': 'ghs_x', 'fail-on-regression': 'true', comment: 'always' })[n] ?? '',
  );
  const trigger = { kind: 'workflow_run' as const, headSha: SHA, headRepository: 'fork/r', headBranch: 'topic', runId: 99, pullNumbers: [5] };
  const outcome = await runReportJob(forkReportJob({ io, env: { GITHUB_REPOSITORY: 'o/r' }, inputs, api }, trigger));
  assert.deepEqual(outcome, { kind: 'ok' });
  assert.match(warnings.join('\n'), /cannot compare: the baseline was measured with I1=.* LL=16777216,16,64/);
  assert.equal(comments.length, 1);
  assert.match(comments[0]!, /cannot compare: the baseline was measured with/);
  assert.match(summaries[0]!, /cannot compare: the baseline was measured with/);
  assert.deepEqual(failures, []);
});

test("GitLab's note job reads what the merge job left in its artifacts and notes the report; another commit's is refused", async () => {
  const env = {
    CI_API_V4_URL: 'https://gitlab.example/api/v4',
    CI_PROJECT_ID: '7',
    CI_PROJECT_DIR: '/builds/g/p',
    CI_JOB_NAME: 'cg-bench',
    CI_COMMIT_SHA: SHA,
    CI_DEFAULT_BRANCH: 'main',
    CI_PROJECT_URL: 'https://gitlab.example/g/p',
    CI_MERGE_REQUEST_IID: '3',
    CI_MERGE_REQUEST_DIFF_BASE_SHA: BASE_SHA,
    CG_BENCH_GITLAB_TOKEN: 'glpat-x',
  };
  const part = { index: 1, count: 1, benchmarks: ['parse', 'render'] };
  const parts = tempDir();
  writeShardHandOver(freshDirectoryWriter(join(parts, '1')), {
    index: 1,
    count: 1,
    sha: SHA,
    baselineSource: 'merge-base',
    imageIdentity: 'i',
    configText: '',
    head: { ...head, shard: part },
    base: { ...base, shard: part },
  });
  const out = tempDir();
  const notes: string[] = [];
  const api = {
    findNote: async () => undefined,
    createNote: async (_iid: number, body: string) => void notes.push(body),
  } as unknown as GitLabApi;
  const lines: string[] = [];
  const log = { info: (m: string) => void lines.push(m), warning: (m: string) => void lines.push(m), write: () => {} };
  const gitlabSuite = suiteFor('.', 'cg-bench.yml', '');
  const measuring = readJob({ ...env, CG_BENCH_MODE: 'merge' });
  await runMerge(gitLabAdapter(measuring, gitlabSuite, api, out, log), parts, 'parts');
  assert.equal(notes.length, 0, 'the merge job writes no note');

  const job = readJob({ ...env, CG_BENCH_MODE: 'note' });
  const withMr = { ...job, mergeRequest: job.mergeRequest! };
  assert.deepEqual(await runReportJob(noteJob(withMr, gitlabSuite, api, out, log)), { kind: 'ok' });
  assert.equal(notes.length, 1);
  assert.ok(notes[0]!.startsWith(`${gitlabSuite.marker}\n`));
  assert.match(notes[0]!, /1 regression/);
  assert.match(notes[0]!, new RegExp(`Compared with the merge-base \\[\`${BASE_SHA.slice(0, 8)}\`\\]`));

  const other = readJob({ ...env, CG_BENCH_MODE: 'note', CI_COMMIT_SHA: BASE_SHA });
  await assert.rejects(
    runReportJob(noteJob({ ...other, mergeRequest: other.mergeRequest! }, gitlabSuite, api, out, log)),
    /cg-bench-results: the measuring job measured 01234567, not this pipeline's commit fedcba98; refusing its results/,
  );
  assert.equal(notes.length, 1);
});

test("GitLab's note job links the flame graphs the hand-over names, in its own artifacts; a name that is not flame/NN-<benchmark>.svg refuses the hand-over", async () => {
  const env = {
    CI_API_V4_URL: 'https://gitlab.example/api/v4',
    CI_PROJECT_ID: '7',
    CI_PROJECT_DIR: '/builds/g/p',
    CI_JOB_NAME: 'cg-bench-note',
    CI_JOB_URL: 'https://gitlab.example/g/p/-/jobs/9',
    CI_COMMIT_SHA: SHA,
    CI_DEFAULT_BRANCH: 'main',
    CI_MERGE_REQUEST_IID: '3',
    CI_MERGE_REQUEST_DIFF_BASE_SHA: BASE_SHA,
    CG_BENCH_GITLAB_TOKEN: 'glpat-x',
    CG_BENCH_MODE: 'note',
  };
  const notes: string[] = [];
  const api = { findNote: async () => undefined, createNote: async (_iid: number, body: string) => void notes.push(body) } as unknown as GitLabApi;
  const log = { info: () => {}, warning: () => {}, write: () => {} };
  const gitlabSuite = suiteFor('.', 'cg-bench.yml', '');
  const job = readJob(env);
  const out = tempDir();
  // flame/05-gone.svg names no benchmark of the head at that place: not linked.
  const named = ['flame/01-parse.svg', 'flame/05-gone.svg'];
  writeReportHandOver(
    freshDirectoryWriter(join(out, 'report-job')),
    { sha: SHA, suite: gitlabSuite.id, baselineSource: 'merge-base', flameGraphs: named },
    head,
    base,
  );
  await runReportJob(noteJob({ ...job, mergeRequest: job.mergeRequest! }, gitlabSuite, api, out, log));
  assert.match(
    notes[0]!,
    /\| parse \|.*regression · \[flame graph\]\(https:\/\/gitlab\.example\/g\/p\/-\/jobs\/9\/artifacts\/file\/cg-bench-results\/flame\/01-parse\.svg\) \|/,
  );
  assert.equal(notes[0]!.match(/flame graph/g)?.length, 1, notes[0]);

  for (const bad of ['../report.md', 'flame/01-parse.svg"><script>', 'flame/01-a b.svg']) {
    writeReportHandOver(
      freshDirectoryWriter(join(out, 'report-job')),
      { sha: SHA, suite: gitlabSuite.id, baselineSource: 'merge-base', flameGraphs: [bad] },
      head,
      base,
    );
    await assert.rejects(
      runReportJob(noteJob({ ...job, mergeRequest: job.mergeRequest! }, gitlabSuite, api, out, log)),
      /report-job\.json: "flameGraphs" is not a list of flame\/NN-<benchmark>\.svg/,
    );
  }
  assert.equal(notes.length, 1);
});

test("the action's input call-tree: the adapter keeps call trees and links a flame graph to the run's artifacts; off by default", () => {
  const io = quietActionIO();
  const env = { GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '42' };
  const trigger = { kind: 'push' as const, sha: SHA, ref: 'refs/heads/main', defaultBranch: true };
  const adapter = (callTree: string) =>
    gitHubAdapter(
      { io, env, inputs: readInputs((n) => (n === 'call-tree' ? callTree : '')), suite, repoRoot: tempDir(), outRoot: tempDir(), api: undefined },
      trigger,
    );
  const on = adapter('true');
  assert.equal(on.callTree, true);
  assert.equal(on.flameGraphUrl('flame/01-parse.svg'), 'https://github.com/o/r/actions/runs/42#artifacts');
  assert.equal(adapter('').callTree, false);
});
