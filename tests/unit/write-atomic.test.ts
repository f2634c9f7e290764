// A write that fails on a full disk says truly what is left at the path (issue 23, item 7): "unchanged"
// only when a file is still there; a run has removed its --out's results.json before it starts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeFileAtomic } from '../../src/results/io.ts';
import { tempDir } from '../helpers.ts';

test('ENOSPC: "unchanged" only for a file that is still there', { skip: process.getuid?.() !== 0 && 'needs root to mount a small tmpfs' }, (t) => {
  const small = tempDir('cg-bench-full-');
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]).status !== 0) return t.skip('cannot mount tmpfs here');
  try {
    writeFileSync(join(small, 'kept.json'), 'previous');
    try {
      writeFileSync(join(small, 'filler'), Buffer.alloc(1 << 20));
    } catch {
      // The disk is full now.
    }
    assert.throws(
      () => writeFileAtomic(join(small, 'results.json'), 'x'.repeat(8192)),
      /results\.json: no space left on the device \(ENOSPC\); no file is there now$/,
    );
    assert.throws(
      () => writeFileAtomic(join(small, 'kept.json'), 'x'.repeat(8192)),
      /kept\.json: no space left on the device \(ENOSPC\); the file there is unchanged$/,
    );
    assert.equal(readFileSync(join(small, 'kept.json'), 'utf8'), 'previous');
  } finally {
    spawnSync('umount', [small]);
  }
});

test('a link planted at the temporary name is replaced, never written through', () => {
  const dir = tempDir();
  const victim = join(tempDir(), 'victim');
  writeFileSync(victim, 'untouched\n');
  const path = join(dir, 'results.json');
  symlinkSync(victim, `${path}.${process.pid}.tmp`);
  writeFileAtomic(path, 'written\n');
  assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
  assert.equal(readFileSync(path, 'utf8'), 'written\n');
});
