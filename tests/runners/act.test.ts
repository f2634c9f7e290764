// The README's workflow under a real runner implementation (nektos/act, see act.ts for how it is
// set up): a push saves the baseline in act's cache server (cache service v1; v2 is tested on the
// fake in tests/github/action.test.ts, since act's server speaks v1 only), pull requests restore it,
// and the checkout is the one actions/checkout makes by default: the PR's merge ref, depth 1; and a
// push whose cache save fails says so; a pull request whose head cannot be measured gets a comment
// and a failed status that say so.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildImage } from '../image/container.ts';
import { FakeGitHub } from '../github/fake-github.ts';
import { ACT, actSetup, prPayload, pushPayload, runAct, type ActRun, type ActSetup } from './act.ts';
import { assertCouldNotMeasure, makeRunnerRepo, pushBrokenConfig, pushMerge, type RunnerRepo } from './repo.ts';

const short = (sha: string) => sha.slice(0, 7);
const context = (run: ActRun) => run.log.slice(-6000);

describe('the README workflow under nektos/act', {
  timeout: 40 * 60_000,
  skip: !existsSync(ACT) && !process.env['CI'] && `${ACT} missing (bash scripts/install-runners.sh)`,
}, () => {
  const github = new FakeGitHub();
  let repo: RunnerRepo;
  let setup: ActSetup;

  before(async () => {
    buildImage();
    await github.start();
    repo = makeRunnerRepo();
    setup = actSetup(repo.origin, github.url);
  });
  after(() => github.stop());

  // Two pushes to main. The first one's save fails (main0's baseline is never read after): a warning,
  // and outputs that say so; the second (main moved on: steady 10 % slower) saves that commit's.
  test("a push whose cache save fails warns that the baseline was not saved; the next push to main saves it in act's cache server", async () => {
    // 507, not 503: @actions/cache retries a 503 after 5 s; a 5xx it does not retry takes the same path in the action.
    const unavailable = createServer((_req, res) => res.writeHead(507, { 'content-type': 'application/json' }).end('{"message":"Insufficient Storage"}'));
    await new Promise<void>((resolve) => unavailable.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(unavailable.address() as AddressInfo).port}/`;
      const run = await runAct(setup, 'push', pushPayload(repo.main0, '0'.repeat(40)), repo.main0, { cacheUrl: url });
      assert.equal(run.code, 0, `a failed save is a warning, not a failed job\n${context(run)}`);
      assert.doesNotMatch(run.log, /Saved the baseline/, context(run));
      assert.match(run.log, /::warning::.*not saved/i, context(run));
      // The outputs tell the truth: nothing was compared and nothing was kept.
      assert.equal(run.outputs['baseline-saved'], 'false', context(run));
      assert.equal(run.outputs['baseline-source'], 'none', context(run));
    } finally {
      await new Promise<void>((resolve) => unavailable.close(() => resolve()));
    }
    const second = await runAct(setup, 'push', pushPayload(repo.main1, repo.main0), repo.main1);
    assert.equal(second.code, 0, context(second));
    assert.match(second.log, new RegExp(`Saved the baseline for ${short(repo.main1)}`), context(second));
    assert.equal(second.outputs['baseline-saved'], 'true', context(second));
    assert.doesNotMatch(second.log, /::warning::|Failed to save/i, context(second));
    assert.ok(readdirSync(setup.cacheDir, { recursive: true }).length > 0, "act's cache server holds the entries");
    // The action's own cache directories: in the runner's TMPDIR, never left in /tmp.
    assert.ok(existsSync(join(setup.tmp, 'cg-bench-baseline')) && existsSync(join(setup.tmp, 'cg-bench-history')), readdirSync(setup.tmp).join(', '));
    assert.deepEqual(github.violations, []);
  });

  test('a docs-only pull request, shallow merge checkout, main moved on since it branched: unchanged, from the restored baseline', async () => {
    const merge = pushMerge(repo, repo.main1, repo.docs, 'refs/pull/1/merge');
    github.mergeBase = repo.main0;
    const run = await runAct(setup, 'pull_request', prPayload(1, repo.docs, 'docs', repo.main1), merge);
    assert.match(
      run.log,
      new RegExp(
        `\\+ git -c protocol\\.version=2 fetch --no-tags --prune --no-recurse-submodules --progress --depth=1 origin \\+${merge}:refs/remotes/pull/1/merge`,
      ),
      "the checkout is actions/checkout's shallow fetch of the merge ref",
    );
    assert.equal(run.code, 0, context(run));
    assert.match(run.outputs['baseline-source'] ?? '', new RegExp(`${short(repo.main1)}.*restored from the cache`), context(run));
    assert.equal(run.outputs['regressions'], '0', context(run));
    assert.match(run.log, /\| steady \| [\d,]+ \| [\d,]+ \| 0\.00% \| ⚪ unchanged \|/, "main's 10 % is not the pull request's (job summary)");
    const status = github.statuses.find((s) => s.sha === repo.docs);
    assert.equal(status?.state, 'success', JSON.stringify(github.statuses));
    assert.equal((github.comments.get(1) ?? []).filter((c) => /regression/.test(c.body)).length, 0);
    assert.deepEqual(github.violations, []);
  });

  test('a regression with fail-on-regression (the README sets it): the job fails, the comment says regression', async () => {
    const merge = pushMerge(repo, repo.main1, repo.slower, 'refs/pull/2/merge');
    github.mergeBase = repo.main1;
    const run = await runAct(setup, 'pull_request', prPayload(2, repo.slower, 'slower', repo.main1), merge);
    assert.notEqual(run.code, 0, 'the job fails');
    assert.match(run.outputs['baseline-source'] ?? '', new RegExp(`${short(repo.main1)}.*restored from the cache`), context(run));
    assert.equal(run.outputs['regressions'], '1', context(run));
    const comments = github.comments.get(2) ?? [];
    assert.equal(comments.length, 1, context(run));
    assert.match(comments[0]!.body, /🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.match(comments[0]!.body, /\| loop \| [\d,]+ \| [\d,]+ \| \+\d+\.\d+% \| 🔴 regression \|/);
    assert.match(comments[0]!.body, /\| steady \| [\d,]+ \| [\d,]+ \| 0\.00% \| ⚪ unchanged \|/);
    assert.equal(github.statuses.find((s) => s.sha === repo.slower)?.state, 'failure');
    assert.deepEqual(github.violations, []);
  });
  test('a pull request whose configuration is broken: the job names the field, and the comment and a failed status say the head could not be measured', async () => {
    const broken = pushBrokenConfig(repo, repo.main1);
    const merge = pushMerge(repo, repo.main1, broken, 'refs/pull/4/merge');
    github.mergeBase = repo.main1;
    const run = await runAct(setup, 'pull_request', prPayload(4, broken, 'broken', repo.main1), merge);
    assert.notEqual(run.code, 0, 'the job fails');
    assert.match(run.log, /cg-bench\.yml:3:\d+.*runn/, context(run));
    const comments = github.comments.get(4) ?? [];
    assert.equal(comments.length, 1, context(run));
    assertCouldNotMeasure(comments[0]!.body, short(broken));
    assert.equal(github.statuses.find((s) => s.sha === broken)?.state, 'failure', JSON.stringify(github.statuses));
    assert.deepEqual(github.violations, []);
  });
});
