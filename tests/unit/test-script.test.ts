// scripts/test.sh (the README's test command, .ci/run) ends with node's status and removes its TMPDIR.
// Its EXIT trap runs under `set -e`: a command failing in it (killing an image build that has already
// ended) ended the trap early, so a suite whose 632 tests all passed exited 1 and left its TMPDIR.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, tempDir } from '../helpers.ts';

const trapLine = () => {
  const line = readFileSync(join(ROOT, 'scripts', 'test.sh'), 'utf8')
    .split('\n')
    .find((l) => /^trap '.*' EXIT$/.test(l));
  assert.ok(line, 'scripts/test.sh has an EXIT trap');
  return line;
};

for (const [last, status] of [
  ['true', 0],
  ['false', 1],
] as const) {
  test(`the EXIT trap of scripts/test.sh keeps the suite's status (${status}) and removes its TMPDIR, with the image build and the static checks already ended`, () => {
    const dir = tempDir('cg-bench-trap-');
    // The static checks (run beside the tests) ended too.
    const script = [
      'set -euo pipefail',
      `TMPDIR=${dir}`,
      'build=',
      'true & build=$!',
      'wait "$build"',
      'true & checked=$!',
      'wait "$checked"',
      trapLine(),
      last,
    ].join('\n');
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    assert.equal(r.status, status, r.stderr);
    assert.equal(existsSync(dir), false, 'TMPDIR removed');
  });
}
