// A benchmark's program is looked up as the code's uid (src/untrusted/program.ts), never as root:
// root's stat of a path the pull request names told it, in the published message, whether a file it
// cannot reach exists ("command not found" for one that does not, a failed run for one that does).
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, project, readJson } from '../helpers.ts';

test('a program in a directory only root may search reads as not found, whether it exists or not', {
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
  const [exists, missing] = readJson<Results>(join(dir, 'out', 'results.json')).benchmarks;
  assert.equal(exists!.message!.replace('/prog', '/X'), missing!.message!.replace('/none', '/X'));
  assert.match(exists!.message!, /^command not found: /);
});
