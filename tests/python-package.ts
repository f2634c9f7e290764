import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers.ts';

const config = (flag: string) => spawnSync('python3-config', [flag], { encoding: 'utf8' }).stdout.trim();

/** A directory with the cg_bench package and its extension built for the host's Python (or undefined without python3-config). */
export function builtPackage(prefix: string): string | undefined {
  if (spawnSync('python3-config', ['--includes']).status !== 0) return undefined;
  const root = tempDir(prefix);
  cpSync(join(ROOT, 'python', 'cg_bench'), join(root, 'cg_bench'), { recursive: true });
  const built = spawnSync(
    'gcc',
    [
      '-shared',
      '-fPIC',
      '-O2',
      ...config('--includes').split(/\s+/),
      join(root, 'cg_bench', '_client.c'),
      '-o',
      join(root, 'cg_bench', `_client${config('--extension-suffix')}`),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(built.status, 0, built.stderr);
  return root;
}
