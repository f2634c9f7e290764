// The sandbox's probes (a namespace, a view, each run with `true`: ~30 processes before the first
// benchmark) are kept per machine once they worked (untrusted/kept-probes.ts): a second run starts
// none, measures the same and records the same seal; when a kept answer then fails the run, the
// suite probes again and runs again what failed (the setup commands and benchmarks, or the benchmarks
// only), saying why once and showing no line of the attempt that failed (issue 26).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { terminalProgress } from '../../src/run/progress.ts';
import { cli, project, readJson, SYSTEM_PATH, tempDir } from '../helpers.ts';

test('a second run starts no sandbox probe and measures the same; a kept view that then fails is probed again and what failed run again, said once, with no FAILED line', async (t) => {
  const dir = project(['setup:', '  - echo set up', 'benchmarks:', '  - name: nothing', '    run: [/bin/true]', ''].join('\n'));
  const scratch = tempDir();
  // Searchable by the code's uid (the project, and bin/ on its PATH), so that a view can bind them back into private temporary directories.
  for (const d of [dir, scratch]) chmodSync(d, 0o755);
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });
  // unshare logged as it is called; while `refuse` exists, refusing a mount namespace: every view, or
  // with "measured" in it the measured runs' only (those that map the code to the overflow uid).
  const overflow = readFileSync('/proc/sys/kernel/overflowuid', 'utf8').trim();
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  const log = join(scratch, 'unshare.log');
  const refuse = join(scratch, 'refuse');
  const real = ['/usr/bin/unshare', '/bin/unshare'].find((p) => existsSync(p));
  if (!real) return t.skip('no unshare');
  writeFileSync(
    join(bin, 'unshare'),
    [
      '#!/bin/sh',
      `for a in "$@"; do last=$a; case $a in --mount) mount=1 ;; --map-user=${overflow}) measured=1 ;; esac; done`,
      `echo "$last" >>${log}`,
      `if [ -e ${refuse} ] && [ -n "$mount" ]; then [ "$(cat ${refuse})" = measured ] && [ -z "$measured" ] || exit 1; fi`,
      `exec ${real} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'unshare'), 0o755);
  const env = { ...process.env, CG_BENCH_OWN_PATH: `${bin}:${SYSTEM_PATH}`, XDG_CACHE_HOME: join(scratch, 'cache'), CG_BENCH_PROBE_CACHE: '1' };
  const run = async (out: string) => {
    writeFileSync(log, '');
    const r = await cli(['run', '--out', out], { cwd: dir, env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const [result] = readJson(join(dir, out, 'results.json')).benchmarks;
    // A probe runs `true` last; a measured run (and the sandbox's view of it) does not.
    const probes = readFileSync(log, 'utf8')
      .split('\n')
      .filter((last) => last === 'true').length;
    return { probes, events: result!.events, seal: result!.seal, stderr: r.stderr, setupLog: readFileSync(join(dir, out, 'setup.log'), 'utf8') };
  };
  const first = await run('first');
  if (first.seal?.tmp !== 'private') return t.skip(`no sealed view here: ${JSON.stringify(first.seal)}`);
  assert.ok(first.probes > 0, 'the first run probes');
  const second = await run('second');
  // Before: every run probed (4 here: two namespaces, the measured view, setup's).
  assert.equal(second.probes, 0, 'the second run takes the kept answers');
  assert.deepEqual(second.events, first.events);
  assert.deepEqual(second.seal, first.seal);
  const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;
  // Views refused from now on (a sysctl, an AppArmor profile): the kept answer fails the setup, which
  // probes again and runs again. Before: said after the first attempt's lines, for the benchmarks' too.
  writeFileSync(refuse, 'all');
  const refused = await run('refused');
  assert.equal(count(refused.stderr, /no longer works here/), 1, refused.stderr);
  assert.match(refused.stderr, /and the run stopped in the sandbox made with it \(setup command failed .*\): probed again, setting up and measuring again/);
  assert.doesNotMatch(refused.stderr, /FAILED|✗/);
  assert.ok(refused.probes > 0);
  assert.equal(refused.seal?.tmp, 'shared');
  // The stale answers are gone: the next run probes again, and keeps what works once views do.
  rmSync(refuse);
  const again = await run('again');
  assert.ok(again.probes > 0);
  assert.deepEqual(again.seal, first.seal);
  assert.deepEqual(again.events, first.events);
  // Only the measured runs' view refused: the setup passes in the kept one; the benchmark fails in the
  // stale sandbox. Before: its "✗ nothing: FAILED" line came first, then the whole suite (setup
  // included) ran again. Now: no line of that attempt, one reason, the setup run once.
  writeFileSync(refuse, 'measured');
  const measured = await run('measured');
  assert.equal(count(measured.stderr, /no longer works here/), 1, measured.stderr);
  assert.match(measured.stderr, /benchmark "nothing" failed in the sandbox made with it\): probed again, measuring the benchmarks again/);
  assert.doesNotMatch(measured.stderr, /FAILED|✗/);
  assert.equal(count(measured.stderr, /setup: echo set up/), 1, measured.stderr);
  assert.equal(count(measured.stderr, /✓ nothing/), 1, measured.stderr);
  assert.equal(measured.seal?.tmp, 'shared');
  assert.deepEqual(measured.events, first.events);
  // setup.log says what the benchmarks were measured in at last.
  assert.match(measured.setupLog, /the benchmarks were measured again, in a sandbox probed anew:\n(?:# .*\n)*# benchmarks share \/tmp/);
});

test('on a terminal, measuring again clears the status line, says why once and counts from none', () => {
  let written = '';
  const stream = { write: (t: string) => ((written += t), true), columns: 100, isTTY: true } as unknown as NodeJS.WriteStream;
  const progress = terminalProgress(stream, () => 1_000);
  progress.start('sort', 0, 2, undefined);
  progress.start('parse', 1, 2, undefined);
  progress.again('cg-bench: measuring again');
  progress.start('sort', 0, 2, undefined);
  progress.close();
  assert.match(written, /\r\x1b\[Kcg-bench: measuring again\n/);
  // The first attempt's "parse" is no longer shown running, and nothing of it is counted done.
  assert.match(written, /cg-bench: measuring again\n\r\x1b\[K\[0\/2 done\] running sort 0ms\r\x1b\[K$/);
});
