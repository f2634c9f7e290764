// Keeps the evidence scripts working: their fast mode runs every figure that needs no image, with
// tiny sizes. It checks that they run and print; it asserts no timing (figures are not tests).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers.ts';

test('bench/evidence.ts --smoke prints every figure', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'evidence.ts'), '--smoke'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  for (const title of ['1. Stability', '3. Overhead', '4. Scaling', '5. Sensitivity', '6. Fidelity'])
    assert.match(r.stdout, new RegExp(`^${title.replace('.', '\\.')}`, 'm'));
  assert.match(r.stdout, /distinct values[\s\S]*c-qsort-200k\s+[\d,]+\s+1\s/, 'one distinct value over the runs');
  assert.match(r.stdout, /results identical: yes/);
});
