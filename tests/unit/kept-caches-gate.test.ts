// The per-machine caches (the probe cache and the kept entropy stream) live in the caller's cache
// directory: in the image that is under HOME=/home/cg-bench, a directory every uid may write (1777),
// where the code cg-bench runs as another uid can make `.cache/cg-bench` its own before cg-bench
// (root) writes there, and plant links at the names cg-bench writes. The cache is written only
// through a directory held by the writer gate, never through a link, and used only when nobody but
// cg-bench's uid (or root) can change it or a directory on the way to it.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cachedProbe } from '../../src/results/probe-cache.ts';
import { fixedEntropy, keptFixedEntropy } from '../../src/untrusted/fixed-entropy.ts';

const isString = (v: unknown): v is string => typeof v === 'string';

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-kept-gate-'));
  chmodSync(dir, 0o700);
  return dir;
}

test('a link planted at the temporary name is never written through (probe cache, kept entropy)', async () => {
  const dir = scratch();
  try {
    const cache = join(dir, 'cache', 'cg-bench');
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious\n');
    const probes = join(cache, 'probes.json');
    const entropy = join(cache, 'entropy');
    symlinkSync(victim, `${probes}.${process.pid}.tmp`);
    assert.equal(await cachedProbe('k', async () => 'v', isString, probes), 'v');
    rmSync(`${probes}`, { force: true });
    rmSync(`${probes}.${process.pid}.tmp`, { force: true });
    symlinkSync(victim, `${entropy}.${process.pid}.tmp`);
    keptFixedEntropy(entropy, () => fixedEntropy());
    assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cache directory others may write, or reached through one, is not used: probed every time, nothing written', async () => {
  for (const open of ['cg-bench', 'cache'] as const) {
    const dir = scratch();
    try {
      const cache = join(dir, 'cache', 'cg-bench');
      mkdirSync(cache, { recursive: true, mode: 0o700 });
      chmodSync(open === 'cg-bench' ? cache : join(dir, 'cache'), 0o777);
      const probes = join(cache, 'probes.json');
      let probed = 0;
      const probe = async () => `v${++probed}`;
      await cachedProbe('k', probe, isString, probes);
      await cachedProbe('k', probe, isString, probes);
      assert.equal(probed, 2, `${open} writable by others: not used`);
      assert.throws(() => readFileSync(probes), { code: 'ENOENT' }, 'and not written');
      let made = 0;
      keptFixedEntropy(join(cache, 'entropy'), () => {
        made++;
        return fixedEntropy();
      });
      assert.equal(made, 1);
      assert.throws(() => readFileSync(join(cache, 'entropy')), { code: 'ENOENT' }, 'the stream is not kept there either');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a cache directory reached through a link is not used', async () => {
  const dir = scratch();
  try {
    mkdirSync(join(dir, 'elsewhere', 'cg-bench'), { recursive: true, mode: 0o700 });
    chmodSync(join(dir, 'elsewhere'), 0o777);
    mkdirSync(join(dir, 'home'), { mode: 0o700 });
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'home', '.cache'));
    const probes = join(dir, 'home', '.cache', 'cg-bench', 'probes.json');
    let probed = 0;
    const probe = async () => `v${++probed}`;
    await cachedProbe('k', probe, isString, probes);
    await cachedProbe('k', probe, isString, probes);
    assert.equal(probed, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
