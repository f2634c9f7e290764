// Callgrind names a function's deeper recursion "fn'2'caller'…" (`--separate-recs`): the chain is the
// function under itself, never a frame named "2" (found in the flame graph and the callers table of
// the bundled qsort example: glibc's msort_with_tmp recurses).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCallgrind } from '../../src/parse/callgrind.ts';

const PROFILE = `# callgrind format
version: 1
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
fn=(1) main
1 10 0 0 0 0 0 0 0 0
fn=(2) msort'qsort_r'main
1 100 0 0 0 0 0 0 0 0
fn=(3) msort'2'qsort_r'main
1 400 0 0 0 0 0 0 0 0
fn=(4) compare'msort'2'qsort_r'main
1 50 0 0 0 0 0 0 0 0
`;

test("a recursion level in a context's name is the function under itself, not a function named by the level", () => {
  const stacks = parseCallgrind(PROFILE, 'callgrind.out.1').chains.map((c) => [c.stack.join(' > '), c.events.Ir]);
  assert.deepEqual(stacks, [
    ['main > qsort_r > msort > msort > compare', 50],
    ['main', 10],
    ['main > qsort_r > msort > msort', 400],
    ['main > qsort_r > msort', 100],
  ]);
});
