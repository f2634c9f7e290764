// README's local flow on a fresh checkout: --save-baseline into a directory that does not exist yet.
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson } from '../helpers.ts';

const CONFIG = 'benchmarks:\n  - name: t\n    run: [/bin/true]\n';

test('run --save-baseline .cg-bench/main.json on a fresh project makes the directory, and --baseline reads it back', async () => {
  const dir = project(CONFIG);
  assert.equal(existsSync(join(dir, '.cg-bench')), false);
  const saved = await cli(['run', '--save-baseline', '.cg-bench/main.json'], { cwd: dir });
  assert.equal(saved.code, 0, saved.stderr);
  assert.equal(readJson(join(dir, '.cg-bench', 'main.json')).benchmarks[0]?.status, 'ok');
  const nested = await cli(['run', '--out', 'out', '--baseline', '.cg-bench/main.json', '--save-baseline', 'baselines/main/base.json'], { cwd: dir });
  assert.equal(nested.code, 0, nested.stderr);
  assert.equal(readJson(join(dir, 'baselines', 'main', 'base.json')).benchmarks[0]?.name, 't');
});

test('--save-baseline under a regular file: exit 2 naming the target, before measuring', async () => {
  const dir = project(CONFIG);
  writeFileSync(join(dir, 'file'), '');
  const r = await cli(['run', '--save-baseline', 'file/main.json'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--save-baseline file\/main\.json: directory .*file cannot be made or is not writable/);
  assert.equal(existsSync(join(dir, '.cg-bench', 'results.json')), false);
});

test('the baseline is read before any benchmark runs: a benchmark that rewrites it changes nothing in the comparison', async () => {
  const dir = project(CONFIG);
  const saved = await cli(['run', '--save-baseline', '.cg-bench/main.json'], { cwd: dir });
  assert.equal(saved.code, 0, saved.stderr);
  // The head's benchmark empties the baseline file while it runs (as code that can write the checkout can).
  writeFileSync(join(dir, 'cg-bench.yml'), "benchmarks:\n  - name: t\n    run: ['/bin/sh', '-c', ': > .cg-bench/main.json']\n");
  const head = await cli(['run', '--out', 'out', '--baseline', '.cg-bench/main.json'], { cwd: dir });
  assert.equal(head.code, 0, head.stderr);
  const comparison = readJson<{ comparable: boolean; benchmarks: { name: string; verdict: string }[] }>(join(dir, 'out', 'comparison.json'));
  assert.equal(comparison.comparable, true, JSON.stringify(comparison));
  assert.equal(comparison.benchmarks[0]?.name, 't');
});
