// The one reader (src/untrusted/read.ts, issue 23): beneath a trusted root, no link in any component,
// regular files only, never blocking, bounded, and refusals that name the file. Read as the sandbox's
// user: nothing that user could not read itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CgBenchError } from '../../src/errors.ts';
import { readAsIdentity, readTextBeneath, readTextBounded } from '../../src/untrusted/read.ts';
import { tempDir } from '../helpers.ts';

/** A root with a/b/file.txt, and a secret outside it. */
function tree(): { root: string; secret: string } {
  const root = tempDir();
  mkdirSync(join(root, 'a', 'b'), { recursive: true });
  writeFileSync(join(root, 'a', 'b', 'file.txt'), 'inside\n');
  const outside = tempDir();
  const secret = join(outside, 'secret');
  writeFileSync(secret, 'SECRET\n');
  return { root, secret };
}

function refused(read: () => unknown, pattern: RegExp): void {
  assert.throws(read, (error: unknown) => {
    assert.ok(error instanceof CgBenchError, `a CgBenchError, not ${String(error)}`);
    assert.match(error.message, pattern);
    return true;
  });
}

test('a regular file beneath the root is read, by a relative or an absolute path', () => {
  const { root } = tree();
  assert.equal(readTextBeneath(root, 'a/b/file.txt', 100, 'file'), 'inside\n');
  assert.equal(readTextBeneath(root, join(root, 'a/b/file.txt'), 100, 'file'), 'inside\n');
  assert.equal(readTextBounded(join(root, 'a/b/file.txt'), 100, 'file'), 'inside\n');
  // The root itself may be reached through a link: the caller chose it.
  const viaLink = join(tempDir(), 'root-link');
  symlinkSync(root, viaLink);
  assert.equal(readTextBeneath(viaLink, 'a/b/file.txt', 100, 'file'), 'inside\n');
});

test('a link in the last component is refused, naming the file', () => {
  const { root, secret } = tree();
  symlinkSync(secret, join(root, 'a', 'b', 'leak.txt'));
  refused(() => readTextBeneath(root, 'a/b/leak.txt', 100, 'file', 'shown/leak.txt'), /^file shown\/leak\.txt: is a symbolic link/);
  refused(() => readTextBounded(join(root, 'a/b/leak.txt'), 100, 'file'), /leak\.txt: is a symbolic link/);
  // Even a link to a file inside the root.
  symlinkSync('file.txt', join(root, 'a', 'b', 'same.txt'));
  refused(() => readTextBeneath(root, 'a/b/same.txt', 100, 'file'), /same\.txt: is a symbolic link/);
});

test('a link in a middle component is refused, naming the file and the component', () => {
  const { root, secret } = tree();
  symlinkSync(join(secret, '..'), join(root, 'a', 'out'));
  refused(() => readTextBeneath(root, 'a/out/secret', 100, 'file'), /a\/out\/secret: a\/out is a symbolic link/);
  symlinkSync('b', join(root, 'a', 'c'));
  refused(() => readTextBeneath(root, 'a/c/file.txt', 100, 'file'), /a\/c is a symbolic link/);
});

test('a fifo is refused at once (never waited on), a device and a directory too', () => {
  const { root } = tree();
  assert.equal(spawnSync('mkfifo', [join(root, 'fifo.json')]).status, 0);
  refused(() => readTextBeneath(root, 'fifo.json', 100, 'results file'), /fifo\.json: is a fifo, not a regular file/);
  refused(() => readTextBounded('/dev/zero', 100, 'configuration'), /\/dev\/zero: is a device, not a regular file/);
  refused(() => readTextBeneath(root, 'a', 100, 'file'), /a: is a directory, not a regular file/);
  if (process.getuid?.() === 0) {
    assert.equal(spawnSync('mknod', [join(root, 'zero'), 'c', '1', '5']).status, 0);
    refused(() => readTextBeneath(root, 'zero', 100, 'file'), /zero: is a device/);
  }
});

test('a file larger than the limit is refused, naming it', () => {
  const { root } = tree();
  writeFileSync(join(root, 'big.json'), 'x'.repeat(1001));
  refused(() => readTextBeneath(root, 'big.json', 1000, 'results file', 'runs/big.json'), /^results file runs\/big\.json: larger than 1000 bytes/);
  writeFileSync(join(root, 'fits.json'), 'x'.repeat(1000));
  assert.equal(readTextBeneath(root, 'fits.json', 1000, 'results file').length, 1000);
});

test('a file is read whole whatever its size says: several MiB, and a /proc file that says 0 bytes', () => {
  const { root } = tree();
  const text = 'abcdefgh'.repeat(3 * 131_072 + 5);
  writeFileSync(join(root, 'large.json'), text);
  assert.equal(readTextBeneath(root, 'large.json', 64 * 2 ** 20, 'results file'), text);
  const status = readTextBounded('/proc/self/status', 2 ** 20, 'status');
  assert.match(status, /^Name:.*\n[\s\S]*\nVmRSS:/);
});

