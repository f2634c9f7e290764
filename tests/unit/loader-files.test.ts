// What the loader reads before main (/etc/ld.so.cache: ld.so's _dl_cache_libcmp walks it) reaches the
// count: two environments that differ in it are not comparable, and the probe cache notices a change.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults, environmentDifferences } from '../../src/compare/compare.ts';
import { probeKeyFiles } from '../../src/results/environment.ts';
import { LOADER_FILES, loaderFilesDigest } from '../../src/results/loader-files.ts';
import { probeKey, probeKeyParts } from '../../src/results/probe-cache.ts';
import type { Environment } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const HOST: NonNullable<Environment['host']> = {
  dispatch: 'a',
  platform: 'haswell',
  hwcapsActive: '0x6',
  auxvTypes: '0x21',
  cpusOnline: '0',
  cpusPossible: '0',
  affinity: 1,
};

function scratch(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-loader-files-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test('two environments that differ only in the loader cache are not comparable, and say so', () => {
  const base: Environment = { ...TEST_ENV, host: { ...HOST, loaderFiles: '0123456789abcdef' } };
  const head: Environment = { ...TEST_ENV, host: { ...HOST, loaderFiles: 'fedcba9876543210' } };
  assert.deepEqual(environmentDifferences(base, head), [
    'loader cache and preload list (/etc/ld.so.cache, /etc/ld.so.preload): 0123456789abcdef → fedcba9876543210',
  ]);
  // The acceptance test's case: 14 Ir more after an `apt install` is "not comparable", not a change.
  const c = compareResults(
    resultsOf([benchmarkResult('b', { Ir: 1000 })], { environment: base }),
    resultsOf([benchmarkResult('b', { Ir: 1014 })], { environment: head }),
    { thresholdPercent: 0 },
  );
  assert.equal(c.comparable, false);
  assert.equal(c.benchmarks[0]?.verdict, 'not-comparable');
  assert.deepEqual(environmentDifferences(base, { ...base }), []);
  // Results written before the loader files were recorded still compare, with either side.
  const { loaderFiles: _, ...older } = base.host!;
  assert.deepEqual(environmentDifferences({ ...base, host: older }, head), []);
  assert.deepEqual(environmentDifferences(head, { ...base, host: older }), []);
});

test("the loader files' digest follows their content and state; a link or fifo there is neither followed nor waited on", () => {
  const { dir, done } = scratch();
  try {
    const cache = join(dir, 'ld.so.cache');
    const preload = join(dir, 'ld.so.preload');
    const files = [cache, preload];
    writeFileSync(cache, 'glibc-ld.so.cache1.1 one');
    const first = loaderFilesDigest(files);
    assert.match(first, /^[0-9a-f]{16}$/);
    assert.equal(loaderFilesDigest(files), first, 'the same files, the same digest');
    writeFileSync(cache, 'glibc-ld.so.cache1.1 two');
    const second = loaderFilesDigest(files);
    assert.notEqual(second, first, 'another cache');
    writeFileSync(preload, '');
    assert.notEqual(loaderFilesDigest(files), second, 'an empty preload list is not a missing one');
    rmSync(preload);
    assert.equal(loaderFilesDigest(files), second);
    // A setup command run as root could plant these: the digest must come back, and never from /dev/zero.
    rmSync(cache);
    symlinkSync('/dev/zero', cache);
    const linked = loaderFilesDigest(files);
    rmSync(cache);
    assert.equal(spawnSync('mkfifo', [cache]).status, 0);
    const fifo = loaderFilesDigest(files);
    rmSync(cache);
    mkdirSync(cache);
    const directory = loaderFilesDigest(files);
    assert.equal(new Set([second, linked, fifo, directory]).size, 4);
  } finally {
    done();
  }
});

test('a linked loader cache is recorded by what the loader reads through the link: a rewritten target changes the digest', () => {
  const { dir, done } = scratch();
  try {
    // As on systems that link /etc/ld.so.cache elsewhere: before, only the link's text was recorded.
    const target = join(dir, 'real-ld.so.cache');
    const cache = join(dir, 'ld.so.cache');
    const files = [cache, join(dir, 'ld.so.preload')];
    writeFileSync(target, 'glibc-ld.so.cache1.1 one');
    symlinkSync(target, cache);
    const first = loaderFilesDigest(files);
    assert.equal(loaderFilesDigest(files), first, 'the same target, the same digest');
    writeFileSync(target, 'glibc-ld.so.cache1.1 two');
    const second = loaderFilesDigest(files);
    assert.notEqual(second, first, 'the target rewritten, the link unchanged');
    // Through a chain of links too; a target that is a fifo is not waited on, a missing one is recorded.
    const middle = join(dir, 'middle');
    symlinkSync(target, middle);
    rmSync(cache);
    symlinkSync(middle, cache);
    assert.notEqual(loaderFilesDigest(files), second, 'another link text');
    rmSync(target);
    const dangling = loaderFilesDigest(files);
    assert.equal(spawnSync('mkfifo', [target]).status, 0);
    const fifo = loaderFilesDigest(files);
    assert.equal(new Set([first, second, dangling, fifo]).size, 4);
  } finally {
    done();
  }
});

test('the probe cache key changes with the loader cache (its size or mtime)', () => {
  const { dir, done } = scratch();
  try {
    const cache = join(dir, 'ld.so.cache');
    writeFileSync(cache, 'one');
    const files = probeKeyFiles([cache]);
    assert.equal(files[cache], cache);
    for (const file of LOADER_FILES) assert.ok(file in probeKeyFiles(), `${file} is part of the default key`);
    const key = () => probeKey(probeKeyParts({ valgrindBin: '/bin/sh', valgrindVersion: 'v', files, env: {} }, 'cpu'));
    const before = key();
    writeFileSync(cache, 'two');
    utimesSync(cache, new Date(1_000_000), new Date(1_000_000));
    assert.notEqual(key(), before);
  } finally {
    done();
  }
});
