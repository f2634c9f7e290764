// Where cg-bench keeps its own temporary files (untrusted/environment.ts, tmpdirProblem): TMPDIR only
// when the code can neither rename nor replace anything on the way to it, as root and as another uid.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tmpdirProblem } from '../../src/untrusted/environment.ts';

const isRoot = process.getuid?.() === 0;
const ROOT_UID = 0;
const USER = 65534;

test("TMPDIR's rule: root's directories only, sticky ones only where the code runs as another uid or a view covers them, and one the code can enter", {
  skip: !isRoot && 'needs root to make directories of other owners',
}, (t) => {
  // Outside the shared directories: /run is root's, 0755.
  const base = mkdtempSync('/run/cg-bench-own-tmpdir-');
  chmodSync(base, 0o755);
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const make = (name: string, mode: number, uid = ROOT_UID) => {
    const dir = join(base, name);
    mkdirSync(dir);
    chmodSync(dir, mode);
    chownSync(dir, uid, uid);
    return dir;
  };
  const plain = make('plain', 0o755);
  const sticky = make('sticky', 0o1777);
  const open = make('open', 0o777);
  const users = make('users', 0o755, USER);
  const closed = make('closed', 0o700);
  // cg-bench as root: the code runs as another uid.
  assert.equal(tmpdirProblem(plain, ROOT_UID), undefined);
  assert.equal(tmpdirProblem(sticky, ROOT_UID), undefined);
  assert.match(tmpdirProblem(open, ROOT_UID) ?? '', /may be written by others \(mode 777\)/);
  // A checkout the code owns (TMPDIR=$CI_PROJECT_DIR/.tmp): it renamed root's stopwatch directory there.
  assert.match(tmpdirProblem(users, ROOT_UID) ?? '', /belongs to uid 65534, not root/);
  assert.match(tmpdirProblem(closed, ROOT_UID) ?? '', /the code's uid cannot enter/);
  // cg-bench as another uid: the code runs as that same uid, so its own directory is the code's, and
  // a sticky one lets the code rename what cg-bench (that uid) made there; /tmp is covered by a view.
  assert.match(tmpdirProblem(users, USER) ?? '', /belongs to uid 65534, not root/);
  assert.match(tmpdirProblem(sticky, USER) ?? '', /may be written by others \(mode 1777\)/);
  assert.equal(tmpdirProblem(plain, USER), undefined);
  assert.equal(tmpdirProblem('/tmp', USER), undefined);
  assert.equal(tmpdirProblem('/tmp', ROOT_UID), undefined);
});
