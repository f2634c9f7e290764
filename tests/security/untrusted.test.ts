// The untrusted-code sandbox's decisions (src/untrusted/sandbox.ts), without the image: whom the code
// runs as, what environment setup commands get, and that a real setup command sees only that.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseConfig } from '../../src/config/load.ts';
import { absolutePath } from '../../src/util/paths.ts';
import { imageRunArgs } from '../../src/container/client.ts';
import { containerEnvironment } from '../../src/container/measurer.ts';
import { COLLECT_LIMITS, collectProfiles, uncollectedProblem } from '../../src/untrusted/collect-profiles.ts';
import { CPU_LIST_FILES, parseCpuList } from '../../src/untrusted/cpu-view.ts';
import { PROBE_ATTEMPTS } from '../../src/untrusted/probes.ts';
import { sandboxedCommand, untrustedSandbox, untrustedUser, UNTRUSTED_ID, NO_SANDBOX, type Sandbox } from '../../src/untrusted/sandbox.ts';
import { setupEnvironment } from '../../src/untrusted/setup-environment.ts';
import { HANDED_START, KEPT_END, RANDOM_DEVICES } from '../../src/untrusted/view.ts';

import { ownProgram, SHARED_TMP_DIRS } from '../../src/untrusted/environment.ts';
import { cli, project, tempDir } from '../helpers.ts';

/** The argv alone, for tests that read what it holds: the code's environment empty. */
const sandboxed = (sandbox: Sandbox, argv: readonly string[], measured = false, job = 0, kept: readonly string[] = [], cwd?: string) =>
  sandboxedCommand(sandbox, argv, {}, measured, job, kept, cwd).argv;

const yes = () => true;
const no = () => false;

test('as root the code runs as the workspace owner, as nobody in CI for a copy cg-bench hands over, as CG_BENCH_RUN_AS says, or stays root', () => {
  const mine = tempDir();
  const theirs = tempDir();
  chownSync(theirs, 1234, 5678);
  assert.deepEqual(untrustedUser(theirs, {}), { uid: 1234, gid: 5678 });
  assert.deepEqual(untrustedUser(mine, { GITLAB_CI: 'true' }, true), { uid: UNTRUSTED_ID, gid: UNTRUSTED_ID });
  assert.equal(untrustedUser(mine, { GITLAB_CI: 'true' }), undefined, "the user's own root-owned checkout: nobody could not enter it");
  assert.deepEqual(untrustedUser(mine, { CI: 'true', CG_BENCH_RUN_AS: '1000:1001' }), { uid: 1000, gid: 1001 });
  assert.equal(untrustedUser(mine, { CI: 'true', CG_BENCH_RUN_AS: 'root' }), undefined);
  assert.equal(untrustedUser(mine, { CI: 'false' }), undefined);
  assert.throws(() => untrustedUser(mine, { CG_BENCH_RUN_AS: 'nobody' }), /CG_BENCH_RUN_AS="nobody": write uid:gid/);
  // Root under a number: refused with its own message (it used to fail the seal as "no pid namespace can be made here").
  assert.throws(() => untrustedUser(mine, { CG_BENCH_RUN_AS: '0:0' }), /CG_BENCH_RUN_AS="0:0" names uid 0, root: .*write root/);
  assert.throws(() => untrustedUser(mine, { CG_BENCH_RUN_AS: '0:65534' }), /names uid 0/);
});

