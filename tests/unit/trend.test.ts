// The trend in the job summary (src/history/trend.ts): sparklines, charts of what moved, inert text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BenchmarkSeries } from '../../src/history/series.ts';
import { MAX_CHARTS, mermaidText, sparkline, trendMarkdown } from '../../src/history/trend.ts';

const series = (name: string, values: (number | null)[]): BenchmarkSeries => ({ name, values, marks: values.map(() => 'none') });

test('a sparkline spans the series from its lowest to its highest value; a flat series is flat; a gap where a run failed', () => {
  assert.equal(sparkline([1, 2, 3, 4, 5, 6, 7, 8]), '▁▂▃▄▅▆▇█');
  assert.equal(sparkline([5, 5, 5]), '▁▁▁');
  assert.equal(sparkline([1, null, 2]), '▁·█');
  assert.equal(sparkline([null]), '·', 'a benchmark with no run: a gap, never an empty code span (a new user, r14)');
});

test('charts only for benchmarks that moved, the most moved first, at most MAX_CHARTS; nothing for a single run', () => {
  const labels = ['a', 'b', 'c'];
  const all = [
    series('flat', [10, 10, 10]),
    series('small', [100, 101, 102]),
    ...Array.from({ length: 6 }, (_, i) => series(`big-${i}`, [100, 150 + i, 200 + i])),
  ];
  const md = trendMarkdown(all, labels, 'the last 3 runs');
  assert.equal(md.match(/```mermaid/g)?.length, MAX_CHARTS);
  assert.match(md, /title "big-5: estimated cycles"/);
  assert.doesNotMatch(md, /title "flat/);
  assert.match(md, /\| flat \| `▁▁▁` \| 10 \| 10 \| 0\.00% \|/);
  assert.equal(trendMarkdown(all, ['a'], 'one run'), '');
  const many = Array.from({ length: 30 }, (_, i) => `r${i}`);
  assert.match(
    trendMarkdown(
      [
        series(
          'long',
          many.map((_, i) => 100 + i),
        ),
      ],
      many,
      'runs',
    ),
    /x-axis "runs with a result, oldest to newest" 1 --> 30\n/,
  );
  assert.equal(trendMarkdown(all, labels, 'x'), md.replace('the last 3 runs', 'x'), 'pure: the same input, the same text');
});

test('hostile names are inert: escaped in the table, reduced to plain characters in Mermaid', () => {
  const name = 'x"]\n```\n%%{init: {"theme":"dark"}}%%\nclick A call alert() <img src=x> @team #1';
  const md = trendMarkdown([series(name, [1, 2])], ['a"b', 'c'], 'runs');
  const mermaid = md.slice(md.indexOf('```mermaid'));
  assert.equal(mermaid.match(/```/g)?.length, 2, 'the code block is not closed early');
  assert.doesNotMatch(mermaid.split('\n').slice(2).join('\n'), /%%|\{|<|alert\(/, 'only our own directive');
  const title = mermaid.split('\n').find((l) => l.startsWith('  title '))!;
  assert.match(title, /^ {2}title "[\p{L}\p{N} _.:/+-]+"$/u);
  assert.match(mermaid, /x-axis \["ab", "c"\]/);
  assert.match(md, /&lt;img/);
  assert.equal(mermaidText('  '), 'benchmark');
  assert.equal([...mermaidText('é'.repeat(100))].length, 60);
});

test('the heap of memory: true benchmarks over the same runs: bytes allocated and peak live bytes, first → last; none without it', () => {
  const md = trendMarkdown(
    [series('cpu-only', [10, 11]), { ...series('alloc', [10, 10]), heap: { totalBytes: [128_000, 192_000], peakBytes: [null, 192] } }],
    ['a', 'b'],
    'the last 2 runs',
  );
  assert.match(md, /Heap of the benchmarks with `memory: true`/);
  assert.match(md, /\| alloc \| `▁█` \| 128,000 → 192,000 \| \+50\.00% \| `·▁` \| 192 → 192 \| 0\.00% \|/);
  assert.doesNotMatch(md, /\| cpu-only \| `▁█` \| 10 →/);
  assert.doesNotMatch(trendMarkdown([series('cpu-only', [10, 11])], ['a', 'b'], 'runs'), /Heap/);
});
