// Runs a workflow under nektos/act (an independent implementation of the GitHub Actions runner),
// in host mode (`-P ubuntu-latest=-self-hosted`: steps run on this machine, the action starts the
// image with the test engine, as on a hosted runner with Docker), with:
//   - actions/checkout@v4 mapped to tests/runners/checkout (its git commands, against a local origin)
//   - org/cg-bench@v1 mapped to this checkout's action (action.yml + dist/, and an image.lock.json
//     that names the locally built test image by digest, as a release's lock does)
//   - GITHUB_API_URL pointing at the fake GitHub on 127.0.0.1
//   - act's own cache server, bound to 127.0.0.1. It speaks the cache service v1 only; v2 (hosted
//     runners) stays on tests/github/fake-cache.ts in tests/github/action.test.ts.
// Nothing is pulled and nothing leaves the machine: host mode starts no job container,
// --action-offline-mode plus the two local repositories mean act fetches no action, the version
// check is off (ACT_DISABLE_VERSION_CHECK), and the servers bind 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../github/harness.ts';
import { ROOT, tempDir } from '../helpers.ts';
import { BARE_ENGINE, ENGINE, holdEngineAlone, IMAGE, RUN_FLAGS } from '../image/container.ts';
import { loggedRun } from './logged-run.ts';

export const ACT = process.env['CG_BENCH_ACT'] ?? join(ROOT, '.cache', 'bin', 'act');

/** The workflow README.md documents, verbatim (the YAML block under "## GitHub Action"). */
function readmeWorkflow(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /```yaml\n(# \.github\/workflows\/benchmarks\.yml\n[\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md: no ```yaml block starting with "# .github/workflows/benchmarks.yml"');
  return m[1]!;
}

/** This checkout's action, as act gets it for `uses: org/cg-bench@v1`. */
function actionCopy(): string {
  const dir = tempDir('cg-bench-act-action-');
  copyFileSync(join(ROOT, 'action.yml'), join(dir, 'action.yml'));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  const inspect = spawnSync(ENGINE[0]!, [...ENGINE.slice(1), 'image', 'inspect', '--format', '{{.Digest}}', IMAGE], { encoding: 'utf8' });
  const digest = inspect.stdout.trim();
  if (inspect.status !== 0 || !digest.startsWith('sha256:')) throw new Error(`no digest for ${IMAGE}: ${inspect.stderr}`);
  const name = IMAGE.replace(/[:@][^/]*$/, '');
  writeFileSync(join(dir, 'image.lock.json'), JSON.stringify({ image: name, version: null, digest }, null, 2));
  return dir;
}

/** A real push payload (tests/contracts/github-events) for a push of `sha` to main. */
export function pushPayload(sha: string, before: string): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...fixture('push.json'), ref: 'refs/heads/main', before, after: sha, deleted: false, created: false };
  Object.assign(payload['repository'] as Record<string, unknown>, { default_branch: 'main', master_branch: 'main' });
  return payload;
}

/** A real pull_request payload for PR `number` of `head` into main at `base`. */
export function prPayload(number: number, head: string, headRef: string, base: string): Record<string, unknown> {
  const payload = fixture('pull_request.opened.json');
  const pr = payload['pull_request'] as Record<string, Record<string, unknown>>;
  payload['number'] = number;
  (pr as Record<string, unknown>)['number'] = number;
  Object.assign(pr['head']!, { sha: head, ref: headRef });
  Object.assign(pr['base']!, { sha: base, ref: 'main' });
  (payload['repository'] as Record<string, unknown>)['default_branch'] = 'main';
  return payload;
}

export interface ActRun {
  code: number | null;
  log: string;
  /** Step outputs as act reports them (`::set-output:: name=value`). */
  outputs: Record<string, string>;
}

export interface ActSetup {
  /** The workflow file act runs (-W). */
  workflow: string;
  actionDir: string;
  cacheDir: string;
  home: string;
  /** The runner's TMPDIR (inside the suite's): the action keeps its cache directories in it. */
  tmp: string;
  origin: string;
  apiUrl: string;
}

