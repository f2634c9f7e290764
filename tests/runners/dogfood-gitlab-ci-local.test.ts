// The project's own .gitlab-ci.yml under gitlab-ci-local (see gitlab-ci-local.ts): the component
// included from the checkout (`include: local`) on examples/, in a merge request pipeline of a
// docs-only change to cg-bench's repository (dogfood.ts). Same code, same numbers: the note says every
// example is unchanged. The pipeline's examples-image job builds and pushes the image to the project's
// registry; here the image it would push, `$CI_REGISTRY_IMAGE/examples:$CI_COMMIT_SHA`, is the same
// recipe built on the test image (dogfood.ts), tagged with that name. The test job runs the whole
// suite: gitlab-ci-local only lists it (with the other jobs the pipeline makes).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { FakeGitLab } from '../gitlab/fake-gitlab.ts';
import { buildDerivedImage, DERIVED_IMAGE, engine, removeName } from '../image/container.ts';
import { type DogfoodRepo, EXAMPLE_BENCHMARKS, makeDogfoodRepo } from './dogfood.ts';
import { buildHelperImage, GITLAB_CI_LOCAL, type GclRun, pipelineMaker, runPipeline } from './gitlab-ci-local.ts';

// This process's own name: the commits are the same in every run of the suite, so a second suite on
// the machine tagged the same image, and its untag took it from under this one's pipeline.
const REGISTRY_IMAGE = `localhost/cg-bench-dogfood-${process.pid}`;

const context = (run: GclRun) => run.log.slice(-6000);

describe("the project's own .gitlab-ci.yml under gitlab-ci-local", {
  timeout: 20 * 60_000,
  skip: !existsSync(GITLAB_CI_LOCAL) && !process.env['CI'] && `${GITLAB_CI_LOCAL} missing (bash scripts/install-runners.sh)`,
}, () => {
  const gitlab = new FakeGitLab();
  let repo: DogfoodRepo;
  const { mrPipeline } = pipelineMaker(gitlab, 300);
  const pipeline = () => {
    const p = mrPipeline({ iid: 7, sha: repo.docs, sourceBranch: 'docs', sourceSha: repo.docs, diffBase: repo.main });
    return { ...p, variables: { ...p.variables, CI_REGISTRY_IMAGE: REGISTRY_IMAGE } };
  };
  const pushedImage = () => `${REGISTRY_IMAGE}/examples:${repo.docs}`;

  before(async () => {
    buildDerivedImage();
    buildHelperImage();
    await gitlab.start();
    repo = makeDogfoodRepo();
    const tagged = engine(['tag', DERIVED_IMAGE, pushedImage()]);
    assert.equal(tagged.status, 0, tagged.stderr);
  });
  after(async () => {
    removeName(pushedImage());
    repo?.remove();
    await gitlab.stop();
  });

  const run = (args: string[]) => runPipeline(repo.origin, pipeline(), gitlab.apiToken, args);

  test("a merge request pipeline has the test job, the image job and the component's two jobs", async () => {
    const result = await run(['--list']);
    assert.equal(result.code, 0, context(result));
    for (const job of ['test', 'examples-image', 'cg-bench', 'cg-bench-note']) assert.match(result.log, new RegExp(`^${job}\\s`, 'm'), context(result));
  });

  test('dogfood: a docs-only merge request, the component from the checkout on examples/: every example unchanged, in the note', async () => {
    const result = await run(['cg-bench', 'cg-bench-note']);
    assert.equal(result.code, 0, context(result));
    const head = JSON.parse(readFileSync(join(result.results, 'head', 'results.json'), 'utf8')) as Results;
    assert.deepEqual(
      head.benchmarks.map((b) => [b.name, b.status]),
      EXAMPLE_BENCHMARKS.map((name) => [name, 'ok']),
    );
    assert.ok(existsSync(join(result.results, 'junit.xml')), context(result));
    const notes = gitlab.notes.get(7) ?? [];
    assert.equal(notes.length, 1, context(result));
    assert.match(notes[0]!.body, new RegExp(`cg-bench: ${EXAMPLE_BENCHMARKS.length} unchanged`), notes[0]!.body);
    // Markdown-escaped names; the same count on both sides.
    for (const name of EXAMPLE_BENCHMARKS)
      assert.match(notes[0]!.body, new RegExp(`\\| ${name.replace(/-/g, '\\\\-')} \\| ([\\d,]+) \\| \\1 \\| 0\\.00% \\| ⚪ unchanged \\|`), name);
    assert.deepEqual(gitlab.violations, []);
  });
});
