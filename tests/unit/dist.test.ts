import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { ROOT } from '../helpers.ts';

test('dist/ is what src/ builds to (the image and the action run dist/)', () => {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