test('the sandbox switches user and network where it can, and says so', () => {
  const root = tempDir();
  const asNobody = { CG_BENCH_RUN_AS: `${UNTRUSTED_ID}:${UNTRUSTED_ID}` };
  const full = untrustedSandbox({ root, network: false, env: asNobody, uid: 0, probe: yes });
  assert.deepEqual(sandboxed(full, ['valgrind', 'x']).slice(0, 2), [ownProgram('setpriv'), `--reuid=${UNTRUSTED_ID}`]);
  assert.ok(sandboxed(full, ['valgrind']).includes('--net'));
  assert.equal(full.isolatedNetwork, true);
  const networked = untrustedSandbox({ root, network: true, env: asNobody, uid: 0, probe: yes });
  assert.ok(!networked.prefix.includes('--net'));
  const noNamespace = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: no });
  assert.deepEqual(noNamespace.prefix, []);
  assert.match(noNamespace.notes.join('\n'), /no network namespace can be created here/);
  const exposed = untrustedSandbox({ root, network: true, env: { CI_JOB_TOKEN: 'x', PATH: '/bin' }, uid: 1000, probe: yes });
  assert.match(exposed.notes.join('\n'), /^warning: CI_JOB_TOKEN is in cg-bench's environment/m);
  assert.throws(() => untrustedSandbox({ root, network: true, env: asNobody, uid: 0, probe: no }), /setpriv \(util-linux\), which does not work here/);
});

test('setup-network: setup commands keep the network, benchmarks still get a network namespace of their own', () => {
  const root = tempDir();
  const split = untrustedSandbox({ root, network: false, setupNetwork: true, env: {}, uid: 1000, probe: yes });
  assert.ok(!sandboxed(split, ['make']).includes('--net'));
  assert.ok(sandboxed(split, ['valgrind'], true).includes('--net'));
  assert.equal(split.isolatedNetwork, true);
  assert.equal(split.seal.network, 'none');
  assert.match(split.notes.join('\n'), /setup commands have the network this process has \(setup-network: true\)/);
  // Without a network namespace the benchmarks would have the network: setup-network requires one.
  const required = { noNetwork: true, oneCpu: false };
  assert.throws(
    () => untrustedSandbox({ root, network: false, setupNetwork: true, env: {}, uid: 1000, probe: no, onlyLoopback: no, required }),
    /benchmarks without network \(network: false, or setup-network: true\) need a network namespace/,
  );
});

test('measured runs see one CPU where a mount namespace can be made: each job pinned to one of the allowed CPUs', () => {
  assert.deepEqual(parseCpuList('0-3,8-9\n'), [0, 1, 2, 3, 8, 9]);
  assert.deepEqual(parseCpuList('5'), [5]);
  assert.deepEqual(parseCpuList('garbage'), []);
  const root = tempDir();
  const one = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes, oneCpu: true, cpus: [2, 3] });
  assert.deepEqual(one.oneCpu, [2, 3]);
  const measured = (job: number) => sandboxed(one, ['valgrind'], true, job);
  assert.deepEqual(measured(0).slice(0, 3), [ownProgram('taskset'), '--cpu-list', '2']);
  assert.deepEqual(measured(1).slice(0, 3), [ownProgram('taskset'), '--cpu-list', '3']);
  assert.deepEqual(measured(2).slice(0, 3), [ownProgram('taskset'), '--cpu-list', '2']);
  assert.ok(measured(0).includes('--mount'));
  for (const file of CPU_LIST_FILES)
    assert.ok(
      measured(0).some((a) => a.includes(file)),
      file,
    );
  assert.ok(!sandboxed(one, ['make']).includes(ownProgram('taskset')), 'setup commands keep every CPU');
  assert.ok(!sandboxed(one, ['make']).some((a) => CPU_LIST_FILES.some((file) => a.includes(file))), 'setup commands see the CPU lists');
  assert.match(one.notes.join('\n'), /benchmarks see one CPU: pinned to one of CPUs 2,3/);
  // Asked for all CPUs, or no mount namespace: the host's, and setup.log says which.
  const all = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes, oneCpu: false, cpus: [2, 3] });
  assert.equal(all.oneCpu, undefined);
  assert.ok(!sandboxed(all, ['valgrind'], true).includes(ownProgram('taskset')));
  const noMount = untrustedSandbox({
    root,
    network: false,
    env: {},
    uid: 1000,
    probe: (argv) => !argv.some((a) => a.startsWith('--mount')),
    oneCpu: true,
    cpus: [0, 1],
  });
  assert.equal(noMount.oneCpu, undefined);
  assert.match(noMount.notes.join('\n'), /no mount namespace can be created here: benchmarks see the host's CPUs/);
});

