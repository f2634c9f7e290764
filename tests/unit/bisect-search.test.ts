// The search of cg-bench bisect, over made-up histories: where it ends, what it measures, how it skips.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bisect, initialState, nextProbe, outcomeOf, record, type Verdict } from '../../src/bisect/search.ts';

/** A history after GOOD: the first `first` are GOOD's count, the rest differ; `skip` cannot be measured. */
function history(first: number, skip: number[] = []): (i: number) => Verdict {
  return (i) => (skip.includes(i) ? 'skip' : i < first ? 'same' : 'differs');
}

async function run(verdicts: (i: number) => Verdict, count: number) {
  const seen: number[] = [];
  const result = await bisect(count, async (i) => {
    assert.ok(!seen.includes(i), `commit ${i} measured twice`);
    assert.ok(i >= 0 && i < count, `commit ${i} is outside 0..${count - 1}`);
    seen.push(i);
    return verdicts(i);
  });
  assert.deepEqual(
    result.probes.map((p) => p.index),
    seen,
  );
  return result;
}

test('every position of the change in every history up to 40 commits is found, measuring GOOD and at most ⌈log2 (N+1)⌉ commits after it', async () => {
  for (let count = 1; count <= 40; count++) {
    for (let first = 0; first < count; first++) {
      const r = await run(history(first), count);
      assert.deepEqual(r.outcome, { kind: 'found', index: first }, `count ${count}, change at ${first}`);
      // GOOD is measured too: a repository of 16 commits (GOOD and 15 after it) costs at most 5.
      assert.ok(r.probes.length + 1 <= Math.ceil(Math.log2(count + 1)) + 1, `count ${count}, change at ${first}: ${r.probes.length} probes`);
    }
  }
});

test('16 commits, the regression at a known one: named, with at most ⌈log2 16⌉ + 1 = 5 measurements counting GOOD', async () => {
  // GOOD is the first of the 16; 15 follow it; the regression is the 11th commit (index 9 after GOOD).
  const r = await run(history(9), 15);
  assert.deepEqual(r.outcome, { kind: 'found', index: 9 });
  assert.ok(r.probes.length + 1 <= 5, `${r.probes.length + 1} measured`);
});

test('BAD is taken to differ, and measured when the search ends on it: equal to GOOD gives "none"', async () => {
  const r = await run(() => 'same', 8);
  assert.deepEqual(r.outcome, { kind: 'none' });
  assert.equal(r.probes.at(-1)!.index, 7, 'the last measurement is BAD');
  const one = await run(() => 'same', 1);
  assert.deepEqual(one.outcome, { kind: 'none' });
  assert.deepEqual(one.probes, [{ index: 0, verdict: 'same' }]);
  const differs = await run(() => 'differs', 1);
  assert.deepEqual(differs.outcome, { kind: 'found', index: 0 });
});

test('a skipped commit is replaced by the nearest untried one, and the search still finds the change', async () => {
  // The first choice of 15 is index 7; skipped, the search measures a neighbour instead.
  const r = await run(history(9, [7]), 15);
  assert.deepEqual(r.outcome, { kind: 'found', index: 9 });
  assert.deepEqual(r.probes[0], { index: 7, verdict: 'skip' });
  assert.ok([6, 8].includes(r.probes[1]!.index), `then a neighbour of 7, not ${r.probes[1]!.index}`);
  // Skips away from the change do not cost its name: every skip set of one or two commits not next to it.
  for (let first = 0; first < 12; first++) {
    for (let a = 0; a < 12; a++) {
      for (let b = a; b < 12; b++) {
        if ([a, b].some((s) => s === first || s === first - 1)) continue;
        const out = await run(history(first, [a, b]), 12);
        assert.deepEqual(out.outcome, { kind: 'found', index: first }, `change at ${first}, skipped ${a} and ${b}`);
      }
    }
  }
});

test('a skipped commit just before the change makes it ambiguous, as git bisect skip does: skipped ones first, then the one that differs', async () => {
  const r = await run(history(5, [4]), 8);
  assert.deepEqual(r.outcome, { kind: 'ambiguous', candidates: [4, 5] });
  const two = await run(history(5, [3, 4]), 8);
  assert.deepEqual(two.outcome, { kind: 'ambiguous', candidates: [3, 4, 5] });
  // The changing commit itself failing (a build break that also changes the count) is not blamed alone.
  const itself = await run(history(5, [5]), 8);
  assert.deepEqual(itself.outcome, { kind: 'ambiguous', candidates: [5, 6] });
});

test('BAD that cannot be measured: the change is found below it when one is measured, else the skipped tail is named', async () => {
  const below = await run(history(3, [7]), 8);
  assert.deepEqual(below.outcome, { kind: 'found', index: 3 });
  const tail = await run(history(8, [6, 7]), 8);
  assert.deepEqual(tail.outcome, { kind: 'unknown', candidates: [6, 7] });
  const all = await run(() => 'skip', 5);
  assert.deepEqual(all.outcome, { kind: 'unknown', candidates: [0, 1, 2, 3, 4] });
  assert.equal(all.probes.length, 5, 'every commit tried once');
});

test('the steps by hand: the state says what is known; a probe outside the candidates is a bug', () => {
  let s = initialState(7);
  assert.equal(nextProbe(s), 3);
  s = record(s, 3, 'same');
  assert.equal(nextProbe(s), 5);
  s = record(s, 5, 'differs');
  assert.equal(nextProbe(s), 4);
  s = record(s, 4, 'differs');
  assert.equal(nextProbe(s), undefined);
  assert.deepEqual(outcomeOf(s), { kind: 'found', index: 4 });
  assert.throws(() => record(s, 2, 'same'), /outside the candidates/);
  assert.throws(() => initialState(0), /at least one commit/);
});
