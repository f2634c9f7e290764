// cg-bench history as users run it, on small hand-made results.json files: a directory of runs in,
// one SVG out, the same bytes for the same runs; bad input is named, exit 2.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeResults } from '../../src/results/io.ts';
import type { Results } from '../../src/results/types.ts';
import { cli, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const SHA = 'f00dfacecafe0123456789abcdef0123456789ab';

function run(day: number, ir: number, environment = TEST_ENV): Results {
  return resultsOf([benchmarkResult('sort', { Ir: ir }), benchmarkResult('<b>&', { Ir: 500 })], { environment, createdAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z` });
}

/** runs/1, runs/2, runs/3, runs/10 (10 after 3: names are ordered by number) and runs/<sha>. */
function runs(): string {
  const dir = tempDir();
  const all: [string, Results][] = [['1', run(1, 1000)], ['2', run(2, 1100)], ['3', run(3, 1100)], ['10', run(4, 1000, { ...TEST_ENV, valgrind: '3.25.0' })], [SHA, run(5, 1000, { ...TEST_ENV, valgrind: '3.25.0' })]];
  for (const [name, results] of all) {
    mkdirSync(join(dir, 'runs', name), { recursive: true });
    writeResults(join(dir, 'runs', name, 'results.json'), results);
  }
  return dir;
}

const axisLabels = (svg: string) => [...svg.matchAll(/<text [^>]*class="run"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

test('history of a directory of runs: one SVG, runs in name order, a commit hash cut short, the regression marked, the other machine a break; same runs, same bytes', async () => {
  const dir = runs();
  const first = await cli(['history', 'runs', '--out', 'history.svg'], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  assert.equal(first.stderr, 'history of 5 run(s): history.svg\n');
  const svg = readFileSync(join(dir, 'history.svg'), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.deepEqual(axisLabels(svg), ['1', '2', '3', '10', 'f00dfac', '1', '2', '3', '10', 'f00dfac']);
  assert.match(svg, />sort</);
  assert.match(svg, />&#60;b&#62;&#38;</, 'a benchmark name is text, never markup');
  assert.match(svg, /<circle [^>]*class="regression"/);
  assert.match(svg, /class="break"/);

  const again = await cli(['history', 'runs/1/results.json', 'runs/2', 'runs/3/results.json', 'runs/10', `runs/${SHA}`], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stdout, svg, 'the same runs, the same bytes');
  const created = await cli(['history', '--order', 'created', `runs/${SHA}`, 'runs/10', 'runs/3', 'runs/2', 'runs/1'], { cwd: dir });
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stdout, svg, '--order created puts them back in order');
});

test('bad input is named, exit 2: not results, not JSON, no such path, an unknown order, a run without a date for --order created', async () => {
  const dir = runs();
  mkdirSync(join(dir, 'bad'));
  writeFileSync(join(dir, 'bad', 'x.json'), '{"tool": "other"}');
  writeFileSync(join(dir, 'broken.json'), '{"tool": ');
  writeResults(join(dir, 'undated.json'), { ...run(1, 1000), createdAt: 'yesterday' });
  const cases: [string[], RegExp][] = [
    [['history', 'runs', 'bad'], /^cg-bench: bad\/x\.json: not a cg-bench results file/],
    [['history', 'broken.json'], /^cg-bench: broken\.json: not valid JSON/],
    [['history', 'nowhere'], /^cg-bench: nowhere: no such file or directory/],
    [['history', 'runs', '--order', 'sideways'], /^cg-bench: --order sideways: must be given or created/],
    [['history', '--order', 'created', 'runs', 'undated.json'], /^cg-bench: undated\.json: createdAt "yesterday" is not a date/],
    [['history'], /give the results\.json files/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
});