test('the sandbox records the seal it made: pid namespace, uid mapping, network, CPU view, entropy', () => {
  const root = tempDir();
  const full = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes, oneCpu: true, cpus: [0, 1] });
  assert.deepEqual(full.seal, {
    pids: 'own',
    ids: 'anonymous',
    network: 'none',
    cpus: 'one',
    entropy: process.arch === 'x64' ? 'fixed' : 'os',
    tmp: 'private',
    proc: 'own',
    ipc: 'own',
    hostname: 'fixed',
  });
  if (process.arch === 'x64')
    for (const device of RANDOM_DEVICES)
      assert.ok(
        sandboxed(full, ['valgrind'], true).some((a) => a.includes(device)),
        device,
      );
  assert.ok(!sandboxed(full, ['make']).some((a) => a.includes('/dev/urandom')), "setup commands read the system's entropy");
  const noPid = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: (argv) => !argv.includes('--pid'), onlyLoopback: no });
  assert.deepEqual(noPid.seal, {
    pids: 'host',
    ids: 'anonymous',
    network: 'none',
    cpus: 'host',
    entropy: 'os',
    tmp: 'shared',
    proc: 'host',
    ipc: 'own',
    hostname: 'host',
  });
  const ownIds = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: (argv) => !argv.includes('--map-user=65534'), onlyLoopback: no });
  assert.equal(ownIds.seal.ids, 'caller');
  const nothing = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: no, onlyLoopback: no });
  assert.deepEqual(nothing.seal, {
    pids: 'host',
    ids: 'host',
    network: 'host',
    cpus: 'host',
    entropy: 'os',
    tmp: 'shared',
    proc: 'host',
    ipc: 'host',
    hostname: 'host',
  });
  // A machine already named cg-bench (docker run --hostname cg-bench: the engine's seccomp profile
  // refuses sethostname in the container): the host name is fixed without a UTS namespace.
  const refusesHostname = (argv: string[]) => !argv.includes('--uts');
  assert.equal(untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: refusesHostname, machineHostname: 'cg-bench' }).seal.hostname, 'fixed');
  assert.equal(untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: refusesHostname, machineHostname: 'b22946b89bdb' }).seal.hostname, 'host');
  assert.equal(untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: no, onlyLoopback: no, machineHostname: 'cg-bench' }).seal.hostname, 'fixed');
  // env -i reads an argument with "=" as an assignment: such a program is run by a shell instead.
  const named = sandboxedCommand(NO_SANDBOX, ['./a=b', 'x'], { K: 'v' });
  assert.deepEqual(named.argv, [ownProgram('env'), '-i', '--', 'K=v', '/bin/sh', '-c', 'exec "$0" "$@"', './a=b', 'x']);
  // docker run --network none: no namespace needed for no network.
  assert.equal(untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: no, onlyLoopback: yes }).seal.network, 'none');
});

test('a pid namespace gets a /proc of its own (--mount-proc) in every prefix; where the kernel refuses one, the rest of the seal is kept and the seal says so', () => {
  const root = tempDir();
  const full = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes, oneCpu: true, cpus: [0, 1] });
  for (const argv of [sandboxed(full, ['make']), sandboxed(full, ['valgrind'], true)]) {
    // In the innermost unshare, the one that makes the pid namespace.
    const inner = argv.lastIndexOf(ownProgram('unshare'));
    assert.ok(argv.indexOf('--pid', inner) > inner && argv.indexOf('--mount-proc', inner) > inner, argv.join(' '));
  }
  assert.match(full.notes.join('\n'), /benchmarks see a \/proc of their own pid namespace/);
  // A container engine's masked /proc: the kernel refuses a new procfs, everything else is made.
  const masked = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: (argv) => !argv.includes('--mount-proc'), oneCpu: true, cpus: [0, 1] });
  assert.deepEqual(masked.seal, { ...full.seal, proc: 'host' });
  for (const argv of [sandboxed(masked, ['make']), sandboxed(masked, ['valgrind'], true)]) assert.ok(!argv.includes('--mount-proc'), argv.join(' '));
  assert.match(masked.notes.join('\n'), /benchmarks see cg-bench's \/proc .*the kernel refuses a new one here/);
});

