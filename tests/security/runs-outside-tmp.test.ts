// cg-bench's TMPDIR outside /tmp, /var/tmp and /dev/shm (a CI's RUNNER_TEMP, /run/user/0): Valgrind's
// staging directories (TMPDIR/cg-bench-runs/profiles-*) are all of the code's uid, one per run, and no
// private /tmp covers them there. A view covers the runs directory itself (sandbox.ts, runsCover).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, ROOT, readJson, scriptAnswer } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const CODE = '65534:65534';

/**
 * A TMPDIR for cg-bench outside the shared directories, mode 1777 as /tmp: in /run, where the code's
 * uid reaches it (Valgrind writes there). Below the checkout, a fresh clone in a mkdtemp directory of
 * root's (0700) hid it from the code (CI: every benchmark failed, "Cannot create log file").
 */
function tmpdirOutsideTmp(): string {
  const dir = mkdtempSync('/run/cg-bench-tmpdir-');
  chmodSync(dir, 0o1777);
  return dir;
}

/** What any Cachegrind profile looks like, with a count of a thousand million. */
const PLANTED = `desc: I1 cache: 32768 B, 64 B, 8-way associative
cmd: planted
events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
fl=/planted.c
fn=planted
1 1000000000 0 0 0 0 0 0 0 0
summary: 1000000000 0 0 0 0 0 0 0 0
`;

test("--jobs 2 with cg-bench's TMPDIR outside /tmp: a benchmark sees no other run's staging directory and cannot plant a profile in it", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const tmp = tmpdirOutsideTmp();
  const runs = join(tmp, 'cg-bench-runs');
  // The attacker waits until the victim runs (its staging directory is made before), plants a
  // profile in every staging directory it sees, then lets the victim end; the victim waits for that.
  const attack = [
    'i=0; while [ ! -s started ] && [ $i -lt 2000000 ]; do i=$((i+1)); done',
    `for s in ${runs}/profiles-*; do [ -d "$s" ] && cp planted.out "$s/cachegrind.out.4242" 2>/dev/null && echo "planted into $s"; done`,
    'echo go >go',
  ].join('\n');
  const dir = project(
    [
      'benchmarks:',
      '  - name: attacker',
      '    run: [/bin/sh, attack.sh]',
      '    timeout: 120',
      '  - name: victim',
      "    run: [/bin/sh, -c, 'echo started >started; read _ <go; echo victim']",
      '    timeout: 120',
      '',
    ].join('\n'),
    { 'attack.sh': attack, 'planted.out': PLANTED, started: '' },
  );
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'started'), 0o666);
  assert.equal(spawnSync('mkfifo', ['-m', '666', join(dir, 'go')]).status, 0);
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });
  const r = await cli(['run', '--jobs', '2', '--out', join(dir, 'out')], { cwd: dir, env: { TMPDIR: tmp, CG_BENCH_RUN_AS: CODE } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const results = readJson(join(dir, 'out', 'results.json'));
  const [attacker, victim] = ['attacker', 'victim'].map((name) => results.benchmarks.find((b) => b.name === name)!);
  if (victim!.seal?.tmp !== 'private') return t.skip(`no private temporary directories here: ${JSON.stringify(victim!.seal)}`);
  const planted = readFileSync(join(dir, 'out', 'benchmarks', '01-attacker', 'stdout.log'), 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean);
  // Before: it saw both (its own and the victim's), and the victim counted 1,000,882,054 cycles, not 882,054.
  assert.equal(planted.length, 1, `the attacker saw only its own staging directory: ${planted.join('; ')}`);
  assert.ok(victim!.estimatedCycles! < 100_000_000, `the victim's count: ${victim!.estimatedCycles}`);
  assert.equal(attacker!.seal?.tmp, 'private');
});

test("cg-bench's TMPDIR outside /tmp, --jobs 2: a suite counts the same measured twice, with private temporary directories", async (t) => {
  const tmp = tmpdirOutsideTmp();
  const dir = project(
    [
      'benchmarks:',
      '  - name: loop',
      "    run: [/bin/sh, -c, 'ls -a /tmp /var/tmp >/dev/null; i=0; while [ $i -lt 3000 ]; do i=$((i+1)); done']",
      '  - name: pipe',
      "    run: [/bin/sh, -c, 'echo counted | od -c']",
      '',
    ].join('\n'),
  );
  chmodSync(dir, 0o755);
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });
  const env = { TMPDIR: tmp, ...(isRoot ? { CG_BENCH_RUN_AS: CODE } : {}) };
  const counts: string[] = [];
  for (const out of ['first', 'second']) {
    const r = await cli(['run', '--jobs', '2', '--out', join(dir, out)], { cwd: dir, env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const results = readJson(join(dir, out, 'results.json'));
    if (results.benchmarks.some((b) => b.seal?.tmp !== 'private')) return t.skip('no private temporary directories here');
    counts.push(results.benchmarks.map((b) => `${b.name} ${b.estimatedCycles}`).join(', '));
  }
  assert.equal(counts[1], counts[0]);
});

