// The GitHub Action's container engine (src/container/client.ts): plain `docker` is found in the
// system's own directories, never by the caller's PATH (which an earlier step may point into the
// checkout), and a missing one says how to name it. CG_BENCH_ENGINE, the operator's, is taken as given.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { engineFromEnv } from '../../src/container/client.ts';

function program(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

test('engine: docker from the own programs path, not from PATH; CG_BENCH_ENGINE as given', () => {
  // Not below /tmp: a program found there (a shared directory anyone can write) is never taken as one's own.
  const root = mkdtempSync('/run/cg-bench-engine-path-');
  const system = join(root, 'system');
  const docker = program(system, 'docker');
  program(join(root, 'checkout', 'node_modules', '.bin'), 'docker');
  const saved = { own: process.env['CG_BENCH_OWN_PATH'], path: process.env['PATH'] };
  try {
    process.env['CG_BENCH_OWN_PATH'] = system;
    process.env['PATH'] = `${join(root, 'checkout', 'node_modules', '.bin')}:${saved.path}`;
    assert.deepEqual(engineFromEnv({}).command, [docker]);
    assert.deepEqual(engineFromEnv({ CG_BENCH_ENGINE: 'podman --runtime runc' }).command, ['podman', '--runtime', 'runc']);
    process.env['CG_BENCH_OWN_PATH'] = join(root, 'empty');
    assert.throws(() => engineFromEnv({}), /docker not found in .*empty .*set CG_BENCH_ENGINE/);
  } finally {
    if (saved.own === undefined) delete process.env['CG_BENCH_OWN_PATH'];
    else process.env['CG_BENCH_OWN_PATH'] = saved.own;
    process.env['PATH'] = saved.path;
    rmSync(root, { recursive: true, force: true });
  }
});
