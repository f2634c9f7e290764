// The git cg-bench runs as root reads no per-user file the code could have written (review r12): in
// the image HOME is 1777, and the code, as another uid, wrote a ~/.gitconfig filter and a
// ~/.config/git/attributes that assigns it; root's git ran it when it checked the base commit out
// (ci/base-checkout.ts, bisect), with the CI token in its environment. Measured by two paths: the
// same files in a HOME only root may write are read (the filter runs), so the test would see it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { callerGitFilesTrusted } from '../../src/untrusted/environment.ts';
import { addWorktree, removeWorktree } from '../../src/vcs/git.ts';
import { tempDir } from '../helpers.ts';

/** A HOME with a global git config defining a filter that leaves `marker`, and attributes that apply it to every file. */
function plantedHome(home: string, marker: string): void {
  writeFileSync(join(home, '.gitconfig'), `[filter "planted"]\n\tsmudge = touch ${marker}; cat\n`);
  mkdirSync(join(home, '.config', 'git'), { recursive: true });
  writeFileSync(join(home, '.config', 'git', 'attributes'), '* filter=planted\n');
}

test("root's git reads no ~/.gitconfig or attributes where another uid could have put them; root's own are read", {
  skip: process.getuid?.() !== 0 && 'the check is for cg-bench running as root',
}, () => {
  const repo = tempDir('cg-bench-git-repo-');
  const g = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, HOME: repo } }).trim();
  g('init', '-q');
  writeFileSync(join(repo, 'data.txt'), 'base\n');
  g('add', '.');
  g('commit', '-qm', 'base');
  const sha = g('rev-parse', 'HEAD');

  // A HOME as the image's: 1777, under /tmp.
  const shared = tempDir('cg-bench-shared-home-');
  chmodSync(shared, 0o1777);
  // A HOME only root may write, and every directory above it (/run is root's, 0755).
  const own = mkdtempSync('/run/cg-bench-root-home-');
  chmodSync(own, 0o755);
  after(() => rmSync(own, { recursive: true, force: true }));
  const markers = { shared: join(repo, '..', `${repo.split('/').pop()}-shared-ran`), own: join(own, 'own-ran') };
  after(() => rmSync(markers.shared, { force: true }));
  plantedHome(shared, markers.shared);
  plantedHome(own, markers.own);

  const home = process.env['HOME'];
  try {
    for (const [name, dir] of [
      ['shared', shared],
      ['own', own],
    ] as const) {
      process.env['HOME'] = dir;
      const worktree = join(tempDir('cg-bench-git-worktree-'), 'base');
      addWorktree(repo, worktree, sha);
      assert.equal(existsSync(join(worktree, 'data.txt')), true, `${name}: the base commit is checked out`);
      removeWorktree(worktree);
    }
  } finally {
    if (home === undefined) delete process.env['HOME'];
    else process.env['HOME'] = home;
  }
  assert.equal(callerGitFilesTrusted({ HOME: shared }, 0), false);
  assert.equal(existsSync(markers.shared), false, 'the filter planted in a 1777 HOME did not run');
  assert.equal(callerGitFilesTrusted({ HOME: own }, 0), true);
  assert.equal(existsSync(markers.own), true, "root's own global config and attributes are read (the test would see a filter run)");
  // XDG_CONFIG_HOME where another uid could write: not read either, whatever HOME is.
  assert.equal(callerGitFilesTrusted({ HOME: own, XDG_CONFIG_HOME: join(shared, '.config') }, 0), false);
  // Not root: the code runs as cg-bench's own uid, whose files these are.
  assert.equal(callerGitFilesTrusted({ HOME: shared }, 1000), true);
});