test("a benchmark's working directory in cg-bench's runs directory outside /tmp is refused before anything runs", async (t) => {
  const tmp = tmpdirOutsideTmp();
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  // The project holds cg-bench's TMPDIR (a benchmark's cwd lies in its project). Entered before the
  // view covers anything, the runs directory as its working directory would show every run's staging.
  mkdirSync(join(tmp, 'cg-bench-runs'), { mode: 0o1777 });
  writeFileSync(join(tmp, 'cg-bench.yml'), 'benchmarks:\n  - name: here\n    run: [/bin/true]\n    cwd: cg-bench-runs\n');
  const r = await cli(['run', '--out', join(tmp, 'out')], { cwd: tmp, env: { TMPDIR: tmp, ...(isRoot ? { CG_BENCH_RUN_AS: CODE } : {}) } });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /benchmark "here": cwd: \S+\/cg-bench-runs is \S+\/cg-bench-runs, where cg-bench keeps other runs' directories/);
});

test("cg-bench's TMPDIR outside /tmp with a blank and a backslash in its path: a run's view shows its own staging directory there, writable, and no other", {
  skip: !isRoot && 'needs root: staging directories are made only when the code runs as another uid',
}, (t) => {
  const outside = tmpdirOutsideTmp();
  t.after(() => rmSync(outside, { recursive: true, force: true }));
  const tmp = join(outside, 'a b\\c');
  mkdirSync(tmp, { mode: 0o1777 });
  chmodSync(tmp, 0o1777);
  const script = `
    import { profileDirectory } from ${JSON.stringify(join(ROOT, 'src/untrusted/collect-profiles.ts'))};
    import { sandboxedCommand, untrustedSandbox } from ${JSON.stringify(join(ROOT, 'src/untrusted/sandbox.ts'))};
    import { endStrays } from ${JSON.stringify(join(ROOT, 'src/untrusted/strays.ts'))};
    import { spawnSync } from 'node:child_process';
    import { existsSync, writeFileSync } from 'node:fs';
    import { basename, dirname } from 'node:path';
    const sandbox = untrustedSandbox({ root: ${JSON.stringify(ROOT)}, network: false, oneCpu: true, cpus: [0], env: { CG_BENCH_RUN_AS: '65534:65534' } });
    const own = profileDirectory(sandbox, ${JSON.stringify(ROOT)});
    const other = profileDirectory(sandbox, ${JSON.stringify(ROOT)});
    writeFileSync(other + '/cachegrind.out.1', 'the other run\\'s');
    const look = 'ls -A "$1"; echo mine >"$2/cachegrind.out.2"; cat "$3/cachegrind.out.1" 2>/dev/null; exit 0';
    const { argv, env } = sandboxedCommand(sandbox, ['/bin/sh', '-c', look, 'look', dirname(own), own, other], { PATH: process.env.PATH }, true, 0, [own], ${JSON.stringify(ROOT)});
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', cwd: ${JSON.stringify(ROOT)}, env });
    endStrays(sandbox);
    console.log(JSON.stringify({ seal: sandbox.seal, status: r.status, out: r.stdout, err: r.stderr, own: basename(own), other: basename(other), wrote: existsSync(own + '/cachegrind.out.2') }));
  `;
  const seen = scriptAnswer<{
    seal: { tmp: string };
    status: number;
    out: string;
    err: string;
    own: string;
    other: string;
    wrote: boolean;
  }>(script, { TMPDIR: tmp });
  if (seen.seal.tmp !== 'private') return t.skip(`no private temporary directories here: ${JSON.stringify(seen.seal)}`);
  assert.equal(seen.status, 0, seen.err);
  const listed = seen.out.trim().split('\n');
  // Its own staging directory and the seal files' directory, nothing of another run's.
  assert.deepEqual(
    listed.filter((name) => !name.startsWith('seal-')),
    [seen.own],
  );
  assert.doesNotMatch(seen.out, /the other run's/);
  assert.ok(seen.wrote, 'the run wrote into its own staging directory');
});

test("cg-bench's TMPDIR where the code's uid cannot enter (0700, root's): its own files go to /tmp, said once, and the run measures", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const closed = mkdtempSync('/run/cg-bench-closed-');
  const dir = project('benchmarks:\n  - name: one\n    run: [/bin/true]\n');
  chmodSync(dir, 0o755);
  t.after(() => {
    rmSync(closed, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { TMPDIR: closed, CG_BENCH_RUN_AS: CODE } });
  // Before: Valgrind, as the code's uid, could not write its log there ("Cannot create log file"): exit 3.
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /TMPDIR "\/run\/cg-bench-closed-\w+" is not used for cg-bench's own files \(the code's uid cannot enter "\/run\/cg-bench-closed-\w+" \(mode 700\)\): \/tmp is/,
  );
});
