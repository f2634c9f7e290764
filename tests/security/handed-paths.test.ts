// The paths a view binds back into a run's private /tmp from what the run is handed (its working
// directory, HOME, TMPDIR, PATH, PYTHONPATH): a pull request writes a benchmark's `env:` and `cwd:`,
// and must not get another run's directories (cg-bench-runs' staging, another benchmark's HOME) bound
// back into its view by naming them or a directory above them.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { profileDirectory } from '../../src/untrusted/collect-profiles.ts';
import { sandboxedCommand, untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { endStrays } from '../../src/untrusted/strays.ts';
import { cli, project, tempDir } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const CODE = '65534:65534';
const RUNS = join(tmpdir(), 'cg-bench-runs');

test("--jobs 2: a benchmark whose env names cg-bench-runs (or a directory above it) sees none of the other job's staging", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const root = tempDir('cg-bench-handed-');
  chmodSync(root, 0o755);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const sandbox = untrustedSandbox({ root, network: false, env: { CG_BENCH_RUN_AS: CODE } });
  if (sandbox.seal.tmp !== 'private') return t.skip('no private temporary directories here');
  const staging = profileDirectory(sandbox, root);
  t.after(() => rmSync(staging, { recursive: true, force: true }));
  const fifo = join(root, 'go');
  assert.equal(spawnSync('mkfifo', ['-m', '666', fifo]).status, 0);
  // Job A: writes its output into its staging directory and waits.
  const codeEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  const a = sandboxedCommand(
    sandbox,
    ['/bin/sh', '-c', `echo A-OUTPUT >${staging}/out; read _ <${fifo}`],
    { ...codeEnv, TMPDIR: '/tmp/cg-bench-a' },
    true,
    0,
    [staging],
    root,
  );
  const child = spawn(a.argv[0]!, a.argv.slice(1), { cwd: root, stdio: 'ignore', env: a.env });
  const ended = new Promise((resolve) => child.on('close', resolve));
  t.after(() => endStrays(sandbox));
  for (let i = 0; i < 2000 && !existsSync(join(staging, 'out')); i++) await new Promise((r) => setTimeout(r, 10));
  // Job B: handed cg-bench-runs, a directory above it, or a way around the names, in each variable the view binds back.
  const above = join(RUNS, '..');
  // A link in the shared directory to cg-bench-runs (another uid, or code that ran without a private /tmp, made it).
  const link = join(tmpdir(), `cg-bench-link-${process.pid}`);
  symlinkSync(RUNS, link);
  t.after(() => rmSync(link, { force: true }));
  const handed = [RUNS, `${RUNS}/`, `${above}/`, `${above}/./cg-bench-runs`, `${root}/../cg-bench-runs`, staging, link, `${link}/${basename(staging)}`];
  const look = `ls -A ${RUNS} 2>/dev/null; cat ${staging}/out 2>/dev/null; exit 0`;
  const seen: string[] = [];
  for (const variable of ['TMPDIR', 'HOME', 'PYTHONPATH', 'PATH']) {
    for (const path of handed) {
      const value = variable === 'PATH' ? `/usr/bin:/bin:${path}` : path;
      const b = sandboxedCommand(sandbox, ['/bin/sh', '-c', look], { ...codeEnv, TMPDIR: '/tmp/cg-bench-b', [variable]: value }, true, 1, [], root);
      const out = spawnSync(b.argv[0]!, b.argv.slice(1), { cwd: root, encoding: 'utf8', env: b.env }).stdout;
      if (/A-OUTPUT/.test(out) || out.includes(basename(staging))) seen.push(`${variable}=${value}: ${out.trim().replace(/\n/g, ' ')}`);
    }
  }
  writeFileSync(fifo, 'go\n');
  await ended;
  // Before: TMPDIR or PYTHONPATH naming cg-bench-runs bound the whole directory back, the other job's staging with it.
  assert.deepEqual(seen, []);
});

test("a benchmark whose env hands a bound-back variable a path in cg-bench's runs or homes directory, or one not written plainly, is refused before anything runs, naming it", async (t) => {
  for (const [variable, value] of [
    ['TMPDIR', `${RUNS}/profiles-x`],
    ['PYTHONPATH', `/opt/lib:${RUNS}/..`],
    ['HOME', '/tmp/cg-bench-home/0123456789abcdef'],
    ['PATH', `/usr/bin:/bin:${RUNS}/seal-x/`],
    ['TMPDIR', '/tmp/x/../cg-bench-home'],
  ] as const) {
    const dir = project(`benchmarks:\n  - name: peek\n    run: [/bin/true]\n    env:\n      ${variable}: "${value}"\n`);
    chmodSync(dir, 0o755);
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 2, `${variable}=${value}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`benchmark "peek".*env: ${variable}`));
  }
});

test("cg-bench-runs or a directory above it (cg-bench's own TMPDIR, which setup commands are handed) is narrowed to an empty private directory the code can use", async (t) => {
  // cg-bench's TMPDIR in /tmp, as a suite's is: setup commands get it, and it holds cg-bench-runs.
  const own = tempDir('cg-bench-handed-tmp-');
  chmodSync(own, 0o1777);
  const dir = project(
    `setup:\n  - mktemp >/dev/null\nbenchmarks:\n  - name: narrowed\n    run: [/bin/sh, -c, 'touch "$TMPDIR/x" && ls -A "$TMPDIR"']\n    env:\n      TMPDIR: ${join(own, 'cg-bench-runs')}\n`,
  );
  chmodSync(dir, 0o755);
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(own, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { TMPDIR: own, ...(isRoot ? { CG_BENCH_RUN_AS: CODE } : {}) } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
});

test("a benchmark's arguments naming /tmp/. or /tmp/x/.. do not give it the machine's /tmp", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const name = `cg-bench-handed-left-${process.pid}`;
  const left = join('/tmp', name);
  const dir = project(
    [
      'benchmarks:',
      '  - name: name-dot',
      `    run: [/bin/sh, -c, 'echo left > /tmp/${name}', /tmp/.]`,
      '  - name: name-dotdot',
      `    run: [/bin/sh, -c, 'echo left > /tmp/${name}', /tmp/x/..]`,
      '',
    ].join('\n'),
  );
  chmodSync(dir, 0o755);
  t.after(() => {
    rmSync(left, { force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { CG_BENCH_RUN_AS: CODE } });
  // Before (the attack pass, round 8): /tmp/<name> of the code's uid left on the machine after the run.
  // Now refused before anything runs, naming the benchmark and the path.
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /benchmark "name-dot": run: \/tmp\/\. is not written plainly/);
  assert.equal(existsSync(left), false);
});
