// The fixed entropy stream is made once per machine and kept (issue 26: making it was ~0.15-0.4 s
// CPU of every run); a kept copy is used only when it is exactly the stream, so a damaged or planted
// one never reaches a measured run.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIXED_ENTROPY_SHA256, fixedEntropy, keptEntropyFile, keptFixedEntropy } from '../../src/untrusted/fixed-entropy.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('the stream is the one every earlier cg-bench bound (its hash is the constant)', () => {
  assert.equal(sha(fixedEntropy()), FIXED_ENTROPY_SHA256);
});

test('made once, then read from the kept copy; a damaged, foreign-writable or missing copy is made again', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-kept-entropy-'));
  try {
    const file = join(dir, 'cg-bench', 'entropy');
    let made = 0;
    const make = () => {
      made++;
      return fixedEntropy();
    };
    const first = keptFixedEntropy(file, make);
    assert.equal(made, 1);
    assert.equal(sha(first), FIXED_ENTROPY_SHA256);
    assert.equal(sha(readFileSync(file)), FIXED_ENTROPY_SHA256);

    assert.equal(sha(keptFixedEntropy(file, make)), FIXED_ENTROPY_SHA256);
    assert.equal(made, 1, 'the kept copy is used');

    const damaged = readFileSync(file);
    damaged[12345]! ^= 1;
    writeFileSync(file, damaged, { mode: 0o600 });
    assert.equal(sha(keptFixedEntropy(file, make)), FIXED_ENTROPY_SHA256);
    assert.equal(made, 2, 'a damaged copy is made again');
    assert.equal(sha(readFileSync(file)), FIXED_ENTROPY_SHA256, 'and replaced');

    chmodSync(file, 0o666);
    assert.equal(sha(keptFixedEntropy(file, make)), FIXED_ENTROPY_SHA256);
    assert.equal(made, 3, 'a copy others may write is not trusted');

    rmSync(file);
    writeFileSync(file, Buffer.alloc(10));
    assert.equal(sha(keptFixedEntropy(file, make)), FIXED_ENTROPY_SHA256);
    assert.equal(made, 4, 'a short file is not the stream');

    assert.equal(sha(keptFixedEntropy(undefined, make)), FIXED_ENTROPY_SHA256);
    assert.equal(made, 5, 'with no cache directory it is made every time');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('kept beside the probe cache, and not at all when the probe cache is off', () => {
  assert.equal(keptEntropyFile({ XDG_CACHE_HOME: '/x/cache' }), `/x/cache/cg-bench/entropy-${FIXED_ENTROPY_SHA256.slice(0, 16)}`);
  assert.equal(keptEntropyFile({ XDG_CACHE_HOME: '/x/cache', CG_BENCH_PROBE_CACHE: '0' }), undefined);
});
