// cg-bench history as users run it: a directory of runs in, one SVG out; bad input named, exit 2.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project } from '../helpers.ts';

test('history of a directory of runs writes an SVG; the same runs give the same bytes; a file that is not results is named', async () => {
  const dir = project('benchmarks:\n  - name: noop\n    run: ["/bin/true"]\n');
  for (const run of ['1', '2']) {
    const r = await cli(['run', '--out', join('runs', run)], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
  }
  const first = await cli(['history', 'runs', '--out', 'history.svg'], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  const svg = readFileSync(join(dir, 'history.svg'), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, />noop</);
  const again = await cli(['history', 'runs/1/results.json', 'runs/2'], { cwd: dir });
  assert.equal(again.stdout, svg, 'the same runs, the same bytes');

  mkdirSync(join(dir, 'bad'));
  writeFileSync(join(dir, 'bad', 'x.json'), '{"tool": "other"}');
  const bad = await cli(['history', 'bad'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /bad\/x\.json: not a cg-bench results file/);
  const none = await cli(['history', 'nowhere'], { cwd: dir });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /nowhere: no such file or directory/);
});
