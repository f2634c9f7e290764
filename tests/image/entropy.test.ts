// Fixed entropy in the image (glibc 2.41, whose getrandom may go through the vDSO): programs that seed
// themselves from the OS repeat their counts, measured twice by `cg-bench check` in one container.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { buildEntropyPrograms, ENTROPY_CONFIG } from '../entropy-programs.ts';
import { project, readJson } from '../helpers.ts';
import { buildImage, runImage } from './container.ts';

const noRustc = spawnSync('rustc', ['--version']).status !== 0 && 'needs rustc on the host (the image has no compiler)';

describe('fixed entropy in the image', { timeout: 20 * 60_000, skip: noRustc }, () => {
  before(() => {
    buildImage();
  });

  test("getrandom, arc4random, getentropy, a Rust std HashMap and Python's unseeded random: identical counts run to run", () => {
    const dir = project(ENTROPY_CONFIG);
    buildEntropyPrograms(dir);
    chmodSync(dir, 0o777);
    const r = runImage(['-v', `${dir}:/work`], ['check', '--out', 'out-check']);
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /3 deterministic, 0 nondeterministic, 0 failed/);
    for (const side of ['check-1', 'check-2']) {
      const results = readJson(join(dir, 'out-check', side, 'results.json'));
      for (const b of results.benchmarks) assert.equal(b.seal?.entropy, 'fixed', `${side} ${b.name}`);
    }
  });
});
