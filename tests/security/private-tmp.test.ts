// A run's private temporary directories sit in the machine's shared /tmp, /var/tmp and /dev/shm,
// made by the code's uid and removed by cg-bench (root). What another uid and the code itself can
// do with them there.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { profileDirectory } from '../../src/untrusted/collect-profiles.ts';
import { NO_SANDBOX, sandboxedCommand, untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { sharedHomesDirectory } from '../../src/untrusted/shared-places.ts';
import { endStrays } from '../../src/untrusted/strays.ts';
import { SHARED_TMP_DIRS } from '../../src/untrusted/environment.ts';
import { cli, project, ROOT, readJson, tempDir } from '../helpers.ts';

/** The code's environment in these runs: the test's PATH, as a benchmark's is set. */
const codeEnv = (): Record<string, string> => ({ PATH: process.env['PATH'] ?? '/usr/bin:/bin' });

const isRoot = process.getuid?.() === 0;
const CODE = '65534:65534';
/** A uid that is neither the code's nor cg-bench's: someone else on the machine. */
const OTHER = 61_000 + (process.pid % 1000);

function mine(): string[] {
  return SHARED_TMP_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.startsWith(`.cg-bench-private-${process.pid}.`))
      .map((name) => join(dir, name)),
  );
}

function asOther(script: string): { status: number | null; stderr: string } {
  const r = spawnSync('setpriv', [`--reuid=${OTHER}`, `--regid=${OTHER}`, '--clear-groups', '/bin/sh', '-c', script], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

test("another uid cannot put a file into a running benchmark's private /tmp through the shared one", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const root = tempDir('cg-bench-private-tmp-');
  chmodSync(root, 0o755);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const sandbox = untrustedSandbox({ root, network: false, env: { CG_BENCH_RUN_AS: CODE } });
  if (sandbox.seal.tmp !== 'private') return t.skip('no private temporary directories here');
  const fifo = join(root, 'go');
  assert.equal(spawnSync('mkfifo', ['-m', '666', fifo]).status, 0);
  // The benchmark waits for the go, then lists its /tmp.
  const { argv, env } = sandboxedCommand(sandbox, ['/bin/sh', '-c', `read _ <${fifo}; ls -A /tmp /var/tmp /dev/shm`], codeEnv(), true, 0, [], root);
  const child = spawn(argv[0]!, argv.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise((resolve) => child.on('close', resolve));
  t.after(() => endStrays(sandbox));
  // The view has made them: one in each shared directory.
  for (let i = 0; i < 2000 && mine().length < SHARED_TMP_DIRS.length; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(mine().length, SHARED_TMP_DIRS.length, 'the view made its private directories');
  // Before: each was mode 1777 and bound itself, so any uid wrote into the benchmark's /tmp.
  const tries = mine().map((dir) => asOther(`echo planted >${dir}/planted || echo planted >${dir}/tmp/planted`));
  writeFileSync(fifo, 'go\n');
  await ended;
  assert.ok(
    tries.every((r) => r.status !== 0),
    tries.map((r) => r.stderr).join(''),
  );
  assert.doesNotMatch(out, /planted/);
});

test('what the code leaves in its private /tmp (a tree deeper than PATH_MAX, a read-only directory) is removed, and removing it never fails the run', {
  skip: !isRoot && 'needs root to run the code as another uid',
}, (t) => {
  const root = tempDir('cg-bench-private-tmp-');
  chmodSync(root, 0o755);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const sandbox = untrustedSandbox({ root, network: false, env: { CG_BENCH_RUN_AS: CODE } });
  if (sandbox.seal.tmp !== 'private') return t.skip('no private temporary directories here');
  const long = 'x'.repeat(250);
  const script = [
    // Nested by moving: no path given to a call is long; find prints the deepest first.
    `cd /tmp && mkdir deep && for i in $(seq 20); do mkdir up && mv deep up/${long} && mv up deep || exit 1; done && find /tmp/deep -depth | head -n 1 | wc -c`,
    'mkdir /tmp/kept && echo x >/tmp/kept/file && chmod 500 /tmp/kept',
  ].join('\n');
  const { argv, env } = sandboxedCommand(sandbox, ['/bin/sh', '-c', script], codeEnv());
  const made = spawnSync(argv[0]!, argv.slice(1), { cwd: root, env, encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  assert.ok(Number(made.stdout) > 4096, `the tree is ${made.stdout.trim()} characters deep`);
  assert.ok(mine().length > 0, 'left in the shared directories until endStrays');
  // Before: rmSync, as root, stopped on ENAMETOOLONG, and so did every later run's sweep.
  endStrays(sandbox);
  assert.deepEqual(mine(), []);
});

test("a dead run's private directory is swept with its owner's rights, never root's: what the owner could not remove stays", {
  skip: !isRoot && 'needs root to make files of another uid',
}, (t) => {
  // Root removing a tree the code owns, path by path, was raced (a directory swapped for a link to
  // a root-only one between rmdir and readdir) into deleting the link's files: 4 of 20 on the 103rd
  // try here. As the owner, a swap reaches nothing the owner could not remove itself.
  const dir = join('/tmp', `.cg-bench-private-999999999.${process.pid}`);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'roots'), { recursive: true });
  writeFileSync(join(dir, 'roots', 'file'), 'root\n');
  writeFileSync(join(dir, 'owners'), 'code\n');
  chownSync(dir, 65534, 65534);
  chownSync(join(dir, 'owners'), 65534, 65534);
  endStrays(NO_SANDBOX);
  assert.ok(!existsSync(join(dir, 'owners')), "the owner's file is removed");
  assert.ok(existsSync(join(dir, 'roots', 'file')), "root's file in root's directory is not: the owner could not remove it");
});

test("names made first for the pids a run's view will have (a link, a directory of another uid) neither fail it nor are followed", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, (t) => {
  const root = tempDir('cg-bench-private-tmp-');
  chmodSync(root, 0o755);
  const target = tempDir('cg-bench-private-target-');
  writeFileSync(join(target, 'kept'), 'kept\n');
  const made: string[] = [];
  t.after(() => {
    for (const path of made) rmSync(path, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });
  const sandbox = untrustedSandbox({ root, network: false, env: { CG_BENCH_RUN_AS: CODE } });
  if (sandbox.seal.tmp !== 'private') return t.skip('no private temporary directories here');
  // The view shell's pid is the spawned process's (taskset, setpriv and unshare exec): foreseeable.
  const next = spawnSync('/bin/true').pid ?? 0;
  for (let pid = next + 1; pid <= next + 3000; pid++) {
    for (const dir of SHARED_TMP_DIRS) {
      const name = join(dir, `.cg-bench-private-${process.pid}.${pid}`);
      if (dir === '/dev/shm') mkdirSync(name, { mode: 0o777 });
      else symlinkSync(target, name);
      lchownSync(name, OTHER, OTHER);
      made.push(name);
    }
  }
  const { argv, env } = sandboxedCommand(sandbox, ['/bin/sh', '-c', 'ls -A /tmp /var/tmp /dev/shm'], codeEnv(), true, 0, [], root);
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: root, env, encoding: 'utf8' });
  if (!r.pid || r.pid <= next || r.pid > next + 3000) return t.skip(`pid ${r.pid} was not foreseen`);
  // Before: mkdir found the name taken, and the view stopped the run (exit 125).
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(readdirSync(target), ['kept']);
  endStrays(sandbox);
  assert.deepEqual(readdirSync(target), ['kept'], 'the sweep removed the link, not what it leads to');
});

test("--jobs 2: a benchmark reaches neither the other job's Valgrind output by its path nor, with a /proc of its own, its command line", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const root = tempDir('cg-bench-private-tmp-');
  chmodSync(root, 0o755);
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const real = (argv: string[]) => spawnSync(argv[0]!, [...argv.slice(1), 'true'], { stdio: 'ignore' }).status === 0;
  const views = {
    own: untrustedSandbox({ root, network: false, env: { CG_BENCH_RUN_AS: CODE } }),
    // The container's /proc: the engine refuses a new one.
    host: untrustedSandbox({
      root,
      network: false,
      env: { CG_BENCH_RUN_AS: CODE },
      probe: (argv) => !argv.includes('--mount-proc') && real(argv),
      probePauseMs: 0,
    }),
  };
  for (const [proc, sandbox] of Object.entries(views)) {
    if (sandbox.seal.tmp !== 'private' || sandbox.seal.proc !== proc) return t.skip(`no private /tmp with proc: ${proc} here`);
    const staging = profileDirectory(sandbox, root);
    const marker = `${process.pid}.${proc.length}`;
    const fifo = join(root, `go-${proc}`);
    assert.equal(spawnSync('mkfifo', ['-m', '666', fifo]).status, 0);
    // Job A: writes its output into its staging directory and waits (its command line names both).
    // Each with a TMPDIR of its own, as a run gives its benchmarks: the view binds TMPDIR back, and the
    // suite's (a directory in /tmp) holds the staging directories of both.
    const env = { ...codeEnv(), TMPDIR: '/tmp' };
    const a = sandboxedCommand(sandbox, ['/bin/sh', '-c', `echo A-OUTPUT >${staging}/out; read _ <${fifo}`, `A-${marker}`], env, true, 0, [staging], root);
    const child = spawn(a.argv[0]!, a.argv.slice(1), { cwd: root, stdio: 'ignore', env: a.env });
    const ended = new Promise((resolve) => child.on('close', resolve));
    for (let i = 0; i < 2000 && !existsSync(join(staging, 'out')); i++) await new Promise((r) => setTimeout(r, 10));
    // Job B: looks for A among the processes it sees, and into A's staging directory and root.
    const look = [
      `cat ${staging}/out 2>/dev/null && echo READ-BY-PATH`,
      // Quoted apart: B's own command line does not hold A's marker.
      `for p in /proc/[0-9]*; do grep -qF "A""-${marker}" $p/cmdline 2>/dev/null && echo SEES-A && cat $p/root${staging}/out 2>/dev/null && echo READ-BY-ROOT; done`,
      'exit 0',
    ].join('\n');
    const b = sandboxedCommand(sandbox, ['/bin/sh', '-c', look], env, true, 1, [], root);
    const seen = spawnSync(b.argv[0]!, b.argv.slice(1), { cwd: root, encoding: 'utf8', env: b.env }).stdout;
    writeFileSync(fifo, 'go\n');
    await ended;
    endStrays(sandbox);
    rmSync(staging, { recursive: true, force: true });
    assert.doesNotMatch(seen, /READ-BY-PATH|READ-BY-ROOT/, proc);
    // docs/security.md: with its own /proc, not even the other job's command line; with the
    // container's, that (the staging directory's path in it), but not into the job.
    if (proc === 'own') assert.doesNotMatch(seen, /SEES-A/);
    else assert.match(seen, /SEES-A/);
  }
});

test("a directory another uid made at a name cg-bench keeps in /tmp (its homes) is removed with that uid's rights, never root's", {
  skip: !isRoot && 'needs root to make files of another uid',
}, (t) => {
  const path = join('/tmp', `.cg-bench-homes-test-${process.pid}`);
  t.after(() => rmSync(path, { recursive: true, force: true }));
  mkdirSync(join(path, 'roots'), { recursive: true });
  writeFileSync(join(path, 'roots', 'file'), 'root\n');
  writeFileSync(join(path, 'owners'), 'planted\n');
  chownSync(path, OTHER, OTHER);
  chownSync(join(path, 'owners'), OTHER, OTHER);
  // Before: root's rmSync took it all (and could be raced into following a swapped-in link).
  assert.throws(() => sharedHomesDirectory(path), /what is there cannot be removed/);
  assert.ok(!existsSync(join(path, 'owners')), "the planter's file went with its rights");
  assert.ok(existsSync(join(path, 'roots', 'file')), 'what it could not remove stayed');
  // What its owner can remove whole is, and the directory is made cg-bench's own.
  rmSync(join(path, 'roots'), { recursive: true });
  sharedHomesDirectory(path);
  assert.equal(statSync(path).uid, 0);
  assert.equal(statSync(path).mode & 0o7777, 0o1777);
});

test('a benchmark that lists its /tmp counts the same run to run: what is bound back there has fixed names at its top', async (t) => {
  const dir = project('benchmarks:\n  - name: ls-tmp\n    run: [/bin/ls, -a, /tmp]\n');
  chmodSync(dir, 0o755);
  const outs = tempDir();
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outs, { recursive: true, force: true });
  });
  const env = isRoot ? { CG_BENCH_RUN_AS: CODE } : {};
  const runs = [];
  for (const n of [1, 2]) {
    const out = join(outs, `out-${n}`);
    const r = await cli(['run', '--out', out], { cwd: dir, env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const results = readJson(join(out, 'results.json'));
    if (results.benchmarks[0]?.seal?.tmp !== 'private') return t.skip('no private temporary directories here');
    runs.push({ cycles: results.benchmarks[0]?.estimatedCycles, listed: readFileSync(join(out, 'benchmarks', '01-ls-tmp', 'stdout.log'), 'utf8') });
  }
  // Before: the seal files' and the staging directory's mkdtemp names (cg-bench-seal-RTNQXt,
  // cg-bench-profiles-z1hlgN) were listed, and the count moved with them (872,697 then 872,855).
  assert.equal(runs[0]?.listed, runs[1]?.listed);
  assert.equal(runs[0]?.cycles, runs[1]?.cycles);
});

test("cg-bench working below a directory the code's uid may not search (a checkout in a mkdtemp directory of root's): the view keeps its private directories", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, (t) => {
  // Outside /tmp (a checkout there is bound back into the private one by its descriptor).
  const outer = mkdtempSync(join(ROOT, '.cg-bench-closed-'));
  chmodSync(outer, 0o700);
  t.after(() => rmSync(outer, { recursive: true, force: true }));
  const checkout = join(outer, 'checkout');
  mkdirSync(checkout, { mode: 0o755 });
  const root = join(checkout, 'project');
  mkdirSync(root, { mode: 0o755 });
  const was = process.cwd();
  const wasPwd = process.env['PWD'];
  // Where a shell started cg-bench: the view reads $PWD.
  process.chdir(checkout);
  process.env['PWD'] = checkout;
  try {
    // The fresh clone a CI machine tests in: before, every view failed re-entering it by its path.
    const sandbox = untrustedSandbox({ root: tempDir('cg-bench-private-tmp-'), network: false, env: { CG_BENCH_RUN_AS: CODE } });
    assert.equal(sandbox.seal.tmp, 'private', sandbox.notes.join('\n'));
  } finally {
    process.chdir(was);
    process.env['PWD'] = wasPwd;
  }
});
