// The Actions cache's directories sit at fixed paths in /tmp (the cache version hashes the path).
// In a `container:` job the pull request's code runs before, as another uid, with the same /tmp:
// a link it puts at /tmp/cg-bench-baseline made cg-bench (root) remove `<where it points>/<suite>`
// and restore the cache's files there. The root is made cg-bench's own first; a link there is removed.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cacheDirectory } from '../../src/github/cache-directory.ts';
import { FakeCacheService } from '../github/fake-cache.ts';

test('a link planted at the cache root is never removed or restored through', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-actions-cache-'));
  const env = { ...process.env };
  // A cache service that answers at once: with none configured, @actions/cache retried an empty URL
  // with 5 s pauses (20 s of this test). It cannot store, and nothing is restored through the link either way.
  const service = new FakeCacheService();
  service.unavailable = true;
  await service.start();
  try {
    const victim = join(dir, 'victim');
    mkdirSync(join(victim, 'default'), { recursive: true });
    writeFileSync(join(victim, 'default', 'precious'), 'x');
    const root = join(dir, 'cg-bench-baseline');
    symlinkSync(victim, root);
    for (const name of Object.keys(process.env)) if (name.startsWith('ACTIONS_')) delete process.env[name];
    Object.assign(process.env, service.env());
    process.env['TMPDIR'] = dir; // The cache directories lie in the system's temporary directory.
    const cached = cacheDirectory('cg-bench-baseline', 'default');
    await cached.restore('k').catch(() => undefined);
    assert.ok(existsSync(join(victim, 'default', 'precious')), 'what the link named is untouched');
    await cached.save('k', (d) => writeFileSync(join(d, 'results.json'), '{}')).catch(() => undefined);
    assert.ok(existsSync(join(victim, 'default', 'precious')));
    assert.ok(!existsSync(join(victim, 'default', 'results.json')));
    assert.ok(lstatSync(root).isDirectory(), 'the root is a directory of its own now');
  } finally {
    await service.stop();
    process.env = env;
    rmSync(dir, { recursive: true, force: true });
  }
});
