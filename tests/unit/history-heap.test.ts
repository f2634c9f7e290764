// The history picture draws a `memory: true` benchmark's heap bytes allocated as a dashed line of its
// own beside the cycles, names the heap's step at a verdict the heap moved, and adds its legend line;
// a history without heap figures is drawn as before (no heap line, no extra legend).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BenchmarkSeries } from '../../src/history/series.ts';
import { historySvg } from '../../src/history/svg.ts';

const labels = ['r1', 'r2', 'r3'];
const cycles: BenchmarkSeries = { name: 'sort', values: [1000, 1000, 1000], marks: ['none', 'none', 'none'] };
const withHeap: BenchmarkSeries = {
  name: 'parse',
  values: [1_000_000, 1_000_000, 1_000_400],
  marks: ['none', 'none', 'regression'],
  heap: { totalBytes: [128_000, 128_000, 192_000], peakBytes: [4096, 4096, 4160] },
};

test('a memory: true benchmark: its heap bytes allocated as a dashed line, each point with its bytes, the step named at the regression, one legend line more', () => {
  const svg = historySvg([cycles, withHeap], labels);
  assert.equal(svg, historySvg([cycles, withHeap], labels), 'the same series give the same bytes');
  assert.equal([...svg.matchAll(/<line [^>]*class="heap"\/>/g)].length, 2 + 1, 'two segments, and the legend');
  assert.match(svg, /<title>r3: 192,000 heap bytes allocated \(\+50\.0% from the first run\)<\/title>/);
  assert.match(svg, />\+0\.04% · heap \+50\.0%<\/text>/);
  assert.match(svg, /heap bytes allocated, change from its first run \(benchmarks with memory: true\)<\/text>/);
  assert.match(svg, /last: 1,000,400 estimated cycles, peak heap 4,160 bytes/);
  const plain = historySvg([cycles], labels);
  assert.doesNotMatch(plain, /heap/);
  assert.ok(Number(svg.match(/height="(\d+)"/)![1]) > Number(plain.match(/height="(\d+)"/)![1]));
});

test("the heap on a scale of its own, zero on the cycles' zero line: a heap 16 times its first leaves a +26 % cycles' step its height (a new user's trial r13: drawn flat)", () => {
  const grown: BenchmarkSeries = {
    name: 'work',
    values: [1_000_000, 1_000_000, 1_260_000],
    marks: ['none', 'none', 'regression'],
    heap: { totalBytes: [4_096, 4_096, 68_096], peakBytes: [4096, 4096, 68_096] },
  };
  const svg = historySvg([grown], labels);
  const ys = (cls: string) =>
    [...svg.matchAll(new RegExp(`<line x1="[\\d.]+" y1="([\\d.]+)" x2="[\\d.]+" y2="([\\d.]+)" class="${cls}"/>`, 'g'))].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
  const [flat, step] = ys('series');
  assert.equal(flat![0], flat![1]);
  assert.ok(step![0]! - step![1]! > 50, `the cycles' +26 % rises most of the panel: ${JSON.stringify(step)}`);
  assert.equal(ys('heap')[0]![0], flat![0], "the heap's zero is the cycles' zero line");
  assert.match(svg, />\+1562\.5%<\/text>/, "the heap's scale is labelled");
});
