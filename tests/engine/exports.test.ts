// The exports as users get them: `run --format bmf` on stdout, and `compare --format github-action-benchmark`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, project } from '../helpers.ts';

test('run --format bmf and compare --format github-action-benchmark print the exports on stdout', async () => {
  const dir = project('benchmarks:\n  - name: noop\n    run: ["/bin/true"]\n');
  const r = await cli(['run', '--format', 'bmf', '--out', 'out'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const bmf = JSON.parse(r.stdout) as Record<string, Record<string, { value: number }>>;
  assert.deepEqual(Object.keys(bmf['noop']!), ['estimated-cycles', 'instructions', 'l1-hits', 'll-hits', 'ram-hits']);
  const c = await cli(['compare', 'out/results.json', 'out/results.json', '--format', 'github-action-benchmark'], { cwd: dir });
  assert.equal(c.code, 0, c.stderr);
  const entries = JSON.parse(c.stdout) as { name: string; unit: string; value: number }[];
  assert.deepEqual(
    entries.map((e) => [e.name, e.unit, e.value]),
    [['noop', 'estimated cycles', bmf['noop']!['estimated-cycles']!.value]],
  );
  const bad = await cli(['run', '--format', 'bencher'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--format: "bencher" is not one of terminal, markdown, json, junit, openmetrics, bmf, github-action-benchmark/);
});

test('a benchmark name YAML reads as a boolean is refused with how to write it', async () => {
  const dir = project('benchmarks:\n  - name: true\n    run: ["/bin/true"]\n');
  const r = await cli(['run'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /cg-bench\.yml:2:5: benchmarks\[0\]\.name: must be a string, not true \(YAML reads it so: write it in quotes\)/);
});
