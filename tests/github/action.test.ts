// The GitHub Action, end to end: the bundled dist/action.js, real git, the real image (podman),
// a fake GitHub API checked against GitHub's OpenAPI description, and a stand-in cache service.
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { readResults } from '../../src/results/io.ts';
import { readJson, tempDir } from '../helpers.ts';
import { checkout, leakCommit, makeRepo, mergeCheckout, mergeQueueCheckout, WORKFLOW_COMMAND_LINES, type Repo } from '../project-repo.ts';
import { buildImage } from '../image/container.ts';
import { FakeCacheService } from './fake-cache.ts';
import { FakeGitHub } from './fake-github.ts';
import { fixture, REPOSITORY, runAction, type ActionRun } from './harness.ts';
import { foreignCommands } from './runner-commands.ts';

function prPayload(name: string, number: number, head: string, base: string, fork = false): Record<string, unknown> {
  const payload = fixture(name);
  const pr = payload['pull_request'] as Record<string, Record<string, unknown>>;
  payload['number'] = number;
  (pr as Record<string, unknown>)['number'] = number;
  pr['head']!['sha'] = head;
  pr['base']!['sha'] = base;
  if (fork) (pr['head']!['repo'] as Record<string, unknown>)['full_name'] = 'someone-else/Hello-World';
  return payload;
}

const countCycles = (r: Results) => r.benchmarks.map((b) => [b.name, b.estimatedCycles]);

