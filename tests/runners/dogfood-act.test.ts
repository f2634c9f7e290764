// The project's own workflow (.github/workflows/ci.yml) under nektos/act (see act.ts): its dogfood
// job, the action from the checkout (`uses: ./`) on examples/, on a docs-only pull request of
// cg-bench's repository (dogfood.ts). Same code, same numbers: every example is unchanged, in the
// comment and the status. The job's image step builds the image from the checkout and the examples'
// derived image; here that step names the same recipe built on the test image (dogfood.ts), since a
// from-scratch image build is the image tests' business, not this one's. The test job runs the whole
// suite: act only lists it (.ci/run in it is checked by tests/unit/workflows.test.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { FakeGitHub } from '../github/fake-github.ts';
import { ROOT } from '../helpers.ts';
import { buildDerivedImage, DERIVED_IMAGE } from '../image/container.ts';
import { ACT, type ActRun, type ActSetup, actSetup, prPayload, runAct } from './act.ts';
import { type DogfoodRepo, EXAMPLE_BENCHMARKS, makeDogfoodRepo } from './dogfood.ts';
import { pushMerge } from './repo.ts';

/** ci.yml with the dogfood job's image step replaced by one that names the prebuilt image. */
function ciWorkflow(): string {
  const doc = parseDocument(readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8'));
  const steps = doc.getIn(['jobs', 'dogfood', 'steps']) as YAMLSeq<YAMLMap>;
  const step = steps.items.find((s) => s.get('id') === 'image');
  const run = String(step?.get('run') ?? '');
  assert.match(run, /docker build -t cg-bench:ci \.\n/, 'the step builds the image from the checkout');
  assert.match(run, /-f examples\/derived-image\/Dockerfile/, "and the examples' derived image on it");
  step!.set('run', `echo "name=${DERIVED_IMAGE}" >> "$GITHUB_OUTPUT"`);
  return doc.toString();
}

const context = (run: ActRun) => run.log.slice(-6000);

describe("the project's own workflow under nektos/act", {
  timeout: 20 * 60_000,
  skip: !existsSync(ACT) && !process.env['CI'] && `${ACT} missing (bash scripts/install-runners.sh)`,
}, () => {
  const github = new FakeGitHub();
  let repo: DogfoodRepo;
  let setup: ActSetup;

  before(async () => {
    buildDerivedImage();
    await github.start();
    repo = makeDogfoodRepo();
    setup = actSetup(repo.origin, github.url, { text: ciWorkflow(), name: 'ci.yml' });
  });
  after(async () => {
    repo?.remove();
    await github.stop();
  });

  test('a pull request starts the test job and the dogfood job (act --list; the test job is the whole suite, not run here)', async () => {
    const run = await runAct(setup, 'pull_request', prPayload(7, repo.docs, 'docs', repo.main), repo.docs, { list: true });
    assert.equal(run.code, 0, context(run));
    for (const job of ['test', 'dogfood']) assert.match(run.log, new RegExp(`^\\d+\\s+${job}\\s+${job}\\s+ci\\s+ci\\.yml\\s`, 'm'), context(run));
  });

  test('dogfood: a docs-only pull request, the action from the checkout on examples/: every example unchanged in the summary, status success', async () => {
    const merge = pushMerge({ origin: repo.origin }, repo.main, repo.docs, 'refs/pull/7/merge');
    github.mergeBase = repo.main;
    // Alone on the engine: python-dicts' count follows the device number of the container's root,
    // which other test files' containers starting or ending between base and head would change
    // (the action then says "not comparable", rightly; this test asks for "unchanged").
    const run = await runAct(setup, 'pull_request', prPayload(7, repo.docs, 'docs', repo.main), merge, { job: 'dogfood', alone: true });
    assert.equal(run.code, 0, context(run));
    assert.match(run.log, new RegExp(`Image: ${DERIVED_IMAGE.replace(/[.:/]/g, '\\$&')}`), context(run));
    assert.equal(run.outputs['regressions'], '0', context(run));
    // The job summary (the comment's body); the comment itself is posted on-change (the default), and nothing changed.
    // The engine lock keeps other containers away, not a host cg-bench run beside (another suite's):
    // each of its benchmarks holds a procfs, which numbers the next container's root otherwise. Then
    // python-dicts is rightly "not comparable", naming the device numbers, and never a change.
    const apart = /- python\\?-dicts: ran under another seal: device numbers of the filesystems Python reads/.test(run.log);
    const unchanged = apart ? EXAMPLE_BENCHMARKS.filter((name) => name !== 'python-dicts') : EXAMPLE_BENCHMARKS;
    assert.match(run.log, new RegExp(`cg-bench: ${apart ? '1 not comparable, ' : ''}${unchanged.length} unchanged`), context(run));
    for (const name of unchanged)
      assert.match(run.log, new RegExp(`\\| ${name.replace(/-/g, '\\\\-')} \\| ([\\d,]+) \\| \\1 \\| 0\\.00% \\| ⚪ unchanged \\|`), name);
    assert.equal((github.comments.get(7) ?? []).length, 0, 'no comment: nothing changed (comment: on-change)');
    assert.equal(github.statuses.find((s) => s.sha === repo.docs)?.state, 'success', JSON.stringify(github.statuses));
    assert.deepEqual(github.violations, []);
  });
});
