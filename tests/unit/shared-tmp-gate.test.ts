// Directories cg-bench keeps at fixed paths in /tmp for the code it runs (setup's HOME, the homes of
// the benchmarks and their locks) live where every uid may write. Code that ran earlier as the
// sandbox's user (a setup command, an earlier benchmark, an earlier run) could put a link at such a
// name, and cg-bench (root) then chowned or chmodded what it named: /tmp/cg-bench-setup-home -> /etc
// gave /etc to that user on the next run; /tmp/cg-bench-home -> /etc made /etc 1777 on the first
// benchmark. A fifo planted at a lock's name made cg-bench wait on it forever.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeSetupHome, remakeGivenDirectory } from '../../src/untrusted/given-directories.ts';
import { NO_SANDBOX, type Sandbox } from '../../src/untrusted/sandbox.ts';
import { sharedHomesDirectory } from '../../src/untrusted/shared-places.ts';
import { tryLock, unlock } from '../../src/util/pid-lock.ts';

const root = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };
const asNobody: Sandbox = { ...NO_SANDBOX, user: NOBODY };

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-shared-tmp-'));
  chmodSync(dir, 0o1777);
  return dir;
}

test('a link at the setup HOME or a private HOME is never chowned through; the directory is made afresh and given', {
  skip: !root && 'needs root (chown)',
}, () => {
  const dir = scratch();
  try {
    const victim = join(dir, 'victim');
    mkdirSync(victim, { mode: 0o755 });
    for (const give of [(p: string) => makeSetupHome(asNobody, p), (p: string) => remakeGivenDirectory(asNobody, p, ['tmp'])]) {
      const home = join(dir, 'home');
      rmSync(home, { recursive: true, force: true });
      symlinkSync(victim, home);
      lchownNobody(home);
      give(home);
      assert.equal(statSync(victim).uid, 0, 'what the link named keeps its owner');
      const made = lstatSync(home);
      assert.ok(made.isDirectory() && !made.isSymbolicLink());
      assert.equal(made.uid, NOBODY.uid, 'the directory made there is given');
    }
    assert.equal(lstatSync(join(dir, 'home', 'tmp')).uid, NOBODY.uid, 'and what is made inside it');
    // Setup's HOME for another user is made afresh: nothing one run's code left there reaches the next
    // run's setup (the base commit's, in the same job). For cg-bench's own user it is kept.
    writeFileSync(join(dir, 'home', 'pip.conf'), 'x');
    makeSetupHome(asNobody, join(dir, 'home'));
    assert.throws(() => lstatSync(join(dir, 'home', 'pip.conf')), { code: 'ENOENT' });
    writeFileSync(join(dir, 'home', 'kept'), 'x');
    makeSetupHome(NO_SANDBOX, join(dir, 'home'));
    assert.equal(readFileSync(join(dir, 'home', 'kept'), 'utf8'), 'x');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function lchownNobody(path: string): void {
  spawnSync('chown', ['-h', `${NOBODY.uid}:${NOBODY.gid}`, path]);
}

test('a link at the homes directory is never chmodded through: it is replaced by a sticky directory', { skip: !root && 'needs root' }, () => {
  const dir = scratch();
  try {
    const victim = join(dir, 'victim');
    mkdirSync(victim, { mode: 0o755 });
    const homes = join(dir, 'homes');
    symlinkSync(victim, homes);
    lchownNobody(homes);
    sharedHomesDirectory(homes);
    assert.equal(statSync(victim).mode & 0o7777, 0o755, 'what the link named is unchanged');
    const made = lstatSync(homes);
    assert.ok(made.isDirectory() && !made.isSymbolicLink());
    assert.equal(made.mode & 0o7777, 0o1777);
    // Someone else's directory there is not trusted by root either: made again, as root's.
    rmSync(homes, { recursive: true });
    mkdirSync(homes, { mode: 0o777 });
    chownSync(homes, NOBODY.uid, NOBODY.gid);
    sharedHomesDirectory(homes);
    assert.equal(lstatSync(homes).uid, 0);
    // Its own, kept.
    writeFileSync(join(homes, 'x'), '');
    sharedHomesDirectory(homes);
    assert.ok(lstatSync(join(homes, 'x')).isFile());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a user to give to, a directory is made afresh at a link as well', () => {
  const dir = scratch();
  try {
    mkdirSync(join(dir, 'victim'));
    symlinkSync(join(dir, 'victim'), join(dir, 'home'));
    remakeGivenDirectory(NO_SANDBOX, join(dir, 'home'), ['tmp']);
    assert.ok(!lstatSync(join(dir, 'home')).isSymbolicLink());
    assert.throws(() => lstatSync(join(dir, 'victim', 'tmp')), { code: 'ENOENT' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a fifo or a link planted at a lock is taken over, never waited on or followed', () => {
  const dir = scratch();
  try {
    const fifo = join(dir, 'a.lock');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    // In a child: on the old code the read blocks the whole process, timers included.
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(import.meta.dirname, '../../src/util/pid-lock.ts')}').then((m) => { console.log(m.tryLock(${JSON.stringify(fifo)}) ?? 'taken'); })`,
      ],
      { encoding: 'utf8', timeout: 60_000, cwd: join(import.meta.dirname, '../..') },
    );
    assert.equal(child.stdout.trim(), 'taken', `the lock was not taken (${child.signal ?? child.stderr})`);
    const link = join(dir, 'b.lock');
    writeFileSync(join(dir, 'target'), `${process.pid} x\n`);
    symlinkSync(join(dir, 'target'), link);
    assert.equal(tryLock(link), undefined);
    unlock(link);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a lock naming a live process that is not its file's owner's (pid 1, planted) is taken over", { skip: !root && 'needs root (chown)' }, () => {
  const dir = scratch();
  try {
    const lock = join(dir, 'c.lock');
    const stat = readFileSync('/proc/1/stat', 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lock, `1 ${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}/${started}\n`);
    chownSync(lock, NOBODY.uid, NOBODY.gid);
    assert.equal(statSync('/proc/1').uid, 0);
    assert.equal(tryLock(lock), undefined, 'taken over');
    unlock(lock);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
