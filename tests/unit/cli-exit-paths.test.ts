// The CLI's exit paths for cg-bench's own faults (src/start/cli-loader.ts, src/cli.ts): a bundle that
// cannot be loaded, one that throws as it starts, a command whose promise rejects, and one whose
// promise never settles (the event loop drains first) all exit 70, never 0 or 1 ("no regression",
// "a regression"). Each is the real loader and src/cli.ts, built by esbuild with main() replaced.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { ROOT, tempDir } from '../helpers.ts';

/** A directory holding dist/'s loader and, as cli.cjs, `bundle` (its text) or src/cli.ts with main.ts's main() being `main`. */
async function cli(bundle: { text: string } | { main: string }): Promise<string> {
  const dir = tempDir('cli-exit');
  copyFileSync(join(ROOT, 'dist', 'cli.js'), join(dir, 'cli.js'));
  if ('text' in bundle) {
    writeFileSync(join(dir, 'cli.cjs'), bundle.text);
    return dir;
  }
  await build({
    entryPoints: [join(ROOT, 'src', 'cli.ts')],
    outfile: join(dir, 'cli.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    define: { 'import.meta.url': '__cgBundleUrl' },
    plugins: [
      {
        name: 'main-replaced',
        setup(b) {
          b.onResolve({ filter: /\/cli\/main\.ts$/ }, () => ({ path: 'main', namespace: 'replaced' }));
          b.onLoad({ filter: /.*/, namespace: 'replaced' }, () => ({ contents: `export function main() { ${bundle.main} }`, loader: 'js' }));
        },
      },
    ],
  });
  return dir;
}

function exitOf(dir: string): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [join(dir, 'cli.js'), 'run'], { encoding: 'utf8', env: { ...process.env, CG_BENCH_CODE_CACHE: '0' }, timeout: 30_000 });
  return { status: r.status, stderr: r.stderr };
}

test('exit paths: a bundle that cannot be compiled exits 70, saying which file', async () => {
  const r = exitOf(await cli({ text: 'this is not JavaScript(' }));
  assert.equal(r.status, 70, r.stderr);
  assert.match(r.stderr, /internal error: .*cli\.cjs could not be loaded/);
});

test("exit paths: a bundle that throws as it starts exits 70, not Node's 1", async () => {
  const r = exitOf(await cli({ text: "throw new Error('at start');" }));
  assert.equal(r.status, 70, r.stderr);
  assert.match(r.stderr, /internal error: .*cli\.cjs failed as it started: Error: at start/);
});

test('exit paths: main() rejecting exits 70; resolving to 1 exits 1', async () => {
  const rejected = exitOf(await cli({ main: "return Promise.reject(new Error('rejected'));" }));
  assert.equal(rejected.status, 70, rejected.stderr);
  assert.match(rejected.stderr, /internal error: Error: rejected/);
  const one = exitOf(await cli({ main: 'return Promise.resolve(1);' }));
  assert.equal(one.status, 1, one.stderr);
  assert.equal(one.stderr, '');
});

test('exit paths: main() that never settles (the event loop drains) exits 70', async () => {
  const r = exitOf(await cli({ main: 'return new Promise(() => {});' }));
  assert.equal(r.status, 70, r.stderr);
  assert.match(r.stderr, /internal error: stopped before the command ended/);
});
