// The environment a benchmark's `env:` gives its code reached every program cg-bench started around
// that code: as root, a pull request's LD_PRELOAD (a .so its setup command built) ran in taskset,
// unshare, setpriv and the view's mounts with root's rights, and its PATH chose which `taskset` root
// ran. And cg-bench's own environment (the CI tokens) was given to rm and kill started as the code's
// uid, whose other processes read it from /proc/PID/environ. Every such program now gets a fixed
// environment; the code gets its own from `env -i`, the last program before it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { killAll, processesMentioning } from '../engine/processes.ts';
import { cli, tempDir, withoutPidNamespaces } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const WRAPPERS = ['taskset', 'unshare', 'setpriv', 'mount', 'mkdir', 'mktemp', 'rm', 'env', 'kill', 'valgrind'];
const CANARY = `canary-token-${process.pid}`;
const hasCc = spawnSync('sh', ['-c', 'command -v cc'], { stdio: 'ignore' }).status === 0;

/** Programs named `names` in `bin` that log who ran them, and whether the canary was in their environment, to `log`. */
function loggingWrappers(bin: string, log: string, names: readonly string[]): void {
  mkdirSync(bin, { recursive: true });
  for (const name of names) {
    const real = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (!real) continue;
    writeFileSync(
      join(bin, name),
      `#!/bin/sh\necho "${name} uid=$(id -u) canary=$(env | grep -c '${CANARY}')" >> ${log}\nPATH=/usr/sbin:/usr/bin:/sbin:/bin exec ${real} "$@"\n`,
    );
    chmodSync(join(bin, name), 0o755);
  }
}

/** The code's uid owns the checkout, as a CI checkout is given to it. */
function giveTo(dir: string, uid: number): void {
  chmodSync(dir, 0o755);
  for (const name of ['', ...readdirSync(dir, { recursive: true }).map(String)]) chownSync(join(dir, name), uid, uid);
}

test("a benchmark's env: (PATH, LD_PRELOAD) reaches none of the programs cg-bench starts around the code, as root", {
  skip: !isRoot && 'needs root: the programs around the code run as root only then',
}, async (t) => {
  const uid = 62_000 + (process.pid % 1000);
  const dir = tempDir('cg-bench-code-env-');
  const marker = join(dir, 'marker.log');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // The pull request's own programs, first on its PATH: the code itself never runs them.
  loggingWrappers(
    join(dir, 'bin'),
    marker,
    WRAPPERS.filter((name) => name !== 'env' && name !== 'valgrind'),
  );
  let preload = '';
  if (hasCc) {
    writeFileSync(
      join(dir, 'spy.c'),
      [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        '#include <unistd.h>',
        '__attribute__((constructor)) static void spy(void) {',
        `  FILE *f = fopen("${marker}", "a");`,
        '  if (!f) return;',
        `  const char *token = getenv("GITHUB_TOKEN");`,
        '  char exe[256] = ""; ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1); if (n > 0) exe[n] = 0;',
        '  fprintf(f, "preload uid=%d canary=%d exe=%s\\n", (int)getuid(), token != NULL, exe);',
        '  fclose(f);',
        '}',
        '',
      ].join('\n'),
    );
    assert.equal(spawnSync('cc', ['-shared', '-fPIC', '-o', join(dir, 'spy.so'), join(dir, 'spy.c')]).status, 0);
    preload = `      LD_PRELOAD: ${join(dir, 'spy.so')}\n`;
  }
  writeFileSync(
    join(dir, 'cg-bench.yml'),
    `benchmarks:\n  - name: wrapped\n    run: /bin/true\n    env:\n      PATH: ${join(dir, 'bin')}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n${preload}`,
  );
  writeFileSync(marker, '');
  chmodSync(marker, 0o666);
  giveTo(dir, uid);
  // As root, the code in a user namespace of its own; and as a uid of its own (setpriv first).
  for (const env of [{}, { CG_BENCH_RUN_AS: `${uid}:${uid}` }]) {
    writeFileSync(marker, '');
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { ...env, GITHUB_TOKEN: CANARY } });
    assert.equal(r.code, 0, r.stderr);
    const lines = readFileSync(marker, 'utf8').split('\n').filter(Boolean);
    // The pull request's wrappers on its PATH never ran; its preload ran only in the code (Valgrind and
    // what it runs), never as root and never with cg-bench's environment.
    assert.deepEqual(
      lines.filter((line) => !line.startsWith('preload ')),
      [],
      "a program on the code's PATH ran in its place",
    );
    assert.deepEqual(
      lines.filter((line) => / uid=0 /.test(line) || !/ canary=0 /.test(line)),
      [],
      "the code's LD_PRELOAD ran as root or saw the token",
    );
    if (hasCc) assert.ok(lines.length > 0, 'the code got its LD_PRELOAD');
  }
});

test("the programs cg-bench starts as the code's uid (setpriv: rm, kill, the code) carry none of cg-bench's environment", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const uid = 61_000 + (process.pid % 1000);
  const marker = `9${process.pid % 1000}.${Date.now() % 1000}3`;
  const root = tempDir('cg-bench-own-env-');
  chmodSync(root, 0o755);
  const log = join(root, 'wrappers.log');
  const dir = join(root, 'project');
  mkdirSync(dir);
  // A setup command leaves a process of the code's uid running (what the stray kill is for); the
  // benchmark writes into its private /tmp, which is removed as its owner.
  writeFileSync(
    join(dir, 'cg-bench.yml'),
    ['setup:', `  - setsid /bin/sh -c 'sleep ${marker} & exit 0'`, 'benchmarks:', '  - name: leaves', '    run: "touch /tmp/left"', ''].join('\n'),
  );
  giveTo(dir, uid);
  const noPidNamespaces = withoutPidNamespaces();
  const bin = join(root, 'bin');
  loggingWrappers(bin, log, ['setpriv']);
  t.after(() => {
    killAll(processesMentioning(marker));
    rmSync(root, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(root, 'out')], {
    cwd: dir,
    env: { CG_BENCH_OWN_PATH: `${bin}:${noPidNamespaces['CG_BENCH_OWN_PATH']}`, CG_BENCH_RUN_AS: `${uid}:${uid}`, GITHUB_TOKEN: CANARY, CI_JOB_TOKEN: CANARY },
  });
  assert.equal(r.code, 0, r.stderr);
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  assert.ok(lines.length >= 3, `setpriv ran for the setup, the benchmark and the removals: ${lines.join('; ')}`);
  assert.deepEqual(
    lines.filter((line) => !line.endsWith(' canary=0')),
    [],
    "a program started as the code's uid got cg-bench's environment",
  );
});
