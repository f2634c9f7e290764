// cg-bench bisect in the image, as a user runs it: `docker run -v "$PWD:/work" --user … bisect`. The
// repository's .git is used from inside the container; the worktree is made and removed there. The
// image has no compiler: each commit holds its program, built here; the "broken build" deletes it.
import assert from 'node:assert/strict';
import { chownSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { compileC, git, readJson, tempDir } from '../helpers.ts';
import { WORK_C } from '../project-repo.ts';
import { buildImage, runImage } from './container.ts';

const UID = 12345;

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), uid);
}

describe('cg-bench bisect in the image', { timeout: 30 * 60_000 }, () => {
  let dir: string;
  const shas: string[] = [];
  const BROKEN = 4;
  const REGRESSION = 6;

  before(() => {
    buildImage();
    dir = tempDir('cg-bench-bisect-image-');
    git(dir, 'init', '-q', '-b', 'main');
    mkdirSync(join(dir, 'bench'));
    writeFileSync(join(dir, '.gitignore'), '.cg-bench/\n');
    // "setup" checks that the program is there, as a build would make it.
    writeFileSync(join(dir, 'cg-bench.yml'), 'setup:\n  - ["test", "-x", "bench/work"]\nbenchmarks:\n  - name: loop\n    run: [./bench/work, "100000"]\n');
    for (let i = 0; i < 8; i++) {
      rmSync(join(dir, 'bench', 'work'), { force: true });
      if (i !== BROKEN) compileC(join(dir, 'bench'), 'work', i >= REGRESSION ? WORK_C.replace('i < n;', 'i < n + 700;') : WORK_C);
      rmSync(join(dir, 'bench', 'work.c'), { force: true });
      writeFileSync(join(dir, 'NOTES'), `note ${i}\n`);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', i === BROKEN ? 'lose the program' : i === REGRESSION ? 'more work' : `notes ${i}`);
      shas.push(git(dir, 'rev-parse', 'HEAD'));
    }
    chownTree(dir, UID);
  });

  test('docker run … cg-bench bisect names the commit, skips the broken one, and leaves the repository as it was', () => {
    const r = runImage(['--user', `${UID}:${UID}`, '-v', `${dir}:/work`], ['bisect', shas[0]!, 'main', '--benchmark', 'loop']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(`^first commit whose loop differs from GOOD ${shas[0]!.slice(0, 12)}: ${shas[REGRESSION]!.slice(0, 12)} more work$`, 'm'),
    );
    assert.match(r.stdout, new RegExp(`^ {2}skipped ${shas[BROKEN]!.slice(0, 12)} lose the program: setup command failed`, 'm'));
    assert.match(r.stdout, /^measured 6 commit\(s\): GOOD and BAD twice each, 4 of the 6 between them once, 1 skipped$/m);
    const good = readJson(join(dir, '.cg-bench', 'bisect', 'commits', shas[0]!, 'results.json'));
    assert.equal(good.environment.workspace, '/work/.cg-bench/bisect/worktree', 'measured at the one worktree path, inside /work');
    assert.equal(good.environment.valgrind, '3.24.0', "the image's Valgrind");
    // The worktree was removed from inside the container: the host's git sees the one checkout, clean.
    assert.equal(
      git(dir, '-c', 'safe.directory=*', 'worktree', 'list', '--porcelain')
        .split('\n')
        .filter((l) => l.startsWith('worktree ')).length,
      1,
    );
    assert.equal(git(dir, '-c', 'safe.directory=*', 'status', '--porcelain'), '');
  });
});
