// Whether a benchmark's program can start is told by the run itself (src/run/launch-failure.ts), in
// its own view and as the code's uid, never by a lookup beside it: root's stat of a path the pull
// request names told it, in the published message, whether a file it cannot reach exists ("command
// not found" for one that did not, a run for one that did); and a lookup as the code's uid outside
// the run's namespaces answered for another view (/proc/1/exe is the machine's init there).
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, project, readJson } from '../helpers.ts';

test("a program is judged by the run's own view: one in a directory only root may search reads the same, present or absent; /proc/1/exe is the run's init", {
  skip: process.getuid?.() !== 0 && 'needs root to run the code as another uid',
}, async () => {
  // mkdtemp's directory: mode 0700, root's; not in /tmp, whose named paths a view binds back itself.
  const hidden = mkdtempSync('/run/cg-bench-hidden-');
  after(() => rmSync(hidden, { recursive: true, force: true }));
  writeFileSync(join(hidden, 'prog'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  const dir = project(
    [
      'benchmarks:',
      '  - name: exists',
      `    run: [${join(hidden, 'prog')}]`,
      '  - name: missing',
      `    run: [${join(hidden, 'none')}]`,
      '  - name: init',
      "    run: [/proc/1/exe, -c, 'exit 0']",
      '',
    ].join('\n'),
  );
  chmodSync(dir, 0o755);
  // The code as nobody (root's own checkout would otherwise keep root, with a note).
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  assert.equal(r.code, 3, r.stderr);
  const [present, absent, init] = readJson<Results>(join(dir, 'out', 'results.json')).benchmarks;
  // Valgrind, as the code, may not search the directory: the same words for both, their names aside.
  for (const b of [present!, absent!]) assert.equal(b.status, 'failed', b.name);
  assert.equal(present!.message, `cannot execute ${join(hidden, 'prog')}: EACCES`);
  assert.equal(absent!.message, `cannot execute ${join(hidden, 'none')}: EACCES`);
  // In a pid namespace with a /proc of its own, pid 1 is the run's init shell: it starts (the machine's
  // init, which a lookup beside the run looked at, is not the code's to execute).
  if (init!.seal?.proc === 'own') assert.equal(init!.status, 'ok', init!.message);
});
