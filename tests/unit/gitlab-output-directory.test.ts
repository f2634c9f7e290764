// The GitLab job writes its reports into cg-bench-results in the checkout, as root: a merge request
// that commits that path as a link (or links inside it) must not make cg-bench write through them.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { freshOutputDirectory } from '../../src/gitlab/output-directory.ts';
import { tempDir } from '../helpers.ts';

test('a committed link at cg-bench-results, or links in it, are removed, never written through', () => {
  const target = tempDir();
  writeFileSync(join(target, 'keep'), "not cg-bench's\n");
  const checkout = tempDir();
  const out = join(checkout, 'cg-bench-results');
  symlinkSync(target, out);
  freshOutputDirectory(out);
  assert.ok(lstatSync(out).isDirectory() && !lstatSync(out).isSymbolicLink());
  writeFileSync(join(out, 'junit.xml'), '<testsuites/>');
  assert.deepEqual(readdirSync(target), ['keep'], 'nothing was written where the link pointed');

  const other = tempDir();
  const inside = join(other, 'cg-bench-results');
  mkdirSync(join(inside, 'head'), { recursive: true });
  symlinkSync(join(target, 'keep'), join(inside, 'junit.xml'));
  symlinkSync(target, join(inside, 'head', 'benchmarks'));
  freshOutputDirectory(inside);
  assert.deepEqual(readdirSync(inside), []);
  assert.ok(existsSync(join(target, 'keep')));
});

test("a merge job keeps the shards' artifacts GitLab extracted, and refuses a shards link", () => {
  const checkout = tempDir();
  const out = join(checkout, 'cg-bench-results');
  mkdirSync(join(out, 'shards', '1'), { recursive: true });
  writeFileSync(join(out, 'shards', '1', 'shard.json'), '{}');
  symlinkSync('/etc/passwd', join(out, 'report.md'));
  freshOutputDirectory(out, ['shards']);
  assert.deepEqual(readdirSync(out), ['shards']);
  assert.deepEqual(readdirSync(join(out, 'shards', '1')), ['shard.json']);

  const linked = join(tempDir(), 'cg-bench-results');
  mkdirSync(linked);
  symlinkSync(tempDir(), join(linked, 'shards'));
  assert.throws(() => freshOutputDirectory(linked, ['shards']), /shards: is not a directory \(a link\?\)/);
});
