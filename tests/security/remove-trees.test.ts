// removeTrees and emptyOwnPlace (untrusted/remove.ts) empty cg-bench's own places the code may have written in: the
// image workspace between the two sides, a base worktree, cg-bench-results in a checkout (review r12).
// As the owner (removeAsOwners) the code's own tree could be made unremovable by the code (chmod 555),
// and the base was measured beside the head's leftovers; by path (rmSync) a tree deeper than PATH_MAX
// stopped cg-bench with exit 70. What a link in the tree leads to is never touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { emptyOwnPlace, removeSpecialFiles } from '../../src/untrusted/remove.ts';
import { tempDir } from '../helpers.ts';

/**
 * A tree deeper than PATH_MAX at `dir` (25 directories of 200 characters), each directory made
 * relative to the one before (a shell's cd keeps the whole path); `last` runs in the deepest (fd).
 */
function makeDeepTree(dir: string, last: readonly string[] = []): void {
  const script = [
    'import os',
    'fd = os.open(".", os.O_RDONLY)',
    'for _ in range(25):',
    '    os.mkdir("d" * 200, dir_fd=fd)',
    '    nxt = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)',
    '    os.close(fd)',
    '    fd = nxt',
    ...last,
  ].join('\n');
  mkdirSync(dir);
  const made = spawnSync('python3', ['-S', '-c', script], { cwd: dir });
  assert.equal(made.status, 0, String(made.stderr));
}

test("the code's tree is removed whatever it made of it: read-only directories of its own, depth beyond PATH_MAX, links left as links", {
  skip: process.getuid?.() !== 0 && 'needs root to give the tree to another uid',
}, () => {
  const workspace = tempDir('cg-bench-remove-trees-');
  // Outside, root's: a link in the tree leads here, and it stays.
  const outside = mkdtempSync('/run/cg-bench-remove-trees-outside-');
  after(() => rmSync(outside, { recursive: true, force: true }));
  writeFileSync(join(outside, 'keep'), 'root\n');
  // The head's leftovers, the code's (uid 65534): a directory it made read-only with a file in it, a link out, a deep tree.
  const locked = join(workspace, 'locked');
  mkdirSync(locked);
  writeFileSync(join(locked, 'head-leftover'), 'x');
  symlinkSync(outside, join(workspace, 'out-link'));
  makeDeepTree(join(workspace, 'deep'));
  for (const path of [workspace, locked, join(locked, 'head-leftover')]) chownSync(path, 65534, 65534);
  chmodSync(locked, 0o555);
  // The workspace itself is the code's too (given to it to build in): made read-only, none of its own rights can empty it.
  chmodSync(workspace, 0o555);
  emptyOwnPlace(workspace, 'the workspace');
  assert.deepEqual(readdirSync(workspace), [], 'emptied');
  assert.equal(existsSync(join(outside, 'keep')), true, 'what the link led to is untouched');
});

test('links and fifos the container left in an output directory are removed at any depth, a tree deeper than PATH_MAX included; files and directories stay (attack r14: exit 70, and the links beyond the depth were left)', () => {
  const out = tempDir('cg-bench-special-files-');
  // rm, not tempDir's own removal by path: the tree is deeper than PATH_MAX.
  after(() => spawnSync('rm', ['-rf', '--', out]));
  writeFileSync(join(out, 'results.json'), '{}');
  symlinkSync('/etc/shadow', join(out, 'link'));
  // The deep tree ends in a link and a fifo.
  makeDeepTree(join(out, 'deep'), [
    'os.symlink("/root", "deep-link", dir_fd=fd)',
    'os.mkfifo("fifo", dir_fd=fd)',
    'os.close(os.open("kept", os.O_CREAT | os.O_WRONLY, dir_fd=fd))',
  ]);
  removeSpecialFiles(out, 'the output directory');
  const left = spawnSync('find', [out, '-printf', '%y %f\n'], { encoding: 'utf8', maxBuffer: 1 << 24 })
    .stdout.trim()
    .split('\n');
  assert.deepEqual(new Set(left.map((l) => l.split(' ')[0])), new Set(['d', 'f']), 'only directories and files');
  assert.ok(left.includes('f kept') && left.includes('f results.json'), left.slice(-3).join('\n'));
});
