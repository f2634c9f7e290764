// Which commit each CI's checkout is compared with, on real git repositories made as the CIs make
// them: actions/checkout's shallow merge-ref fetch, a head checkout, a merge queue's group commit,
// GitLab's merged-results and fork merge request pipelines. Fast: no image, no runner.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runPipeline } from '../../src/ci/pipeline.ts';
import type { BaselineStore, Occasion } from '../../src/ci/types.ts';
import type { Measurement, Measurer } from '../../src/container/measurer.ts';
import { baselineCommit, gitHubAdapter, mergeGroupBaseline, type GitHubContext } from '../../src/github/adapter.ts';
import type { GitHubApi } from '../../src/github/api.ts';
import { triggerFrom, type Trigger } from '../../src/github/event.ts';
import { readInputs } from '../../src/github/inputs.ts';
import type { ActionIO } from '../../src/github/io.ts';
import { gitLabAdapter, publishNote, type GitLabLog } from '../../src/gitlab/adapter.ts';
import { createGitLabApi } from '../../src/gitlab/api.ts';
import { readJob, type GitLabJob } from '../../src/gitlab/job.ts';
import { suiteFor } from '../../src/publish/suite.ts';
import type { Results } from '../../src/results/types.ts';
import { ensureCommit, headParents } from '../../src/vcs/git.ts';
import { FakeGitLab } from '../gitlab/fake-gitlab.ts';
import { fixture } from '../github/harness.ts';
import { git, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const CONFIG = 'benchmarks:\n  - name: loop\n    run: [./x]\n';

interface History {
  /** A bare repository as the hosting service holds it, reachable by a file:// URL (so --depth is honoured). */
  url: string;
  /** main: base ← mainLater (main moved on after the branch); feature branches from base. */
  base: string;
  mainLater: string;
  feature: string;
  /** The merge of feature into mainLater, at refs/pull/1/merge (GitHub) and refs/merge-requests/1/merge (GitLab). */
  merge: string;
}

function history(): History {
  const bare = tempDir('cg-bench-hosted-');
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  // GitHub and GitLab serve any commit their refs reach; git's default would refuse a fetch by id.
  git(bare, 'config', 'uploadpack.allowReachableSHA1InWant', 'true');
  const work = tempDir('cg-bench-history-');
  git(work, 'init', '-q', '-b', 'main');
  writeFileSync(join(work, 'cg-bench.yml'), CONFIG);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'base');
  const base = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'feature');
  writeFileSync(join(work, 'feature.txt'), 'the pull request\n');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'feature');
  const feature = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', 'main');
  writeFileSync(join(work, 'main.txt'), 'main moved on\n');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'main moves on');
  const mainLater = git(work, 'rev-parse', 'HEAD');
  git(work, 'merge', '-q', '--no-ff', '-m', 'Merge feature into main', feature);
  const merge = git(work, 'rev-parse', 'HEAD');
  git(work, 'reset', '-q', '--hard', mainLater);
  git(work, 'push', '-q', bare, 'main', 'feature', `${merge}:refs/pull/1/merge`, `${merge}:refs/merge-requests/1/merge`);
  return { url: `file://${bare}`, base, mainLater, feature, merge };
}

/**
 * The commands actions/checkout (v4) runs for a pull request by default: a fresh repository, one
 * fetch of the merge commit with --depth=1 into refs/remotes/pull/1/merge, a checkout of that ref.
 */
function actionsCheckout(h: History, sha: string, ref = 'refs/remotes/pull/1/merge'): string {
  const dir = tempDir('cg-bench-actions-checkout-');
  git(dir, 'init', '-q');
  git(dir, 'remote', 'add', 'origin', h.url);
  git(dir, '-c', 'protocol.version=2', 'fetch', '--no-tags', '--prune', '--no-recurse-submodules', '--depth=1', 'origin', `+${sha}:${ref}`);
  git(dir, 'checkout', '-q', '--force', ref);
  return dir;
}

function recordingIO(): ActionIO & { infos: string[]; warnings: string[]; outputs: Map<string, string>; summaries: string[] } {
  const infos: string[] = [];
  const warnings: string[] = [];
  const outputs = new Map<string, string>();
  const summaries: string[] = [];
  return {
    infos,
    warnings,
    outputs,
    summaries,
    getInput: () => '',
    setOutput: (name, value) => void outputs.set(name, String(value)),
    info: (m) => void infos.push(m),
    warning: (m) => void warnings.push(m),
    notice: (m) => void infos.push(m),
    setFailed: (m) => void warnings.push(`failed: ${m}`),
    writeSummary: async (m) => void summaries.push(m),
  };
}

