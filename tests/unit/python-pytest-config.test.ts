// python -m cg_bench.pytest --config (issue 25.5): cg-bench gives a benchmark none of the caller's
// variables, so the PYTHONPATH the tests were collected with must be in the written configuration,
// or the benchmarks cannot import what the tests import (a src/ layout, say).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { tempDir } from '../helpers.ts';
import { builtPackage } from '../python-package.ts';

test('--config writes the PYTHONPATH of the collection into env:, entries inside the project relative to it', (t) => {
  if (spawnSync('python3', ['-c', 'import pytest']).status !== 0) return t.skip('pytest is not installed for python3');
  const pkg = builtPackage('cg-bench-pytest-config-');
  if (pkg === undefined) return t.skip('python3-config (python3-dev) is not installed');
  const project = tempDir('cg-bench-pytest-project-');
  t.after(() => {
    rmSync(pkg, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });
  mkdirSync(join(project, 'src', 'mypkg'), { recursive: true });
  mkdirSync(join(project, 'tests'));
  writeFileSync(join(project, 'src', 'mypkg', '__init__.py'), 'def total(n):\n    return sum(range(n))\n');
  writeFileSync(
    join(project, 'tests', 'test_total.py'),
    'import pytest\nfrom mypkg import total\n\n@pytest.mark.cg_bench\ndef test_total():\n    assert total(10) == 45\n',
  );
  const PYTHONPATH = [pkg, join(project, 'src'), ''].join(delimiter);
  const written = spawnSync('python3', ['-m', 'cg_bench.pytest', '--config', 'tests'], {
    cwd: project,
    env: { PATH: process.env['PATH'], PYTHONPATH },
    encoding: 'utf8',
  });
  assert.equal(written.status, 0, written.stderr);
  const config = parse(written.stdout) as { env?: Record<string, string>; benchmarks: { name: string; run: string[] }[] };
  assert.deepEqual(config.env, { PYTHONPATH: [pkg, 'src'].join(delimiter) });
  assert.deepEqual(
    config.benchmarks.map((b) => b.name),
    ['tests/test_total.py::test_total'],
  );
  // The benchmark's command, with only the variables the configuration gives it, imports the package.
  const [program, ...args] = config.benchmarks[0]!.run;
  const ran = spawnSync(program!, args, { cwd: project, env: { PATH: process.env['PATH'], ...config.env }, encoding: 'utf8' });
  assert.equal(ran.status, 0, `${ran.stdout}\n${ran.stderr}`);
});

test('--config without PYTHONPATH writes no env:', (t) => {
  if (spawnSync('python3', ['-c', 'import pytest']).status !== 0) return t.skip('pytest is not installed for python3');
  const pkg = builtPackage('cg-bench-pytest-config-');
  if (pkg === undefined) return t.skip('python3-config (python3-dev) is not installed');
  t.after(() => rmSync(pkg, { recursive: true, force: true }));
  const text = spawnSync(
    'python3',
    ['-c', 'import sys; sys.path.insert(0, sys.argv[1]); from cg_bench.pytest import config_text; print(config_text(["t.py::x"], "python3"))', pkg],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(text.status, 0, text.stderr);
  assert.doesNotMatch(text.stdout, /env:/);
});