/** `workflow`: the workflow's text (default: the README's) and its file name. */
export function actSetup(origin: string, apiUrl: string, workflow = { text: readmeWorkflow(), name: 'benchmarks.yml' }): ActSetup {
  const workflowDir = tempDir('cg-bench-act-workflow-');
  mkdirSync(join(workflowDir, '.github', 'workflows'), { recursive: true });
  const file = join(workflowDir, '.github', 'workflows', workflow.name);
  writeFileSync(file, workflow.text);
  return {
    workflow: file,
    actionDir: actionCopy(),
    cacheDir: tempDir('cg-bench-act-cache-'),
    home: tempDir('cg-bench-act-home-'),
    tmp: tempDir('cg-bench-act-tmp-'),
    origin,
    apiUrl,
  };
}

/**
 * `act <event>` with the event payload, in a clone of the origin checked out at `sha` (act takes
 * GITHUB_SHA from the event for a push, and from the working directory's HEAD for a pull request,
 * as a developer running act in their repository would have it).
 */
export async function runAct(
  setup: ActSetup,
  event: string,
  payload: unknown,
  sha: string,
  options: { cacheUrl?: string; job?: string; list?: boolean; alone?: boolean } = {},
): Promise<ActRun> {
  if (!existsSync(ACT)) throw new Error(`${ACT} is missing: run bash scripts/install-runners.sh`);
  const workdir = tempDir('cg-bench-act-repo-');
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: workdir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git('clone', '-q', setup.origin, '.');
  git('fetch', '-q', 'origin', '+refs/pull/*:refs/remotes/origin/pull/*');
  git('checkout', '-q', '--detach', sha);
  const eventFile = join(tempDir('cg-bench-act-event-'), 'event.json');
  writeFileSync(eventFile, JSON.stringify(payload));
  const args = [
    event,
    '-C',
    workdir,
    '-W',
    setup.workflow,
    ...(options.job ? ['-j', options.job] : []),
    // The jobs the event starts, and nothing run (act's --dryrun still runs steps in host mode).
    ...(options.list ? ['--list'] : []),
    '-e',
    eventFile,
    '-P',
    'ubuntu-latest=-self-hosted',
    '--no-skip-checkout',
    '--action-offline-mode',
    '--local-repository',
    `actions/checkout@v4=${join(ROOT, 'tests', 'runners', 'checkout')}`,
    '--local-repository',
    `org/cg-bench@v1=${setup.actionDir}`,
    '--env',
    `GITHUB_API_URL=${setup.apiUrl}`,
    '--env',
    'GITHUB_REPOSITORY=Codertocat/Hello-World',
    '-s',
    'GITHUB_TOKEN=ghs_faketoken',
    // With ACTIONS_CACHE_URL given, act starts no cache server of its own and passes this one on.
    ...(options.cacheUrl ? ['--env', `ACTIONS_CACHE_URL=${options.cacheUrl}`] : ['--cache-server-addr', '127.0.0.1', '--cache-server-path', setup.cacheDir]),
    '--artifact-server-addr',
    '127.0.0.1',
    '--defaultbranch',
    'main',
  ];
  // Only what a runner host has: no GITHUB_*/ACTIONS_* of whatever runs these tests.
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: setup.home,
    // Not /tmp (what a runner without TMPDIR uses): the action keeps its cache directories there
    // (cg-bench-baseline, cg-bench-history), and the suite's runs left them behind.
    TMPDIR: setup.tmp,
    XDG_CONFIG_HOME: join(setup.home, '.config'),
    XDG_CACHE_HOME: join(setup.home, '.cache'),
    // alone: the engine lock held for the whole run (holdEngineAlone), its containers started bare.
    CG_BENCH_ENGINE: (options.alone ? BARE_ENGINE : ENGINE).join(' '),
    CG_BENCH_ENGINE_FLAGS: RUN_FLAGS.join(' '),
    CG_BENCH_TEST_ORIGIN: setup.origin,
    // act asks api.nektosact.com for version notices unless this is set: no traffic off the machine.
    ACT_DISABLE_VERSION_CHECK: '1',
  };
  const release = options.alone ? await holdEngineAlone() : undefined;
  const { code, log } = await loggedRun(ACT, args, { cwd: workdir, env });
  release?.();
  const outputs: Record<string, string> = {};
  for (const m of log.matchAll(/::set-output:: ([\w-]+)=(.*)$/gm)) outputs[m[1]!] = m[2]!;
  return { code, log, outputs };
}