test('a probe that fails or times out on a loaded machine is tried again before a seal is given up', () => {
  const root = tempDir();
  // Each probe fails its first PROBE_ATTEMPTS − 1 tries, as a spawn timing out under load would.
  const tries = new Map<string, number>();
  const flaky = (argv: string[]) => {
    const key = argv.join(' ');
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    return n >= PROBE_ATTEMPTS;
  };
  const sandbox = untrustedSandbox({
    root,
    network: false,
    env: {},
    uid: 1000,
    probe: flaky,
    oneCpu: true,
    cpus: [0, 1],
    required: { noNetwork: true, oneCpu: true },
  });
  assert.equal(sandbox.seal.pids, 'own');
  assert.equal(sandbox.seal.cpus, 'one');
  assert.equal(sandbox.seal.ids, 'anonymous');
});

test('a seal the configuration writes out that cannot be made stops the run, unless CG_BENCH_SEAL=best-effort', () => {
  const root = tempDir();
  const noMount = (argv: string[]) => !argv.some((a) => a.startsWith('--mount'));
  const asked = { root, network: false, uid: 1000, probe: noMount, oneCpu: true, cpus: [0, 1], required: { noNetwork: true, oneCpu: true }, onlyLoopback: no };
  assert.throws(
    () => untrustedSandbox({ ...asked, env: {} }),
    /cannot seal the benchmarks as cg-bench.yml asks: one CPU \(cpus: one\) needs .*CG_BENCH_SEAL=best-effort/,
  );
  assert.throws(
    () => untrustedSandbox({ ...asked, probe: no, oneCpu: false, env: {} }),
    /benchmarks without network \(network: false, or setup-network: true\) need a network namespace/,
  );
  const weaker = untrustedSandbox({ ...asked, env: { CG_BENCH_SEAL: 'best-effort' } });
  assert.equal(weaker.seal.cpus, 'host');
  assert.match(weaker.notes.join('\n'), /^warning: one CPU \(cpus: one\) needs .*measuring anyway \(CG_BENCH_SEAL=best-effort\)/m);
  assert.throws(() => untrustedSandbox({ ...asked, env: { CG_BENCH_SEAL: 'weak' } }), /CG_BENCH_SEAL="weak": write best-effort/);
  // What the configuration does not write out (its defaults) is made where it can be and recorded, not
  // refused: the image under Docker's default seccomp profile makes no namespace at all.
  assert.equal(untrustedSandbox({ ...asked, oneCpu: false, required: { noNetwork: true, oneCpu: false }, env: {} }).seal.entropy, 'os');
  const { required: _, ...byDefault } = asked;
  assert.equal(untrustedSandbox({ ...byDefault, env: {} }).seal.cpus, 'host');
  // As root there (its code as another uid, whose processes are killed without a pid namespace).
  const image = { ...asked, uid: 0, env: { CG_BENCH_RUN_AS: '61999:61999' }, uidBusy: no, probe: (argv: string[]) => !argv.includes(ownProgram('unshare')) };
  assert.equal(untrustedSandbox({ ...image, required: { noNetwork: false, oneCpu: false } }).seal.network, 'host');
});

