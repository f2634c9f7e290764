// The GitLab component under a real pipeline implementation (gitlab-ci-local, see
// gitlab-ci-local.ts): included with inputs as a user's .gitlab-ci.yml includes it, run by the
// docker executor on the tests' podman, in the image the image tests build, against the fake
// GitLab API, on the checkout GitLab Runner makes (GIT_DEPTH as the job gets it). Pipelines: branch,
// merge request (detached, from a fork: the note belongs to the merge request's project, not the
// fork), merged results (the target branch moved on), and a merge request whose head cannot be
// measured (a note says so).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildImage, IMAGE } from '../image/container.ts';
import { FakeGitLab } from '../gitlab/fake-gitlab.ts';
import { buildHelperImage, GITLAB_CI_LOCAL, pipelineMaker, projectCiFiles, runPipeline, type GclRun, type Pipeline } from './gitlab-ci-local.ts';
import { assertCouldNotMeasure, makeRunnerRepo, pushBrokenConfig, pushMerge, type RunnerRepo } from './repo.ts';

const FORK_PROJECT_ID = '43';

const context = (run: GclRun) => run.log.slice(-6000);

describe('the GitLab component under gitlab-ci-local', {
  timeout: 40 * 60_000,
  skip: !existsSync(GITLAB_CI_LOCAL) && !process.env['CI'] && `${GITLAB_CI_LOCAL} missing (bash scripts/install-runners.sh)`,
}, () => {
  const gitlab = new FakeGitLab();
  let repo: RunnerRepo;
  const { branchPipeline, mrPipeline } = pipelineMaker(gitlab, 100);
  const run = (pipeline: Pipeline) => runPipeline(repo.origin, pipeline, gitlab.apiToken);

  before(async () => {
    buildImage();
    buildHelperImage();
    await gitlab.start();
    repo = makeRunnerRepo(projectCiFiles({ image: IMAGE, 'fail-on-regression': true }));
  });
  after(() => gitlab.stop());

  test('a branch pipeline on main measures and keeps the results as artifacts', async () => {
    const result = await run(branchPipeline(repo.main1));
    assert.equal(result.code, 0, context(result));
    // gitlab-ci-local's own clean-up removed every container and volume the jobs made.
    assert.deepEqual(result.left, [], context(result));
    assert.match(result.log, /cg-bench.*\bloop\s+[\d,]+/, context(result));
    assert.deepEqual(JSON.parse(readFileSync(join(result.results, 'commit.json'), 'utf8')), { sha: repo.main1 }, context(result));
    // GitLab serves these as the latest successful cg-bench job's artifacts on main.
    for (const path of ['commit.json', 'head/results.json'])
      gitlab.artifacts.set(`main/cg-bench/cg-bench-results/${path}`, readFileSync(join(result.results, path)));
    assert.deepEqual(
      gitlab.requests.filter((r) => r.path.includes('/notes')),
      [],
    );
    assert.deepEqual(gitlab.violations, []);
  });

  // From a fork: the note and the baseline's artifacts are the merge request's project's
  // (CI_MERGE_REQUEST_PROJECT_ID), never the fork's (any request to it is a violation).
  test("a merge request pipeline from a fork with a regression: baseline from main's artifacts, the job fails, the note says regression", async () => {
    const result = await run(
      mrPipeline({ iid: 10, sha: repo.slower, sourceBranch: 'slower', sourceSha: repo.slower, diffBase: repo.main1, projectId: FORK_PROJECT_ID }),
    );
    assert.notEqual(result.code, 0, 'fail-on-regression fails the job');
    const notes = gitlab.notes.get(10) ?? [];
    assert.equal(notes.length, 1, context(result));
    assert.match(notes[0]!.body, /🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.match(notes[0]!.body, /from the main pipeline's artifacts/);
    // The note came from the note job; the measuring job, where the MR's code ran, had no token.
    assert.match(result.log, /The merge request note is written by the note job \(the only one that should hold CG_BENCH_GITLAB_TOKEN\)/, context(result));
    assert.doesNotMatch(result.log, /CG_BENCH_GITLAB_TOKEN is set in this job/, context(result));
    assert.deepEqual(gitlab.violations, [], "nothing is asked of the fork's project");
  });

  test('a merge request whose configuration is broken: the measuring job names the field, and the note job says the head could not be measured', async () => {
    const broken = pushBrokenConfig(repo, repo.main1);
    const result = await run(mrPipeline({ iid: 14, sha: broken, sourceBranch: 'broken', sourceSha: broken, diffBase: repo.main1 }));
    assert.notEqual(result.code, 0, context(result));
    assert.match(result.log, /cg-bench\.yml:3:\d+.*runn/, context(result));
    const notes = gitlab.notes.get(14) ?? [];
    assert.equal(notes.length, 1, context(result));
    assertCouldNotMeasure(notes[0]!.body, broken.slice(0, 8));
    assert.deepEqual(gitlab.violations, []);
  });

  test('a merged-results pipeline, main moved on since the docs-only branch left it: unchanged', async () => {
    const merge = pushMerge(repo, repo.main1, repo.docs, 'refs/merge-requests/11/merge');
    const result = await run(mrPipeline({ iid: 11, sha: merge, sourceBranch: 'docs', sourceSha: repo.docs, diffBase: repo.main0, mergedResultOn: repo.main1 }));
    assert.equal(result.code, 0, context(result));
    const notes = gitlab.notes.get(11) ?? [];
    assert.equal(notes.length, 1, context(result));
    assert.match(notes[0]!.body, /cg-bench: 2 unchanged/, "main's 10 % is not the merge request's");
    assert.match(notes[0]!.body, new RegExp(`baseline: [^\\n]*${repo.main1.slice(0, 7)}`), 'the baseline is the target-branch commit the merge was made on');
    assert.match(notes[0]!.body, /\| steady \| [\d,]+ \| [\d,]+ \| 0\.00% \| ⚪ unchanged \|/);
    assert.deepEqual(gitlab.violations, []);
  });
});
