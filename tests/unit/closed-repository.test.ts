// Root's git never runs in the CI's repository once the code has (vcs/git.ts closeRepository): the
// code could have put a repository at its path, or a filter in its .git (attack r13), and no lock
// has to hold for git to be safe. The pipeline's side: pipeline.test.ts ("every git command").
import assert from 'node:assert/strict';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { closeRepository, git } from '../../src/vcs/git.ts';
import { committedProject, git as hostGit } from '../helpers.ts';

test('git refuses a closed repository, and anything below it: a repository put at its path never has its filter run', () => {
  const { root } = committedProject('benchmarks: []\n', 'cg-bench-closed-');
  assert.equal(git(root, ['rev-parse', 'HEAD']).ok, true, 'open: git runs');
  closeRepository(root);
  // What the code could leave: its own repository at the path, with a filter for the next checkout.
  renameSync(join(root, '.git'), join(root, '.git-x'));
  const marker = join(root, 'filter-ran');
  hostGit(root, 'init', '-q');
  writeFileSync(join(root, '.git', 'config'), `[filter "evil"]\n\tsmudge = touch ${marker}; cat\n\trequired = true\n`, { flag: 'a' });
  writeFileSync(join(root, '.git', 'info', 'attributes'), '* filter=evil\n');
  for (const at of [root, join(root, 'sub')])
    assert.throws(() => git(at, ['checkout', '-q', '-b', 'x']), /git ran in .* after the code did: every git command there belongs before the first run/);
  assert.equal(existsSync(marker), false);
  assert.equal(git(dirname(root), ['--version']).ok, true, 'the directory above is not closed');
});
