// SIGINT/SIGTERM to cg-bench stop every Valgrind and setup process, leave no file half-written,
// keep a saved baseline byte for byte, and exit 130/143. A setup command that hangs is killed, with
// everything it started, after setup-timeout (exit 3, naming the command).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { homeFor } from '../../src/run/private-home.ts';
import { CLI, cli, compileC, project } from '../helpers.ts';
import { eventually, killAll, processesMentioning } from './processes.ts';

const SPIN = `int main(void) { volatile unsigned long n = 0; for (;;) n++; }\n`;
const QUICK = `int main(void) { return 0; }\n`;

function start(args: string[], cwd: string) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
}

describe('interrupting cg-bench', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    test(`${signal} mid-run: exit ${code}, every Valgrind stopped, the saved baseline intact, no results.json`, async () => {
      const dir = project('benchmarks:\n  - name: quick\n    run: [./quick]\n');
      compileC(dir, 'quick', QUICK);
      compileC(dir, 'spin', SPIN);
      const saved = await cli(['run', '--save-baseline', 'base.json', '--out', 'out'], { cwd: dir });
      assert.equal(saved.code, 0, saved.stderr);
      const baseline = readFileSync(join(dir, 'base.json'));
      writeFileSync(join(dir, 'spin.yml'), 'benchmarks:\n  - name: spin-1\n    run: [./spin]\n  - name: spin-2\n    run: [./spin]\n');

      // Into the directory of the saved run: its results.json would now name logs that are gone.
      assert.ok(existsSync(join(dir, 'out', 'results.json')));
      const run = start(['run', '--config', 'spin.yml', '--jobs', '2', '--baseline', 'base.json', '--save-baseline', 'base.json', '--out', 'out'], dir);
      try {
        // Both benchmarks under Valgrind at once (they run in the project directory).
        // The Valgrind tool processes themselves (not the sandbox's unshare and shell around them).
        const spinning = () => processesMentioning(dir).filter((p) => /cachegrind-[\w]+-linux$/.test(p.exe));
        assert.ok(await eventually(() => spinning().length === 2), `two Valgrind processes never ran; stderr: ${run.stderr()}`);

        run.child.kill(signal);
        const exit = await run.exited;
        assert.deepEqual(exit, { code, signal: null }, run.stderr());
        // The two benchmarks, and the fingerprint's probe under Valgrind when it is still running beside them.
        const stopped = new RegExp(`interrupted by ${signal}: stopped (\\d+) running process group\\(s\\)`).exec(run.stderr());
        assert.ok(stopped && Number(stopped[1]) >= 2, run.stderr());
        assert.ok(await eventually(() => processesMentioning(dir).length === 0, 10_000), `left running: ${JSON.stringify(processesMentioning(dir))}`);
      } finally {
        run.child.kill('SIGKILL');
        killAll(processesMentioning(dir));
      }
      assert.deepEqual(readFileSync(join(dir, 'base.json')), baseline, 'the saved baseline changed');
      assert.equal(existsSync(join(dir, 'out', 'results.json')), false, 'a results.json after an interrupted run');
      assert.deepEqual(
        readdirSync(dir).filter((n) => n.endsWith('.tmp')),
        [],
        'temporary files left',
      );
      // A lock left behind would name a pid that a later process may get.
      for (const name of ['spin-1', 'spin-2']) assert.equal(existsSync(`${homeFor(name)}.lock`), false, `${name}'s private HOME still locked`);
      assert.equal(existsSync(join(dir, 'out', '.cg-bench.lock')), false, '--out still locked');
    });
  }
});

describe('setup-timeout', () => {
  test('a hanging setup command is killed with everything it started, named, exit 3', async () => {
    const dir = project('setup-timeout: 1s\nsetup:\n  - ./hang 1000 & ./hang 1000\nbenchmarks:\n  - name: never\n    run: [/bin/true]\n');
    // A copy of sleep at a path unique to this test, so /proc tells its processes apart.
    copyFileSync('/bin/sleep', join(dir, 'hang'));
    chmodSync(join(dir, 'hang'), 0o755);
    const r = await cli(['run'], { cwd: dir });
    const gone = await eventually(() => processesMentioning(join(dir, 'hang')).length === 0, 10_000);
    const left = processesMentioning(join(dir, 'hang'));
    killAll(left);
    assert.equal(r.code, 3, r.stderr);
    assert.match(
      r.stderr,
      /setup command failed \(timed out after 1\.0s; set "setup-timeout" in cg-bench\.yml to allow longer\): \.\/hang 1000 & \.\/hang 1000/,
    );
    assert.ok(gone, `left running: ${JSON.stringify(left)}`);
  });

  test('setup-timeout must be a duration', async () => {
    const dir = project('setup-timeout: soon\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n');
    const r = await cli(['run'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cg-bench\.yml:1:\d+: setup-timeout/);
  });
});