describe('the GitHub Action', { timeout: 40 * 60_000 }, () => {
  const github = new FakeGitHub();
  const cacheService = new FakeCacheService();
  let repo: Repo;
  let pushRun: ActionRun;
  const env = () => cacheService.env();

  before(async () => {
    buildImage();
    await github.start();
    await cacheService.start();
    repo = makeRepo();
    github.mergeBase = repo.main;
    const payload = fixture('push.json');
    Object.assign(payload, { ref: 'refs/heads/master', after: repo.main, deleted: false });
    pushRun = await runAction({
      eventName: 'push',
      payload,
      workspace: checkout(repo, repo.main),
      inputs: {},
      apiUrl: github.url,
      env: env(),
      sha: repo.main,
      ref: 'refs/heads/master',
    });
  });

  after(async () => {
    await github.stop();
    await cacheService.stop();
  });

  test('push to the default branch measures and saves the baseline under that commit', () => {
    assert.equal(pushRun.code, 0, pushRun.stdout);
    assert.equal(cacheService.keys().length, 1);
    assert.match(cacheService.keys()[0]!, new RegExp(`^cg-bench-v1-[0-9a-f]{12}-${repo.main}-`));
    assert.match(pushRun.summary, /\| loop \| [\d,]+ \|/);
    assert.ok(existsSync(pushRun.outputs['results']!));
    assert.equal(pushRun.outputs['baseline-saved'], 'true');
    assert.match(pushRun.stdout, new RegExp(`Saved the baseline for ${repo.main.slice(0, 7)}\\.`));
    // The default branch's history: kept from the first run; one run is no trend yet.
    assert.equal(cacheService.historyKeys().length, 1);
    assert.doesNotMatch(pushRun.summary, /### Default branch history/);
    // Its cache directories were in the suite's temporary directory, not /tmp beside other runs'.
    assert.ok(existsSync(join(tmpdir(), 'cg-bench-baseline')) && existsSync(join(tmpdir(), 'cg-bench-history')), tmpdir());
    assert.deepEqual(cacheService.violations, []);
  });

  test('a push whose baseline the cache service (v2) cannot store: a warning says it was NOT saved, and the outputs say so', async () => {
    const payload = fixture('push.json');
    Object.assign(payload, { ref: 'refs/heads/master', after: repo.mainLater, deleted: false });
    cacheService.unavailable = true;
    let run: ActionRun;
    try {
      run = await runAction({
        eventName: 'push',
        payload,
        workspace: checkout(repo, repo.mainLater),
        inputs: {},
        apiUrl: github.url,
        env: env(),
        sha: repo.mainLater,
        ref: 'refs/heads/master',
      });
    } finally {
      cacheService.unavailable = false;
    }
    assert.equal(run.code, 0, run.stdout);
    assert.ok(cacheService.calls.includes('CreateCacheEntry: 507'), cacheService.calls.join('\n'));
    // @actions/cache's saveCache logs its own line and returns -1; the action says what it means.
    assert.ok(
      run.warnings.some((w) => w.startsWith(`The baseline for ${repo.mainLater.slice(0, 7)} was NOT saved: the cache service did not store cg-bench-v1-`)),
      run.warnings.join('\n'),
    );
    assert.doesNotMatch(run.stdout, /Saved the baseline/);
    assert.equal(run.outputs['baseline-saved'], 'false');
    assert.equal(run.outputs['baseline-source'], 'none', 'a push is compared with nothing');
    assert.deepEqual(
      cacheService.keys().filter((k) => k.includes(repo.mainLater)),
      [],
      'nothing stored for that commit',
    );
  });

  test('inside the image (a job container without Docker) it measures in-process, with the same numbers', async () => {
    const payload = fixture('push.json');
    Object.assign(payload, { ref: 'refs/heads/master', after: repo.main, deleted: false });
    const run = await runAction({
      eventName: 'push',
      payload,
      workspace: checkout(repo, repo.main),
      inputs: { cache: 'false', exports: 'bmf, github-action-benchmark' },
      apiUrl: github.url,
      env: env(),
      sha: repo.main,
      ref: 'refs/heads/master',
      insideImage: true,
    });
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /Running inside the cg-bench image: measuring in this container/);
    assert.deepEqual(countCycles(readJson(run.outputs['results']!)), countCycles(readJson(pushRun.outputs['results']!)));
    // The exports asked for, beside results.json, with the same numbers.
    const bmf = readJson<Record<string, Record<string, { value: number }>>>(join(run.outputs['output-dir']!, 'bmf.json'));
    assert.deepEqual(
      Object.entries(bmf).map(([name, m]) => [name, m['estimated-cycles']!.value]),
      countCycles(readJson(pushRun.outputs['results']!)),
    );
    assert.ok(existsSync(join(run.outputs['output-dir']!, 'github-action-benchmark.json')));
  });

  let cachedPr: ActionRun;
  test('a pull request restores the cached baseline, comments once and sets the status', async () => {
    cachedPr = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 7, repo.feature, repo.main),
      workspace: checkout(repo, repo.feature),
      inputs: {},
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(cachedPr.code, 0, cachedPr.stdout);
    assert.match(
      cachedPr.outputs['baseline-source']!,
      /restored from the cache, verified \((loop|steady) measured again here: identical\)$/,
      cachedPr.stdout + cacheService.calls.join('\n'),
    );
    assert.equal(cachedPr.outputs['regressions'], '1');
    const comments = github.comments.get(7)!;
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /^<!-- cg-bench:[0-9a-f]{12} -->\n### 🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.match(comments[0]!.body, /\| loop \| [\d,]+ \| [\d,]+ \| \+0\.0\d+% \| 🔴 regression \|/);
    assert.equal(cachedPr.outputs['comment-url'], `https://github.com/${REPOSITORY}/pull/7#issuecomment-${comments[0]!.id}`);
    const status = github.statuses.at(-1)!;
    assert.deepEqual([status.sha, status.state, status.context, status.description], [repo.feature, 'success', 'cg-bench', '1 regression over 0.05%']);
    assert.equal(status.target_url, `https://github.com/${REPOSITORY}/actions/runs/4242`);
    assert.deepEqual(github.violations, []);
  });

  test('a sharded pull request (a matrix of two parts, then one merge job) posts exactly one comment and one status, with the one-machine numbers', async () => {
    const payload = prPayload('pull_request.opened.json', 21, repo.feature, repo.main);
    const downloaded = tempDir('cg-bench-parts-');
    for (const i of [1, 2]) {
      const part = await runAction({
        eventName: 'pull_request',
        payload,
        workspace: checkout(repo, repo.feature),
        inputs: { shard: `${i}/2` },
        apiUrl: github.url,
        env: env(),
      });
      assert.equal(part.code, 0, part.stdout);
      assert.match(part.summary, new RegExp(`part ${i}/2 measured`));
      // What actions/upload-artifact and download-artifact (pattern, no merge) do: one directory per artifact.
      cpSync(part.outputs['shard-dir']!, join(downloaded, `cg-bench-part-${i}`), { recursive: true });
    }
    assert.equal(github.comments.get(21), undefined, 'the parts post nothing');
    const statuses = github.statuses.length;
    const merged = await runAction({
      eventName: 'pull_request',
      payload,
      workspace: checkout(repo, repo.feature),
      inputs: { mode: 'merge', 'artifact-dir': downloaded },
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(merged.code, 0, merged.stdout);
    assert.equal(github.comments.get(21)!.length, 1);
    assert.equal(github.statuses.length, statuses + 1);
    assert.match(merged.outputs['baseline-source']!, /restored from the cache, verified/);
    assert.deepEqual(
      readJson(merged.outputs['results']!).benchmarks.map((b) => [b.name, b.estimatedCycles, b.events]),
      readJson(cachedPr.outputs['results']!).benchmarks.map((b) => [b.name, b.estimatedCycles, b.events]),
    );
    assert.match(github.comments.get(21)![0]!.body, /🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.deepEqual(github.violations, []);
  });

  test('without the cache the merge-base is measured in the job, with the same numbers; the comment is updated, not duplicated', async () => {
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.synchronize.json', 7, repo.feature, repo.main),
      workspace: checkout(repo, repo.feature),
      inputs: { cache: 'false', 'fail-on-regression': 'true' },
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(run.code, 1, 'fails on the regression when asked');
    assert.match(run.outputs['baseline-source']!, new RegExp(`merge-base ${repo.main.slice(0, 7)}, measured in this job`));
    const inJob = readJson(join(run.outputs['output-dir']!, 'artifact', 'base.json'));
    assert.deepEqual(countCycles(inJob), countCycles(readJson(pushRun.outputs['results']!)), 'in-job baseline = cached baseline');
    assert.deepEqual(cacheService.keys().length, 1, 'pull request runs never save a baseline');
    assert.equal(cacheService.historyKeys().length, 1, 'nor a history');
    // The trend in the job summary: the default branch's run, then this pull request, which moved.
    assert.match(cachedPr.summary, /### Default branch history: estimated cycles over the last 1 run\(s\) of the default branch, then this change/);
    assert.match(cachedPr.summary, /```mermaid\n[^\n]*\nxychart-beta\n/);
    assert.doesNotMatch(github.comments.get(7)![0]!.body, /### Default branch history/, 'the comment has no trend');
    assert.ok(existsSync(join(cachedPr.outputs['output-dir']!, 'history.svg')));
    assert.equal(github.comments.get(7)!.length, 1);
    assert.equal(github.statuses.at(-1)!.state, 'failure');
    assert.deepEqual(github.violations, []);
  });

  test("a merge-commit checkout (actions/checkout's default) is compared with the base branch it merges into", async () => {
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 11, repo.feature, repo.mainLater),
      workspace: mergeCheckout(repo, repo.mainLater, repo.feature),
      inputs: { comment: 'always' },
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.outputs['baseline-source']!, new RegExp(`^base branch ${repo.mainLater.slice(0, 7)}, measured in this job`));
    const body = github.comments.get(11)![0]!.body;
    assert.match(body, /\| loop \| [\d,]+ \| [\d,]+ \| \+0\.0\d+% \| 🔴 regression \|/);
    assert.match(body, /\| steady \| [\d,]+ \| [\d,]+ \| 0\.00% \| ⚪ unchanged \|/, "main's own change is not the pull request's");
  });

  test('hostile benchmark names are inert in the comment', async () => {
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 10, repo.hostile, repo.main),
      workspace: checkout(repo, repo.hostile),
      inputs: { comment: 'always' },
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(run.code, 0, run.stdout);
    const body = github.comments.get(10)![0]!.body;
    assert.match(body, /🆕 new/);
    // The one link is cg-bench's own, to the baseline commit; the name makes none.
    assert.doesNotMatch(body, /<img|@octocat|\]\(https:\/\/evil/);
    assert.equal(body.match(/\]\(https:/g)?.length, 1, body);
    assert.deepEqual(github.violations, []);
  });

  test("benchmark names and output that are workflow commands stay inert: over the whole log, the runner would act only on the action's own commands", async () => {
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 13, repo.injection, repo.main),
      workspace: checkout(repo, repo.injection),
      inputs: {},
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(run.code, 1, 'the benchmark that prints them fails, so its stderr is echoed');
    const lines = run.stdout.split('\n');
    // The hostile lines are really in the log: the failed benchmark's stderr (in the report the CLI
    // prints, indented: the runner trims leading whitespace), and the names in progress and table lines.
    for (const hostile of WORKFLOW_COMMAND_LINES)
      assert.ok(
        lines.some((l) => l.trimStart() === hostile),
        `${hostile} is not a line of the log:\n${run.stdout}`,
      );
    assert.ok(
      lines.some((l) => /^\[\d\/\d\] ##\[add-mask\]secret: running/.test(l)),
      'a name with ##[ in a progress line',
    );
    // As GitHub's runner reads the log (stop-commands included): no command but the action's own.
    assert.deepEqual(
      foreignCommands(run.stdout).map((c) => `${c.line}: ${c.text}`),
      [],
    );
    assert.ok(
      run.errors.some((e) => /1 benchmark\(s\) failed/.test(e)),
      "the action's own commands still work after the blocks",
    );
  });

  test("a merge queue run (merge_group, the real payload) on its shallow checkout: compared with merge_group.base_sha, fetched into it (the cached baseline or measured); the status on the group's commit, no comment, nothing saved", async () => {
    const group = mergeQueueCheckout(repo, repo.main, repo.feature);
    const payload = fixture('merge_group.checks_requested.json');
    Object.assign(payload['merge_group'] as Record<string, unknown>, {
      head_sha: group.sha,
      head_ref: group.ref,
      base_sha: repo.main,
      base_ref: 'refs/heads/master',
    });
    const keys = cacheService.keys().length;
    const calls = cacheService.calls.length;
    const comments = [...github.comments.values()].reduce((n, c) => n + c.length, 0);
    const run = await runAction({
      eventName: 'merge_group',
      payload,
      workspace: group.dir,
      inputs: {},
      apiUrl: github.url,
      env: env(),
      sha: group.sha,
      ref: group.ref,
    });
    assert.equal(run.code, 0, run.stdout);
    const base = repo.main.slice(0, 7);
    // The cache is asked for the base commit's key, which the push saved.
    assert.ok(
      cacheService.calls.slice(calls).some((c) => c.startsWith('GetCacheEntryDownloadURL cg-bench-v1-') && c.includes(repo.main)),
      cacheService.calls.join('\n'),
    );
    assert.match(
      run.outputs['baseline-source']!,
      new RegExp(`^merge group base ${base}, restored from the cache, verified \\((loop|steady) measured again here: identical\\)$`),
      run.stdout,
    );
    assert.match(
      run.stdout,
      new RegExp(`Baseline: the merge group base ${base} \\(merge queue: the base branch commit the merge group is built on, merge_group\\.base_sha\\)`),
    );
    assert.match(run.summary, new RegExp(`baseline: merge group base ${base}, `));
    assert.equal(run.outputs['regressions'], '1', "the queued pull request's own change");
    assert.equal(run.outputs['baseline-saved'], 'false');
    assert.equal(cacheService.keys().length, keys, 'a merge group never saves a baseline');
    assert.equal(
      [...github.comments.values()].reduce((n, c) => n + c.length, 0),
      comments,
      'no comment',
    );
    const status = github.statuses.at(-1)!;
    assert.deepEqual([status.sha, status.context], [group.sha, 'cg-bench']);
    assert.deepEqual(github.violations, []);
  });

  let forkArtifact: string;
  test('a fork pull request writes nothing through the API and leaves the artifact for the reporting workflow', async () => {
    const before = github.requests.filter((r) => r.method !== 'GET').length;
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 2, repo.feature, repo.main, true),
      workspace: checkout(repo, repo.feature),
      inputs: {},
      apiUrl: github.url,
      env: env(),
    });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(github.requests.filter((r) => r.method !== 'GET').length, before);
    assert.ok(run.notices.some((n) => /Fork pull request/.test(n)));
    forkArtifact = join(run.outputs['output-dir']!, 'artifact');
    assert.deepEqual(JSON.parse(readFileSync(join(forkArtifact, 'report-job.json'), 'utf8')).pullRequest, 2);
  });

  const workflowRun = (headSha: string, pullRequests?: unknown[]) => {
    const payload = fixture('workflow_run.completed.with-pull-requests.json');
    const run = payload['workflow_run'] as Record<string, unknown>;
    run['head_sha'] = headSha;
    if (pullRequests) run['pull_requests'] = pullRequests;
    // GitHub's view of PR #2: the head the measured run came from (repository and branch of the event).
    github.pulls.set(2, {
      sha: headSha,
      repository: String((run['head_repository'] as Record<string, unknown>)['full_name']),
      branch: String(run['head_branch']),
    });
    return payload;
  };
  const copyArtifact = () => {
    const dir = tempDir('cg-bench-artifact-');
    cpSync(forkArtifact, dir, { recursive: true });
    return dir;
  };

  /** The action in mode report on the fork's artifact (copied afresh): it posts without measuring. */
  const reportRun = () =>
    runAction({
      eventName: 'workflow_run',
      payload: workflowRun(repo.feature),
      workspace: tempDir(),
      inputs: { 'artifact-dir': copyArtifact() },
      apiUrl: github.url,
      env: env(),
    });

  test('mode report (workflow_run) posts the comment and status from a valid artifact', async () => {
    const run = await reportRun();
    assert.equal(run.code, 0, run.stdout);
    assert.match(github.comments.get(2)![0]!.body, /1 regression/);
    assert.match(github.comments.get(2)![0]!.body, /These numbers come from the pull request's own workflow run/);
    assert.equal(github.statuses.at(-1)!.sha, repo.feature);
    assert.equal(github.statuses.at(-1)!.context, 'cg-bench (fork)', 'never the context trusted runs use');
    assert.deepEqual(github.violations, []);
  });

  test('mode report rejects a tampered artifact', async () => {
    const attempts: [string, (dir: string) => void, RegExp][] = [
      [
        'numbers edited',
        (dir) => {
          const r = readJson(join(dir, 'head.json'));
          r.benchmarks[0]!.estimatedCycles! -= 1000;
          writeFileSync(join(dir, 'head.json'), JSON.stringify(r));
        },
        /head\.json: benchmarks\[0\]\.estimatedCycles does not match its events and weights/,
      ],
      [
        'another commit',
        (dir) => {
          const pr = JSON.parse(readFileSync(join(dir, 'report-job.json'), 'utf8'));
          pr.sha = repo.main;
          writeFileSync(join(dir, 'report-job.json'), JSON.stringify(pr));
        },
        /is not the commit this workflow run measured/,
      ],
      [
        'another pull request',
        (dir) => {
          const pr = JSON.parse(readFileSync(join(dir, 'report-job.json'), 'utf8'));
          pr.pullRequest = 99;
          writeFileSync(join(dir, 'report-job.json'), JSON.stringify(pr));
        },
        /pull request #99 is not one of this run's \(2\); refusing the artifact/,
      ],
      [
        'an injected field',
        (dir) => {
          const pr = JSON.parse(readFileSync(join(dir, 'report-job.json'), 'utf8'));
          pr.body = '@everyone';
          writeFileSync(join(dir, 'report-job.json'), JSON.stringify(pr));
        },
        /not a cg-bench report hand-over/,
      ],
      [
        'markup in a name',
        (dir) => {
          const r = readJson(join(dir, 'head.json'));
          r.benchmarks[0]!.name = 'x\u0000'.repeat(200);
          writeFileSync(join(dir, 'head.json'), JSON.stringify(r));
        },
        /benchmarks\[0\]\.name: must be at most 100 characters/,
      ],
    ];
    const writes = github.requests.filter((r) => r.method !== 'GET').length;
    // A fork's artifact (its run lists no pull requests) naming pull request #1, which has the same
    // head commit but lives in another repository and branch: refused.
    github.pulls.set(1, { sha: repo.feature, repository: 'octo-org/octo-repo', branch: 'same-commit-elsewhere' });
    {
      const dir = copyArtifact();
      const pr = JSON.parse(readFileSync(join(dir, 'report-job.json'), 'utf8'));
      pr.pullRequest = 1;
      writeFileSync(join(dir, 'report-job.json'), JSON.stringify(pr));
      const run = await runAction({
        eventName: 'workflow_run',
        payload: workflowRun(repo.feature, []),
        workspace: tempDir(),
        inputs: { 'artifact-dir': dir },
        apiUrl: github.url,
        env: env(),
      });
      assert.equal(run.code, 1);
      assert.ok(
        run.errors.some((e) =>
          /pull request #1 is octo-org\/octo-repo:same-commit-elsewhere at .*, but this workflow run measured .*; refusing the artifact/.test(e),
        ),
        run.errors.join('\n'),
      );
    }
    for (const [what, tamper, message] of attempts) {
      const dir = copyArtifact();
      tamper(dir);
      const run = await runAction({
        eventName: 'workflow_run',
        payload: workflowRun(repo.feature),
        workspace: tempDir(),
        inputs: { 'artifact-dir': dir },
        apiUrl: github.url,
        env: env(),
      });
      assert.equal(run.code, 1, what);
      assert.ok(
        run.errors.some((e) => message.test(e)),
        `${what}: ${run.errors.join('\n')}`,
      );
    }
    assert.equal(github.requests.filter((r) => r.method !== 'GET').length, writes, 'nothing was posted');
  });

  // How the action meets the API (a token that may not write, a 502, a rate limit, a comment with
  // its marker planted by someone else) is publishToPullRequest's, the same in a pull request's run
  // and in mode report: checked here in mode report, which posts from the fork's artifact without
  // measuring anything (a pull request's run took 12 s each, mode report 2 s).

  test('an API 502 and a rate limit are retried: one comment, the status set, no warning', async () => {
    github.comments.delete(2);
    github.faults.push({ method: 'POST', route: '/issues/{issue_number}/comments', status: 502, times: 1 });
    // GitHub's primary rate limit: 403 with x-ratelimit-remaining 0 and the reset time.
    github.faults.push({
      method: 'POST',
      route: '/statuses/',
      status: 403,
      times: 1,
      message: 'API rate limit exceeded for installation ID 1.',
      headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) },
    });
    const statuses = github.statuses.length;
    const run = await reportRun();
    assert.equal(run.code, 0, run.stdout);
    assert.equal(github.comments.get(2)?.length, 1);
    assert.deepEqual(
      github.faults.map((f) => f.times),
      [0, 0],
      'both faults were hit',
    );
    assert.match(run.stdout, /GitHub rate limit on POST \/repos\/\{owner\}\/\{repo\}\/statuses\/\{sha\}; retrying/);
    assert.equal(github.statuses.length, statuses + 1);
    assert.deepEqual(run.warnings, []);
    assert.deepEqual(github.violations, []);
  });

  test('a marker comment planted by someone else is never edited: the action writes its own', async () => {
    const marker = github.comments.get(2)![0]!.body.split('\n')[0]!;
    assert.match(marker, /^<!-- cg-bench:[0-9a-f]{12} -->$/);
    const planted = { id: 99_999, body: `${marker}\nplanted by mallory`, author: 'mallory' };
    github.comments.set(2, [planted]);
    const run = await reportRun();
    assert.equal(run.code, 0, run.stdout);
    const comments = github.comments.get(2)!;
    assert.equal(comments.length, 2, 'a comment of its own beside the planted one');
    assert.equal(comments[0]!.body, `${marker}\nplanted by mallory`, 'the planted comment is untouched');
    assert.match(comments[1]!.body, /cg-bench/);
    assert.deepEqual(github.violations, []);
  });

  test('a read-only token (403) gives a clear warning, not a failed job, and the summary still has the report', async () => {
    github.readOnly = true;
    try {
      const run = await reportRun();
      assert.equal(run.code, 0, run.stdout);
      assert.ok(
        run.warnings.some((w) => /Cannot comment on the pull request: the token may not write to this repository \(HTTP 403/.test(w)),
        run.warnings.join('\n'),
      );
      assert.ok(run.warnings.some((w) => /Cannot set the commit status/.test(w)));
      assert.match(run.summary, /cg-bench: 1 regression/);
    } finally {
      github.readOnly = false;
    }
  });

  test("attack 1 (issue 23), in a container: job: a source file linked to the checkout's .git/config never puts the checkout token in the comment, the summary or the output; the line is listed without code", async () => {
    const workspace = checkout(repo, repo.main);
    const secret = 'Y2hlY2tvdXQtdG9rZW4tOWIxZQ==';
    const sha = leakCommit(workspace, secret, join(workspace, '.git', 'config'));
    const run = await runAction({
      eventName: 'pull_request',
      payload: prPayload('pull_request.opened.json', 17, sha, repo.main),
      workspace,
      inputs: { cache: 'false', comment: 'always' },
      apiUrl: github.url,
      env: env(),
      sha,
      insideImage: true,
    });
    assert.equal(run.code, 0, run.stdout);
    const comments = github.comments.get(17) ?? [];
    assert.equal(comments.length, 1, run.stdout);
    const out = run.outputs['output-dir']!;
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' })
      .map((name) => join(out, name))
      .filter((path) => statSync(path).isFile() && !path.endsWith('.gz'));
    for (const [where, text] of [
      ['comment', comments[0]!.body],
      ['summary', run.summary],
      ['log', run.stdout],
      ...files.map((path) => [path, readFileSync(path, 'utf8')]),
    ] as [string, string][]) {
      assert.ok(!text.includes(secret), `the checkout token is in the ${where}`);
    }
    // Read as cg-bench reads results (a line's file is written only where it is not its function's).
    const lines = readResults(run.outputs['results']!)
      .benchmarks.flatMap((b) => b.functions.flatMap((f) => f.lines ?? []))
      .filter((l) => l.file.endsWith('leak.c'));
    assert.ok(lines.length > 0, "the loop's lines are recorded under leak.c");
    assert.ok(
      lines.every((l) => l.text === undefined),
      JSON.stringify(lines),
    );
  });
});
