// The attacker test (issue 10, attacks 1 and 2): pull-request code, as a setup command and as a
// benchmark (tests/security/attack.py), reads every process's /proc/*/environ and cmdline, every
// .git, HOME and secret file it can reach, tries a loopback port the test listens on, plants git hooks
// and config and a link in the output directory. Through the real paths (the `docker run` path of
// the action, with git on the host afterwards; the GitLab job running the CLI in-process in the
// image as root, with --network host), it must find no token, reach nothing, and run nothing on the
// host.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { containerMeasurer } from '../../src/container/measurer.ts';
import { addWorktree, removeWorktree } from '../../src/vcs/git.ts';
import { git, readJson, ROOT, tempDir } from '../helpers.ts';
import { buildImage, ENGINE, IMAGE, RUN_FLAGS } from '../image/container.ts';
import { FakeGitLab } from '../gitlab/fake-gitlab.ts';
import { FIXTURES, runAction } from '../github/harness.ts';

/** Every planted secret contains this. */
const SECRET = 'attacker-must-not-see-this';
const ATTACK = join(ROOT, 'tests', 'security', 'attack.py');

/** Counts connections to a loopback port: with no network, the attacker's never arrive. */
function listen(): Promise<{ server: Server; port: number; connections: string[] }> {
  const connections: string[] = [];
  const server = createServer((socket) => {
    connections.push(socket.remoteAddress ?? '?');
    socket.on('data', (d: Buffer) => connections.push(d.toString()));
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, connections })));
}

function config(port: number): string {
  return `setup:
  - [python3, attack.py, setup]
env:
  ATTACK_PORT: "${port}"
benchmarks:
  - name: attacker
    run: [python3, attack.py, benchmark]
    timeout: 10m
`;
}

/** A repository whose two commits both carry the attack, pushed to a bare origin. */
function attackRepo(port: number): { origin: string; base: string; head: string } {
  const origin = tempDir('cg-bench-attack-origin-');
  git(origin, 'init', '--bare', '-q', '-b', 'master');
  const work = tempDir('cg-bench-attack-work-');
  git(work, 'init', '-q', '-b', 'master');
  copyFileSync(ATTACK, join(work, 'attack.py'));
  // Setup commands do not get the configuration's env: they read the port here.
  writeFileSync(join(work, 'attack.port'), String(port));
  writeFileSync(join(work, 'cg-bench.yml'), config(port));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'base');
  const base = git(work, 'rev-parse', 'HEAD');
  writeFileSync(join(work, 'README'), 'the pull request\n');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'head');
  const head = git(work, 'rev-parse', 'HEAD');
  git(work, 'push', '-q', origin, 'master');
  return { origin, base, head };
}

