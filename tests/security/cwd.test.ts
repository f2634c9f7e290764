// cg-bench (root) starts each benchmark in its working directory before the code's uid is taken.
// A setup command could swap that directory for a link: entering it by path, root followed the link
// anywhere root may go, and the code (uid 65534) worked in a directory it could not reach itself.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson, tempDir } from '../helpers.ts';

test('a benchmark whose working directory a setup command swapped for a link is not started there', {
  skip: process.getuid?.() !== 0 && 'needs root to run the code as another uid',
}, async (t) => {
  // A directory only root may search (mkdtemp's), holding one every uid may read.
  const hidden = tempDir('cg-bench-hidden-');
  mkdirSync(join(hidden, 'inner'), { mode: 0o755 });
  writeFileSync(join(hidden, 'inner', 'secret'), 'SECRET-4711\n', { mode: 0o644 });
  const config = [
    'setup:',
    `  - rmdir sub && ln -s ${join(hidden, 'inner')} sub`,
    'benchmarks:',
    '  - name: peek',
    '    cwd: sub',
    '    run: [/bin/sh, -c, "cat secret"]',
    '',
  ].join('\n');
  const dir = project(config);
  mkdirSync(join(dir, 'sub'));
  chmodSync(dir, 0o755);
  chownSync(dir, 65534, 65534);
  chownSync(join(dir, 'sub'), 65534, 65534);
  const out = join(tempDir(), 'out');
  t.after(() => {
    for (const path of [hidden, dir, join(out, '..')]) rmSync(path, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', out], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  const logs = ['stdout.log', 'stderr.log']
    .map((name) => {
      try {
        return readFileSync(join(out, 'benchmarks', '01-peek', name), 'utf8');
      } catch {
        return '';
      }
    })
    .join('');
  // Before: the benchmark printed SECRET-4711 and was measured.
  assert.doesNotMatch(logs, /SECRET-4711/);
  assert.notEqual(r.code, 0, r.stdout + r.stderr);
  const message = readJson(join(out, 'results.json')).benchmarks[0]?.message ?? '';
  assert.match(message, /the working directory \S+\/sub now leads to \S+\/inner \(a link put on its way after the configuration was read\): not entered/);
});
