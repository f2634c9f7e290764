// A benchmark's program is looked up as the code's uid (src/untrusted/program.ts), never as root:
// root's stat of a path the pull request names told it, in the published message, whether a file it
// cannot reach exists (the check's "command not found" for one that did not, a run for one that did).
// Where the code cannot enter the directory, the check now says nothing and the run decides, in the
// view that binds what it is handed.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, project, readJson } from '../helpers.ts';

test('a program in a directory only root may search gets no up-front verdict, whether it exists or not', {
  skip: process.getuid?.() !== 0 && 'needs root to run the code as another uid',
}, async () => {
  // mkdtemp's directory: mode 0700, root's; not in /tmp, whose named paths a view binds back itself.
  const hidden = mkdtempSync('/run/cg-bench-hidden-');
  after(() => rmSync(hidden, { recursive: true, force: true }));
  writeFileSync(join(hidden, 'prog'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  const dir = project(
    ['benchmarks:', '  - name: exists', `    run: [${join(hidden, 'prog')}]`, '  - name: missing', `    run: [${join(hidden, 'none')}]`, ''].join('\n'),
  );
  chmodSync(dir, 0o755);
  // The code as nobody (root's own checkout would otherwise keep root, with a note).
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  assert.equal(r.code, 3, r.stderr);
  const benchmarks = readJson<Results>(join(dir, 'out', 'results.json')).benchmarks;
  // The check's messages name the program first; a run's say how it ended.
  for (const b of benchmarks) assert.doesNotMatch(b.message ?? '', /^(command not found|not a file|cannot execute)/, b.name);
  // Neither was measured (tests/engine/bad-input.test.ts has the check's messages where the code may look).
  assert.ok(benchmarks.every((b) => b.status === 'failed'));
  // And the run says the same of both, their names aside (Valgrind as the code: "Permission denied").
  const [present, absent] = benchmarks.map((b) => [b.exitCode, (b.message ?? '').replace(/\/(prog|none)\b/, '/NAME')]);
  assert.deepEqual(present, absent);
});