function fakeApi(mergeBase: string | Error): GitHubApi & { statuses: { sha: string; context: string }[]; comments: number } {
  const api = {
    statuses: [] as { sha: string; context: string }[],
    comments: 0,
    mergeBase: async () => {
      if (mergeBase instanceof Error) throw mergeBase;
      return mergeBase;
    },
    findComment: async () => undefined,
    createComment: async () => {
      api.comments++;
      return { id: 1, url: 'u' };
    },
    updateComment: async () => {
      api.comments++;
      return { id: 1, url: 'u' };
    },
    setStatus: async (sha: string, s: { context: string }) => void api.statuses.push({ sha, context: s.context }),
    pullRequestHead: async () => ({ sha: '', repository: '', branch: '' }),
  };
  return api;
}

function githubContext(
  repoRoot: string,
  api: GitHubApi | undefined,
  inputs: Record<string, string> = {},
): GitHubContext & { io: ReturnType<typeof recordingIO> } {
  const io = recordingIO();
  return {
    io,
    env: {},
    inputs: readInputs((name) => inputs[name] ?? (name === 'github-token' ? 'ghs_test' : '')),
    suite: suiteFor('.', 'cg-bench.yml', ''),
    repoRoot,
    outRoot: join(tempDir('cg-bench-ci-out-'), 'out'),
    api,
  };
}

type PullRequest = Extract<Trigger, { kind: 'pull_request' }>;
const pullRequest = (h: History): PullRequest => ({ kind: 'pull_request', number: 1, headSha: h.feature, baseSha: h.mainLater, baseRef: 'main', fork: false });

const results = (ir: number): Results => resultsOf([benchmarkResult('loop', { Ir: ir })]);

/** Measures the head first, then anything else as the baseline; records the checkouts measured. */
function fakeMeasurer(): Measurer & { checkouts: string[] } {
  const checkouts: string[] = [];
  const ok = (r: Results): Measurement => ({ code: 0, results: r, error: undefined });
  return {
    checkouts,
    imageIdentity: 'image',
    environment: async () => results(1).environment,
    async measure(checkout) {
      checkouts.push(checkout);
      return ok(results(checkouts.length === 1 ? 1000 : 990));
    },
    timePaired: async () => ({ error: 'not here' }),
  };
}

