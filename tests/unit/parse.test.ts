import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CachegrindParser, parseCachegrindFile } from '../../src/parse/cachegrind.ts';
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

test('gives the same answer whatever the chunk boundaries', () => {
  const whole = new CachegrindParser('whole');
  whole.push(Buffer.from(SAMPLE));
  const expected = whole.finish();
  const bytes = Buffer.from(SAMPLE);
  for (let size = 1; size < 40; size += 3) {
    const parser = new CachegrindParser('chunked');
    for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
    assert.deepEqual(parser.finish(), expected, `chunks of ${size}`);
  }
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
  assert.deepEqual((await parseCachegrindFile(`${out}.gz`)).totals, summary);
});
