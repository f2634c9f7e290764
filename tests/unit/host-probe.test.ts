import assert from 'node:assert/strict';
import { test } from 'node:test';
import { environmentDifferences } from '../../src/compare/compare.ts';
import { parseLoaderDiagnostics } from '../../src/results/host-probe.ts';
import type { Environment } from '../../src/results/types.ts';
import { TEST_ENV } from '../results-fixtures.ts';

/** The environment the tests below vary: no Python, a CPU not decoded. */
const ENV: Environment = { ...TEST_ENV, cgBench: '0', os: 'x', python: null, cpu: { hwcaps: null, vendor: null, brand: null, features: [] } };

const DIAGNOSTICS = [
  'dl_platform="haswell"',
  'dl_hwcaps_subdirs_active=0x6',
  'auxv[0x0].a_type=0x21',
  'auxv[0x0].a_val=0x7ffd1000',
  'auxv[0x1].a_type=0x10',
  'auxv[0x1].a_val=0x178bfbff',
  'x86.cpu_features.basic.model=0x3c',
  'x86.cpu_features.features[0x0].active[0x2]=0x7ed83203',
].join('\n');

test("the loader's dispatch state: x86 lines hashed, auxv types without their values", () => {
  const d = parseLoaderDiagnostics(DIAGNOSTICS);
  assert.equal(d.platform, 'haswell');
  assert.equal(d.hwcapsActive, '0x6');
  assert.equal(d.auxvTypes, '0x21,0x10');
  assert.match(d.dispatch!, /^[0-9a-f]{16}$/);
  assert.equal(parseLoaderDiagnostics(DIAGNOSTICS.replace('0x7ffd1000', '0x7ffe2000')).dispatch, d.dispatch, 'addresses do not matter');
  assert.notEqual(parseLoaderDiagnostics(DIAGNOSTICS.replace('0x7ed83203', '0x7ed83003')).dispatch, d.dispatch, 'a CPU feature does');
  assert.deepEqual(parseLoaderDiagnostics(''), { dispatch: null, platform: null, hwcapsActive: null, auxvTypes: null });
});

test('a host with another CPU list, auxiliary vector or dispatch is not comparable, and says which', () => {
  const host = { dispatch: 'a', platform: 'haswell', hwcapsActive: '0x6', auxvTypes: '0x21,0x10', cpusOnline: '0-1', cpusPossible: '0-1', affinity: 2 };
  const env: Environment = { ...ENV, host };
  assert.deepEqual(environmentDifferences(env, { ...env, host: { ...host, cpusOnline: '0-3', affinity: 4, auxvTypes: '0x21,0x10,0x1a' } }), [
    'auxiliary vector entry types: 0x21,0x10 → 0x21,0x10,0x1a',
    'online CPUs: 0-1 → 0-3',
    'CPUs in the affinity mask: 2 → 4',
  ]);
  const { host: _, ...older } = env;
  assert.deepEqual(environmentDifferences(older, env), [], 'results without the host fingerprint still compare');
});

test('a host without AVX2 is named in words, first, on whichever side it is', () => {
  const haswell = {
    hwcaps: 'amd64-cx16-lzcnt-rdtscp-sse3-ssse3-avx-avx2-bmi-f16c-rdrand',
    vendor: 'GenuineIntel',
    brand: 'Intel(R) Core(TM) i7-4910MQ CPU @ 2.90GHz',
    features: ['avx', 'avx2', 'f16c'],
  };
  const sandy = { hwcaps: 'amd64-cx16-rdtscp-sse3-ssse3-avx', vendor: 'GenuineIntel', brand: 'Intel(R) Core(TM) i5-2300 CPU @ 2.80GHz', features: ['avx'] };
  const env: Environment = { ...ENV, cpu: haswell };
  const head = environmentDifferences(env, { ...env, cpu: sandy });
  assert.equal(
    head[0],
    "the head's host CPU has no AVX2 (Valgrind presents Intel(R) Core(TM) i5-2300 CPU @ 2.80GHz): glibc takes other code paths there, and counts differ from an AVX2 host's by 2–31 %; measure both on AVX2 hosts",
  );
  assert.ok(head.includes('simulated CPU features: avx,avx2,f16c → avx'), 'the fields follow');
  assert.match(environmentDifferences({ ...env, cpu: sandy }, env)[0]!, /^the baseline's host CPU has no AVX2/);
  assert.ok(
    !environmentDifferences(env, { ...env, cpu: { ...haswell, features: ['avx', 'avx2'] } }).some((d) => d.includes('no AVX2')),
    'AVX2 on both sides: only the fields',
  );
  const unknown = { hwcaps: null, vendor: null, brand: null, features: [] };
  assert.deepEqual(environmentDifferences({ ...env, cpu: unknown }, { ...env, cpu: unknown }), [], 'not decoded (not x86): nothing claimed');
});
