// Logs cg-bench writes into the output directory, which the code it runs can reach (the checkout's
// owner's code while cg-bench runs as root): never written through a link planted at a log's name
// or in place of a directory on the way (src/untrusted/write.ts).
import assert from 'node:assert/strict';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CgBenchError } from '../../src/errors.ts';
import { runProcess } from '../../src/untrusted/process.ts';
import { Command } from '../../src/untrusted/command.ts';
import { holdOutputDirectory, openNewFile, writeNewFile } from '../../src/untrusted/write.ts';
import { tempDir as newTempDir } from '../helpers.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = newTempDir('cg-bench-write-');
  made.push(dir);
  return dir;
};
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

test("a link planted at a log's name: the log is a new plain file, the file the link names is untouched", async () => {
  const out = tempDir();
  const victim = join(tempDir(), 'passwd');
  writeFileSync(victim, 'root:x:0:0\n');
  symlinkSync(victim, join(out, 'stdout.log'));
  symlinkSync(victim, join(out, 'stderr.log'));
  const r = await runProcess({
    command: new Command(['/bin/sh', '-c', 'echo planted-out; echo planted-err >&2'], { PATH: '/usr/bin:/bin' }),
    cwd: out,
    timeoutMs: 60_000,
    stdout: { file: join(out, 'stdout.log') },
    stderr: { file: join(out, 'stderr.log') },
  });
  assert.equal(r.exitCode, 0);
  assert.equal(readFileSync(victim, 'utf8'), 'root:x:0:0\n', 'the linked file is neither truncated nor written');
  assert.ok(lstatSync(join(out, 'stdout.log')).isFile());
  assert.equal(readFileSync(join(out, 'stdout.log'), 'utf8'), 'planted-out\n');
  assert.equal(readFileSync(join(out, 'stderr.log'), 'utf8'), 'planted-err\n');
});

test('a directory on the way swapped for a link after its real path was taken: refused, nothing written there', () => {
  const out = tempDir();
  const elsewhere = tempDir();
  mkdirSync(join(out, 'benchmarks'));
  const real = realpathSync(out);
  renameSync(join(out, 'benchmarks'), join(out, 'moved'));
  symlinkSync(elsewhere, join(out, 'benchmarks'));
  // A file of that name where the link points is neither removed nor replaced.
  writeFileSync(join(elsewhere, 'setup.log'), "not cg-bench's");
  assert.throws(
    () => writeNewFile(join(out, 'benchmarks', 'setup.log'), 'secret output', join(real, 'benchmarks', 'setup.log')),
    (error: unknown) => error instanceof CgBenchError && error.exitCode === 3 && /reached through a link/.test(error.message),
  );
  assert.equal(readFileSync(join(elsewhere, 'setup.log'), 'utf8'), "not cg-bench's", 'left as it was');
});

test('a plain file at the name is replaced (a new file, not the old one written through); a directory there is refused', () => {
  const out = tempDir();
  const log = join(out, 'setup.log');
  writeFileSync(log, 'old text that is longer\n');
  // A hard link to it (a file elsewhere, by another name) keeps its text: the name is made anew.
  linkSync(log, join(out, 'other'));
  writeNewFile(log, 'new\n');
  assert.equal(readFileSync(log, 'utf8'), 'new\n');
  assert.equal(readFileSync(join(out, 'other'), 'utf8'), 'old text that is longer\n');
  mkdirSync(join(out, 'dir.log'));
  assert.throws(() => openNewFile(join(out, 'dir.log')), /replaced by a directory/);
});

test("the CI's output directory: held closed to group and others; one of another uid's is refused", (t) => {
  const open = join(tempDir(), 'out');
  mkdirSync(open);
  chmodSync(open, 0o777);
  const held = holdOutputDirectory(open, realpathSync(open));
  held.release();
  assert.equal(lstatSync(open).mode & 0o777, 0o755);
  if (process.getuid?.() !== 0) return t.skip('chown needs root');
  const theirs = join(tempDir(), 'theirs');
  mkdirSync(theirs);
  chownSync(theirs, 65534, 65534);
  assert.throws(
    () => holdOutputDirectory(theirs, realpathSync(theirs)),
    (error: unknown) => error instanceof CgBenchError && /the output directory is uid 65534's, not cg-bench's/.test(error.message),
  );
});