/** A checkout as actions/checkout leaves it, its token in .git/config. */
function checkoutWithToken(origin: string, sha: string): string {
  const dir = tempDir('cg-bench-attack-ws-');
  git(dir, 'clone', '-q', origin, '.');
  git(dir, 'checkout', '-q', '--detach', sha);
  git(dir, 'config', '--local', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${SECRET}-checkout-token`);
  return dir;
}

/** Every regular file's text under dir (logs, reports, results); links are reported, not followed. */
function everything(dir: string): { text: string; links: string[] } {
  let text = '';
  const links: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) links.push(path);
    else if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else if (stat.isFile()) text += `\n${readFileSync(path, 'latin1')}`;
  };
  if (existsSync(dir)) walk(dir);
  return { text, links };
}

function gitState(repo: string): string {
  return JSON.stringify([readdirSync(join(repo, '.git', 'hooks')).sort(), readFileSync(join(repo, '.git', 'config'), 'utf8')]);
}

// The test process is the parent of everything: its environment holds the CI tokens.
const PLANTED = {
  CI_JOB_TOKEN: `${SECRET}-ci-job-token`,
  CG_BENCH_GITLAB_TOKEN: `${SECRET}-gitlab-token`,
  GITHUB_TOKEN: `${SECRET}-github-token`,
  'INPUT_GITHUB-TOKEN': `${SECRET}-input-token`,
  ACTIONS_RUNTIME_TOKEN: `${SECRET}-runtime-token`,
};

describe('pull-request code playing the attacker', { timeout: 30 * 60_000 }, () => {
  let net: Awaited<ReturnType<typeof listen>>;
  let repo: ReturnType<typeof attackRepo>;

  before(async () => {
    Object.assign(process.env, PLANTED);
    buildImage();
    net = await listen();
    repo = attackRepo(net.port);
  });
  after(() => {
    net.server.close();
    for (const name of Object.keys(PLANTED)) delete process.env[name];
  });

  test('host git runs no hook and reads no config the repository planted (core.hooksPath off)', () => {
    const dir = checkoutWithToken(repo.origin, repo.head);
    writeFileSync(join(dir, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${join(dir, 'HOOK-RAN')}\n`, { mode: 0o755 });
    git(dir, 'config', '--local', 'core.fsmonitor', `touch ${join(dir, 'FSMONITOR-RAN')}; false`);
    const worktree = join(tempDir('cg-bench-attack-wt-'), 'base');
    addWorktree(dir, worktree, repo.base);
    removeWorktree(worktree);
    assert.equal(existsSync(join(dir, 'HOOK-RAN')), false, 'the post-checkout hook ran');
    assert.equal(existsSync(join(dir, 'FSMONITOR-RAN')), false, 'core.fsmonitor ran');
  });

  test('the docker run path: no token, no network, .git untouched, no hook on the host, no link left', async () => {
    const checkout = checkoutWithToken(repo.origin, repo.head);
    const before = gitState(checkout);
    const out = join(tempDir('cg-bench-attack-out-'), 'head');
    const flags = RUN_FLAGS.filter((f, i) => !(f.startsWith('--network') || RUN_FLAGS[i - 1] === '--network'));
    const measurer = containerMeasurer({
      engine: { command: ENGINE, runFlags: flags },
      image: IMAGE,
      imageId: undefined,
      jobs: 1,
      user: { uid: process.getuid!(), gid: process.getgid!() },
      log: () => {},
    });
    const m = await measurer.measure(checkout, 'cg-bench.yml', out);
    assert.equal(m.code, 0, m.error);
    // The action's docker run names the container cg-bench (inside, the engine's seccomp profile refuses
    // sethostname; the container's own name is its random id), and the seal says so.
    for (const b of readJson(join(out, 'results.json')).benchmarks) assert.equal(b.seal?.hostname, 'fixed', b.name);
    // What the action does next on the host: a worktree of the merge-base.
    const worktree = join(tempDir('cg-bench-attack-wt-'), 'base');
    addWorktree(checkout, worktree, repo.base);
    removeWorktree(worktree);

    const seen = everything(out);
    const report = readFileSync(join(checkout, 'attack-benchmark.txt'), 'utf8');
    assert.match(readFileSync(join(checkout, 'attack-setup.txt'), 'utf8'), /^ancestors /, 'the setup command ran the attack');
    assert.match(report, /interfaces \['lo'\]/, 'the container has no network interface but loopback');
    assert.doesNotMatch(report, /CONNECTED/);
    assert.match(
      report,
      /hook \/work\/\.git\/hooks\/post-checkout: OSError|hook \/work\/\.git\/hooks\/post-checkout: PermissionError/,
      'the hidden .git is read-only',
    );
    for (const text of [seen.text, report, readFileSync(join(checkout, 'attack-setup.txt'), 'utf8')]) assert.ok(!text.includes(SECRET), 'a token was found');
    assert.deepEqual(seen.links, [], 'links planted in the output directory are removed');
    assert.equal(gitState(checkout), before, '.git is unchanged');
    assert.equal(existsSync(join(checkout, 'HOOK-RAN')), false);
    assert.deepEqual(net.connections, []);
  });

  test('the action in a container: job (in-process, root, --network host): no token, no network', async () => {
    const workspace = checkoutWithToken(repo.origin, repo.head);
    const payload = JSON.parse(readFileSync(join(FIXTURES, 'push.json'), 'utf8')) as Record<string, unknown>;
    Object.assign(payload, { ref: 'refs/heads/master', after: repo.head, deleted: false });
    const run = await runAction({
      eventName: 'push',
      payload,
      workspace,
      inputs: { cache: 'false', comment: 'never', status: 'false' },
      apiUrl: 'http://127.0.0.1:9/api',
      env: { ...PLANTED, 'INPUT_GITHUB-TOKEN': PLANTED['INPUT_GITHUB-TOKEN'] },
      sha: repo.head,
      ref: 'refs/heads/master',
      insideImage: true,
    });
    assert.match(run.stdout, /measuring in this container/, run.stdout);
    const out = run.outputs['output-dir']!;
    const head = JSON.parse(readFileSync(join(out, 'head', 'results.json'), 'utf8')) as { benchmarks: { status: string; message?: string }[] };
    assert.equal(head.benchmarks[0]!.status, 'ok', head.benchmarks[0]!.message);
    const seen = everything(out);
    assert.match(seen.text, /environ \/proc\/1\/environ: PermissionError/, "the action's environment is out of reach");
    assert.match(seen.text, new RegExp(`network 127\\.0\\.0\\.1:${net.port}: `), 'the attack tried the port');
    assert.doesNotMatch(seen.text, /CONNECTED/);
    for (const text of [seen.text, run.stdout]) assert.ok(!text.includes(SECRET), 'a token was found');
    assert.equal(existsSync(join(workspace, 'HOOK-RAN')), false, 'a hook ran');
    assert.deepEqual(net.connections, []);
  });

  test('the in-process GitLab job (root, --network host): no token, no network, no hook', async () => {
    const gitlab = new FakeGitLab();
    await gitlab.start();
    try {
      const workspace = tempDir('cg-bench-attack-gl-');
      git(workspace, 'clone', '-q', repo.origin, '.');
      git(workspace, 'checkout', '-q', '--detach', repo.head);
      // An older runner's clone keeps the job token in the remote URL.
      git(workspace, 'remote', 'set-url', 'origin', `https://gitlab-ci-token:${SECRET}-clone-token@gitlab.example/group/project.git`);
      const run = await runGitLabJob(workspace, gitlab, { base: repo.base, head: repo.head });
      const results = join(workspace, 'cg-bench-results');
      const seen = everything(results);
      for (const side of ['head', 'base']) {
        const measured = JSON.parse(readFileSync(join(results, side, 'results.json'), 'utf8')) as { benchmarks: { status: string; message?: string }[] };
        assert.equal(measured.benchmarks[0]!.status, 'ok', `${side}: ${measured.benchmarks[0]!.message}\n${run.log}`);
      }
      assert.match(
        readFileSync(join(results, 'head', 'setup.log'), 'utf8'),
        new RegExp(`network 127\\.0\\.0\\.1:${net.port}: `),
        'the setup command tried the port',
      );
      assert.match(readFileSync(join(results, 'head', 'benchmarks', '01-attacker', 'stdout.log'), 'utf8'), /^ancestors /, 'the benchmark ran the attack');
      assert.match(seen.text, /environ \/proc\/1\/environ: PermissionError/, "the job's environment is out of reach");
      assert.doesNotMatch(seen.text, /CONNECTED/);
      for (const text of [seen.text, run.log]) {
        for (const token of [SECRET, gitlab.jobToken, gitlab.apiToken]) assert.ok(!text.includes(token), `${token} was found`);
      }
      assert.equal(existsSync(join(workspace, 'HOOK-RAN')), false, 'a hook ran');
      assert.deepEqual(
        readdirSync(join(workspace, '.git', 'hooks')).filter((n) => !n.endsWith('.sample')),
        [],
      );
      assert.deepEqual(net.connections, []);
    } finally {
      await gitlab.stop();
    }
  });
});

