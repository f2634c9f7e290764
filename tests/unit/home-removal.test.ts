// A benchmark's private HOME is removed after its run without holding the main thread: with
// spawnSync the event loop stopped for each rm (~10 ms a benchmark), while the other jobs' runs
// waited to be started or read (issue 26, --jobs).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { withPrivateHome } from '../../src/run/private-home.ts';
import { NO_SANDBOX } from '../../src/untrusted/sandbox.ts';
import { SYSTEM_PATH, tempDir } from '../helpers.ts';

test("a benchmark's HOME is removed while the event loop runs on", async (t) => {
  const dir = tempDir();
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const go = join(dir, 'go');
  const log = join(dir, 'rm.log');
  const real = ['/usr/bin/rm', '/bin/rm'].find((p) => existsSync(p));
  if (!real) return t.skip('no rm');
  // rm waits for a file a timer of this process makes (at most ~5 s): it only appears if the loop runs meanwhile.
  writeFileSync(
    join(bin, 'rm'),
    `#!/bin/sh\ni=0\nwhile [ ! -e ${go} ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done\n[ -e ${go} ] && echo saw >>${log} || echo waited >>${log}\nexec ${real} "$@"\n`,
  );
  chmodSync(join(bin, 'rm'), 0o755);
  process.env['CG_BENCH_OWN_PATH'] = `${bin}:${SYSTEM_PATH}`;
  t.after(() => {
    delete process.env['CG_BENCH_OWN_PATH'];
    rmSync(dir, { recursive: true, force: true });
  });
  let home = '';
  await withPrivateHome(`home-removal-${process.pid}`, NO_SANDBOX, async (h) => {
    home = h;
    writeFileSync(join(h, 'left'), 'x');
    setTimeout(() => writeFileSync(go, ''), 0);
  });
  assert.equal(existsSync(home), false, 'removed');
  // Before: spawnSync held the loop, the timer never ran while rm waited.
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['saw']);
});
