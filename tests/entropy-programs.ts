// Programs that seed themselves from the OS's entropy, each doing work that follows the value drawn:
// with the entropy seal their counts repeat, without it they differ run to run. Shared by the host
// (tests/engine/seal.test.ts) and image (tests/image/entropy.test.ts) tests.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileC } from './helpers.ts';

const C_RANDOM = `#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
int main(void) {
  unsigned int seed = 0;
  if (getrandom(&seed, sizeof seed, 0) != sizeof seed) { FILE *f = fopen("/dev/urandom", "rb"); if (!f || fread(&seed, sizeof seed, 1, f) != 1) return 1; fclose(f); }
  unsigned int a = arc4random(), b = 0;
  getentropy(&b, sizeof b);
  /* Work that follows the values drawn: a different draw, a different count. */
  volatile unsigned long sum = 0;
  for (unsigned int i = 0; i < (seed ^ a ^ b) % 5000; i++) sum += i;
  printf("%u %u %u\\n", seed, a, b);
  return 0;
}
`;

const RUST_HASHMAP = `use std::collections::HashMap;
fn main() {
    let mut map: HashMap<String, usize> = HashMap::new();
    for i in 0..5000 { map.insert(format!("key-{i}"), i); }
    // The iteration order follows the hasher's random keys.
    let mut walk = 0usize;
    for (i, (k, v)) in map.iter().enumerate() { if i < 100 { walk = walk.wrapping_mul(31).wrapping_add(k.len() + v); } }
    for _ in 0..(walk % 2000) { std::hint::black_box(&map); }
    println!("{walk}");
}
`;

const PYTHON_RANDOM = 'import random\nn = int(random.random() * 5000)\nprint(n, sum(range(n)))\n';

export const ENTROPY_CONFIG = `benchmarks:
  - name: c-random
    run: [./c-random]
  - name: rust-hashmap
    run: [./rust-hashmap]
  - name: python-random
    run: [python3, -S, draw.py]
`;

/** Writes and builds the three programs in `dir` (on the host: the image has no compiler). */
export function buildEntropyPrograms(dir: string): void {
  writeFileSync(join(dir, 'draw.py'), PYTHON_RANDOM);
  writeFileSync(join(dir, 'hashmap.rs'), RUST_HASHMAP);
  compileC(dir, 'c-random', C_RANDOM);
  const rust = spawnSync('rustc', ['-O', '-o', join(dir, 'rust-hashmap'), join(dir, 'hashmap.rs')], { encoding: 'utf8' });
  assert.equal(rust.status, 0, rust.stderr);
}
