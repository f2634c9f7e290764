// The bundled examples as the image tests measure them: built on the host (the image has no
// compiler), their configuration without its setup, each on a tenth of its input.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';

/**
 * Each example on a tenth of its input. The image tests' claims are that the numbers repeat exactly
 * (across runs, uids, paths, ASLR, DHAT's figures) and that a change is exactly its size, which no
 * input size bears on: the same code paths, the heap blocks and accesses fewer (at full size DHAT
 * took most of a run, tracking every access to the memory examples' 32 MiB: 10-17 s a benchmark,
 * loaded). The examples at full size run in the image under the real runners
 * (tests/runners/dogfood-*.test.ts).
 */
const TENTH: Record<string, string[]> = {
  'c-qsort-200k': ['./c/sort', '20000'],
  // An argv, where the examples have a string: no /bin/sh under Valgrind (and DHAT) before Python.
  'python-dicts': ['python3', 'python/bench_dicts.py', '200'],
  'rust-primes-2m': ['./rust/target/release/primes', '200000'],
  'memory-linear': ['./memory-access/memory-access', 'linear', '100000', '200000'],
  'memory-random': ['./memory-access/memory-access', 'random', '100000', '200000'],
};

/** Runs the examples' setup in `dir` (a copy of examples/) and returns their configuration without it, on a tenth of their input. */
export function builtExamplesConfig(dir: string): Document {
  const doc = parseDocument(readFileSync(join(dir, 'cg-bench.yml'), 'utf8'));
  const { setup, benchmarks } = doc.toJS() as { setup: string[]; benchmarks: { name: string }[] };
  for (const command of setup) {
    const r = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  doc.delete('setup');
  for (const [i, { name }] of benchmarks.entries()) {
    const run = TENTH[name];
    assert.ok(run, `no tenth of the example ${name}: add it to tests/image/examples.ts`);
    doc.setIn(['benchmarks', i, 'run'], run);
  }
  return doc;
}
