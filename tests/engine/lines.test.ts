// Which lines got costlier: a changed line of a C program is named file:line with its text in the
// comment's details and in `cg-bench diff`; an unchanged function's lines are not listed; code that
// only moved is matched by its text, not reported as changed.
import assert from 'node:assert/strict';
import { readResults } from '../../src/results/io.ts';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson } from '../helpers.ts';

const program = (heavy: boolean, padding = '') => `#include <stdlib.h>
${padding}__attribute__((noinline)) unsigned long steady(unsigned long n) {
  unsigned long h = 7;
  for (unsigned long i = 0; i < n; i++) h = h * 31 + i;
  return h;
}
__attribute__((noinline)) unsigned long work(unsigned long n) {
  unsigned long h = 1;
  for (unsigned long i = 0; i < n; i++) {
    h ^= i;
    h = h * 1099511628211UL${heavy ? ' + (h >> 7) * (i | 1)' : ''};
  }
  return h;
}
int main(int argc, char **argv) {
  unsigned long n = strtoul(argv[1], 0, 10);
  volatile unsigned long sink = steady(n) + work(n);
  (void)sink;
  return 0;
}
`;

function build(dir: string, source: string): void {
  writeFileSync(join(dir, 'prog.c'), source);
  const r = spawnSync('cc', ['-O1', '-g', '-o', join(dir, 'prog'), 'prog.c'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
}

test("a changed line is named file:line with its text; the unchanged function's lines are not listed; moved code is matched by text", async () => {
  const dir = project('benchmarks:\n  - name: prog\n    run: [./prog, "20000"]\n');
  build(dir, program(false));
  const base = await cli(['run', '--out', 'base'], { cwd: dir });
  assert.equal(base.code, 0, base.stderr);
  const recorded = readResults(join(dir, 'base', 'results.json')).benchmarks[0]!.functions.find((f) => f.fn === 'work')!;
  assert.ok(
    recorded.lines?.some((l) => l.file === 'prog.c' && l.text === 'h = h * 1099511628211UL;'),
    JSON.stringify(recorded.lines),
  );

  // Three lines added above: every line of both functions moves by three.
  build(dir, program(true, '/* a\n   comment\n*/\n'));
  const head = await cli(['run', '--out', 'head', '--baseline', 'base/results.json', '--format', 'markdown'], { cwd: dir });
  assert.equal(head.code, 0, head.stderr);
  const md = head.stdout;
  assert.match(md, /Source lines whose estimated cycles changed most/);
  const row = md.split('\n').find((l) => l.startsWith('| prog.c:14 \\(was 11\\) | work |'));
  assert.ok(row, md);
  assert.match(row, /1099511628211UL \+ \\\(h &gt;&gt; 7\\\)/, 'the edited line, with its new text');
  assert.match(row, /\| 20,001 \| 140,001 \| \+120,000 \|$/, 'paired with the line it replaced');
  const section = md.slice(md.indexOf('Source lines'));
  assert.doesNotMatch(section, /\| steady \|/, 'steady did not change: none of its lines is listed');
  assert.doesNotMatch(section, /h \^= i;/, 'the line that only moved is matched by its text: unchanged');

  const diff = await cli(['diff', 'base/results.json', 'head/results.json'], { cwd: dir });
  assert.equal(diff.code, 0, diff.stderr);
  assert.match(diff.stdout, /prog\.c:14 \(was 11\)/);
  assert.match(diff.stdout, /work/);
  assert.doesNotMatch(diff.stdout, /steady/);
});

test('line costs are the same run to run (and so is their order)', async () => {
  const dir = project('benchmarks:\n  - name: prog\n    run: [./prog, "20000"]\n');
  build(dir, program(true));
  const functions = [];
  for (const out of ['a', 'b']) {
    const r = await cli(['run', '--out', out], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    functions.push(readJson(join(dir, out, 'results.json')).benchmarks[0]!.functions);
  }
  assert.ok(
    functions[0]!.some((f) => f.lines?.length),
    'some function has lines',
  );
  assert.deepEqual(functions[1], functions[0]);
  const d = await cli(['diff', 'a', 'b'], { cwd: dir });
  assert.equal(d.code, 0, d.stderr);
  assert.match(d.stdout, /^prog: ([\d,]+) → \1 estimated cycles, unchanged\n$/);
});
