import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sealDifference } from '../../src/compare/seal.ts';
import type { Seal } from '../../src/results/types.ts';
import { benchmarkEnvironment } from '../../src/run/environment.ts';
import { sealOf } from '../../src/run/seal.ts';
import type { Sandbox } from '../../src/untrusted/sandbox.ts';

const sealed: Seal = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed' };
const sandbox = { seal: sealed } as Sandbox;

function recorded(instrument: 'region' | 'whole', userEnv: Record<string, string> = {}): Seal {
  const env = benchmarkEnvironment('/', userEnv, '/tmp/home', undefined, instrument);
  return sealOf(sandbox, false, instrument, '/', env);
}

test('a region run records symbols bound at start; a whole run, or an env: that empties LD_BIND_NOW, records none', () => {
  assert.equal(recorded('region').symbols, 'now');
  assert.equal(recorded('whole').symbols, undefined);
  // glibc binds lazily when LD_BIND_NOW is empty: the record follows the environment the run got.
  assert.equal(recorded('region', { LD_BIND_NOW: '' }).symbols, undefined);
  assert.equal(recorded('whole', { LD_BIND_NOW: '1' }).symbols, 'now');
});

test('a region result from before LD_BIND_NOW (lazy binding) is not comparable with one after, naming the binding', () => {
  assert.match(sealDifference(sealed, recorded('region')) ?? '', /symbol binding: lazy → at start \(LD_BIND_NOW\)/);
  assert.equal(sealDifference(recorded('region'), recorded('region')), undefined);
  assert.equal(sealDifference(sealed, recorded('whole')), undefined);
});
