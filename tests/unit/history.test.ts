// The history picture: marks from the comparison, breaks where runs are not comparable, every text
// escaped, and the same bytes for the same inputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { historySeries } from '../../src/history/series.ts';
import { historySvg } from '../../src/history/svg.ts';
import { cyclesFromEvents, hitsFromEvents, zeroEvents } from '../../src/metric/events.ts';
import type { BenchmarkResult, Environment, Results } from '../../src/results/types.ts';

const ENV: Environment = {
  cgBench: '0.0.0', valgrind: '3.24.0', glibc: '2.41', os: 'Debian GNU/Linux 13 (trixie)', arch: 'x86_64', python: '3.13.5',
  cpu: { hwcaps: 'AMD64', vendor: 'GenuineIntel', brand: 'i7', features: ['avx2'] },
  workspace: '/work', cache: DEFAULT_CACHE, weights: DEFAULT_WEIGHTS, image: { ref: null, digest: null },
};
const HOSTILE = '<script>alert(1)</script> & "x"';

function bench(name: string, ir: number | null): BenchmarkResult {
  const events = { ...zeroEvents(), Ir: ir ?? 0 };
  const ok = ir !== null;
  return {
    name, command: 'x', cwd: '.', instrument: 'whole', thresholdPercent: 1, status: ok ? 'ok' : 'failed', exitCode: ok ? 0 : 1, signal: null, wallTimeMs: 1,
    estimatedCycles: ok ? cyclesFromEvents(events, DEFAULT_WEIGHTS) : null, events: ok ? events : null, hits: ok ? hitsFromEvents(events) : null, processes: [], functions: [], logs: { stdout: '', stderr: '' },
  };
}

const run = (label: string, benchmarks: BenchmarkResult[], environment = ENV) => ({ label, results: { schemaVersion: 1, tool: 'cg-bench', createdAt: '', configHash: '0'.repeat(64), environment, benchmarks } as Results });

const points = [
  run('c1', [bench('a', 1000), bench(HOSTILE, 50)]),
  run('c2', [bench('a', 1100), bench(HOSTILE, 50)]),
  run('c3', [bench('a', 1000), bench(HOSTILE, null)]),
  run('c4', [bench('a', 2000), bench(HOSTILE, 51)], { ...ENV, valgrind: '3.25.0' }),
];

test('each run is marked against the one before; a run on another machine breaks the line, and its change is not a regression', () => {
  const [a, hostile] = historySeries(points);
  assert.deepEqual(a!.marks, ['none', 'regression', 'improvement', 'not-comparable']);
  assert.deepEqual(a!.values.slice(0, 2), [1000, 1100].map((ir) => cyclesFromEvents({ ...zeroEvents(), Ir: ir }, DEFAULT_WEIGHTS)));
  assert.equal(hostile!.values[2], null, 'a failed run is a gap');
});

test('the SVG escapes every name and label, has a title and description, and is the same bytes for the same inputs', () => {
  const svg = historySvg(historySeries(points), points.map((p) => p.label));
  assert.equal(svg, historySvg(historySeries(points), points.map((p) => p.label)));
  assert.doesNotMatch(svg, /<script/);
  assert.match(svg, /&#60;script&#62;alert\(1\)&#60;\/script&#62; &#38; &#34;x&#34;/);
  assert.match(svg, /<title id="title">/);
  assert.match(svg, /<desc id="desc">2 benchmark\(s\) over 4 run\(s\)/);
  assert.match(svg, /class="break"/);
  assert.match(svg, /fill="#d1242f"/, 'the regression is red');
});
