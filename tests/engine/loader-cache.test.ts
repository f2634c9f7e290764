// The loader cache on a real host: in a mount namespace of its own, a copy of /etc/ld.so.cache made by
// `ldconfig -C` with one more directory is bound over the real one. The count of a program that loads
// a few libraries moves with it (ld.so walks the cache), and so does the environment's fingerprint.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, tempDir } from '../helpers.ts';

const NAMESPACE = ['unshare', '--user', '--map-root-user', '--mount'];
const usable =
  spawnSync(NAMESPACE[0]!, [...NAMESPACE.slice(1), 'true']).status === 0 &&
  spawnSync('valgrind', ['--version']).status === 0 &&
  spawnSync('ldconfig', ['-p'], { stdio: 'ignore' }).status === 0;

/** Runs `script` (sh) in a new mount namespace where `cache`, when given, is bound over /etc/ld.so.cache. */
function inNamespace(cache: string | undefined, script: string): string {
  const bind = cache ? 'mount --bind "$1" /etc/ld.so.cache || exit 99; ' : '';
  const r = spawnSync(NAMESPACE[0]!, [...NAMESPACE.slice(1), 'sh', '-c', `${bind}${script}`, 'sh', cache ?? ''], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('a changed loader cache changes the fingerprint (and the count it moves)', {
  skip: !usable && 'needs unshare (user and mount namespaces), valgrind and ldconfig',
}, (t) => {
  const dir = tempDir('cg-bench-loader-cache-');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // One more library directory: ldconfig writes a cache with more entries for ld.so to search.
  mkdirSync(join(dir, 'extra'));
  const libz = spawnSync('sh', ['-c', "ldconfig -p | awk '/libz\\.so\\.1 .*x86-64|libz\\.so\\.1 .*AArch64/ {print $NF; exit}'"], {
    encoding: 'utf8',
  }).stdout.trim();
  if (libz) writeFileSync(join(dir, 'extra', 'libz.so.1'), readFileSync(libz));
  writeFileSync(join(dir, 'ld.so.conf'), `${join(dir, 'extra')}\ninclude /etc/ld.so.conf.d/*.conf\n`);
  const cache = join(dir, 'ld.so.cache');
  const made = spawnSync('ldconfig', ['-C', cache, '-f', join(dir, 'ld.so.conf')], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);

  const probe = join(dir, 'digest.ts');
  writeFileSync(probe, `import { loaderFilesDigest } from ${JSON.stringify(join(ROOT, 'src/results/loader-files.ts'))};\nconsole.log(loaderFilesDigest());\n`);
  const digest = (bound: string | undefined) => inNamespace(bound, `exec "${process.execPath}" --import tsx "${probe}"`).trim();
  const count = (bound: string | undefined) => {
    const out = inNamespace(bound, 'valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /bin/ls / 2>&1 >/dev/null');
    return Number(/I\s+refs:\s+([\d,]+)/.exec(out)?.[1]?.replaceAll(',', ''));
  };

  const real = digest(undefined);
  assert.equal(digest(undefined), real, 'the same cache, the same fingerprint');
  const other = digest(cache);
  assert.notEqual(other, real, 'the copy from ldconfig -C is another fingerprint');
  assert.equal(digest(cache), other);
  const [before, after] = [count(undefined), count(cache)];
  assert.ok(before > 0 && after > 0);
  assert.equal(count(cache), after, 'the count repeats with either cache');
  t.diagnostic(`ls / : ${before} Ir with the host's cache, ${after} Ir with the copy (${after - before >= 0 ? '+' : ''}${after - before})`);
});