test('a path outside the root is refused: absolute, `..`, or `..` in the middle', () => {
  const { root, secret } = tree();
  for (const path of [secret, '../x', 'a/../../x', '..', '.', '']) {
    refused(() => readTextBeneath(root, path, 100, 'file', `given ${path}`), /: not a file inside /);
  }
  // `..` that stays inside is the file it names.
  assert.equal(readTextBeneath(root, 'a/x/../b/file.txt', 100, 'file'), 'inside\n');
});

test('a missing file is left to the caller as the file system says it (ENOENT)', () => {
  const { root } = tree();
  assert.throws(
    () => readTextBeneath(root, 'a/none.json', 100, 'file'),
    (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT',
  );
});

test('read as another identity: only what that uid can read itself; links and fifos give nothing', { skip: process.getuid?.() !== 0 && 'needs root' }, () => {
  const root = tempDir();
  chmodSync(root, 0o755);
  const nobody = { uid: 65534, gid: 65534 };
  writeFileSync(join(root, 'public.c'), 'public\n', { mode: 0o644 });
  writeFileSync(join(root, 'private.c'), 'SECRET\n', { mode: 0o600 });
  mkdirSync(join(root, 'closed'), { mode: 0o700 });
  writeFileSync(join(root, 'closed', 'open.c'), 'SECRET\n', { mode: 0o644 });
  symlinkSync(join(root, 'public.c'), join(root, 'link.c'));
  assert.equal(spawnSync('mkfifo', [join(root, 'fifo.c')]).status, 0);
  assert.equal(readAsIdentity(root, 'public.c', 100, nobody)?.toString(), 'public\n');
  assert.equal(readAsIdentity(root, 'private.c', 100, nobody), undefined, 'mode 0600, owned by root');
  assert.equal(readAsIdentity(root, 'closed/open.c', 100, nobody), undefined, 'in a directory that uid cannot search');
  assert.equal(readAsIdentity(root, 'link.c', 100, nobody), undefined, 'a link');
  assert.equal(readAsIdentity(root, 'fifo.c', 100, nobody), undefined, 'a fifo');
  assert.equal(readAsIdentity(root, 'public.c', 3, nobody), undefined, 'larger than the limit');
  // Without an identity to take (cg-bench runs the code as itself): read as cg-bench.
  assert.equal(readAsIdentity(root, 'private.c', 100, undefined)?.toString(), 'SECRET\n');
});

test('a link swapped in between the checks and the open is caught on the open file (race)', async () => {
  const { root, secret } = tree();
  // `a/b` flips between the real directory and a link to the secret's directory, atomically, all the time.
  // Without the check on the open file, about one read in a few thousand went through the link.
  writeFileSync(join(secret, '..', 'file.txt'), 'SECRET\n');
  symlinkSync(join(secret, '..'), join(root, 'a', 'link'));
  mkdirSync(join(root, 'a', 'real'));
  const swapper = spawnSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' });
  if (swapper.status !== 0) return;
  const { spawn } = await import('node:child_process');
  const child = spawn(
    'python3',
    [
      '-c',
      `
import os
a = ${JSON.stringify(join(root, 'a'))}
while True:
    os.rename(a + '/b', a + '/real'); os.rename(a + '/link', a + '/b')
    os.rename(a + '/b', a + '/link'); os.rename(a + '/real', a + '/b')
`,
    ],
    { stdio: 'ignore' },
  );
  let read = 0;
  let refusedCount = 0;
  try {
    for (let i = 0; i < 20000; i++) {
      try {
        const text = readTextBeneath(root, 'a/b/file.txt', 100, 'file');
        assert.equal(text, 'inside\n', `attempt ${i}: read through a link`);
        read++;
      } catch (error) {
        if (error instanceof CgBenchError || (error as NodeJS.ErrnoException).code === 'ENOENT') refusedCount++;
        else throw error;
      }
    }
  } finally {
    child.kill('SIGKILL');
  }
  assert.ok(read > 0 && refusedCount > 0, `both outcomes seen: ${read} read, ${refusedCount} refused`);
});

test('a configuration is read through the reader: a link, a linked directory beneath the checkout, a fifo are refused naming it', async () => {
  const { loadConfig } = await import('../../src/config/load.ts');
  const { root, secret } = tree();
  writeFileSync(join(root, 'cg-bench.yml'), 'benchmarks:\n  - name: a\n    run: [/bin/true]\n');
  assert.equal(loadConfig(join(root, 'cg-bench.yml'), root).benchmarks.length, 1);
  writeFileSync(secret, 'benchmarks:\n  - name: secret\n    run: [/bin/true]\n');
  symlinkSync(secret, join(root, 'linked.yml'));
  refused(() => loadConfig(join(root, 'linked.yml')), /^configuration .*linked\.yml: is a symbolic link/);
  symlinkSync(join(secret, '..'), join(root, 'bench'));
  refused(() => loadConfig(join(root, 'bench', 'secret'), root), /bench\/secret: bench is a symbolic link/);
  assert.equal(spawnSync('mkfifo', [join(root, 'fifo.yml')]).status, 0);
  refused(() => loadConfig(join(root, 'fifo.yml')), /fifo\.yml: is a fifo/);
});
