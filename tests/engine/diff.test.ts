// `cg-bench diff BASE HEAD` as users run it, on results.json files written here (no Valgrind needed):
// the changed function and its changed line (moved code matched by text), --benchmark, --format
// markdown, directories for files, results without lines, and every usage error with exit code 2.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BenchmarkResult, FunctionResult, LineResult } from '../../src/results/types.ts';
import { cli, tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const L = (line: number, cost: number, text: string): LineResult => ({ file: 'src/work.c', line, estimatedCycles: cost, Ir: cost, text });

/** A benchmark of ./prog whose Ir is its functions' (no process records). */
const bench = (name: string, functions: FunctionResult[]): BenchmarkResult =>
  benchmarkResult(name, { Ir: functions.reduce((s, f) => s + f.Ir, 0) }, { command: './prog', processes: [], functions });

const fn = (name: string, lines: LineResult[]): FunctionResult => {
  const cost = lines.reduce((s, l) => s + l.estimatedCycles, 0);
  return { fn: name, file: 'src/work.c', estimatedCycles: cost, Ir: cost, lines };
};

function write(dir: string, benchmarks: BenchmarkResult[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify(resultsOf(benchmarks, { createdAt: '2026-01-01T00:00:00Z' })));
}

const steady = fn('steady', [L(3, 5000, 'h = h * 31 + i;')]);
const parse = fn('parse', [L(30, 700, 'x = next(x);')]);

function fixture(): string {
  const dir = tempDir('cg-bench-diff-');
  write(join(dir, 'base'), [bench('sort', [fn('work', [L(10, 20000, 'h ^= i;'), L(11, 20000, 'h = h * 1099511628211UL;')]), steady]), bench('parse', [parse])]);
  // Three lines added above work: its lines move by three; the edited one costs more.
  write(join(dir, 'head'), [
    bench('sort', [fn('work', [L(13, 20000, 'h ^= i;'), L(14, 140000, 'h = h * 1099511628211UL + (h >> 7) * (i | 1);')]), steady]),
    bench('parse', [parse]),
  ]);
  return dir;
}

test('diff: the changed function and its changed line (moved code matched by text), unchanged ones left out', async () => {
  const dir = fixture();
  const r = await cli(['diff', 'base', 'head/results.json'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0]!, /^sort: 45,000 → 165,000 estimated cycles \(\+266\.67%\)$/);
  assert.match(lines[1]!, /^ {2}work \(src\/work\.c\) +40,000 → 160,000 +\+120,000$/);
  assert.match(lines[2]!, /^ {4}src\/work\.c:14 \(was 11\) +h = h \* 1099511628211UL \+ \(h >> 7\) \* \(i… +20,000 → 140,000 +\+120,000$/);
  assert.equal(lines[3], '');
  assert.equal(lines[4], 'parse: 700 → 700 estimated cycles, unchanged');
  assert.doesNotMatch(r.stdout, /steady|h \^= i/, 'an unchanged function and a line that only moved are not listed');

  const one = await cli(['diff', 'base', 'head', '--benchmark', 'parse'], { cwd: dir });
  assert.equal(one.code, 0, one.stderr);
  assert.equal(one.stdout, 'parse: 700 → 700 estimated cycles, unchanged\n');

  const md = await cli(['diff', 'base', 'head', '--format', 'markdown'], { cwd: dir });
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /\| work \| src\/work\.c \| 40,000 \| 160,000 \| \+120,000 \|/);
  assert.match(
    md.stdout,
    /\| src\/work\.c:14 \\\(was 11\\\) \| work \| h \\= h \\\* 1099511628211UL \+ \\\(h &gt;&gt; 7\\\) \\\* \\\(i \\\| 1\\\); \| 20,000 \| 140,000 \| \+120,000 \|/,
  );
});

test('diff: results written before lines were kept still compare, function by function', async () => {
  const dir = fixture();
  const strip = (b: BenchmarkResult): BenchmarkResult => ({ ...b, functions: b.functions.map(({ lines: _, ...f }) => f) });
  write(join(dir, 'old'), [strip(bench('sort', [fn('work', [L(10, 20000, 'h ^= i;'), L(11, 20000, 'h = h * 1099511628211UL;')]), steady]))]);
  const r = await cli(['diff', 'old', 'head', '--benchmark', 'sort'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^ {2}work \(src\/work\.c\) +40,000 → 160,000 +\+120,000$/m);
  assert.doesNotMatch(r.stdout, /work\.c:\d/, 'no lines on one side: none listed');
});

test('diff: usage errors and bad files exit 2 with what is wrong', async () => {
  const dir = fixture();
  const cases: [string[], RegExp][] = [
    [['diff', 'base'], /cg-bench diff: expected BASE and HEAD \(results\.json files or their directories\), got 1/],
    [['diff', 'base', 'head', '--format', 'json'], /--format json: must be terminal or markdown/],
    [
      ['diff', 'base', 'head', '--benchmark', 'nope'],
      /--benchmark nope: no such benchmark in head\/results\.json or base\/results\.json; the benchmarks are: sort, parse/,
    ],
    [['diff', 'base', 'missing'], /cannot read results .*missing: no such file/],
    [['diff', 'base', 'head', '--top', '0'], /--top: "0" must be a whole number/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
  write(join(dir, 'bad'), [bench('sort', [fn('work', [{ ...L(10, 5, 'x'), line: -1 }])])]);
  const bad = await cli(['diff', 'base', 'bad'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /bad\/results\.json: invalid results file:\n {2}benchmarks\[0\]\.functions\[0\]\.lines\[0\]\.line: /);
});

test('diff: a source line with bidi and invisible characters (U+202E, U+2066, U+200B, U+180E) shows none of them raw, in markdown or on the terminal', async () => {
  const dir = tempDir('cg-bench-diff-');
  const hostile = 'if (admin) { /* \u202e } \u2066if (ok)\u2069 \u200b\u180e*/';
  write(join(dir, 'base'), [bench('sort', [fn('work', [L(10, 20000, hostile)])])]);
  write(join(dir, 'head'), [bench('sort', [fn('work', [L(10, 90000, hostile)])])]);
  for (const format of ['markdown', 'terminal']) {
    const r = await cli(['diff', 'base', 'head', '--format', format], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /admin/, 'the line is shown');
    assert.doesNotMatch(r.stdout, /[\u202a-\u202e\u2066-\u2069\u180e]|(?<![@#])\u200b/u, `${format}: ${JSON.stringify(r.stdout)}`);
  }
});
