// cg-bench bisect as root (attack r13): each commit's worktree was root's git's, so the code ran as
// root (it read a root-only file and wrote into /root), or, with CG_BENCH_RUN_AS, could not build at
// all. Now it runs as `run` would run it in the repository, in a worktree given to that user, and a
// repository whose git directory that user could write (where root's git checks the next commit
// out) is refused. And bisect touches no other worktree of the repository (a new user's trial r13:
// in the image, `git worktree prune` forgot the siblings the container does not see).
import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { addWorktree, removeWorktree } from '../../src/vcs/git.ts';
import { cli, git, tempDir } from '../helpers.ts';

const root = { skip: process.getuid?.() !== 0 && 'bisect as root runs the code as another uid' };

/**
 * Two commits whose setup says which uid it ran as and builds in the worktree (the count is the same
 * at both), then runs `more` (the attack's commands).
 */
function history(more: string[] = []): { dir: string; good: string; bad: string; marker: string } {
  const dir = tempDir('cg-bench-bisect-user-');
  chmodSync(dir, 0o755);
  const marker = join(tempDir('cg-bench-bisect-marker-'), 'ran');
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), '.cg-bench/\n');
  const setup = ['id -u', 'touch built', `touch ${marker} || true`, ...more].map((c) => `  - ${JSON.stringify(c)}\n`).join('');
  const config = `setup:\n${setup}benchmarks:\n  - name: b\n    run: [/bin/sh, -c, "test -f built"]\n`;
  const shas: string[] = [];
  for (const note of ['one', 'two']) {
    writeFileSync(join(dir, 'cg-bench.yml'), config);
    writeFileSync(join(dir, 'NOTES'), `${note}\n`);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', note);
    shas.push(git(dir, 'rev-parse', 'HEAD'));
  }
  return { dir, good: shas[0]!, bad: shas[1]!, marker };
}

test(
  "as root, on a repository another user owns (whose .git the code, run as that user, could write): refused before any commit's code runs, saying to run as the owner",
  root,
  async () => {
    const h = history();
    const chown = (path: string) => {
      chownSync(path, 65534, 65534);
      for (const name of readdirSync(path, { withFileTypes: true })) {
        if (name.isDirectory()) chown(join(path, name.name));
        else chownSync(join(path, name.name), 65534, 65534);
      }
    };
    chown(h.dir);
    const r = await cli(['bisect', h.good, h.bad, '--benchmark', 'b'], {
      cwd: h.dir,
      env: { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'safe.directory', GIT_CONFIG_VALUE_0: '*' },
    });
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /cg-bench bisect runs as root, and would run the commits' code as uid 65534, who owns .*; root's git checks each commit out of that repository/,
    );
    assert.match(r.stderr, /Run bisect as the repository's owner \(docker run -u "\$\(id -u\):\$\(id -g\)"/);
    assert.equal(existsSync(h.marker), false, 'a setup command ran');
  },
);

test("as root with CG_BENCH_RUN_AS, on root's repository: the commits' code runs as that uid and builds in the worktree given to it", root, async () => {
  const h = history();
  const r = await cli(['bisect', h.good, h.bad, '--benchmark', 'b'], { cwd: h.dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  // Before: "cannot be measured at GOOD … (setup command failed …)": the worktree was root's.
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /estimated cycles: GOOD's \(0\.00%\)/);
  const setupLog = readFileSync(join(h.dir, '.cg-bench', 'bisect', 'commits', h.good, 'setup.log'), 'utf8');
  assert.match(setupLog, /^65534$/m, setupLog);
});

test("bisect's worktree comes and goes without touching the repository's other worktrees, even those whose directory is not here", () => {
  const h = history();
  const sibling = join(tempDir('cg-bench-sibling-'), 'main');
  git(h.dir, 'worktree', 'add', '-q', '--detach', sibling, h.good);
  // As in the image, where only the checkout is mounted: the sibling's directory is not there.
  renameSync(sibling, `${sibling}-elsewhere`);
  const worktree = join(tempDir('cg-bench-bisect-wt-'), 'worktree');
  addWorktree(h.dir, worktree, h.bad);
  addWorktree(h.dir, worktree, h.good);
  removeWorktree(worktree);
  renameSync(`${sibling}-elsewhere`, sibling);
  const listed = git(h.dir, 'worktree', 'list', '--porcelain');
  assert.match(listed, new RegExp(`^worktree ${sibling}$`, 'm'), listed);
  assert.doesNotMatch(listed, new RegExp(`^worktree ${worktree}$`, 'm'), 'its own entry is gone');
  assert.equal(git(sibling, 'rev-parse', 'HEAD'), h.good, 'git works in the sibling');
});

test(
  "as root with CG_BENCH_RUN_AS, on root's repository made with umask 0000 under a directory every user may write: the code can neither plant a filter in .git nor move the repository (review r13: it did both, and root's git ran the filter)",
  root,
  async (t) => {
    const filterRan = join(tempDir('cg-bench-bisect-filter-'), 'filter-ran');
    // Not in TMPDIR: the code's /tmp is a private one, where it would not see the repository at all.
    const parent = mkdtempSync('/run/cg-bench-bisect-');
    t.after(() => rmSync(parent, { recursive: true, force: true }));
    // The attack's commands, as the code's uid: a filter into the repository's config and attributes,
    // and the repository moved away with another put at its path.
    // (Relative to the worktree, .cg-bench/bisect/worktree: the code is not told where the repository is.)
    const h = history([
      `printf '[filter "evil"]\\n\\tsmudge = touch ${filterRan}; cat\\n\\trequired = true\\n' >> ../../../.git/config || true`,
      "echo '* filter=evil' >> ../../../.git/info/attributes || true",
      'cd ../../../.. && mv p p-moved || true',
    ]);
    const top = join(parent, 'p');
    renameSync(h.dir, top);
    chmodSync(parent, 0o777);
    const walk = (path: string) => {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        const at = join(path, entry.name);
        chmodSync(at, entry.isDirectory() ? 0o777 : 0o666);
        if (entry.isDirectory()) walk(at);
      }
    };
    chmodSync(top, 0o777);
    walk(top);
    const r = await cli(['bisect', h.good, h.bad, '--benchmark', 'b'], { cwd: top, env: { CG_BENCH_RUN_AS: '65534:65534' } });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(existsSync(filterRan), false, "root's git ran the code's filter");
    assert.equal(existsSync(`${top}-moved`), false, 'the repository was moved');
    assert.equal(statSync(join(top, '.git')).mode & 0o777, 0o777, 'its modes are given back at exit');
  },
);
