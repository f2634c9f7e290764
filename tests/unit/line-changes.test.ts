// How a base line is matched with a head line (docs/how-it-works.md, "Which lines got costlier"):
// by file and text (the n-th occurrence with the n-th), then an edited line by the shift of the
// matched ones, then by number where there is no text; what is left is reported on one side, bounded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineChanges } from '../../src/compare/line-changes.ts';
import { LINES_PER_FUNCTION } from '../../src/metric/aggregate.ts';
import type { LineResult } from '../../src/results/types.ts';

const L = (line: number, cost: number, text?: string, file = 'a.c'): LineResult => ({
  file,
  line,
  estimatedCycles: cost,
  Ir: cost,
  ...(text !== undefined ? { text } : {}),
});

test('code that only moved is matched by its text: nothing reported', () => {
  const base = [L(10, 500, 'h ^= i;'), L(11, 300, 'h *= 31;'), L(12, 100, 'return h;')];
  const head = base.map((l) => ({ ...l, line: l.line + 3 }));
  assert.deepEqual(lineChanges(base, head, 20), []);
});

test('an edited line is paired with the line it replaced, by the shift of the lines around it', () => {
  const base = [L(10, 500, 'h ^= i;'), L(11, 300, 'h *= 31;'), L(12, 100, 'return h;')];
  const head = [L(13, 500, 'h ^= i;'), L(14, 900, 'h *= 31 + (h >> 7);'), L(15, 100, 'return h;')];
  assert.deepEqual(lineChanges(base, head, 20), [{ file: 'a.c', line: 14, baseLine: 11, text: 'h *= 31 + (h >> 7);', base: 300, head: 900, change: 600 }]);
});

test('the same text twice stays two lines, matched in order', () => {
  const base = [L(5, 100, 'i++;'), L(9, 100, 'i++;')];
  const head = [L(5, 100, 'i++;'), L(9, 250, 'i++;')];
  assert.deepEqual(lineChanges(base, head, 20), [{ file: 'a.c', line: 9, baseLine: 9, text: 'i++;', base: 100, head: 250, change: 150 }]);
});

test('the same text in two files is two lines', () => {
  const base = [L(5, 100, 'i++;', 'a.c'), L(5, 100, 'i++;', 'b.c')];
  const head = [L(5, 100, 'i++;', 'a.c'), L(5, 400, 'i++;', 'b.c')];
  assert.deepEqual(
    lineChanges(base, head, 20).map((c) => [c.file, c.change]),
    [['b.c', 300]],
  );
});

test('lines without text (file not in the checkout) are matched by file and number', () => {
  const base = [L(40, 100), L(41, 50)];
  const head = [L(40, 100), L(41, 80)];
  assert.deepEqual(lineChanges(base, head, 20), [{ file: 'a.c', line: 41, baseLine: 41, base: 50, head: 80, change: 30 }]);
});

test('a new or removed line is reported on one side; against a full list, as a bound', () => {
  // A short list holds every line with a cost: a line absent from it cost nothing.
  const base = [L(10, 500, 'a();'), L(11, 300, 'b();')];
  const head = [L(10, 500, 'a();'), L(11, 300, 'b();'), L(12, 70, 'c();')];
  assert.deepEqual(lineChanges(base, head, 20), [{ file: 'a.c', line: 12, baseLine: null, text: 'c();', base: null, head: 70, change: 70 }]);
  assert.deepEqual(lineChanges(head, base, 20), [{ file: 'a.c', line: 12, baseLine: 12, text: 'c();', base: 70, head: null, change: -70 }]);

  // A full list (LINES_PER_FUNCTION lines) may have left a line out that cost up to its cheapest.
  const full = Array.from({ length: LINES_PER_FUNCTION }, (_, i) => L(100 + i, 1000 - i * 10, `x${i}();`));
  const cheapest = full.at(-1)!.estimatedCycles;
  const grown = [...full.slice(0, -1), L(200, cheapest + 5, 'new();')];
  const changes = lineChanges(full, grown, 20);
  assert.deepEqual(
    changes.find((c) => c.text === 'new();'),
    { file: 'a.c', line: 200, baseLine: null, text: 'new();', base: null, head: cheapest + 5, change: 5 },
  );
  assert.ok(!changes.some((c) => c.text === `x${LINES_PER_FUNCTION - 1}();`), 'the line dropped from the full head list may still cost as much: not reported');
  // new() at cheapest - 1 is not certain to be new (the base may have left it out at up to cheapest),
  // but the base's cheapest line, now left out of a list whose cheapest is cheapest - 1, did get cheaper.
  assert.deepEqual(lineChanges(full, [...full.slice(0, -1), L(200, cheapest - 1, 'new();')], 20), [
    {
      file: 'a.c',
      line: 100 + LINES_PER_FUNCTION - 1,
      baseLine: 100 + LINES_PER_FUNCTION - 1,
      text: `x${LINES_PER_FUNCTION - 1}();`,
      base: cheapest,
      head: null,
      change: -1,
    },
  ]);
});

test('largest change first, cut to top; no lines on either side, nothing', () => {
  const base = [L(1, 10, 'a'), L(2, 10, 'b'), L(3, 10, 'c')];
  const head = [L(1, 20, 'a'), L(2, 5, 'b'), L(3, 110, 'c')];
  assert.deepEqual(
    lineChanges(base, head, 2).map((c) => [c.line, c.change]),
    [
      [3, 100],
      [1, 10],
    ],
  );
  assert.deepEqual(lineChanges(undefined, head, 5), []);
  assert.deepEqual(lineChanges(base, [], 5), []);
});
