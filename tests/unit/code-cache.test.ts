// V8's code cache of the CLI bundle (src/start/code-cache.ts, issue 26's fixed cost): dist/ built into
// a temporary directory, its cache made by dist/code-cache.js as the image's build does, and the CLI
// started with and without it. CG_BENCH_CODE_CACHE=require makes "was the cache used" an exit code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, tempDir } from '../helpers.ts';

let dist: string;
before(() => {
  dist = tempDir('cg-bench-code-cache-');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--out', dist], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(dist, { recursive: true, force: true }));

function cli(args: string[], codeCache?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['CG_BENCH_CODE_CACHE'];
  // No flags of this test's own Node (tsx's loader): V8 hashes its flags into the cache.
  delete env['NODE_OPTIONS'];
  if (codeCache !== undefined) env['CG_BENCH_CODE_CACHE'] = codeCache;
  return spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], { cwd: dist, env, encoding: 'utf8' });
}

const caches = () => readdirSync(dist).filter((f) => f.endsWith('.code-cache'));

test('without a cache the CLI runs as before; =require says the cache was absent, exit 70', () => {
  assert.deepEqual(caches(), []);
  const plain = cli(['--version']);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout, /^cg-bench \d/);
  const required = cli(['--version'], 'require');
  assert.equal(required.status, 70);
  assert.match(required.stderr, /code cache of .*cli\.cjs was absent/);
});

test('dist/code-cache.js makes the cache beside the bundle, named by its hash; V8 takes it, and the output is the same', () => {
  const made = spawnSync(process.execPath, [join(dist, 'code-cache.js')], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.equal(made.status, 0, made.stderr);
  const [cache] = caches();
  assert.match(cache ?? '', /^cli\.cjs\.[0-9a-f]{32}\.code-cache$/);
  const used = cli(['--help'], 'require');
  assert.equal(used.status, 0, used.stderr);
  const fromSource = cli(['--help'], '0');
  assert.equal(fromSource.status, 0, fromSource.stderr);
  assert.equal(used.stdout, fromSource.stdout);
  assert.ok(used.stdout.length > 500);
});

test('a cache that others may write is not read (it is code): the bundle is compiled from source', () => {
  const file = join(dist, caches()[0]!);
  chmodSync(file, 0o666);
  try {
    const r = cli(['--version'], 'require');
    assert.equal(r.status, 70);
    assert.match(r.stderr, /was absent/);
    assert.equal(cli(['--version']).status, 0);
  } finally {
    chmodSync(file, 0o644);
  }
  assert.equal(cli(['--version'], 'require').status, 0);
});

test("a bundle changed after its cache was made never reads it (V8 itself checks only the source's length)", () => {
  const bundle = join(dist, 'cli.cjs');
  const original = readFileSync(bundle, 'utf8');
  // The same length, another program: the version it prints changed.
  const changed = original.replace(/cg-bench \$\{VERSION\}|"0\.1\.0"/, (m) => m.replace(/\d/, '9'));
  assert.notEqual(changed, original);
  assert.equal(changed.length, original.length);
  writeFileSync(bundle, changed);
  try {
    const r = cli(['--version']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^cg-bench 9\.1\.0/);
  } finally {
    writeFileSync(bundle, original);
  }
});
