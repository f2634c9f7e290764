// memory: true with real Valgrind (DHAT): the acceptance of docs/memory.md, measured.
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, compileC, project, readJson } from '../helpers.ts';

/** The head allocates one extra 64-byte block per iteration: a global keeps the compiler from eliding it. */
const ALLOC_C = (extra: boolean) => `#include <stdlib.h>
#include <string.h>
void *volatile kept;
int main(void) {
  for (int i = 0; i < 1000; i++) {
    char *a = malloc(128);
    memset(a, i, 128);
    kept = a;
${extra ? '    char *b = malloc(64);\n    memset(b, i, 64);\n    kept = b;\n    free(b);\n' : ''}    free(a);
  }
  return 0;
}
`;

test('one extra 64-byte block per iteration of 1,000: exactly +64,000 bytes and +1,000 blocks, the same figures twice, in every report', async () => {
  const dir = project('memory: true\nbenchmarks:\n  - name: alloc\n    run: ./alloc\n');
  const run = async (out: string) => {
    const r = await cli(['run', '--out', out], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    return readJson(join(dir, out, 'results.json')).benchmarks[0]!;
  };
  compileC(dir, 'alloc', ALLOC_C(false));
  const base = await run('base');
  compileC(dir, 'alloc', ALLOC_C(true));
  const [head1, head2] = [await run('head-1'), await run('head-2')];
  const figures = (b: typeof base) => {
    const { files: _files, wallTimeMs: _wall, ...rest } = b.memory!;
    return rest;
  };
  // Exact: the same code gives the same figures.
  assert.deepEqual(figures(head1), figures(head2));
  assert.equal(head1.memory!.totalBytes - base.memory!.totalBytes, 64_000);
  assert.equal(head1.memory!.totalBlocks - base.memory!.totalBlocks, 1000);
  assert.ok(
    head1.memory!.files.every((f) => existsSync(join(dir, 'head-1', f))),
    'the DHAT profiles are kept, compressed',
  );
  const terminal = await cli(['compare', 'base/results.json', 'head-1/results.json'], { cwd: dir });
  assert.match(terminal.stdout, /alloc\s+bytes allocated\s+[\d,]+\s+[\d,]+\s+\+64,000/);
  assert.match(terminal.stdout, /alloc\s+blocks allocated\s+[\d,]+\s+[\d,]+\s+\+1,000/);
  const markdown = await cli(['compare', 'base/results.json', 'head-1/results.json', '--format', 'markdown'], { cwd: dir });
  assert.match(markdown.stdout, /\| alloc \| bytes allocated \| [\d,]+ \| [\d,]+ \| \+64,000 \|/);
  const junit = await cli(['compare', 'base/results.json', 'head-1/results.json', '--format', 'junit'], { cwd: dir });
  assert.match(junit.stdout, /heap bytes allocated \+64,000/);
  rmSync(dir, { recursive: true, force: true });
});

test('a memory run that fails where the Cachegrind run passed fails the benchmark, saying so', async () => {
  // The second run (under DHAT) finds the file the first left in the private HOME, and exits 3.
  const dir = project('memory: true\nbenchmarks:\n  - name: once\n    run: test -e "$HOME/ran" && { echo second run >&2; exit 3; }; touch "$HOME/ran"\n');
  const r = await cli(['run', '--out', 'out'], { cwd: dir });
  assert.equal(r.code, 3, r.stderr);
  const once = readJson(join(dir, 'out', 'results.json')).benchmarks[0]!;
  assert.equal(once.status, 'failed');
  assert.match(once.message ?? '', /^memory run under DHAT: exited with status 3 \(the Cachegrind run exited with 0\); last lines of its stderr:\nsecond run/);
  rmSync(dir, { recursive: true, force: true });
});

test("check with heap figures that differ between its two runs points to compare's memory table (diff shows no heap figure)", async () => {
  // Deterministic by construction: each run counts itself in a file, a byte each. check's two runs
  // each measure the counts (runs 0 and 2: the same path) and then the heap under DHAT (runs 1 and
  // 3): the last allocates twice as much.
  const src = `#include <stdlib.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  struct stat st;
  int fd = open("runs", O_WRONLY | O_APPEND);
  if (fd < 0 || fstat(fd, &st) != 0) return 1;
  (void)!write(fd, "x", 1);
  close(fd);
  char *volatile p = malloc(st.st_size == 3 ? 128 : 64);
  p[0] = 1;
  free(p);
  return 0;
}
`;
  const dir = project('benchmarks:\n  - name: grows\n    run: [./grows]\n    memory: true\n', { runs: '' });
  compileC(dir, 'grows', src);
  const r = await cli(['check'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  // The heap alone differs (before: "where they differ: cg-bench diff …", which said "unchanged").
  assert.match(r.stdout, /✗ grows: NONDETERMINISTIC — memory\.totalBytes 64 vs 128, memory\.peakBytes 64 vs 128$/m);
  assert.doesNotMatch(r.stdout, /cg-bench diff/);
  assert.match(r.stdout, /^where the heap figures differ: cg-bench compare \S+check-1 \S+check-2 \(its memory table\)$/m);
});