test("setup commands get an allow-list of the caller's environment, plus what CG_BENCH_SETUP_ENV names", () => {
  const env = setupEnvironment(
    {
      PATH: '/x/bin',
      HOME: '/root',
      CC: 'clang',
      LC_ALL: 'C',
      CI_JOB_TOKEN: 'secret',
      GITHUB_TOKEN: 'secret',
      AWS_SECRET_ACCESS_KEY: 's',
      MY_FLAG: '1',
      CG_BENCH_SETUP_ENV: 'MY_FLAG',
    },
    NO_SANDBOX,
    '/tmp/home',
  );
  assert.deepEqual(env, { PATH: '/x/bin', HOME: '/root', CC: 'clang', LC_ALL: 'C', MY_FLAG: '1' });
  const switched = setupEnvironment({ HOME: '/root' }, { ...NO_SANDBOX, user: { uid: 5, gid: 5 } }, '/tmp/home');
  assert.equal(switched['HOME'], '/tmp/home', 'another user gets a HOME it can use');
});

test("a real setup command sees neither the caller's tokens nor anything outside the allow-list", async () => {
  const dir = project(`setup:
  - env > setup-env.txt
benchmarks:
  - name: t
    run: [/bin/true]
`);
  mkdirSync(join(dir, 'out'));
  const r = await cli(['run', '--out', join(dir, 'out')], {
    cwd: dir,
    env: { CI_JOB_TOKEN: 'attacker-must-not-see-this', CG_BENCH_GITLAB_TOKEN: 'attacker-must-not-see-this', CI: '' },
  });
  assert.equal(r.code, 0, r.stderr);
  const seen = readFileSync(join(dir, 'setup-env.txt'), 'utf8');
  assert.doesNotMatch(seen, /attacker-must-not-see-this|CI_JOB_TOKEN/);
  assert.match(seen, /^PATH=/m);
});

test("profiles are collected from the sandbox's directory without following the links it planted", () => {
  const staging = tempDir();
  const dir = tempDir();
  writeFileSync(join(staging, 'cachegrind.out.1'), 'events: Ir\n');
  symlinkSync('/etc/hostname', join(staging, 'cachegrind.out.2'));
  mkfifoLike(join(staging, 'valgrind.3.log'));
  collectProfiles(staging, dir);
  assert.deepEqual(readdirSync(dir).sort(), ['cachegrind.out.1']);
  assert.equal(readFileSync(join(dir, 'cachegrind.out.1'), 'utf8'), 'events: Ir\n');
  assert.equal(existsSync(staging), false);
});

