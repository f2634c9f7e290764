import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { cyclesFromEvents, estimatedCycles, hitsFromEvents, type EventCounts } from '../../src/metric/events.ts';

// The linear and random scans from the method's article (Valgrind output quoted there).
const linear: EventCounts = {
  Ir: 1_700_573_867,
  I1mr: 1_614,
  ILmr: 1_593,
  Dr: 300_000_000,
  D1mr: 25_006_030,
  DLmr: 25_004_602,
  Dw: 100_193_442,
  D1mw: 0,
  DLmw: 0,
};

test('hits follow the formula: ram = LL misses, ll = L1 misses − ram, l1 = refs − ll − ram', () => {
  const hits = hitsFromEvents(linear);
  assert.equal(hits.ram, 1_593 + 25_004_602);
  assert.equal(hits.ll, 1_614 + 25_006_030 - hits.ram);
  assert.equal(hits.l1, 1_700_573_867 + 300_000_000 + 100_193_442 - hits.ll - hits.ram);
  assert.equal(hits.l1 + hits.ll + hits.ram, linear.Ir + linear.Dr + linear.Dw, 'every access is served somewhere');
});

test('estimated cycles weigh L1 1, LL 5, RAM 35 by default', () => {
  assert.equal(estimatedCycles({ l1: 10, ll: 2, ram: 1 }, DEFAULT_WEIGHTS), 10 + 10 + 35);
  assert.equal(estimatedCycles({ l1: 10, ll: 2, ram: 1 }, { l1: 1, ll: 10, ram: 100 }), 10 + 20 + 100);
  const hits = hitsFromEvents(linear);
  assert.equal(cyclesFromEvents(linear, DEFAULT_WEIGHTS), hits.l1 + 5 * hits.ll + 35 * hits.ram);
});

test("the event helpers keep EVENT_NAMES' key order (results.json is written in it) and pick by the events: line", async () => {
  const { EVENT_NAMES, addEvents, eventsFromVector, zeroEvents } = await import('../../src/metric/events.ts');
  assert.deepEqual(Object.keys(zeroEvents()), [...EVENT_NAMES]);
  const names = ['DLmw', 'Bc', 'Ir', 'I1mr', 'ILmr', 'Dr', 'D1mr', 'DLmr', 'Dw', 'D1mw'];
  const e = eventsFromVector(names, [9, 100, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(Object.keys(e), [...EVENT_NAMES]);
  assert.deepEqual(Object.values(e), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(eventsFromVector(names, [9, 100, 1]), { ...zeroEvents(), Ir: 1, DLmw: 9 }, 'a short vector: the rest are 0');
  assert.deepEqual(Object.values(addEvents(e, e)), [2, 4, 6, 8, 10, 12, 14, 16, 18]);
  assert.deepEqual(Object.keys(addEvents(e, e)), [...EVENT_NAMES]);
  assert.throws(() => eventsFromVector(['Ir'], [1]), /event I1mr is missing/);
});
