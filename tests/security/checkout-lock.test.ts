// The checkout the action and the GitLab job copy the code from (attack r13): GitLab's docker
// executor makes it with umask 0000, so every directory down to it is 0777. The code, as nobody,
// renamed .git and put its own there (alternates to the real objects, a filter), and root's git ran
// that filter when it checked the base out, with CI_JOB_TOKEN in its environment; or it moved the
// whole checkout away and put its own repository at its path. lockRepository (src/untrusted) takes
// both moves from the code, and git (src/vcs) refuses a repository that is no longer the one held
// (bisect's, where root's git runs between commits; in the CI's none runs once the code has:
// tests/unit/closed-repository.test.ts).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lockRepository } from '../../src/untrusted/lock-checkout.ts';
import { git } from '../../src/vcs/git.ts';
import { tempDir } from '../helpers.ts';

const NOBODY = { uid: 65534 };
const root = { skip: process.getuid?.() !== 0 && 'the lock is for cg-bench running as root, the code as another uid' };

/** A repository at above/g/p, with every directory down to it 0777 as umask 0000 makes them. */
function worldWritableCheckout(): { above: string; group: string; checkout: string } {
  const above = tempDir('cg-bench-builds-');
  const group = join(above, 'g');
  const checkout = join(group, 'p');
  mkdirSync(checkout, { recursive: true });
  execFileSync('git', ['init', '-q', checkout]);
  writeFileSync(join(checkout, 'data.txt'), 'x\n');
  execFileSync('git', ['-C', checkout, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'base']);
  for (const dir of [above, group, checkout, join(checkout, '.git')]) chmodSync(dir, 0o777);
  return { above, group, checkout };
}

/** `mv from to` as uid 65534 (the code's): whether it worked. */
const movedAsNobody = (from: string, to: string) => spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'mv', from, to]).status === 0;

test('before the code runs, its checkout is locked: nobody can move its .git or the checkout, nor write in the checkout root', root, () => {
  const { above, group, checkout } = worldWritableCheckout();
  // What the code did before the lock (attack r13): both moves worked.
  assert.equal(movedAsNobody(join(checkout, '.git'), join(checkout, '.git-x')), true);
  assert.equal(movedAsNobody(join(checkout, '.git-x'), join(checkout, '.git')), true);
  lockRepository(checkout, NOBODY);
  assert.equal(movedAsNobody(join(checkout, '.git'), join(checkout, '.git-x')), false, '.git moved');
  assert.equal(movedAsNobody(checkout, join(group, 'p-x')), false, 'the checkout moved');
  assert.equal(movedAsNobody(join(checkout, 'data.txt'), join(checkout, 'other.txt')), false, 'an entry of the root moved');
  assert.equal(statSync(join(checkout, '.git')).mode & 0o777, 0o700);
  assert.equal(statSync(checkout).mode & 0o777, 0o755);
  // Still every user's to make things in (the sticky bit, as /tmp's): only what is not theirs is kept.
  for (const dir of [above, group]) assert.equal(statSync(dir).mode & 0o7777, 0o1777, dir);
});

test("git refuses a held repository whose checkout or .git was replaced: a repository put at its path never has root's git run its filter", root, () => {
  for (const moved of ['checkout', '.git'] as const) {
    const { group, checkout } = worldWritableCheckout();
    lockRepository(checkout, NOBODY);
    assert.equal(git(checkout, ['rev-parse', 'HEAD']).ok, true, 'the held repository itself');
    // As root here (the lock stops nobody, above): what a move through a writable directory would leave.
    if (moved === 'checkout') renameSync(checkout, join(group, 'p-x'));
    else renameSync(join(checkout, '.git'), join(checkout, '.git-x'));
    const marker = join(group, `filter-ran-${moved.replace('.', '')}`);
    execFileSync('git', ['init', '-q', checkout]);
    writeFileSync(join(checkout, '.git', 'config'), `[filter "evil"]\n\tsmudge = touch ${marker}; cat\n\trequired = true\n`, { flag: 'a' });
    writeFileSync(join(checkout, '.git', 'info', 'attributes'), '* filter=evil\n');
    assert.throws(() => git(checkout, ['checkout', '-q', '-b', 'x']), /the repository .*: .* was moved or replaced while the code ran: git is not run there/);
    assert.equal(existsSync(marker), false, `the planted filter ran (${moved} moved)`);
  }
});

