// The per-machine cache of the fingerprint's probes (issue 26.1): kept under a key of everything the
// answers depend on; any change of it is a new probe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedProbe, probeCacheFile, probeKey, probeKeyParts, type ProbeKeyInputs } from '../../src/results/probe-cache.ts';

const CPUINFO = 'processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Xeon\ncpu MHz\t\t: 2000.1\nflags\t\t: fpu sse2 avx2\n\nprocessor\t: 1\n';

function scratch(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-probe-cache-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

const isString = (v: unknown): v is string => typeof v === 'string';

test('a probe runs once per key: a hit is not probed again, another key is', async () => {
  const { dir, done } = scratch();
  try {
    const file = join(dir, 'cg-bench', 'probes.json');
    let probes = 0;
    const probe = async () => `answer ${++probes}`;
    assert.equal(await cachedProbe('k1', probe, isString, file), 'answer 1');
    assert.equal(await cachedProbe('k1', probe, isString, file), 'answer 1');
    assert.equal(probes, 1);
    assert.equal(await cachedProbe('k2', probe, isString, file), 'answer 2');
    assert.equal(await cachedProbe('k1', probe, isString, file), 'answer 1', 'both keys are kept');
    assert.equal(probes, 2);
    // A value the caller does not accept (damaged, older shape) is probed again and replaced.
    assert.equal(await cachedProbe('k1', probe, (v): v is string => v === 'fresh', file).catch(() => 'x'), 'answer 3');
    // No cache file at all: always probed.
    assert.equal(await cachedProbe('k1', probe, isString, undefined), 'answer 4');
  } finally {
    done();
  }
});

test('a damaged cache file or one others can write is a miss, never an error', async () => {
  const { dir, done } = scratch();
  try {
    const file = join(dir, 'probes.json');
    writeFileSync(file, '{ not json');
    assert.equal(await cachedProbe('k', async () => 'probed', isString, file), 'probed');
    assert.match(readFileSync(file, 'utf8'), /"probed"/);
    writeFileSync(file, JSON.stringify([{ key: 'k', value: 'planted' }]), { mode: 0o600 });
    assert.equal(await cachedProbe('k', async () => 'probed', isString, file), 'planted', 'a file of ours is read');
    chmodSync(file, 0o666);
    assert.equal(await cachedProbe('k', async () => 'probed', isString, file), 'probed', 'a world-writable file is not trusted');
  } finally {
    done();
  }
});

test("the key changes with Valgrind (size, mtime), the loader, python3, the kernel's CPU, the image", () => {
  const { dir, done } = scratch();
  try {
    const valgrind = join(dir, 'valgrind');
    const loader = join(dir, 'ld.so');
    writeFileSync(valgrind, 'v1');
    writeFileSync(loader, 'l1');
    const inputs = (env: NodeJS.ProcessEnv = {}): ProbeKeyInputs => ({ valgrindBin: valgrind, valgrindVersion: 'valgrind-3.24.0', files: { loader }, env });
    const key = (i: ProbeKeyInputs, cpuinfo = CPUINFO) => probeKey(probeKeyParts(i, cpuinfo));
    const first = key(inputs());
    assert.equal(key(inputs()), first, 'the same machine, the same key');
    assert.equal(key(inputs(), CPUINFO.replace('2000.1', '2400.7')), first, 'the clock is not the CPU');
    assert.notEqual(key(inputs(), CPUINFO.replace('avx2', 'avx512f')), first, 'a CPU feature is');
    assert.notEqual(key(inputs(), CPUINFO.replace('Xeon', 'EPYC')), first, 'another CPU model');
    assert.notEqual(key(inputs({ CG_BENCH_IMAGE_DIGEST: 'sha256:aa' })), first, 'another image');
    assert.notEqual(key({ ...inputs(), valgrindVersion: 'valgrind-3.25.0' }), first, 'another Valgrind version');
    utimesSync(valgrind, new Date(2020, 1, 1), new Date(2020, 1, 1));
    const touched = key(inputs());
    assert.notEqual(touched, first, "Valgrind's mtime");
    writeFileSync(valgrind, 'v22');
    utimesSync(valgrind, new Date(2020, 1, 1), new Date(2020, 1, 1));
    assert.notEqual(key(inputs()), touched, "Valgrind's size");
    const before = key(inputs());
    writeFileSync(loader, 'l2 (a glibc update)');
    assert.notEqual(key(inputs()), before, 'the loader: glibc');
    assert.notEqual(key({ ...inputs(), files: { loader, python3: valgrind } }), key(inputs()), 'python3 found, or not');
    assert.notEqual(probeKeyParts(inputs(), CPUINFO)['kernel'], undefined, 'the kernel release is a part');
  } finally {
    done();
  }
});

test('the cache lives under XDG_CACHE_HOME, else ~/.cache; CG_BENCH_PROBE_CACHE=0 turns it off', () => {
  assert.equal(probeCacheFile({ XDG_CACHE_HOME: '/x/cache' }), '/x/cache/cg-bench/probes.json');
  assert.match(probeCacheFile({ XDG_CACHE_HOME: 'relative' })!, /\/\.cache\/cg-bench\/probes\.json$/);
  assert.equal(probeCacheFile({ XDG_CACHE_HOME: '/x/cache', CG_BENCH_PROBE_CACHE: '0' }), undefined);
});
