// The repository stands alone (issue 25.7): a clone with nothing beside it, and no remote to find a
// sibling folder through, runs its own tests. workflows.test.ts reads the vendored schemas; the
// harness's payloads are read the same way (tests/contracts/).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { git, ROOT, tempDir } from '../helpers.ts';

test('a clone of HEAD in a directory with nothing beside it runs a unit test file that reads the vendored contracts', () => {
  const outer = tempDir('cg-bench-standalone-');
  try {
    const clone = join(outer, 'repo');
    mkdirSync(clone);
    git(outer, 'clone', '--quiet', '--no-hardlinks', ROOT, clone);
    git(clone, 'remote', 'remove', 'origin');
    assert.deepEqual(readdirSync(outer), ['repo']);
    // The dependencies, as `npm ci` would install them (not part of what is tested).
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    const env = { ...process.env };
    delete env['CG_BENCH_SHARED'];
    delete env['NODE_TEST_CONTEXT'];
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', 'tests/unit/workflows.test.ts'], { cwd: clone, env, encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /# pass [1-9]/);
    assert.match(run.stdout, /# fail 0/);
  } finally {
    rmSync(outer, { recursive: true, force: true });
  }
});
