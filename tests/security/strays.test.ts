// Without a pid namespace, a daemon a setup command starts (setsid and a double fork) escapes the
// command's process group and outlived the run. The sandbox now kills every process of its own uid
// after the setup commands and the benchmarks, and refuses (unless told) where it has no uid of its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lineProgress } from '../../src/run/progress.ts';
import { runSetup } from '../../src/run/setup.ts';
import { ownProgram } from '../../src/untrusted/environment.ts';
import { untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { endStrays } from '../../src/untrusted/strays.ts';
import { absolutePath } from '../../src/util/paths.ts';
import { killAll, processesMentioning } from '../engine/processes.ts';
import { cli, project, tempDir, withoutPidNamespaces } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const no = () => false;

/** The real probe, but as if no pid namespace could be made (Docker's default seccomp profile, say). */
const withoutPidNamespace = (argv: string[]) => !argv.includes('--pid') && spawnSync(argv[0]!, [...argv.slice(1), 'true'], { stdio: 'ignore' }).status === 0;

test('without a pid namespace, a setup daemon (setsid, double fork) is killed with every process of the sandbox uid', {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const root = tempDir('cg-bench-strays-');
  // A uid nothing else on the machine runs as: the sandbox kills all of its processes.
  const uid = 61_000 + (process.pid % 1000);
  const marker = `7${process.pid % 1000}.${Date.now() % 1000}`;
  t.after(() => {
    killAll(processesMentioning(`sleep ${marker}`));
    rmSync(root, { recursive: true, force: true });
  });
  const sandbox = untrustedSandbox({ root, network: true, env: { CG_BENCH_RUN_AS: `${uid}:${uid}` }, probe: withoutPidNamespace, uid: 0 });
  assert.equal(sandbox.isolatedPids, false);
  assert.deepEqual(sandbox.strays, { uid, gid: uid });
  assert.match(sandbox.notes.join('\n'), new RegExp(`every process of uid ${uid} is killed`));
  // setsid in the foreground: the daemon has left the command's process group before the command ends.
  await runSetup([`setsid /bin/sh -c 'sleep ${marker} & exit 0'`], {
    cwd: absolutePath(root, 'root'),
    logFile: absolutePath(join(root, 'setup.log'), 'log'),
    timeoutMs: 60_000,
    progress: lineProgress(() => {}),
    sandbox,
  });
  // The daemon outlived its setup command: what the run must not let it do beyond the run.
  for (let i = 0; i < 100 && !processesMentioning(`sleep ${marker}`).length; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(processesMentioning(`sleep ${marker}`).length, 1, 'the daemon runs after its setup command ended');
  endStrays(sandbox);
  assert.deepEqual(processesMentioning(`sleep ${marker}`), [], 'endStrays killed it');
});

test('without a pid namespace and without a uid of its own (or with one already in use), a measuring run stops unless CG_BENCH_SEAL=best-effort', () => {
  const root = tempDir('cg-bench-strays-');
  try {
    const required = { noNetwork: false, oneCpu: false };
    const asked = { root, network: true, probe: no, onlyLoopback: no, required, firstProcess: false };
    assert.throws(() => untrustedSandbox({ ...asked, uid: 1000, env: {} }), /no pid namespace can be made here, so a process .* can outlive the run/);
    const weaker = untrustedSandbox({ ...asked, uid: 1000, env: { CG_BENCH_SEAL: 'best-effort' } });
    assert.equal(weaker.strays, undefined);
    assert.match(weaker.notes.join('\n'), /^warning: no pid namespace can be made here.*measuring anyway/m);
    // As root with a uid of its own, nothing refused: its processes are killed instead.
    const asOther = { ...asked, uid: 0, env: { CG_BENCH_RUN_AS: '61999:61999' }, probe: (argv: string[]) => !argv.includes(ownProgram('unshare')) };
    assert.deepEqual(untrustedSandbox({ ...asOther, uidBusy: no }).strays, { uid: 61999, gid: 61999 });
    // A uid already in use (the checkout's owner under sudo, a daemon's nobody) is never killed wholesale.
    assert.throws(() => untrustedSandbox({ ...asOther, uidBusy: () => true }), /can outlive the run/);
    // nobody is not a uid of its own, however idle now: another cg-bench's code runs as it.
    assert.throws(() => untrustedSandbox({ ...asOther, env: { CG_BENCH_RUN_AS: '65534:65534' }, uidBusy: no }), /can outlive the run/);
    // Root stays root: no uid of its own to kill.
    assert.throws(() => untrustedSandbox({ ...asOther, env: { CG_BENCH_RUN_AS: 'root' }, uidBusy: no }), /can outlive the run/);
    // With a pid namespace, nothing to kill: the namespace ends with its first process.
    assert.equal(untrustedSandbox({ ...asOther, probe: () => true, uidBusy: no }).strays, undefined);
    // cg-bench as pid 1 of its namespace (the image under `docker run`): what is left dies with it.
    assert.equal(untrustedSandbox({ ...asked, uid: 1000, env: {}, firstProcess: true }).isolatedPids, false);
    // Not measuring (cg-bench env reads the sandbox): never refused.
    const { required: _, ...reading } = asked;
    assert.equal(untrustedSandbox({ ...reading, uid: 1000, env: {} }).isolatedPids, false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('cg-bench run without a pid namespace, as root with a uid of its own: nothing a setup command started is running when it returns', {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const uid = 62_000 + (process.pid % 1000);
  const marker = `8${process.pid % 1000}.${Date.now() % 1000}`;
  const dir = project(`setup:\n  - setsid /bin/sh -c 'sleep ${marker} & exit 0'\nbenchmarks:\n  - name: t\n    run: [/bin/true]\n`);
  // The code's uid owns the checkout, as the image's copy is given to it.
  chmodSync(dir, 0o755);
  for (const name of ['', ...readdirSync(dir)]) chownSync(join(dir, name), uid, uid);
  const noPidNamespaces = withoutPidNamespaces();
  const out = tempDir('cg-bench-strays-out-');
  t.after(() => {
    killAll(processesMentioning(marker));
    for (const d of [dir, out]) rmSync(d, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(out, 'o')], { cwd: dir, env: { ...noPidNamespaces, CG_BENCH_RUN_AS: `${uid}:${uid}` } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(out, 'o', 'setup.log'), 'utf8'), new RegExp(`no pid namespace: every process of uid ${uid} is killed`));
  assert.deepEqual(processesMentioning(marker), [], 'the setup daemon did not outlive the run');
});