/** The component's job (its first), as component.test.ts runs it, for a merge request. */
function runGitLabJob(workspace: string, gitlab: FakeGitLab, mr: { base: string; head: string }): Promise<{ code: number | null; log: string }> {
  const [header, body] = parseAllDocuments(readFileSync(join(ROOT, 'templates', 'gitlab-ci.yml'), 'utf8'));
  const spec = header!.toJS() as { spec: { inputs: Record<string, { default: unknown }> } };
  const values: Record<string, string> = Object.fromEntries(Object.entries(spec.spec.inputs).map(([k, v]) => [k, String(v.default)]));
  values['image'] = IMAGE;
  const text = body!.toString().replace(/\$\[\[\s*inputs\.([a-z-]+)\s*\]\]/g, (_, name: string) => values[name] ?? '');
  const jobs = parseAllDocuments(text)[0]!.toJS() as Record<string, { variables?: Record<string, string>; script: string[] }>;
  const [name, job] = Object.entries(jobs).find(([k]) => !k.startsWith('.'))!;
  const projectDir = '/builds/group/project';
  mkdirSync(join(workspace, 'cg-bench-results'), { recursive: true });
  const env: Record<string, string> = {
    ...job.variables,
    CI: 'true',
    GITLAB_CI: 'true',
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: gitlab.projectId,
    CI_PROJECT_DIR: projectDir,
    CI_JOB_NAME: name,
    CI_JOB_TOKEN: gitlab.jobToken,
    CG_BENCH_GITLAB_TOKEN: gitlab.apiToken,
    CI_REPOSITORY_URL: `https://gitlab-ci-token:${SECRET}-repository-url@gitlab.example/group/project.git`,
    PLANTED_SECRET: `${SECRET}-job-variable`,
    CI_COMMIT_SHA: mr.head,
    CI_DEFAULT_BRANCH: 'master',
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_MERGE_REQUEST_IID: '9',
    CI_MERGE_REQUEST_DIFF_BASE_SHA: mr.base,
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'master',
    CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: mr.head,
  };
  const args = [
    ...ENGINE.slice(1),
    'run',
    '--rm',
    ...RUN_FLAGS,
    '-v',
    `${workspace}:${projectDir}`,
    '-w',
    projectDir,
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    '--entrypoint',
    'sh',
    IMAGE,
    '-c',
    `set -e\n${job.script.join('\n')}`,
  ];
  return new Promise((resolve) => {
    const child = spawn(ENGINE[0]!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('close', (code) => resolve({ code, log }));
  });
}
