// The extra Valgrind tools in the pinned image, all in one container: a `memory: true` benchmark (DHAT)
// and a `--call-tree` run (Callgrind), measured twice, give the same heap figures and the same call
// trees, byte for byte; the bundled examples (each on a tenth of its input) with `memory: true` give the same heap figures twice, and
// one extra 64-byte block per iteration of 1,000 is a regression of exactly 64,000 bytes and 1,000
// blocks. The programs are compiled on the host (the image has no compiler).
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { compileC, copyExamples, readJson } from '../helpers.ts';
import { buildImage, runImage } from './container.ts';
import { builtExamplesConfig } from './examples.ts';

/** The head (extra) allocates one more 64-byte block per iteration: a global keeps the compiler from eliding it. */
const ALLOC_C = (extra: boolean) => `#include <stdlib.h>
#include <string.h>
void *volatile kept;
int main(void) {
  for (int i = 0; i < 1000; i++) {
    char *a = malloc(128); memset(a, i, 128); kept = a;
${extra ? '    char *b = malloc(64); memset(b, i, 64); kept = b; free(b);\n' : ''}    free(a);
  }
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

/** Each run an argv, not a shell line: /bin/sh -c would run under each of the three tools too (~0.4 s of CPU each). */
const CONFIG = 'memory: true\nbenchmarks:\n  - name: alloc\n    run: [./alloc]\n  - name: two-callers\n    run: [./leaf]\n';
const TREES = ['01-alloc', '02-two-callers'].map((slug) => join('benchmarks', slug, 'callgrind', 'call-tree.json'));

describe('DHAT and Callgrind in the image', { timeout: 20 * 60_000 }, () => {
  before(() => {
    buildImage();
  });

  test('memory: true and --call-tree twice, and the bundled examples with memory: true at a base and a head with one more 64-byte block per iteration, in one container', () => {
    const dir = copyExamples();
    try {
      // The examples built on the host, on a tenth of their input (tests/image/examples.ts), with memory: true, plus alloc.
      const examples = builtExamplesConfig(dir);
      examples.set('memory', true);
      examples.addIn(['benchmarks'], { name: 'alloc', run: ['./alloc'] });
      writeFileSync(join(dir, 'memory.yml'), examples.toString());
      writeFileSync(join(dir, 'tools.yml'), CONFIG);
      compileC(dir, 'alloc', ALLOC_C(false));
      compileC(dir, 'alloc-head', ALLOC_C(true));
      compileC(dir, 'leaf', LEAF_C);
      chmodSync(dir, 0o777);
      const cli = 'node /opt/cg-bench/dist/cli.js run';
      const script = [
        // Two at once, every run: the figures are the same for any --jobs, and the runs take half the
        // wall time (the examples', Python's most).
        `${cli} --config tools.yml --call-tree --jobs 2 --out first`,
        `${cli} --config tools.yml --call-tree --jobs 2 --out second`,
        `${cli} --config memory.yml --jobs 2 --out base`,
        'cp alloc-head alloc',
        `${cli} --config memory.yml --jobs 2 --baseline base/results.json --out head`,
      ].join(' && ');
      const r = runImage(['-v', `${dir}:/work`, '--entrypoint', 'sh'], ['-c', script]);
      assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
      const figures = (b: BenchmarkResult) => {
        assert.ok(b.memory, `${b.name} has heap figures`);
        const { files: _files, wallTimeMs: _wall, ...rest } = b.memory;
        return { name: b.name, status: b.status, events: b.events, memory: rest };
      };
      const [first, second] = ['first', 'second'].map((out) => readJson(join(dir, out, 'results.json')).benchmarks.map(figures));
      assert.deepEqual(first, second, 'the same heap figures and counts twice');
      const alloc = first!.find((b) => b.name === 'alloc')!;
      assert.ok(alloc.memory.totalBlocks >= 1000 && alloc.memory.totalBytes >= 128_000, JSON.stringify(alloc.memory));
      for (const tree of TREES) assert.equal(readFileSync(join(dir, 'second', tree), 'utf8'), readFileSync(join(dir, 'first', tree), 'utf8'), tree);
      const leafTree = readFileSync(join(dir, 'first', TREES[1]!), 'utf8');
      for (const name of ['"leaf"', '"caller_a"', '"caller_b"']) assert.ok(leafTree.includes(name), `${name} in the call tree`);

      // The examples: unchanged between base and head, so the same heap figures and counts twice.
      const [base, head] = ['base', 'head'].map((out) => readJson(join(dir, out, 'results.json')).benchmarks.map(figures));
      assert.deepEqual(
        head!.map((b) => b.status),
        ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
      );
      assert.deepEqual(
        head!.filter((b) => b.name !== 'alloc'),
        base!.filter((b) => b.name !== 'alloc'),
      );
      const [before, after] = [base, head].map((side) => side!.find((b) => b.name === 'alloc')!.memory);
      assert.equal(after!.totalBytes - before!.totalBytes, 64_000);
      assert.equal(after!.totalBlocks - before!.totalBlocks, 1000);
      for (const side of ['base', 'head'])
        console.log(
          `# ${side}: ${readJson(join(dir, side, 'results.json'))
            .benchmarks.map((b) => `${b.name} ${(b.wallTimeMs / 1000).toFixed(1)} s + DHAT ${((b.memory?.wallTimeMs ?? 0) / 1000).toFixed(1)} s`)
            .join(', ')}`,
        );
      assert.match(readFileSync(join(dir, 'head', 'report.md'), 'utf8'), /\| alloc \| bytes allocated \| [\d,]+ \| [\d,]+ \| \+64,000 \|/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
