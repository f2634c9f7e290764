// cg-bench history as users run it, on small hand-made results.json files: a directory of runs in,
// one SVG out, the same bytes for the same runs; bad input is named, exit 2.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeResults } from '../../src/results/io.ts';
import type { Results } from '../../src/results/types.ts';
import { CLI, cli, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

const SHA = 'f00dfacecafe0123456789abcdef0123456789ab';

function run(day: number, ir: number, environment = TEST_ENV): Results {
  return resultsOf([benchmarkResult('sort', { Ir: ir }), benchmarkResult('<b>&', { Ir: 500 })], {
    environment,
    createdAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  });
}

/** runs/1, runs/2, runs/3, runs/10 (10 after 3: names are ordered by number) and runs/<sha>. */
function runs(): string {
  const dir = tempDir();
  const all: [string, Results][] = [
    ['1', run(1, 1000)],
    ['2', run(2, 1100)],
    ['3', run(3, 1100)],
    ['10', run(4, 1000, { ...TEST_ENV, valgrind: '3.25.0' })],
    [SHA, run(5, 1000, { ...TEST_ENV, valgrind: '3.25.0' })],
  ];
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

/** cg-bench history started as a user would, with a watchdog: a run that has not ended after a minute is killed and said so. */
function started(args: string[], cwd: string): { child: ChildProcess; ended: Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }> } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let hung = false;
  const watchdog = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, 60_000);
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stdout, stderr, hung });
    }),
  );
  return { child, ended };
}

test('a fifo or a link named as a run is refused at once, naming it, exit 2 (never waited on, never followed); a linked directory is not a run (issue 23)', async () => {
  const cases: [string, (runs: string) => void, RegExp][] = [
    [
      'a fifo',
      (runs) => assert.equal(spawnSync('mkfifo', [join(runs, 'zz.json')]).status, 0),
      /^cg-bench: results file runs\/zz\.json: is a fifo, not a regular file/,
    ],
    ['a link', (runs) => symlinkSync(join(runs, '1', 'results.json'), join(runs, 'zz.json')), /^cg-bench: results file runs\/zz\.json: is a symbolic link/],
  ];
  for (const [what, plant, message] of cases) {
    const dir = runs();
    plant(join(dir, 'runs'));
    const r = await started(['history', 'runs'], dir).ended;
    assert.equal(r.hung, false, `${what}: history hung`);
    assert.equal(r.code, 2, `${what}: ${r.stderr}`);
    assert.match(r.stderr, message, what);
    assert.equal(r.stdout, '');
  }
  // A link to a directory (`latest -> 10`, or to one outside) is passed over, never looked through.
  const dir = runs();
  const outside = tempDir();
  writeResults(join(outside, 'results.json'), run(9, 1234));
  symlinkSync(outside, join(dir, 'runs', 'zz'));
  symlinkSync('10', join(dir, 'runs', 'latest'));
  const r = await started(['history', 'runs'], dir).ended;
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(axisLabels(r.stdout), ['1', '2', '3', '10', 'f00dfac', '1', '2', '3', '10', 'f00dfac']);
});

test('SIGTERM and SIGINT end history while it reads its runs: exit 143 / 130, nothing drawn (issue 23)', async () => {
  // 200 runs of 2,000 benchmarks each (hard links of one file): reading them takes a while.
  const dir = tempDir();
  mkdirSync(join(dir, 'runs'));
  writeResults(join(dir, 'one.json'), resultsOf(Array.from({ length: 2000 }, (_, i) => benchmarkResult(`b${i}`, { Ir: 1000 + i }))));
  for (let i = 0; i < 200; i++) linkSync(join(dir, 'one.json'), join(dir, 'runs', `${i}.json`));
  const size = statSync(join(dir, 'one.json')).size;
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    const { child, ended } = started(['history', 'runs'], dir);
    // Signalled once it has read ten runs' worth of bytes (its own code is far less): well inside the reading.
    let rchar = 0;
    while (child.exitCode === null && rchar < 10 * size) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      try {
        rchar = Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))?.[1] ?? 0);
      } catch {
        break;
      }
    }
    child.kill(signal);
    const r = await ended;
    assert.equal(r.hung, false, `${signal}: history did not end`);
    assert.equal(r.code, code, `${signal}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`interrupted by ${signal}`));
    assert.equal(r.stdout, '', `${signal}: nothing drawn`);
  }
});
