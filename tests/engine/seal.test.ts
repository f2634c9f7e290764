// The seal a benchmark ran under is part of its result, and its entropy is fixed: real measurements
// through the CLI, compared for equality (or for "not comparable").
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { SHARED_TMP_DIRS } from '../../src/untrusted/environment.ts';
import { CLI, cli, compileC, project, readJson, tempDir, withoutPidNamespaces } from '../helpers.ts';
import { buildEntropyPrograms, ENTROPY_CONFIG } from '../entropy-programs.ts';

const outputs = tempDir('cg-bench-seal-out-');
let runs = 0;

async function measure(dir: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []): Promise<{ results: Results; out: string; stdout: string }> {
  const out = join(outputs, String(runs++));
  const r = await cli(['run', '--out', out, ...extra], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  return { results: readJson(join(out, 'results.json')), out, stdout: r.stdout };
}

test('a run without a pid namespace compared with a sealed one: not comparable, naming the seal; cpus: one that cannot be made stops the run', async () => {
  const dir = project('cpus: all\nbenchmarks:\n  - name: shell\n    run: "/bin/true && true"\n');
  const base = await cli(['run', '--out', join(outputs, 'pid-base'), '--save-baseline', join(dir, 'base.json')], { cwd: dir });
  assert.equal(base.code, 0, base.stderr);
  assert.equal(readJson(join(outputs, 'pid-base', 'results.json')).benchmarks[0]!.seal?.pids, 'own');
  // Without a pid namespace and without a uid of its own to kill what it leaves, a run stops unless told.
  const stopped = await cli(['run', '--out', join(outputs, 'pid-stopped')], { cwd: dir, env: withoutPidNamespaces() });
  assert.equal(stopped.code, 2, stopped.stderr);
  assert.match(stopped.stderr, /no pid namespace can be made here, so a process .* can outlive the run.*CG_BENCH_SEAL=best-effort/);
  const head = await cli(['run', '--out', join(outputs, 'pid-head'), '--baseline', join(dir, 'base.json'), '--format', 'json', '--fail-on-regression'], {
    cwd: dir,
    env: { ...withoutPidNamespaces(), CG_BENCH_SEAL: 'best-effort' },
  });
  assert.equal(head.code, 0, head.stderr);
  const c = (JSON.parse(head.stdout) as { benchmarks: { verdict: string; notComparable?: string }[] }).benchmarks[0]!;
  assert.equal(c.verdict, 'not-comparable');
  assert.match(c.notComparable ?? '', /ran under another seal: pid namespace: its own → none \(the machine's pids\)/);
  assert.equal(readJson(join(outputs, 'pid-head', 'results.json')).benchmarks[0]!.seal?.pids, 'host');

  // cpus: one written out needs the pid namespace: refused, with the way out named; allowed with it,
  // and recorded. The default (no cpus: key) is made where it can be and recorded.
  const byDefault = await measure(project('benchmarks:\n  - name: shell\n    run: "/bin/true && true"\n'), {
    ...withoutPidNamespaces(),
    CG_BENCH_SEAL: 'best-effort',
  });
  assert.equal(byDefault.results.benchmarks[0]!.seal?.cpus, 'host');
  const one = project('cpus: one\nbenchmarks:\n  - name: shell\n    run: "/bin/true && true"\n');
  const refused = await cli(['run', '--out', join(outputs, 'pid-refused')], { cwd: one, env: withoutPidNamespaces() });
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /cannot seal the benchmarks as cg-bench.yml asks: .*one CPU \(cpus: one\).*CG_BENCH_SEAL=best-effort/);
  const weaker = await measure(one, { ...withoutPidNamespaces(), CG_BENCH_SEAL: 'best-effort' });
  assert.deepEqual(weaker.results.benchmarks[0]!.seal, {
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
});

const noRustc = spawnSync('rustc', ['--version']).status !== 0 && 'needs rustc';

test("fixed entropy: getrandom, arc4random, getentropy, /dev/urandom, a Rust HashMap and Python's unseeded random give one count run to run", {
  skip: noRustc,
}, async () => {
  const dir = project(ENTROPY_CONFIG);
  buildEntropyPrograms(dir);
  const first = await measure(dir);
  const second = await measure(dir);
  for (const b of first.results.benchmarks) assert.equal(b.seal?.entropy, 'fixed', b.name);
  const counts = (r: Results) => Object.fromEntries(r.benchmarks.map((b) => [b.name, b.events]));
  assert.deepEqual(counts(second.results), counts(first.results));
});

test('check keeps every function and line in its two outputs (a run keeps those above 0.1 %)', async () => {
  // 100,000 steps of the loop, not 3,000,000: tiny's few instructions are far below 0.1 % of a run
  // either way (start-up alone is some 100,000 Ir), which is all the claim needs; the rest is Valgrind time.
  const dir = project('benchmarks:\n  - name: big-and-tiny\n    run: [./work]\n');
  compileC(
    dir,
    'work',
    `#include <stdio.h>
__attribute__((noinline)) static unsigned long tiny(unsigned long h) { return h * 3 + 1; }
int main(void) {
  unsigned long h = 1;
  for (unsigned long i = 0; i < 100000; i++) h = (h ^ i) * 1099511628211UL;
  printf("%lu\\n", tiny(h));
  return 0;
}
`,
  );
  const run = await measure(dir);
  assert.ok(!run.results.benchmarks[0]!.functions.some((f) => f.fn === 'tiny'), 'a run leaves out a function of a few instructions');
  const out = join(outputs, 'check');
  const r = await cli(['check', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  for (const side of ['check-1', 'check-2']) {
    const b = readJson(join(out, side, 'results.json')).benchmarks[0]!;
    assert.equal(b.allFunctions, true, side);
    assert.ok(
      b.functions.some((f) => f.fn === 'tiny'),
      `${side} keeps tiny`,
    );
    assert.ok(b.functions.length > run.results.benchmarks[0]!.functions.length, side);
  }
});

test('each run has its own empty /tmp, /var/tmp and /dev/shm: what a head or another run left there does not reach the count, and nothing stays', async () => {
  // Before: the base's count moved from 501,533 to 486,206 Ir once a head's setup had left these files.
  const leftovers = SHARED_TMP_DIRS.map((dir) => join(dir, `cg-bench-leftover-${process.pid}`));
  const reads = `cat ${leftovers.join(' ')} 2>/dev/null; true`;
  const writes = leftovers.map((file) => `echo left > ${file}`).join('; ');
  const base = project(`benchmarks:\n  - name: reads-tmp\n    run: "${reads}"\n`);
  // The head's setup and its benchmark both leave files where the base's benchmark looks.
  const head = project(`setup:\n  - "${writes}"\nbenchmarks:\n  - name: writes-tmp\n    run: "${writes}"\n`);
  const counts = (r: Results) => r.benchmarks.map((b) => [b.name, b.events]);
  try {
    const clean = await measure(base);
    await measure(head);
    for (const file of leftovers) assert.ok(!existsSync(file), `${file} outlived the head's run`);
    const afterHead = await measure(base);
    assert.deepEqual(counts(afterHead.results), counts(clean.results));
    // Left by something else on the machine (another job, a run without the seal).
    for (const file of leftovers) writeFileSync(file, 'planted by another run\n');
    const planted = await measure(base);
    assert.deepEqual(counts(planted.results), counts(clean.results));
    assert.equal(clean.results.benchmarks[0]!.seal?.tmp, 'private');
  } finally {
    for (const file of leftovers) rmSync(file, { force: true });
  }
});

/** What a setup command or a benchmark prints: the pids its /proc lists, then its own pid as it reads it. */
const lists = (who: string) => `for p in /proc/[0-9]*; do printf '%s ' "\${p#/proc/}"; done; read s < /proc/self/stat; echo "${who} self \${s%% *}"`;

/**
 * One project measured as root and as uid 65534, for the two tests that compare the two (measured
 * once: the same two runs answer both): a setup command and a benchmark that list their /proc, and
 * /usr/bin/env.
 */
let rootAndNobody: Promise<{ asRoot: Awaited<ReturnType<typeof measure>>; asNobody: Awaited<ReturnType<typeof measure>> }> | undefined;
function measuredAsRootAndAsNobody() {
  rootAndNobody ??= (async () => {
    const dir = project(
      `setup:\n  - ${JSON.stringify(lists('setup'))}\nbenchmarks:\n  - name: procs\n    run: ${JSON.stringify(lists('benchmark'))}\n  - name: env\n    run: [/usr/bin/env]\n`,
    );
    const asRoot = await measure(dir);
    const asNobody = await measure(dir, { CG_BENCH_RUN_AS: '65534:65534' });
    return { asRoot, asNobody };
  })();
  return rootAndNobody;
}

test("as another uid in a project it may not reach by its path (under a mkdtemp directory in /tmp, as CI's workspaces in a suite's TMPDIR are): the view is made all the same, private temporary directories included", async () => {
  // Before: the view's shell could not bind the working directory back (not searchable by the code's
  // uid), the probe failed, and the run lost the whole view: the host's CPUs, the system's entropy.
  const { asRoot, asNobody } = await measuredAsRootAndAsNobody();
  const env = (r: Results) => r.benchmarks.find((b) => b.name === 'env')!;
  assert.equal(env(asNobody.results).seal?.tmp, 'private', readFileSync(join(asNobody.out, 'setup.log'), 'utf8'));
  assert.deepEqual(env(asNobody.results).events, env(asRoot.results).events);
});

test('a setup command and a benchmark see a /proc of their own pid namespace: its processes only, their pids as it numbers them, as root and as uid 65534', async () => {
  // Before: the namespace had no procfs of its own; a benchmark listed the machine's processes (158)
  // and read its own pid as the machine's (1423), and every listed process's command line.
  const { asRoot, asNobody } = await measuredAsRootAndAsNobody();
  for (const [env, run] of [
    [{}, asRoot],
    [{ CG_BENCH_RUN_AS: '65534:65534' }, asNobody],
  ] as const) {
    const seen = (log: string, who: string) => {
      const line = readFileSync(log, 'utf8')
        .split('\n')
        // The setup log echoes the command first ("$ …"), then its output.
        .find((l) => !l.startsWith('$') && l.includes(`${who} self `));
      assert.ok(line, `${who}: no line in ${log}`);
      const [pids, self] = line.split(`${who} self `) as [string, string];
      return { pids: pids.trim().split(' ').map(Number), self: Number(self) };
    };
    const setup = seen(join(run.out, 'setup.log'), 'setup');
    const benchmark = seen(join(run.out, 'benchmarks', '01-procs', 'stdout.log'), 'benchmark');
    // The namespace's init (1) and the command (2); nothing of the machine's, this test's process least of all.
    for (const [who, seenThere] of [
      ['setup', setup],
      ['benchmark', benchmark],
    ] as const) {
      assert.deepEqual(seenThere.pids, [1, 2], `${who} (${JSON.stringify(env)}) lists ${seenThere.pids.join(' ')}`);
      assert.equal(seenThere.self, 2, who);
    }
    assert.equal(run.results.benchmarks[0]!.seal?.proc, 'own');
  }
});

test('a command that only probes the sandbox (cg-bench env) leaves no private temporary directory behind', async () => {
  // Before: each view its probes made left .cg-bench-private-<pid>.<pid> in /tmp, /var/tmp and /dev/shm
  // until the next run swept it.
  const dir = project('benchmarks:\n  - name: t\n    run: [/bin/true]\n');
  const child = spawn(process.execPath, [CLI, 'env'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0, stderr);
  const left = SHARED_TMP_DIRS.flatMap((tmp) => readdirSync(tmp).filter((name) => name.startsWith(`.cg-bench-private-${child.pid}.`)));
  assert.deepEqual(left, []);
});
