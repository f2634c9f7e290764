import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pool } from '../../src/run/pool.ts';

test('pool: when one item throws, the error is passed on only after the item running beside it has ended, and no further item starts', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started: number[] = [];
  let otherEnded = false;
  const run = pool([0, 1, 2, 3], 2, async (item) => {
    started.push(item);
    if (item === 0) throw new Error('the first failed');
    await gate;
    otherEnded = true;
    return item;
  });
  let settled = false;
  run
    .catch(() => undefined)
    .finally(() => {
      settled = true;
    });
  await new Promise((resolve) => setImmediate(resolve));
  // Before: rejected here, with item 1 still running (its run's output directory then released).
  assert.equal(settled, false, 'the pool ended while an item was still running');
  release();
  await assert.rejects(run, /the first failed/);
  assert.equal(otherEnded, true);
  assert.deepEqual(started, [0, 1]);
});

test('pool: every result in the order of the items, whatever order they end in', async () => {
  const delays = [3, 0, 2, 1];
  const results = await pool(delays, 2, async (d) => {
    for (let i = 0; i < d; i++) await new Promise((resolve) => setImmediate(resolve));
    return d * 10;
  });
  assert.deepEqual(results, [30, 0, 20, 10]);
});
