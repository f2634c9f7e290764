import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CachegrindParser, functionLines, parseCachegrindFile, type CachegrindProfile } from '../../src/parse/cachegrind.ts';
import { locateValgrind } from '../../src/run/valgrind.ts';
import { tempDir } from '../helpers.ts';

const SAMPLE = `desc: I1 cache:         32768 B, 64 B, 8-way associative
cmd: ./prog a b
events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
fl=a.c
fn=main
1 10 1 1 5 1 0 2
2 3
fn=helper
7 4 0 0 1 0 0 1 0 0
fl=b.c
fn=main
3 1 0 0 0 0 0 0 0 1
summary: 18 1 1 6 1 0 3 0 1
`;

test('parses headers, per-function costs (short lines mean trailing zeros) and checks the summary', () => {
  const parser = new CachegrindParser('sample');
  parser.push(Buffer.from(SAMPLE));
  const p = parser.finish();
  assert.equal(p.cmd, './prog a b');
  assert.deepEqual(p.events, ['Ir', 'I1mr', 'ILmr', 'Dr', 'D1mr', 'DLmr', 'Dw', 'D1mw', 'DLmw']);
  assert.deepEqual(p.totals, [18, 1, 1, 6, 1, 0, 3, 0, 1]);
  const main = p.functions.find((f) => f.file === 'a.c' && f.fn === 'main');
  assert.deepEqual(main?.costs, [13, 1, 1, 5, 1, 0, 2, 0, 0]);
  assert.equal(p.functions.length, 3, 'main in a.c and main in b.c are different functions');
});

test("code inlined from a header or the toolchain counts in the function it was inlined into, named by that function's own file", () => {
  const parser = new CachegrindParser('inlined');
  // As Cachegrind writes it: a line's file is where the inlined code came from, its function the symbol.
  parser.push(
    Buffer.from(
      [
        'events: Ir',
        'fl=/work/p/h.h',
        'fn=main',
        '1 1500',
        'fl=/rustc/90b35a62/library/core/src/iter/range.rs',
        'fn=main',
        '7 200',
        'fl=/work/p/m.c',
        'fn=main',
        '3 20',
        'fn=helper',
        '9 5',
        'fl=/work/p/other.c',
        'fn=helper',
        '4 6',
        'fl=/work/p/h.h',
        'fn=helper',
        '2 7',
        'fl=/rust/deps/hashbrown-0.16.1/src/raw/mod.rs',
        'fn=main',
        '5 3',
        'fl=/rustc/90b35a62/library/core/src/slice/sort/stable/quicksort.rs',
        'fn=core::slice::sort::stable::quicksort::quicksort',
        '40 100',
        'fl=/work/p/src/main.rs',
        'fn=core::slice::sort::stable::quicksort::quicksort',
        '9 50',
        'summary: 1891',
        '',
      ].join('\n'),
    ),
  );
  const p = parser.finish();
  const main = p.functions.filter((f) => f.fn === 'main');
  assert.deepEqual(
    main.map((f) => [f.file, f.costs]),
    [['/work/p/m.c', [1723]]],
  );
  assert.deepEqual(
    functionLines(p, main[0]!).map((l) => [l.file, l.line, l.costs[0]]),
    [
      ['/work/p/m.c', 3, 20],
      ['/work/p/h.h', 1, 1500],
      ['/rustc/90b35a62/library/core/src/iter/range.rs', 7, 200],
      ['/rust/deps/hashbrown-0.16.1/src/raw/mod.rs', 5, 3],
    ],
  );
  // helper in two .c files (static functions of one name): which one h.h's code is in cannot be told.
  assert.deepEqual(
    p.functions
      .filter((f) => f.fn === 'helper')
      .map((f) => f.file)
      .sort(),
    ['/work/p/h.h', '/work/p/m.c', '/work/p/other.c'],
  );
  // A generic of Rust's library with the project's closure inlined: its home is not the project's file.
  assert.deepEqual(
    p.functions
      .filter((f) => f.fn.startsWith('core::'))
      .map((f) => f.file)
      .sort(),
    ['/rustc/90b35a62/library/core/src/slice/sort/stable/quicksort.rs', '/work/p/src/main.rs'],
  );
});

/** A profile as plain data: its functions with their lines read back (where the lines are kept varies with the chunks). */
function plain(p: CachegrindProfile) {
  return { ...p, functions: p.functions.map(({ lineRuns: _, ...f }) => ({ ...f, lines: functionLines(p, { ...f, lineRuns: _ }) })) };
}

test('gives the same answer whatever the chunk boundaries', () => {
  const whole = new CachegrindParser('whole');
  whole.push(Buffer.from(SAMPLE));
  const expected = plain(whole.finish());
  const bytes = Buffer.from(SAMPLE);
  for (let size = 1; size < 40; size += 3) {
    const parser = new CachegrindParser('chunked');
    for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
    assert.deepEqual(plain(parser.finish()), expected, `chunks of ${size}`);
  }
});

// fn= blocks that come back, an inlined file (fi=/fe=), CRLF line ends, blank lines and short cost lines.
const LINES = `events: Ir Dr Dw
fl=a.c
fn=main
1 10 1
2 3 0 1
fi=inc.h
7 5 2 2
fe=a.c
2 4

3 1 1 1
fn=helper
9 8
fn=main
1 100
fi=inc.h
7 50
summary: 181 4 4
`;

