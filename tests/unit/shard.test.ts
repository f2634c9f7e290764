// Sharding: the split is pure, stable and balanced; merging refuses anything but every part of one run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CgBenchError } from '../../src/errors.ts';
import { mergeShards } from '../../src/shard/merge.ts';
import { namesInShard, parseShard, partition } from '../../src/shard/plan.ts';
import type { Results } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

test('--shard is I/N in digits, 1 ≤ I ≤ N ≤ 1024', () => {
  assert.deepEqual(parseShard('2/3'), { index: 2, count: 3 });
  assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
  for (const bad of ['0/3', '4/3', '1/0', '1/1025', 'a/b', '1/3/4', ' ', '1e0/3', '-1/3', '0x1/3']) {
    assert.throws(
      () => parseShard(bad),
      (e: unknown) => e instanceof CgBenchError && /must be I\/N/.test(e.message),
      bad,
    );
  }
});

test('every benchmark is in exactly one part, for any number of parts, and the split does not depend on anything but its inputs', () => {
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const durations = new Map([
    ['a', 700],
    ['b', 100],
    ['c', 300],
    ['d', 300],
    ['e', 50],
    ['g', 20],
  ]);
  for (let count = 1; count <= 9; count++) {
    const parts = Array.from({ length: count }, (_, i) => namesInShard(names, durations, { index: i + 1, count }));
    assert.deepEqual(parts.flat().sort(), names, `count ${count}`);
    assert.deepEqual(partition(names, durations, count), partition([...names], new Map(durations), count));
  }
});

test('the parts are balanced on the known durations: longest first, each to the least loaded part', () => {
  const durations = new Map([
    ['big', 900],
    ['m1', 400],
    ['m2', 400],
    ['s1', 100],
    ['s2', 100],
  ]);
  assert.deepEqual(partition(['big', 'm1', 'm2', 's1', 's2'], durations, 2), [0, 1, 1, 1, 0]); // 1000 / 900
  // Unknown durations count as the median of the known; with none known, configuration order round robin.
  assert.deepEqual(partition(['x', 'y', 'z', 'w'], new Map(), 2), [0, 1, 0, 1]);
  assert.deepEqual(
    partition(
      ['new', 'big', 'small'],
      new Map([
        ['big', 10],
        ['small', 2],
      ]),
      2,
    ),
    [1, 0, 1],
  );
});

const bench = (name: string, ir: number) => benchmarkResult(name, { Ir: ir });

const suite = ['a', 'b', 'c'];
function part(index: number, count: number, names: string[], extra: Partial<Results> = {}): { results: Results; source: string } {
  return {
    source: `part${index}.json`,
    results: resultsOf(
      names.map((n) => bench(n, n.charCodeAt(0))),
      { createdAt: `2026-01-0${index}`, shard: { index, count, benchmarks: suite }, ...extra },
    ),
  };
}

test('merged parts are the whole run: configuration order, no shard field, the latest time', () => {
  const merged = mergeShards([part(2, 2, ['b']), part(1, 2, ['c', 'a'])]);
  assert.deepEqual(
    merged.benchmarks.map((b) => b.name),
    suite,
  );
  assert.equal(merged.shard, undefined);
  assert.equal(merged.createdAt, '2026-01-02');
});

test('merging refuses a missing, repeated or foreign part, naming the file', () => {
  const refused = (parts: { results: Results; source: string }[], message: RegExp) =>
    assert.throws(
      () => mergeShards(parts),
      (e: unknown) => e instanceof CgBenchError && message.test(e.message),
    );
  refused([part(1, 2, ['a', 'c'])], /part\(s\) 2\/2 missing/);
  refused([part(1, 2, ['a', 'c']), part(1, 2, ['b'])], /part1\.json: part 1\/2 again \(also part1\.json\)/);
  refused([part(1, 2, ['a', 'c']), part(2, 3, ['b'])], /part2\.json: part 2\/3, but part1\.json is one of 2 parts/);
  refused([part(1, 2, ['a', 'c']), part(2, 2, ['b'], { configHash: '1'.repeat(64) })], /part2\.json: measured another configuration/);
  refused(
    [part(1, 2, ['a', 'c']), part(2, 2, ['b'], { environment: { ...TEST_ENV, valgrind: '3.25.0' } })],
    /part2\.json: measured on another machine or image/,
  );
  refused([part(1, 2, ['a', 'c']), part(2, 2, ['b', 'c'])], /benchmark "c" was measured in two parts/);
  refused([part(1, 2, ['a']), part(2, 2, ['b'])], /no part measured "c"/);
  refused([{ ...part(1, 1, ['a']), results: { ...part(1, 1, ['a']).results, shard: undefined } }], /not one part of a sharded run/);
});
