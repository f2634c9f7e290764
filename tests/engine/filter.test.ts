// --filter with --baseline compares what was measured: the baseline's other benchmarks are not "removed".
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project } from '../helpers.ts';

test('--filter with --baseline reports only the selected benchmarks, none as removed', async () => {
  const dir = project(
    'benchmarks:\n  - name: true-a\n    run: ["/bin/true"]\n  - name: true-b\n    run: ["/bin/true", "b"]\n  - name: other\n    run: ["/bin/true", "c"]\n',
  );
  const saved = await cli(['run', '--out', join(dir, 'base'), '--save-baseline', join(dir, 'base.json')], { cwd: dir });
  assert.equal(saved.code, 0, saved.stderr);
  const r = await cli(['run', '--out', join(dir, 'head'), '--baseline', join(dir, 'base.json'), '--filter', 'true-*', '--format', 'json'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const comparison = JSON.parse(r.stdout) as { benchmarks: { name: string; verdict: string }[] };
  assert.deepEqual(
    comparison.benchmarks.map((b) => [b.name, b.verdict]),
    [
      ['true-a', 'unchanged'],
      ['true-b', 'unchanged'],
    ],
  );
});
