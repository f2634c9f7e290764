// The GitLab CI/CD component, end to end: the job defined by templates/gitlab-ci.yml (inputs
// interpolated as GitLab does) runs its script in the real image (podman), with the predefined
// variables GitLab sets, against a fake GitLab API on 127.0.0.1.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import type { Results } from '../../src/results/types.ts';
import { readResults } from '../../src/results/io.ts';
import { readJson, ROOT, tempDir } from '../helpers.ts';
import { buildImage, ENGINE, IMAGE, RUN_FLAGS } from '../image/container.ts';
import { checkout, leakCommit, makeRepo, type Repo } from '../project-repo.ts';
import { FakeGitLab } from './fake-gitlab.ts';

const PROJECT_DIR = '/builds/group/project';

interface JobDefinition {
  image: { name: string };
  variables: Record<string, string>;
  script: string[];
  artifacts: { paths: string[]; reports: { junit: string; metrics: string } };
}

/** The component's jobs, with `$[[ inputs.x ]]` replaced as GitLab would: the measuring job first, then the note job. */
function componentJobs(inputs: Record<string, string>): { name: string; job: JobDefinition }[] {
  const [header, body] = parseAllDocuments(readFileSync(join(ROOT, 'templates', 'gitlab-ci.yml'), 'utf8'));
  const spec = header!.toJS() as { spec: { inputs: Record<string, { default: unknown }> } };
  const values = Object.fromEntries(Object.entries(spec.spec.inputs).map(([k, v]) => [k, String(inputs[k] ?? v.default)]));
  const text = body!.toString().replace(/\$\[\[\s*inputs\.([a-z-]+)\s*\]\]/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`unknown input ${name}`);
    return values[name]!;
  });
  const jobs = parseAllDocuments(text)[0]!.toJS() as Record<string, JobDefinition>;
  return Object.entries(jobs).map(([name, job]) => ({ name, job }));
}

interface JobRun {
  code: number | null;
  log: string;
  dir: string;
}

interface JobOptions {
  inputs?: Record<string, string>;
  mr?: { iid: number; base: string; head: string };
  branch?: string;
  sha: string;
  /** Whether the token variable is set (default: in the note job only, as its environment scope gives it). */
  token?: boolean;
}

/** Runs one of the component's jobs in the image, in `workspace` (the measuring job's artifacts stay there for the note job). */
function runJob(workspace: string, gitlab: FakeGitLab, options: JobOptions & { which?: 'measure' | 'note' }): Promise<JobRun> {
  const jobs = componentJobs({ image: IMAGE, ...options.inputs });
  const { name, job } = options.which === 'note' ? jobs.find((j) => j.name.endsWith('-note'))! : jobs[0]!;
  const token = options.token ?? options.which === 'note';
  const predefined: Record<string, string> = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_API_V4_URL: gitlab.url,
    CI_PROJECT_ID: gitlab.projectId,
    CI_PROJECT_DIR: PROJECT_DIR,
    CI_JOB_NAME: name,
    CI_JOB_TOKEN: gitlab.jobToken,
    CI_COMMIT_SHA: options.sha,
    CI_DEFAULT_BRANCH: 'master',
    CI_PIPELINE_SOURCE: options.mr ? 'merge_request_event' : 'push',
    ...(options.branch ? { CI_COMMIT_BRANCH: options.branch } : {}),
    ...(options.mr
      ? {
          CI_MERGE_REQUEST_IID: String(options.mr.iid),
          CI_MERGE_REQUEST_DIFF_BASE_SHA: options.mr.base,
          CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'master',
          CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: options.mr.head,
        }
      : {}),
    ...(token ? { CG_BENCH_GITLAB_TOKEN: gitlab.apiToken } : {}),
  };
  const env = { ...job.variables, ...predefined };
  const args = [
    ...ENGINE.slice(1),
    'run',
    '--rm',
    ...RUN_FLAGS,
    '-v',
    `${workspace}:${PROJECT_DIR}`,
    '-w',
    PROJECT_DIR,
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    '--entrypoint',
    'sh',
    job.image.name,
    '-c',
    `set -e\n${job.script.join('\n')}`,
  ];
  return new Promise((resolve) => {
    const child = spawn(ENGINE[0]!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('close', (code) => resolve({ code, log, dir: join(workspace, 'cg-bench-results') }));
  });
}