test("collecting the sandbox's profiles copies Valgrind's files only, within limits: a sparse file of terabytes the code made is left", () => {
  // Before: a 3 GiB sparse file the benchmark made in its staging directory (its path is on
  // Valgrind's command line) became 3.1 GB written to the output directory, with cg-bench's rights.
  const staging = tempDir();
  const dir = tempDir();
  writeFileSync(join(staging, 'cachegrind.out.1'), 'events: Ir\n');
  writeFileSync(join(staging, 'valgrind.1.log'), '==1== Command: x\n');
  writeFileSync(join(staging, 'authorized_keys'), 'not a file Valgrind writes\n');
  const sparse = (name: string, size: number) => {
    writeFileSync(join(staging, name), '');
    truncateSync(join(staging, name), size); // no block used
  };
  sparse('valgrind.2.log', COLLECT_LIMITS.file + 1);
  sparse('cachegrind.out.3', 4 * 1024 ** 4);
  const left = collectProfiles(staging, dir);
  assert.deepEqual(readdirSync(dir).sort(), ['cachegrind.out.1', 'valgrind.1.log']);
  // What was left is said, each file with the limit it passed (before: its process looked unfinished).
  assert.deepEqual(
    left.sort((a, b) => a.name.localeCompare(b.name)),
    [
      { name: 'cachegrind.out.3', size: 4 * 1024 ** 4, limit: 'file' },
      { name: 'valgrind.2.log', size: COLLECT_LIMITS.file + 1, limit: 'file' },
    ],
  );
  assert.match(
    uncollectedProblem(left),
    /^Valgrind's output was not collected, so the run has no complete count: cachegrind\.out\.3 is 4,194,304 MiB, above the 512 MiB cg-bench copies of one file; valgrind\.2\.log is 536,870,913 bytes, above the 512 MiB/,
  );
  assert.equal(existsSync(staging), false);
  // The total and the number of files are bounded too.
  const many = tempDir();
  const into = tempDir();
  for (let pid = 1; pid <= 5; pid++) writeFileSync(join(many, `cachegrind.out.${pid}`), '0123456789');
  const small = { file: 10, total: 30, files: 100 };
  const overTotal = collectProfiles(many, into, small);
  assert.equal(readdirSync(into).length, 3);
  assert.deepEqual(
    overTotal.map((f) => f.limit),
    ['total', 'total'],
  );
  assert.match(uncollectedProblem(overTotal, small), /cachegrind\.out\.\d \(10 bytes\) would take the run's files past the 30 bytes cg-bench copies in all/);
  const fewer = tempDir();
  const intoFewer = tempDir();
  for (let pid = 1; pid <= 5; pid++) writeFileSync(join(fewer, `valgrind.${pid}.log`), 'x');
  const overFiles = collectProfiles(fewer, intoFewer, { file: 10, total: 100, files: 2 });
  assert.equal(readdirSync(intoFewer).length, 2);
  assert.match(uncollectedProblem(overFiles, { file: 10, total: 100, files: 2 }), /valgrind\.\d\.log is past the 2 files cg-bench copies of one run/);
});

test('a benchmark whose profile is over the collect limit fails naming itself, the file and the limit (exit 3), not as an unfinished process', {
  skip: process.getuid?.() !== 0 && 'needs root (a staging directory of the sandbox user)',
}, async () => {
  // The benchmark finds its staging directory on Valgrind's command line (its namespace's init holds
  // it) and leaves a sparse profile there (no block used) with a log, as a process of its own would.
  const leave = [
    `d=$(tr '\\0' '\\n' < /proc/1/cmdline | sed -n 's|^--cachegrind-out-file=\\(.*\\)/[^/]*$|\\1|p')`,
    `truncate -s ${COLLECT_LIMITS.file + (1 << 20)} "$d/cachegrind.out.77"`,
    `echo '==77== Command: other' > "$d/valgrind.77.log"`,
  ].join('\n');
  const dir = project('benchmarks:\n  - name: huge-profile\n    run: [/bin/sh, leave.sh]\n', { 'leave.sh': `${leave}\n` });
  chmodSync(dir, 0o755);
  const out = join(tempDir(), 'out');
  const r = await cli(['run', '--out', out], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  assert.equal(r.code, 3, r.stdout + r.stderr);
  const message = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).benchmarks[0].message as string;
  assert.match(
    message,
    /^benchmark huge-profile: Valgrind's output was not collected.*: cachegrind\.out\.77 is 513 MiB, above the 512 MiB cg-bench copies of one file$/,
  );
});

test("as root, collecting the sandbox's profiles copies only its user's own files: a hard link to a root-only file is left (issue 23)", {
  skip: process.getuid?.() !== 0 && 'needs root',
}, () => {
  const staging = tempDir();
  const dir = tempDir();
  chownSync(staging, UNTRUSTED_ID, UNTRUSTED_ID);
  writeFileSync(join(staging, 'cachegrind.out.1'), 'events: Ir\n');
  chownSync(join(staging, 'cachegrind.out.1'), UNTRUSTED_ID, UNTRUSTED_ID);
  // Where fs.protected_hardlinks is 0 the code can link any file it can see; made here by root.
  const secret = join(tempDir(), 'shadow');
  writeFileSync(secret, 'root:SECRET-hardlink:19000:0:99999:7:::\n', { mode: 0o600 });
  linkSync(secret, join(staging, 'cachegrind.out.2'));
  writeFileSync(join(staging, 'valgrind.3.log'), 'written by root, not by the sandbox\n');
  collectProfiles(staging, dir);
  assert.deepEqual(readdirSync(dir).sort(), ['cachegrind.out.1']);
});

/** A fifo: opening it for reading must not block the collection. */
function mkfifoLike(path: string): void {
  execFileSync('mkfifo', [path]);
}

test("docker run: no network unless the configuration asks or the operator's engine flags choose one", () => {
  const base = { image: 'img', mounts: [{ host: '/h/.git', container: '/work/.git', readOnly: true }], args: ['run'] };
  const plain = imageRunArgs({ ...base, engine: { command: ['docker'], runFlags: [] } });
  assert.deepEqual(plain.slice(0, 5), ['run', '--rm', '--security-opt', 'no-new-privileges', '--network']);
  assert.equal(plain[5], 'none');
  assert.ok(plain.includes('/h/.git:/work/.git:ro'));
  assert.ok(!imageRunArgs({ ...base, network: true, engine: { command: ['docker'], runFlags: [] } }).includes('none'));
  const operator = imageRunArgs({ ...base, engine: { command: ['docker'], runFlags: ['--network=host'] } });
  assert.equal(operator.filter((a) => a.startsWith('--network')).length, 1);
});

test('docker run: the fixed host name (a container is named by its random id), unless the engine flags choose one', () => {
  const base = { image: 'img', mounts: [], args: ['run'] };
  const plain = imageRunArgs({ ...base, engine: { command: ['docker'], runFlags: [] } });
  assert.equal(plain[plain.indexOf('--hostname') + 1], 'cg-bench');
  for (const flags of [['--hostname=ci'], ['-h', 'ci'], ['--hostname', 'ci']]) {
    const operator = imageRunArgs({ ...base, engine: { command: ['docker'], runFlags: flags } });
    assert.equal(operator.filter((a) => a === 'cg-bench').length, 0, flags.join(' '));
  }
});

test('network is a boolean key of the configuration, false by default', () => {
  assert.equal(parseConfig('benchmarks:\n  - name: a\n    run: "true"\n', absolutePath('/tmp/cg-bench.yml', 'test config')).network, false);
  assert.equal(parseConfig('network: true\nbenchmarks:\n  - name: a\n    run: "true"\n', absolutePath('/tmp/cg-bench.yml', 'test config')).network, true);
  assert.throws(() => parseConfig('network: "yes"\nbenchmarks:\n  - name: a\n    run: "true"\n', absolutePath('/tmp/cg-bench.yml', 'test config')), /network/);
});

test('cpus is one or all in the configuration, one by default', () => {
  const at = absolutePath('/tmp/cg-bench.yml', 'test config');
  assert.equal(parseConfig('benchmarks:\n  - name: a\n    run: "true"\n', at).cpus, 'one');
  assert.equal(parseConfig('cpus: all\nbenchmarks:\n  - name: a\n    run: "true"\n', at).cpus, 'all');
  assert.throws(() => parseConfig('cpus: 2\nbenchmarks:\n  - name: a\n    run: "true"\n', at), /cpus/);
});

test("docker run: the container gets the image digest and the operator's CG_BENCH_SEAL, nothing else of the caller", () => {
  assert.deepEqual(containerEnvironment('sha256:abc', { CG_BENCH_SEAL: 'best-effort', GITHUB_TOKEN: 'secret', PATH: '/bin' }), {
    CG_BENCH_IMAGE_DIGEST: 'sha256:abc',
    CG_BENCH_SEAL: 'best-effort',
  });
  assert.deepEqual(containerEnvironment(undefined, { GITHUB_TOKEN: 'secret' }), {});
});

test('a view binds back the paths arguments name, as handed paths: an absolute one and where its link leads, where a relative link leads, one above the working directory (../x), nothing for options, shell text or a relative path without a working directory', () => {
  const root = tempDir();
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes });
  const elsewhere = realpathSync(tempDir());
  writeFileSync(join(elsewhere, 'program'), '');
  writeFileSync(join(root, 'plain'), '');
  symlinkSync(join(elsewhere, 'program'), join(root, 'linked'));
  const kept = (argv: string[], cwd?: string) => {
    const all = sandboxed(sandbox, argv, true, 0, [], cwd);
    return all.slice(all.indexOf(HANDED_START) + 1, all.indexOf(KEPT_END));
  };
  const real = realpathSync(root);
  assert.deepEqual(kept([join(real, 'plain')]), [join(real, 'plain')]);
  assert.deepEqual(kept([join(real, 'linked')]), [join(real, 'linked'), join(elsewhere, 'program')]);
  assert.deepEqual(kept(['./plain'], real), []);
  assert.deepEqual(kept(['./linked'], real), [join(elsewhere, 'program')]);
  assert.deepEqual(kept(['./linked']), []);
  assert.deepEqual(kept(['--opt=/x', 'plain', 'echo hi'], real), []);
  // Before: nothing, so a program or file beside the project was missing from a private /tmp.
  assert.deepEqual(kept(['../lib/x.py'], join(real, 'sub')), [join(real, 'lib', 'x.py')]);
});

