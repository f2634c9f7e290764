// The sharded GitLab component (templates/gitlab-ci-sharded.yml) under gitlab-ci-local: `parallel:`
// measuring jobs each take one part, the merge job joins them (its artifacts are the default
// branch's baseline), and the note job posts one note.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FakeGitLab } from '../gitlab/fake-gitlab.ts';
import { readJson } from '../helpers.ts';
import { buildImage, IMAGE } from '../image/container.ts';
import { buildHelperImage, GITLAB_CI_LOCAL, pipelineMaker, projectCiFiles, runPipeline, type GclRun, type Pipeline } from './gitlab-ci-local.ts';
import { makeRunnerRepo, type RunnerRepo } from './repo.ts';

const context = (run: GclRun) => run.log.slice(-6000);

describe('the sharded GitLab component under gitlab-ci-local', {
  timeout: 40 * 60_000,
  skip: !existsSync(GITLAB_CI_LOCAL) && !process.env['CI'] && `${GITLAB_CI_LOCAL} missing (bash scripts/install-runners.sh)`,
}, () => {
  const gitlab = new FakeGitLab();
  let repo: RunnerRepo;
  const { branchPipeline, mrPipeline } = pipelineMaker(gitlab, 300);
  const run = (pipeline: Pipeline) => runPipeline(repo.origin, pipeline, gitlab.apiToken);

  before(async () => {
    buildImage();
    buildHelperImage();
    await gitlab.start();
    repo = makeRunnerRepo(projectCiFiles({ image: IMAGE, 'fail-on-regression': true, parallel: 2 }, 'gitlab-ci-sharded.yml'));
  });
  after(() => gitlab.stop());

  test("main in two parts, merged; then a merge request: one note, the baseline from the merge job's artifacts, verified", async () => {
    const main = await run(branchPipeline(repo.main1));
    assert.equal(main.code, 0, context(main));
    const results = readJson(join(main.results, 'head', 'results.json'));
    assert.deepEqual(
      results.benchmarks.map((b) => b.name),
      ['loop', 'steady'],
      'the whole suite, in configuration order',
    );
    assert.equal(results.shard, undefined);
    for (const part of ['1', '2']) assert.equal(readJson(join(main.results, 'shards', part, 'head.json')).shard!.index, Number(part), `part ${part} measured`);
    // GitLab serves these as the latest successful merge job's artifacts on main.
    for (const path of ['commit.json', 'head/results.json'])
      gitlab.artifacts.set(`main/cg-bench-merge/cg-bench-results/${path}`, readFileSync(join(main.results, path)));

    const mr = await run(mrPipeline({ iid: 30, sha: repo.slower, sourceBranch: 'slower', sourceSha: repo.slower, diffBase: repo.main1 }));
    assert.notEqual(mr.code, 0, 'fail-on-regression fails the merge job');
    const notes = gitlab.notes.get(30) ?? [];
    assert.equal(notes.length, 1, context(mr));
    assert.match(notes[0]!.body, /🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.match(notes[0]!.body, /from the main pipeline's artifacts, verified/);
    assert.deepEqual(gitlab.violations, []);
  });
});