/** A merge request pipeline: the measuring job (no token), then the note job on its artifacts. */
async function runMergeRequest(workspace: string, gitlab: FakeGitLab, options: JobOptions): Promise<JobRun & { note: JobRun }> {
  const measured = await runJob(workspace, gitlab, { ...options, which: 'measure' });
  const note = await runJob(workspace, gitlab, { ...options, which: 'note' });
  return { ...measured, note };
}

/** Well-formed XML, checked by a real parser (Python's expat). */
function parseXml(path: string): { tests: number; failures: number; errors: number; names: string[] } {
  const r = spawnSync(
    'python3',
    [
      '-c',
      `import sys, json, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find('testsuite')
print(json.dumps({"tests": int(suite.get("tests")), "failures": int(suite.get("failures")), "errors": int(suite.get("errors")), "names": [c.get("name") for c in suite.iter("testcase")]}))`,
      path,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { tests: number; failures: number; errors: number; names: string[] };
}

const countCycles = (r: Results) => r.benchmarks.map((b) => [b.name, b.estimatedCycles]);

describe('the GitLab CI/CD component', { timeout: 40 * 60_000 }, () => {
  const gitlab = new FakeGitLab();
  let repo: Repo;
  let defaultBranch: JobRun;

  before(async () => {
    buildImage();
    await gitlab.start();
    repo = makeRepo();
    defaultBranch = await runJob(checkout(repo, repo.main), gitlab, { branch: 'master', sha: repo.main });
  });
  after(() => gitlab.stop());

  const publishArtifacts = (run: JobRun) => {
    for (const path of ['commit.json', 'head/results.json'])
      gitlab.artifacts.set(`master/cg-bench/cg-bench-results/${path}`, readFileSync(join(run.dir, path)));
  };

  test('a default-branch pipeline measures and keeps results, reports and cachegrind.out files as artifacts', () => {
    assert.equal(defaultBranch.code, 0, defaultBranch.log);
    assert.deepEqual(JSON.parse(readFileSync(join(defaultBranch.dir, 'commit.json'), 'utf8')), { sha: repo.main });
    const results = readJson(join(defaultBranch.dir, 'head', 'results.json'));
    assert.equal(results.environment.workspace, '/work');
    assert.ok(results.benchmarks[0]!.processes[0]!.file.endsWith('.gz'));
    assert.match(defaultBranch.log, /loop\s+[\d,]+/, 'the table is in the job log');
    assert.equal(parseXml(join(defaultBranch.dir, 'junit.xml')).tests, 2);
    assert.deepEqual(
      gitlab.requests.filter((r) => r.path.includes('/notes')),
      [],
      'no note outside merge requests',
    );
  });

  // The workspace of a merge request's measuring job (feature against main), its artifacts in it: the
  // note job's own tests run that job alone on a copy (the note job takes the merge request from
  // GitLab's variables, not from the artifacts), instead of measuring again to get there.
  let measuredFeature = '';
  const noteJobOnFeature = (iid: number, options: Partial<JobOptions> = {}) => {
    const workspace = tempDir('cg-bench-note-ws-');
    cpSync(measuredFeature, workspace, { recursive: true });
    return runJob(workspace, gitlab, { mr: { iid, base: repo.main, head: repo.feature }, sha: repo.feature, which: 'note', ...options });
  };

  test("a merge request takes the baseline from the default branch's artifacts and writes one note", async () => {
    publishArtifacts(defaultBranch);
    measuredFeature = checkout(repo, repo.feature);
    const run = await runMergeRequest(measuredFeature, gitlab, { mr: { iid: 5, base: repo.main, head: repo.feature }, sha: repo.feature });
    assert.equal(run.code, 0, run.log);
    assert.equal(run.note.code, 0, run.note.log);
    assert.match(run.log, /The merge request note is written by the note job \(the only one that should hold CG_BENCH_GITLAB_TOKEN\)/);
    const notes = gitlab.notes.get(5)!;
    assert.equal(notes.length, 1);
    assert.match(notes[0]!.body, /^<!-- cg-bench:[0-9a-f]{12} -->\n### 🔴 cg-bench: 1 regression, 1 unchanged/);
    assert.match(
      notes[0]!.body,
      /baseline: merge\\-base [0-9a-f]{8}, from the master pipeline's artifacts, verified \\\((loop|steady) measured again here: identical\\\)/,
    );
    const junit = parseXml(join(run.dir, 'junit.xml'));
    assert.deepEqual([junit.tests, junit.failures, junit.errors], [2, 1, 0]);
    const metrics = readFileSync(join(run.dir, 'metrics.txt'), 'utf8');
    assert.match(metrics, /^# TYPE cg_bench_estimated_cycles gauge$/m);
    assert.match(metrics, /^cg_bench_estimated_cycles\{benchmark="loop"\} \d+$/m);
    assert.match(metrics, /^cg_bench_instructions\{benchmark="steady"\} \d+$/m);
    assert.ok(metrics.endsWith('# EOF\n'));
    for (const line of metrics.split('\n').filter((l) => l && !l.startsWith('#'))) assert.match(line, /^[a-z_][a-z0-9_]*\{benchmark="[^"\s]*"\} \d+$/);
    assert.deepEqual(gitlab.violations, []);
  });

  test('without artifacts the merge-base is measured in the job, with the same numbers; the note is updated', async () => {
    gitlab.artifacts.clear();
    const run = await runMergeRequest(checkout(repo, repo.feature), gitlab, {
      mr: { iid: 5, base: repo.main, head: repo.feature },
      sha: repo.feature,
      inputs: { 'fail-on-regression': 'true' },
    });
    assert.equal(run.code, 1, 'fails on the regression when asked');
    assert.equal(run.note.code, 0, run.note.log);
    assert.deepEqual(countCycles(readJson(join(run.dir, 'base', 'results.json'))), countCycles(readJson(join(defaultBranch.dir, 'head', 'results.json'))));
    assert.equal(gitlab.notes.get(5)!.length, 1);
    assert.match(gitlab.notes.get(5)![0]!.body, /measured in this job/);
  });

  test('a timed benchmark (mode: wallclock) is timed against the merge-base in the measuring job, paired; the note shows its table and the job fails on its regression', async () => {
    gitlab.artifacts.clear();
    const run = await runMergeRequest(checkout(repo, repo.timedHead), gitlab, {
      mr: { iid: 12, base: repo.timedBase, head: repo.timedHead },
      sha: repo.timedHead,
      inputs: { 'fail-on-regression': 'true' },
    });
    assert.equal(run.code, 1, `the timed regression fails the job:\n${run.log}`);
    assert.equal(run.note.code, 0, run.note.log);
    const timed = readJson<Results>(join(run.dir, 'head', 'results.json')).timed;
    assert.equal(timed?.length, 1, run.log);
    assert.equal(timed[0]!.name, 'timed-loop');
    assert.equal(timed[0]!.verdict, 'regression', JSON.stringify(timed[0]!.estimate));
    // At least 10 pairs measured; under load some are dropped as outliers.
    assert.ok(timed[0]!.estimate.pairs + timed[0]!.estimate.dropped >= 10, JSON.stringify(timed[0]!.estimate));
    const body = gitlab.notes.get(12)![0]!.body;
    assert.match(body, /Timed natively/);
    assert.match(body, /\| timed\\-loop \| wallclock \| \d+/);
    assert.match(body, /### 🔴 cg-bench: 2 unchanged; timed: 1 regression/);
  });

  test('without a token the job says why and writes no note', async () => {
    const note = await noteJobOnFeature(6, { token: false });
    assert.equal(note.code, 0, note.log);
    assert.match(note.log, /No merge request note: the variable CG_BENCH_GITLAB_TOKEN is empty\. The job token cannot write notes/);
    assert.equal(gitlab.notes.get(6), undefined);
  });

  test('a note planted with the marker by another user is never edited: the job writes its own', async () => {
    const marker = gitlab.notes.get(5)![0]!.body.split('\n')[0]!;
    gitlab.notes.set(9, [{ id: 9_999, body: `${marker}\nplanted`, author: { id: 666, username: 'mallory' } }]);
    const note = await noteJobOnFeature(9);
    assert.equal(note.code, 0, note.log);
    const notes = gitlab.notes.get(9)!;
    assert.equal(notes.length, 2);
    assert.equal(notes[0]!.body, `${marker}\nplanted`);
    assert.deepEqual(gitlab.violations, []);
  });

  test('an API 502 is retried', async () => {
    gitlab.faults.push({ method: 'POST', pattern: /\/merge_requests\/7\/notes$/, status: 502, times: 1 });
    const note = await noteJobOnFeature(7);
    assert.equal(note.code, 0, note.log);
    assert.equal(gitlab.notes.get(7)?.length, 1);
    assert.equal(gitlab.faults[0]!.times, 0);
    assert.match(note.log, /HTTP 502; retrying/);
  });

  test('hostile names are inert in the note, the JUnit XML and the metrics', async () => {
    // The merge-base from the artifacts, checked by one sample: measured whole, it added ~6 s to what the names need.
    publishArtifacts(defaultBranch);
    const run = await runMergeRequest(checkout(repo, repo.hostile), gitlab, { mr: { iid: 8, base: repo.main, head: repo.hostile }, sha: repo.hostile });
    assert.equal(run.code, 0, run.log);
    const note = gitlab.notes.get(8)![0]!.body;
    assert.doesNotMatch(note, /<img|@octocat|\]\(https:/);
    const junit = parseXml(join(run.dir, 'junit.xml'));
    assert.ok(junit.names.includes('<img src=x onerror=alert(1)> @octocat | [x](https://evil.example)'), 'the XML parser gets the name back intact');
    const metrics = readFileSync(join(run.dir, 'metrics.txt'), 'utf8');
    // Percent-encoded: GitLab's parser cuts at "#" and splits at spaces; decoding gives the name back.
    const label = /benchmark="([^"]*)"/.exec(metrics.split('\n').find((l) => l.includes('%3Cimg'))!)![1]!;
    assert.match(label, /^[A-Za-z0-9._~%-]+$/);
    assert.equal(decodeURIComponent(label), '<img src=x onerror=alert(1)> @octocat | [x](https://evil.example)');
    assert.deepEqual(gitlab.violations, []);
  });

  test("the measuring job warns when it is given the token, where the merge request's code runs", async () => {
    publishArtifacts(defaultBranch);
    const run = await runJob(checkout(repo, repo.feature), gitlab, { mr: { iid: 13, base: repo.main, head: repo.feature }, sha: repo.feature, token: true });
    assert.equal(run.code, 0, run.log);
    assert.match(run.log, /CG_BENCH_GITLAB_TOKEN is set in this job, where the merge request's code runs\. Give it only to the note job/);
    assert.equal(gitlab.notes.get(13), undefined, 'the measuring job writes no note');
  });

  test("the note job posts only results measured at this pipeline's commit", async () => {
    // The feature's measuring job's output (a copy of the merge request's above), in a pipeline of main.
    const note = await noteJobOnFeature(14, { mr: { iid: 14, base: repo.main, head: repo.main }, sha: repo.main });
    assert.equal(note.code, 2, note.log);
    assert.match(
      note.log,
      new RegExp(
        `cg-bench-results: the measuring job measured ${repo.feature.slice(0, 8)}, not this pipeline's commit ${repo.main.slice(0, 8)}; refusing its results`,
      ),
    );
    assert.equal(gitlab.notes.get(14), undefined);
  });

  test('artifacts that the merge-base does not reproduce are not used: the job measures it, and the note says why', async () => {
    publishArtifacts(defaultBranch);
    const forged = readJson(join(defaultBranch.dir, 'head', 'results.json'));
    // One more instruction in every benchmark (the sample measured again is drawn at random), carried
    // through every sum (the benchmark's events, hits and cycles, its first process's), so that the
    // numbers add up and only measuring again can tell.
    for (const b of forged.benchmarks) {
      b.events!.Ir += 1;
      b.hits!.l1 += 1;
      b.estimatedCycles! += forged.environment.weights.l1;
      b.processes[0]!.events.Ir += 1;
      b.processes[0]!.estimatedCycles += forged.environment.weights.l1;
    }
    gitlab.artifacts.set('master/cg-bench/cg-bench-results/head/results.json', Buffer.from(JSON.stringify(forged)));
    const run = await runMergeRequest(checkout(repo, repo.feature), gitlab, { mr: { iid: 15, base: repo.main, head: repo.feature }, sha: repo.feature });
    assert.equal(run.code, 0, run.log);
    assert.match(
      run.log,
      /is not what [0-9a-f]{8} measures here: (loop|steady) measures [\d,]+ estimated cycles here, [\d,]+ stored\. Measuring the whole merge-base in this job/,
    );
    const note = gitlab.notes.get(15)![0]!.body;
    assert.match(note, /measured in this job \\\(the stored baseline differed: (loop|steady) measures/);
    assert.match(note, /1 regression, 1 unchanged/, 'compared with the measured merge-base, not the forged numbers');
    gitlab.artifacts.clear();
  });

  test("attack 1 (issue 23): a source file linked to the checkout's .git/config never puts its secret in the note, the results or the artifacts; the line is listed without code", async () => {
    publishArtifacts(defaultBranch); // The merge-base checked by one sample: the leak is the head's.
    const workspace = checkout(repo, repo.main);
    const secret = 'c2VjcmV0LWpvYi10b2tlbi03ZjNh';
    const sha = leakCommit(workspace, secret, `${PROJECT_DIR}/.git/config`);
    const run = await runMergeRequest(workspace, gitlab, { mr: { iid: 16, base: repo.main, head: sha }, sha });
    assert.equal(run.code, 0, run.log);
    assert.equal(run.note.code, 0, run.note.log);
    const note = gitlab.notes.get(16)![0]!.body;
    const artifacts = readdirSync(run.dir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(run.dir, name))
      .filter((path) => statSync(path).isFile() && !path.endsWith('.gz'));
    for (const [where, text] of [
      ['note', note],
      ['job log', run.log],
      ['note job log', run.note.log],
      ...artifacts.map((path) => [path, readFileSync(path, 'utf8')]),
    ] as [string, string][]) {
      assert.ok(!text.includes(secret), `the secret is in the ${where}`);
    }
    // Read as cg-bench reads results (a line's file is written only where it is not its function's).
    const lines = readResults(join(run.dir, 'head', 'results.json'))
      .benchmarks.flatMap((b) => b.functions.flatMap((f) => f.lines ?? []))
      .filter((l) => l.file.endsWith('leak.c'));
    assert.ok(lines.length > 0, "the loop's lines are recorded under leak.c");
    assert.ok(
      lines.every((l) => l.text === undefined),
      JSON.stringify(lines),
    );
  });
});