test("keeps each function's costs per file and line, summed, and gives them back exactly", () => {
  const bytes = Buffer.from(LINES);
  for (let size = 1; size <= bytes.length; size++) {
    const parser = new CachegrindParser('lines.out');
    for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
    const p = parser.finish();
    const main = p.functions.find((f) => f.fn === 'main')!;
    assert.deepEqual(main.costs, [173, 4, 4]);
    assert.deepEqual(
      functionLines(p, main),
      [
        { file: 'a.c', line: 1, costs: [110, 1, 0] },
        { file: 'a.c', line: 2, costs: [7, 0, 1] },
        { file: 'a.c', line: 3, costs: [1, 1, 1] },
        { file: 'inc.h', line: 7, costs: [55, 2, 2] },
      ],
      `chunks of ${size}`,
    );
    assert.deepEqual(functionLines(p, p.functions.find((f) => f.fn === 'helper')!), [{ file: 'a.c', line: 9, costs: [8, 0, 0] }]);
  }
});

test("lines read back are checked against the function's costs: a chunk changed after it was handed over is caught", () => {
  const chunk = Buffer.from(LINES);
  const parser = new CachegrindParser('lines.out');
  parser.push(chunk);
  const p = parser.finish();
  chunk.write('2', chunk.indexOf('9 8') + 2); // helper's "9 8" becomes "9 2"
  assert.throws(
    () => functionLines(p, p.functions.find((f) => f.fn === 'helper')!),
    /the cost lines of helper \(a\.c\), read again, add up to 2 0 0, not 8 0 0/,
  );
});

test('rejects a summary that disagrees with the cost lines, a missing summary and garbage', () => {
  const bad = (text: string) => {
    return () => {
      const parser = new CachegrindParser('bad.out');
      parser.push(Buffer.from(text));
      return parser.finish();
    };
  };
  assert.throws(bad(SAMPLE.replace('summary: 18', 'summary: 19')), /bad\.out: the cost lines add up to Ir=18 but "summary:" says 19/);
  assert.throws(bad(SAMPLE.replace(/summary:.*\n/, '')), /no "summary:" line/);
  assert.throws(bad('hello world\n'), /unexpected "hello world"/);
  assert.throws(bad(''), /no "events:" line/);
});

// Valgrind writes the argv joined by spaces as it is: an argument with newlines (a `run: |` block,
// `python3 -c` with a script) goes on over several lines, which may look like anything but the "events:" line Valgrind writes.
const MULTI_LINE_CMD = SAMPLE.replace('cmd: ./prog a b\n', 'cmd: sh -c echo a\n42 7\n\ndesc: x\nfn=main\nsummary: 1\nevents: Ir x\n  echo b\n');

test('a command with newlines in its arguments: every line up to the "events:" line is the command\'s, whatever it looks like', () => {
  const bytes = Buffer.from(MULTI_LINE_CMD);
  for (let size = 1; size <= bytes.length; size++) {
    const parser = new CachegrindParser('multi.out');
    for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
    const p = parser.finish();
    assert.equal(p.cmd, 'sh -c echo a\n42 7\n\ndesc: x\nfn=main\nsummary: 1\nevents: Ir x\n  echo b', `chunks of ${size}`);
    assert.deepEqual(p.desc, ['I1 cache:         32768 B, 64 B, 8-way associative']);
    assert.deepEqual(p.totals, [18, 1, 1, 6, 1, 0, 3, 0, 1]);
    assert.equal(p.functions.length, 3);
  }
});

test('a command line that forges a header and costs is refused, not read: the real "events:" line follows it', () => {
  const forged = SAMPLE.replace('cmd: ./prog a b\n', 'cmd: ./prog x\nevents: Ir\nfl=a.c\nfn=main\n1 1\nsummary: 1\n');
  const parse = (name: string, text: string) => () => {
    const parser = new CachegrindParser(name);
    parser.push(Buffer.from(text));
    return parser.finish();
  };
  assert.throws(parse('forged.out', forged), /forged\.out: line 8: a second "events:" line/);
  assert.throws(parse('twice.out', `${SAMPLE}summary: 18 1 1 6 1 0 3 0 1\n`), /twice\.out: line 14: a second "summary:" line/);
});

test('events equal the summary: line of real Cachegrind output, plain and gzip-compressed', async () => {
  const dir = tempDir();
  const out = join(dir, 'cachegrind.out.1');
  const valgrind = locateValgrind();
  const run = spawnSync(valgrind.bin, ['--tool=cachegrind', '--cache-sim=yes', `--cachegrind-out-file=${out}`, '/bin/ls', '/'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const text = readFileSync(out, 'utf8');
  const summary = /^summary: (.*)$/m.exec(text)![1]!.trim().split(/\s+/).map(Number);
  const profile = await parseCachegrindFile(out);
  assert.deepEqual(profile.totals, summary);
  writeFileSync(`${out}.gz`, gzipSync(text));
  const compressed = await parseCachegrindFile(`${out}.gz`);
  assert.deepEqual(compressed.totals, summary);
  // Every function's lines add up to its costs (functionLines checks it), read from either file.
  assert.deepEqual(plain(compressed), plain(profile));
});