test(
  'the checkout root, its .git and the directories above get their modes back when cg-bench exits (the runner reuses the build directory for jobs of other uids)',
  root,
  () => {
    const { above, group, checkout } = worldWritableCheckout();
    const lock = `import { lockRepository } from ${JSON.stringify(join(import.meta.dirname, '..', '..', 'src', 'untrusted', 'lock-checkout.ts'))}; lockRepository(${JSON.stringify(checkout)}, { uid: 65534 }); console.log((await import('node:fs')).statSync(${JSON.stringify(checkout)}).mode & 0o777);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', lock], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), String(0o755), 'locked while it ran');
    for (const dir of [above, group, checkout, join(checkout, '.git')]) assert.equal(statSync(dir).mode & 0o7777, 0o777, dir);
  },
);

/** Whether uid 65534 (the code's) can append to `file`. */
const writableByNobody = (file: string) =>
  spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', `echo >> '${file}'`]).status === 0;

test(
  "a .git file leading elsewhere: the git directory it names is locked, and the file itself (review r13: only the file was chmodded, and the code wrote the directory's config)",
  root,
  () => {
    // The checkout's git directory elsewhere (git init --separate-git-dir), under a 0777 directory.
    const { checkout } = worldWritableCheckout();
    const away = tempDir('cg-bench-gitdir-');
    chmodSync(away, 0o777);
    execFileSync('git', ['init', '-q', '--separate-git-dir', join(away, 'p.git'), checkout]);
    for (const path of [join(away, 'p.git'), join(away, 'p.git', 'config'), join(checkout, '.git')]) chmodSync(path, 0o777);
    assert.equal(writableByNobody(join(away, 'p.git', 'config')), true, 'before the lock');
    lockRepository(checkout, NOBODY);
    assert.equal(writableByNobody(join(away, 'p.git', 'config')), false, "the git directory's config, through the .git file");
    assert.equal(writableByNobody(join(checkout, '.git')), false, 'the .git file itself');
    assert.equal(movedAsNobody(join(away, 'p.git'), join(away, 'other.git')), false, 'the git directory moved');
    assert.equal(statSync(away).mode & 0o7777, 0o1777);
  },
);

test(
  "object directories the repository borrows (a clone --reference to a 0777 store) are locked too: a loose object the code wrote there became the base's cg-bench.yml (review r13)",
  root,
  () => {
    const store = tempDir('cg-bench-ref-store-');
    const { checkout } = worldWritableCheckout();
    execFileSync('git', ['clone', '-q', '--bare', checkout, join(store, 'ref.git')]);
    chmodSync(store, 0o777);
    chmodSync(join(store, 'ref.git', 'objects'), 0o777);
    writeFileSync(join(checkout, '.git', 'objects', 'info', 'alternates'), `${join(store, 'ref.git', 'objects')}\n`);
    assert.equal(writableByNobody(join(store, 'ref.git', 'objects', 'planted')), true, 'before the lock');
    lockRepository(checkout, NOBODY);
    assert.equal(writableByNobody(join(store, 'ref.git', 'objects', 'planted')), false, 'the borrowed object directory');
    assert.equal(movedAsNobody(join(store, 'ref.git'), join(store, 'other.git')), false, 'the store moved');
  },
);

test("a directory above that the code's group may write (0775, its gid) gets the sticky bit too: the checkout is not moved (review r13)", root, () => {
  const { group, checkout } = worldWritableCheckout();
  chownSync(group, 0, 65534);
  chmodSync(group, 0o775);
  lockRepository(checkout, NOBODY);
  assert.equal(statSync(group).mode & 0o7777, 0o1775);
  assert.equal(spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'mv', checkout, join(group, 'moved')]).status === 0, false, 'moved');
});

test(
  'what the lock changes it changes on the entry itself, never through a link: a <checkout>.tmp that is a link leaves its target as it was (review r13: /etc/passwd became 0700)',
  root,
  () => {
    const { checkout } = worldWritableCheckout();
    const target = join(tempDir('cg-bench-link-target-'), 'passwd');
    writeFileSync(target, 'x\n', { mode: 0o644 });
    chmodSync(target, 0o644);
    symlinkSync(target, `${checkout}.tmp`);
    lockRepository(checkout, NOBODY);
    assert.equal(statSync(target).mode & 0o7777, 0o644);
  },
);

test("a repository git refuses to read (another uid's, as a container job's checkout can be) still has its .git locked", root, () => {
  const { checkout } = worldWritableCheckout();
  execFileSync('chown', ['-R', '1001:1001', checkout]);
  lockRepository(checkout, NOBODY);
  assert.equal(statSync(join(checkout, '.git')).mode & 0o777, 0o700);
  assert.equal(writableByNobody(join(checkout, '.git', 'config')), false);
});

test(
  "object directories reached through a link or a quoted alternates line, and a .git/objects that is a link, are locked where they lead (third review r13: each forged the base's cg-bench.yml)",
  root,
  () => {
    for (const how of ['alternates-link', 'alternates-quoted', 'objects-link'] as const) {
      const { checkout } = worldWritableCheckout();
      const store = tempDir('cg-bench-ref-store-');
      execFileSync('git', ['clone', '-q', '--bare', checkout, join(store, 'ref.git')]);
      const objects = join(store, 'ref.git', 'objects');
      chmodSync(store, 0o777);
      chmodSync(objects, 0o777);
      const alternates = join(checkout, '.git', 'objects', 'info', 'alternates');
      if (how === 'alternates-link') {
        symlinkSync(objects, join(store, 'objs'));
        writeFileSync(alternates, `${join(store, 'objs')}\n`);
      } else if (how === 'alternates-quoted') writeFileSync(alternates, `"${objects}"\n`);
      else {
        execFileSync('rm', ['-rf', join(checkout, '.git', 'objects')]);
        symlinkSync(objects, join(checkout, '.git', 'objects'));
      }
      assert.equal(writableByNobody(join(objects, 'planted')), true, `${how}: before the lock`);
      lockRepository(checkout, NOBODY);
      assert.equal(writableByNobody(join(objects, 'planted')), false, how);
    }
  },
);

test(
  "a checkout the code's uid owns (CG_BENCH_RUN_AS naming its owner) is refused: the owner gives itself back any right the lock takes (third review r13: it chmodded .git back and root's git ran its filter)",
  root,
  () => {
    const { checkout } = worldWritableCheckout();
    execFileSync('chown', ['-R', '1001:1001', checkout]);
    assert.throws(
      () => lockRepository(checkout, { uid: 1001 }),
      /the code would run as uid 1001, who owns .*: it could give itself back the rights taken from it there/,
    );
    assert.equal(statSync(join(checkout, '.git')).mode & 0o777, 0o777, 'nothing changed');
  },
);

test(
  'a file that a link deeper in the git directory leads to (a config) is not writable by the code after the lock; an alternates file that is a link is refused',
  root,
  () => {
    const { checkout } = worldWritableCheckout();
    const outside = tempDir('cg-bench-linked-files-');
    chmodSync(outside, 0o777);
    const linkOut = (inside: string, name: string) => {
      writeFileSync(join(outside, name), existsSync(inside) ? readFileSync(inside) : '');
      chmodSync(join(outside, name), 0o666);
      execFileSync('rm', ['-f', inside]);
      symlinkSync(join(outside, name), inside);
    };
    linkOut(join(checkout, '.git', 'config'), 'config');
    assert.equal(writableByNobody(join(outside, 'config')), true, 'before the lock');
    lockRepository(checkout, NOBODY);
    assert.equal(writableByNobody(join(outside, 'config')), false, 'config');
    assert.equal(movedAsNobody(join(outside, 'config'), join(outside, 'moved')), false, 'the linked file moved');
    const other = worldWritableCheckout().checkout;
    linkOut(join(other, '.git', 'objects', 'info', 'alternates'), 'alternates');
    assert.throws(() => lockRepository(other, NOBODY), /alternates: is a symbolic link; cg-bench does not follow links/);
  },
);

test(
  'a file in the git directory hard-linked to a name outside that the code may write (a config in a shared cache) loses group and other write, every name of it (fourth review r13: the code appended a filter and root ran it)',
  root,
  () => {
    const { checkout } = worldWritableCheckout();
    const cache = tempDir('cg-bench-cache-');
    chmodSync(cache, 0o777);
    const config = join(checkout, '.git', 'config');
    execFileSync('cp', [config, join(cache, 'pconfig')]);
    execFileSync('rm', [config]);
    execFileSync('ln', [join(cache, 'pconfig'), config]);
    chmodSync(config, 0o666);
    assert.equal(writableByNobody(join(cache, 'pconfig')), true, 'before the lock');
    lockRepository(checkout, NOBODY);
    assert.equal(writableByNobody(join(cache, 'pconfig')), false, 'through the name outside');
  },
);
