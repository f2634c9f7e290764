import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers.ts';

const config = (flag: string) => spawnSync('python3-config', [flag], { encoding: 'utf8' }).stdout.trim();
const SOURCE = join(ROOT, 'python', 'cg_bench', '_client.c');

/**
 * The extension (python/cg_bench/_client.c) built for the host's Python, once for all test files:
 * kept in the tests' temporary directory under the hash of its source and the Python's headers, so
 * every file that needs it after the first copies it (undefined without python3-config).
 */
function builtExtension(): { file: string; name: string } | undefined {
  if (spawnSync('python3-config', ['--includes']).status !== 0) return undefined;
  const includes = config('--includes');
  const name = `_client${config('--extension-suffix')}`;
  const key = createHash('sha256').update(readFileSync(SOURCE)).update(includes).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `cg-bench-python-extension-${key}`, name);
  if (existsSync(file)) return { file, name };
  mkdirSync(join(tmpdir(), `cg-bench-python-extension-${key}`), { recursive: true });
  const building = `${file}.${process.pid}`;
  const built = spawnSync('gcc', ['-shared', '-fPIC', '-O2', ...includes.split(/\s+/), SOURCE, '-o', building], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  renameSync(building, file); // whole or not at all, for a file built at the same time
  return { file, name };
}

/** A new directory holding the built extension (for scripts that import `_client` alone), or undefined. */
export function builtClient(prefix = 'cg-bench-client-'): string | undefined {
  const extension = builtExtension();
  if (extension === undefined) return undefined;
  const dir = tempDir(prefix);
  copyFileSync(extension.file, join(dir, extension.name));
  return dir;
}

/** A new directory with the cg_bench package and its extension built for the host's Python (the extension built once for the suite), or undefined without python3-config. */
export function builtPackage(prefix = 'cg-bench-package-'): string | undefined {
  const extension = builtExtension();
  if (extension === undefined) return undefined;
  const root = tempDir(prefix);
  cpSync(join(ROOT, 'python', 'cg_bench'), join(root, 'cg_bench'), { recursive: true });
  copyFileSync(extension.file, join(root, 'cg_bench', extension.name));
  return root;
}
