// A benchmark that runs another interpreter than its baseline is "not comparable", never a
// regression or an improvement: two real measurements each.
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson, tempDir } from '../helpers.ts';

const python = realpathSync('/usr/bin/python3');

async function compareRuns(dir: string, change: () => void): Promise<{ verdict: string; notComparable?: string }> {
  const base = await cli(['run', '--out', join(dir, 'base'), '--save-baseline', join(dir, 'base.json')], { cwd: dir });
  assert.equal(base.code, 0, base.stderr);
  change();
  const head = await cli(['run', '--out', join(dir, 'head'), '--baseline', join(dir, 'base.json'), '--format', 'json', '--fail-on-regression'], { cwd: dir });
  assert.equal(head.code, 0, head.stderr);
  return (JSON.parse(head.stdout) as { benchmarks: { verdict: string; notComparable?: string }[] }).benchmarks[0]!;
}

test('a venv whose interpreter is another program: not comparable, naming both', async () => {
  const dir = project('benchmarks:\n  - name: venv-python\n    run: [.venv/bin/python, -S, -c, "print(sum(range(1000)))"]\n');
  const other = join(tempDir('cg-bench-other-python-'), 'python3');
  copyFileSync(python, other);
  mkdirSync(join(dir, '.venv', 'bin'), { recursive: true });
  symlinkSync(python, join(dir, '.venv', 'bin', 'python'));
  const c = await compareRuns(dir, () => {
    rmSync(join(dir, '.venv', 'bin', 'python'));
    symlinkSync(other, join(dir, '.venv', 'bin', 'python'));
  });
  assert.equal(c.verdict, 'not-comparable');
  assert.match(c.notComparable ?? '', new RegExp(`other programs ran: −${python}, \\+${other}`));
  const head = readJson(join(dir, 'head', 'results.json')).benchmarks[0]!;
  assert.ok(
    head.executables?.some((e) => e.path === other && e.main),
    'the interpreter is recorded as the program that ran',
  );
});

test('an interpreter changed in place (same path, other content): not comparable', async () => {
  const path = join(tempDir('cg-bench-py-'), 'python3');
  copyFileSync(python, path);
  const dir = project(`benchmarks:\n  - name: python\n    run: [${path}, -S, -c, "print(1)"]\n`);
  const c = await compareRuns(dir, () => appendFileSync(path, '\0'));
  assert.equal(c.verdict, 'not-comparable');
  assert.match(c.notComparable ?? '', /python3 changed \(sha256 [0-9a-f]{12} → [0-9a-f]{12}\)/);
});

test('the same programs on both sides: compared as usual', async () => {
  const dir = project('benchmarks:\n  - name: python\n    run: [python3, -S, -c, "print(2)"]\n');
  const c = await compareRuns(dir, () => {});
  assert.equal(c.verdict, 'unchanged');
});
