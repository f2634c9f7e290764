import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { IMAGE_TAG, imageReference } from '../../src/github/run.ts';
import { ROOT, tempDir } from '../helpers.ts';

function actionDir(lock: unknown): string {
  const dir = tempDir('cg-bench-action-dir-');
  if (lock !== undefined) writeFileSync(join(dir, 'image.lock.json'), typeof lock === 'string' ? lock : JSON.stringify(lock));
  return dir;
}

test('without a released digest the action uses the image tag README names (v1), never v0', () => {
  assert.equal(IMAGE_TAG, 'v1');
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /uses: org\/cg-bench@v1\b/);
  assert.equal(imageReference({ image: '' }, actionDir({ image: 'ghcr.io/org/cg-bench', version: null, digest: null })), 'ghcr.io/org/cg-bench:v1');
  assert.equal(imageReference({ image: '' }, actionDir(undefined)), 'ghcr.io/org/cg-bench:v1', 'no lock file');
  assert.equal(imageReference({ image: '' }, actionDir('not json {')), 'ghcr.io/org/cg-bench:v1', 'an unreadable lock file');
  assert.equal(imageReference({ image: '' }, actionDir({ digest: null })), 'ghcr.io/org/cg-bench:v1', 'a lock file without an image');
  // The repository's own lock file, as dist/action.js reads it from the action's directory.
  const lock = JSON.parse(readFileSync(join(ROOT, 'image.lock.json'), 'utf8')) as { image: string; digest: string | null };
  assert.equal(imageReference({ image: '' }, ROOT), lock.digest ? `${lock.image}@${lock.digest}` : `${lock.image}:v1`);
});

test('a released digest pins the image; the image input overrides everything', () => {
  const digest = `sha256:${'a'.repeat(64)}`;
  assert.equal(
    imageReference({ image: '' }, actionDir({ image: 'ghcr.io/org/cg-bench', tag: 'v1', version: '1.2.0', digest })),
    `ghcr.io/org/cg-bench@${digest}`,
  );
  assert.equal(imageReference({ image: 'registry.example/mine:3' }, actionDir({ image: 'ghcr.io/org/cg-bench', digest })), 'registry.example/mine:3');
});
