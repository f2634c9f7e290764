// docs/cli.md: the kept cachegrind.out files open with cg_annotate, with the command the docs give.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, compileC, project, readJson, ROOT } from '../helpers.ts';

test("the docs' cg_annotate command reads a kept profile: the benchmark is pid 2, its functions are listed", async (t) => {
  if (spawnSync('cg_annotate', ['--version']).error) return t.skip('cg_annotate is not installed');
  const command = /^cg_annotate <\(zcat (\S+)\)$/m.exec(readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'));
  assert.ok(command, 'docs/cli.md shows a cg_annotate command');
  const dir = project('benchmarks:\n  - name: sort-1m\n    run: [./prog]\n');
  compileC(
    dir,
    'prog',
    '__attribute__((noinline)) int busy_function(int n) { volatile int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\nint main(void) { return busy_function(100000) < 0; }\n',
  );
  const r = await cli(['run'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readJson(join(dir, '.cg-bench', 'results.json')).benchmarks[0]!.processes[0]!.file, command[1]!.replace(/^\.cg-bench\//, ''));
  const out = spawnSync('bash', ['-c', command[0]], { cwd: dir, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /busy_function/);
});
