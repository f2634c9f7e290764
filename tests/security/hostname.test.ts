// The machine's host name reached the count of a program that reads it (Python's
// socket.gethostname: 89,036,699 against 89,039,259 cycles under two names, the attack pass of
// round 8). A measured run's view now sets a fixed one in a UTS namespace of its own (seal.hostname).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, project, readJson } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;

test('the host name does not reach the count: two machine names, one count, and the code sees cg-bench', {
  skip: !isRoot && 'needs root for a UTS namespace of the test',
}, async (t) => {
  const dir = project(['benchmarks:', '  - name: uname', '    run: [/bin/uname, -n]', ''].join('\n'));
  chmodSync(dir, 0o755);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const seen: { cycles: number; printed: string; view: boolean }[] = [];
  for (const host of ['a', 'a-much-longer-host-name-of-a-ci-runner']) {
    const out = join(dir, `out-${host.length}`);
    // cg-bench itself under each name, as on two machines.
    const r = spawnSync('unshare', ['--uts', '/bin/sh', '-c', `hostname ${host} && exec "$@"`, 'sh', process.execPath, CLI, 'run', '--out', out], {
      cwd: dir,
      env: { ...process.env, CG_BENCH_RUN_AS: '65534:65534' },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const [result] = readJson(join(out, 'results.json')).benchmarks;
    const printed = readFileSync(join(out, result!.logs.stdout), 'utf8').trim();
    seen.push({ cycles: result!.estimatedCycles!, printed, view: result!.seal?.tmp === 'private' });
  }
  // A view (a user and mount namespace as its root) is what sets the name: where none can be made, nothing to check.
  if (!seen[0]!.view) return t.skip(`no sealed view here: ${JSON.stringify(seen)}`);
  // Before: the longer name counted more.
  assert.equal(seen[0]!.cycles, seen[1]!.cycles);
  assert.deepEqual(
    seen.map((s) => s.printed),
    ['cg-bench', 'cg-bench'],
  );
});