describe('baseline selection on real checkouts', () => {
  let h: History;
  before(() => {
    h = history();
  });

  test('headParents reads both parents of the merge commit in a shallow clone made as actions/checkout makes it, where rev-list sees none', () => {
    const dir = actionsCheckout(h, h.merge);
    assert.equal(git(dir, 'rev-parse', 'HEAD'), h.merge);
    assert.equal(git(dir, 'rev-parse', '--is-shallow-repository'), 'true');
    // What the action used to read: the shallow boundary hides the parents.
    assert.equal(git(dir, 'rev-list', '--parents', '-n', '1', 'HEAD'), h.merge);
    assert.deepEqual(headParents(dir), [h.mainLater, h.feature]);
    // A non-merge checkout has one parent; a root commit none.
    assert.deepEqual(headParents(actionsCheckout(h, h.feature, 'refs/remotes/pull/1/head')), [h.base]);
    assert.deepEqual(headParents(actionsCheckout(h, h.base, 'refs/heads/main')), []);
  });

  test('GitHub, the default merge checkout (shallow): compared with the base-branch commit the merge was made on, not the merge-base', async () => {
    const ctx = githubContext(actionsCheckout(h, h.merge), fakeApi(h.base));
    const occasion = await baselineCommit(ctx, pullRequest(h), () => assert.fail('nothing to fetch: the parent is named by the merge commit'));
    assert.deepEqual(occasion, {
      kind: 'change',
      baseline: { sha: h.mainLater, what: 'base branch', why: 'the checkout is the merge of the pull request: the commit it merged into' },
    });
  });

  test("GitHub, a checkout of the pull request's head: the merge-base, from the API, else from git after fetching the base", async () => {
    const head = actionsCheckout(h, h.feature, 'refs/remotes/pull/1/head');
    assert.deepEqual(await baselineCommit(githubContext(head, fakeApi(h.base)), pullRequest(h), () => true), {
      kind: 'change',
      baseline: { sha: h.base, what: 'merge-base' },
    });

    // fetch-depth: 0 and no API answer: git computes it.
    const full = tempDir('cg-bench-full-clone-');
    git(full, 'clone', '-q', h.url, '.');
    git(full, 'checkout', '-q', '--detach', h.feature);
    const ctx = githubContext(full, fakeApi(new Error('HTTP 502')));
    const fetched: string[] = [];
    const occasion = await baselineCommit(ctx, pullRequest(h), (sha) => {
      fetched.push(sha);
      return ensureCommit(full, sha);
    });
    assert.deepEqual(occasion, { kind: 'change', baseline: { sha: h.base, what: 'merge-base' } });
    assert.deepEqual(fetched, [h.mainLater]);
    assert.ok(
      ctx.io.warnings.some((w) => /Could not ask GitHub for the merge-base \(HTTP 502\); trying git/.test(w)),
      ctx.io.warnings.join('\n'),
    );
  });

  test('merge_group (the real payload): the head is GITHUB_SHA, the baseline merge_group.base_sha, and nothing else is read', () => {
    const payload = fixture('merge_group.checks_requested.json');
    const group = payload['merge_group'] as Record<string, string>;
    const trigger = triggerFrom('merge_group', payload, { repository: 'octo-org/octo-repo', sha: group['head_sha']!, ref: group['head_ref']! });
    assert.deepEqual(trigger, {
      kind: 'merge_group',
      headSha: '2ffea6db159f6b6c47a24e778fb9ef40cf6b1c7d',
      baseSha: '380387fbc80638b734a49e1be1c4dfec1c01b33c',
      baseRef: 'refs/heads/main',
    });
    // Without GITHUB_SHA (a local replay of the payload), the group's head_sha.
    assert.equal((triggerFrom('merge_group', payload, { repository: '', sha: '', ref: '' }) as { headSha: string }).headSha, group['head_sha']);
    assert.deepEqual(mergeGroupBaseline(trigger as Extract<Trigger, { kind: 'merge_group' }>), {
      kind: 'change',
      baseline: {
        sha: '380387fbc80638b734a49e1be1c4dfec1c01b33c',
        what: 'merge group base',
        why: 'merge queue: the base branch commit the merge group is built on, merge_group.base_sha',
      },
    });
    assert.deepEqual(mergeGroupBaseline({ kind: 'merge_group', headSha: 'x', baseSha: '', baseRef: '' }), {
      kind: 'change',
      baseline: { none: 'the merge_group event names no base commit (merge_group.base_sha)' },
    });
  });

  test("merge_group through the pipeline: the base commit is fetched into the shallow checkout, measured, reported with why; no baseline saved, no comment, the status on the group's commit", async () => {
    // The queue's commit, checked out as actions/checkout does for merge_group (GITHUB_REF gh-readonly-queue/…).
    const dir = actionsCheckout(h, h.merge, 'refs/remotes/gh-readonly-queue/main/pr-1');
    assert.notEqual(git(dir, 'cat-file', '-t', h.merge), '');
    assert.throws(() => git(dir, 'cat-file', '-e', `${h.mainLater}^{commit}`), 'the base commit is not in the shallow checkout');
    const payload = fixture('merge_group.checks_requested.json');
    Object.assign(payload['merge_group'] as Record<string, unknown>, { head_sha: h.merge, base_sha: h.mainLater });
    const trigger = triggerFrom('merge_group', payload, { repository: 'octo-org/octo-repo', sha: h.merge, ref: 'refs/heads/gh-readonly-queue/main/pr-1' });
    const api = fakeApi(new Error('a merge group asks no merge-base'));
    const ctx = githubContext(dir, api);
    const saved: string[] = [];
    const store: BaselineStore = { restore: async () => undefined, save: async (r) => void saved.push(r.sha) };
    const measurer = fakeMeasurer();
    const outcome = await runPipeline({ ...gitHubAdapter(ctx, trigger), store }, measurer);
    assert.deepEqual(outcome, { kind: 'ok' });
    assert.equal(git(dir, 'cat-file', '-t', h.mainLater), 'commit', 'fetched with ensureCommit');
    assert.equal(measurer.checkouts.length, 2, 'the head, then the base commit');
    assert.equal(ctx.io.outputs.get('baseline-source'), `merge group base ${h.mainLater.slice(0, 7)}, measured in this job`);
    assert.ok(
      ctx.io.infos.some((m) =>
        m.includes(
          `Baseline: the merge group base ${h.mainLater.slice(0, 7)} (merge queue: the base branch commit the merge group is built on, merge_group.base_sha).`,
        ),
      ),
      ctx.io.infos.join('\n'),
    );
    assert.match(ctx.io.summaries.join('\n'), new RegExp(`baseline: merge group base ${h.mainLater.slice(0, 7)}, measured in this job`));
    assert.deepEqual(saved, [], 'a merge group never saves a baseline');
    assert.equal(api.comments, 0);
    assert.deepEqual(api.statuses, [{ sha: h.merge, context: 'cg-bench' }]);
  });

  test('a GitHub push to the default branch saves; other events neither compare nor save', async () => {
    const dir = actionsCheckout(h, h.mainLater, 'refs/heads/main');
    const occasions: Occasion[] = [];
    for (const trigger of [
      { kind: 'push', sha: h.mainLater, ref: 'refs/heads/main', defaultBranch: true },
      { kind: 'push', sha: h.mainLater, ref: 'refs/heads/x', defaultBranch: false },
      { kind: 'other', eventName: 'schedule', sha: h.mainLater },
    ] satisfies Trigger[])
      occasions.push(await gitHubAdapter(githubContext(dir, undefined), trigger).occasion());
    assert.deepEqual(occasions, [{ kind: 'mainline', sha: h.mainLater }, { kind: 'other' }, { kind: 'other' }]);
  });
});

