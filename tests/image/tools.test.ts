// The extra Valgrind tools in the pinned image: a `memory: true` benchmark (DHAT) and a `--call-tree`
// run (Callgrind), measured twice in one container, give the same heap figures and the same call
// trees, byte for byte. The programs are compiled on the host (the image has no compiler).
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { compileC, project, readJson } from '../helpers.ts';
import { buildImage, runImage } from './container.ts';

const ALLOC_C = `#include <stdlib.h>
#include <string.h>
void *volatile kept;
int main(void) {
  for (int i = 0; i < 1000; i++) { char *a = malloc(128); memset(a, i, 128); kept = a; free(a); }
  return 0;
}
`;

const LEAF_C = `#include <stdio.h>
volatile unsigned long sink;
__attribute__((noinline)) void leaf(int n) { for (int i = 0; i < n; i++) sink += i; }
__attribute__((noinline)) void caller_a(void) { for (int i = 0; i < 100; i++) leaf(100); }
__attribute__((noinline)) void caller_b(void) { for (int i = 0; i < 50; i++) leaf(100); }
int main(void) { caller_a(); caller_b(); printf("%lu\\n", sink); return 0; }
`;

const CONFIG = 'memory: true\nbenchmarks:\n  - name: alloc\n    run: ./alloc\n  - name: two-callers\n    run: ./leaf\n';
const TREES = ['01-alloc', '02-two-callers'].map((slug) => join('benchmarks', slug, 'callgrind', 'call-tree.json'));

describe('DHAT and Callgrind in the image', { timeout: 20 * 60_000 }, () => {
  before(() => {
    buildImage();
  });

  test('memory: true and --call-tree, measured twice in one container: the same heap figures and the same call trees', () => {
    const dir = project(CONFIG);
    try {
      compileC(dir, 'alloc', ALLOC_C);
      compileC(dir, 'leaf', LEAF_C);
      chmodSync(dir, 0o777);
      const cli = 'node /opt/cg-bench/dist/cli.js run --call-tree';
      const r = runImage(['-v', `${dir}:/work`, '--entrypoint', 'sh'], ['-c', `${cli} --out first && ${cli} --out second`]);
      assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
      const figures = (b: BenchmarkResult) => {
        assert.ok(b.memory, `${b.name} has heap figures`);
        const { files: _files, wallTimeMs: _wall, ...rest } = b.memory;
        return { name: b.name, events: b.events, memory: rest };
      };
      const [first, second] = ['first', 'second'].map((out) => readJson(join(dir, out, 'results.json')).benchmarks.map(figures));
      assert.deepEqual(first, second, 'the same heap figures and counts twice');
      const alloc = first!.find((b) => b.name === 'alloc')!;
      assert.ok(alloc.memory.totalBlocks >= 1000 && alloc.memory.totalBytes >= 128_000, JSON.stringify(alloc.memory));
      for (const tree of TREES) assert.equal(readFileSync(join(dir, 'second', tree), 'utf8'), readFileSync(join(dir, 'first', tree), 'utf8'), tree);
      const leafTree = readFileSync(join(dir, 'first', TREES[1]!), 'utf8');
      for (const name of ['"leaf"', '"caller_a"', '"caller_b"']) assert.ok(leafTree.includes(name), `${name} in the call tree`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