test('private temporary directories: setup commands and measured runs bind a new directory over each (never a tmpfs: a new file system takes a device number) and bind back the project, the program and what the caller hands the run', () => {
  const root = tempDir();
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: yes, oneCpu: true, cpus: [0] });
  const measured = sandboxed(sandbox, ['/opt/valgrind/bin/valgrind', '--tool=cachegrind'], true, 0, ['/tmp/cg-bench-profiles-x']);
  const setup = sandboxed(sandbox, ['/bin/sh', '-c', 'make']);
  for (const argv of [measured, setup]) {
    const script = argv.find((a) => a.includes('_cgb_keep'));
    assert.doesNotMatch(script ?? '', /tmpfs/);
    // Each made by a mktemp of its own, the three `tmp` (mode 1777) by one mkdir, each bound over its
    // directory by one mount of a table (with the seal's binds, for a measured run).
    for (const [i, dir] of SHARED_TMP_DIRS.entries()) {
      const fd = 7 + i;
      assert.match(script ?? '', new RegExp(`_cgb_t${fd}=\\$\\(mktemp -d /proc/self/fd/${fd}/\\.cg-bench-private-\\d+\\.\\$\\$\\.X+\\)/tmp \\|\\|`), dir);
      assert.match(script ?? '', new RegExp(`\\[ -z "\\$_cgb_t${fd}" \\] \\|\\| printf '%s ${dir} none bind 0 0\\\\n' "\\$_cgb_t${fd}";`), dir);
    }
    assert.match(script ?? '', /\nmount --no-canonicalize --all --fstab "\$_cgb_table" \|\| exit 125\n/);
    assert.match(script ?? '', /\nmkdir -m 1777 \$\{_cgb_t7:\+"\$_cgb_t7"\} \$\{_cgb_t8:\+"\$_cgb_t8"\} \$\{_cgb_t9:\+"\$_cgb_t9"\} \|\| exit 125\n/);
    const start = argv.indexOf(HANDED_START);
    assert.ok(start > 0 && argv.slice(start - 3, start).includes(realpathSync(root)), 'the project is bound back');
  }
  // cg-bench's own (the staging directory) before HANDED_START, the program the argv names after it.
  const start = measured.indexOf(HANDED_START);
  assert.deepEqual(measured.slice(start - 2, start), [realpathSync(root), '/tmp/cg-bench-profiles-x']);
  assert.deepEqual(measured.slice(start + 1, measured.indexOf(KEPT_END)), ['/opt/valgrind/bin/valgrind']);
  assert.equal(measured.filter((a) => a === KEPT_END).length, 1);
  assert.match(sandbox.notes.join('\n'), /benchmarks get private, empty \/tmp, \/var\/tmp, \/dev\/shm/);
  // No mount namespace: both share them, recorded and said; nothing to bind back.
  const noMount = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: (argv) => !argv.some((a) => a.startsWith('--mount')) });
  assert.equal(noMount.seal.tmp, 'shared');
  assert.ok(!sandboxed(noMount, ['/bin/true'], true, 0, ['/tmp/x']).includes(KEPT_END));
  assert.match(noMount.notes.join('\n'), /setup commands share \/tmp, \/var\/tmp, \/dev\/shm with every other run/);
});