describe('GitLab jobs', () => {
  const gitlab = new FakeGitLab();
  let h: History;
  before(async () => {
    h = history();
    await gitlab.start();
  });
  after(() => gitlab.stop());

  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: gitlab.projectId,
    CI_PROJECT_DIR: '/builds/group/project',
    CI_JOB_NAME: 'cg-bench',
    CI_JOB_TOKEN: gitlab.jobToken,
    CI_COMMIT_SHA: h.merge,
    CI_DEFAULT_BRANCH: 'main',
    ...extra,
  });
  const mergeRequest = { CI_MERGE_REQUEST_IID: '1', CI_MERGE_REQUEST_DIFF_BASE_SHA: '' };

  /** GitLab's clone of a merged-results pipeline: the merge ref, at GIT_DEPTH (20 by default; 1 is the hardest). */
  function gitLabCheckout(): string {
    const dir = tempDir('cg-bench-gitlab-checkout-');
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'origin', h.url);
    git(dir, 'fetch', '-q', '--depth=1', 'origin', '+refs/merge-requests/1/merge:refs/merge-requests/1/merge');
    git(dir, 'checkout', '-q', '--detach', h.merge);
    return dir;
  }

  const log = (): GitLabLog & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, info: (m) => void lines.push(m), warning: (m) => void lines.push(`warning: ${m}`), write: (t) => void lines.push(t) };
  };

  /** What the GitLab adapter makes of `job`'s pipeline, on the checkout in `projectDir`. */
  const occasionIn = (job: GitLabJob, projectDir: string) =>
    gitLabAdapter({ ...job, projectDir }, suiteFor('.', 'cg-bench.yml', ''), createGitLabApi({ ...job, log: () => {} }), tempDir(), log()).occasion();

  test('a merge request pipeline (detached): the merge-base GitLab names', () => {
    const job = readJob(env({ ...mergeRequest, CI_MERGE_REQUEST_EVENT_TYPE: 'detached', CI_MERGE_REQUEST_DIFF_BASE_SHA: h.base }));
    assert.deepEqual(job.mergeRequest, { iid: 1, baseline: { sha: h.base, what: 'merge-base' } });
  });

  test('a merged-results pipeline: the target-branch commit the merge was made on, from CI_MERGE_REQUEST_TARGET_BRANCH_SHA', async () => {
    const job = readJob(
      env({
        ...mergeRequest,
        CI_MERGE_REQUEST_EVENT_TYPE: 'merged_result',
        CI_MERGE_REQUEST_DIFF_BASE_SHA: h.base,
        CI_MERGE_REQUEST_TARGET_BRANCH_SHA: h.mainLater,
      }),
    );
    assert.deepEqual(job.mergeRequest, { iid: 1, baseline: { sha: h.mainLater, what: 'target branch' } });
    const occasion = await occasionIn(job, gitLabCheckout());
    assert.deepEqual(occasion, {
      kind: 'change',
      baseline: { sha: h.mainLater, what: 'target branch', why: 'merged-results pipeline: the commit the merge was made on' },
    });
  });

  test("a merged-results pipeline without CI_MERGE_REQUEST_TARGET_BRANCH_SHA: the checked-out merge commit's first parent, read in a depth-1 clone", async () => {
    const job = readJob(env({ ...mergeRequest, CI_MERGE_REQUEST_EVENT_TYPE: 'merged_result', CI_MERGE_REQUEST_DIFF_BASE_SHA: h.base }));
    assert.deepEqual(job.mergeRequest, { iid: 1, baseline: { sha: undefined, what: 'target branch' } });
    const dir = gitLabCheckout();
    assert.equal(git(dir, 'rev-list', '--parents', '-n', '1', 'HEAD'), h.merge, 'the shallow boundary hides the parents from rev-list');
    const occasion = await occasionIn(job, dir);
    assert.deepEqual(occasion, {
      kind: 'change',
      baseline: { sha: h.mainLater, what: 'target branch', why: 'merged-results pipeline: the commit the merge was made on' },
    });
    // Not a merge commit checked out (and no variable): no baseline, and why.
    const plain = tempDir('cg-bench-gitlab-root-');
    git(plain, 'init', '-q');
    git(plain, 'remote', 'add', 'origin', h.url);
    git(plain, 'fetch', '-q', '--depth=1', 'origin', h.base);
    git(plain, 'checkout', '-q', '--detach', h.base);
    const none = await occasionIn(job, plain);
    assert.deepEqual(none, { kind: 'change', baseline: { none: 'the target branch commit of this merged-results pipeline is unknown' } });
  });

  test("a merge request from a fork runs in the fork: notes and baseline artifacts are the target project's (CI_MERGE_REQUEST_PROJECT_ID)", async () => {
    const job = readJob(
      env({
        ...mergeRequest,
        CI_PROJECT_ID: '9001', // the fork, where the pipeline runs
        CI_MERGE_REQUEST_PROJECT_ID: gitlab.projectId,
        CI_MERGE_REQUEST_SOURCE_PROJECT_ID: '9001',
        CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
        CI_MERGE_REQUEST_DIFF_BASE_SHA: h.base,
        CG_BENCH_GITLAB_TOKEN: gitlab.apiToken,
      }),
    );
    assert.equal(job.projectId, gitlab.projectId);
    const suite = suiteFor('.', 'cg-bench.yml', '');
    const api = createGitLabApi({ ...job, log: () => {} });
    const adapter = gitLabAdapter(job, suite, api, tempDir(), log());
    const restored = await adapter.store!.restore({ sha: h.base, configText: CONFIG, imageIdentity: 'image', environment: results(1).environment });
    assert.equal(restored, undefined, 'nothing kept on main yet');
    const noteLog = log();
    await publishNote(api, job, suite, `${suite.marker}\nreport`, noteLog);
    assert.deepEqual(noteLog.lines, ['Created the merge request note.']);
    assert.equal(gitlab.notes.get(1)!.length, 1);
    assert.deepEqual(gitlab.violations, [], 'every request went to the target project');
    const projects = new Set(gitlab.requests.filter((r) => r.path.includes('/projects/')).map((r) => r.path.split('/')[4]));
    assert.deepEqual([...projects], [gitlab.projectId]);
  });

  test('the component\'s jobs input as GitLab passes a number (jobs: 2 interpolates to "2")', () => {
    assert.equal(readJob(env({ CG_BENCH_JOBS: '2' })).jobs, 2);
    assert.throws(() => readJob(env({ CG_BENCH_JOBS: '2.5' })), /input "jobs" \(CG_BENCH_JOBS\): "2\.5" must be a whole number/);
  });
});

test('a suite id never names a directory above the cache\'s: ".", ".." and hidden names are made plain', () => {
  for (const name of ['..', '.', '.hidden', '../x']) {
    const { id } = suiteFor('.', 'cg-bench.yml', name);
    assert.ok(!id.startsWith('.') && !id.includes('/'), id);
  }
  assert.equal(suiteFor('.', 'cg-bench.yml', 'perf.c').id, 'perf.c');
});
