// Memory figures (memory: true): DHAT's profile read, the figures compared, the configuration, the reports.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { differingCount, notRepeating } from '../../src/engine/check.ts';
import { loadConfig } from '../../src/config/load.ts';
import { CgBenchError } from '../../src/errors.ts';
import { type HeapFigures, MAX_DHAT_VALUES, parseDhat, sumHeapFigures } from '../../src/parse/dhat.ts';
import { bmfReport } from '../../src/report/bmf.ts';
import { githubActionBenchmarkReport } from '../../src/report/github-action-benchmark.ts';
import { junitReport } from '../../src/report/junit.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { openMetricsReport } from '../../src/report/openmetrics.ts';
import { terminalReport } from '../../src/report/terminal.ts';
import { parseResults } from '../../src/results/io.ts';
import type { MemoryResult } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';
import { tempDir } from '../helpers.ts';

/** A DHAT 3.19 profile as it is written (two allocation points; fields cg-bench does not read elided). */
const DHAT = `{"dhatFileVersion":2
,"mode":"heap","verb":"Allocated"
,"bklt":true,"bkacc":true
,"tu":"instrs","Mtu":"Minstr"
,"tuth":500
,"cmd":"./a"
,"pid":16712
,"te":274405
,"tg":234925
,"pps":
 [{"tb":64000,"tbk":1000,"tl":62773844,"mb":64000,"mbk":1000,"gb":64000,"gbk":1000,"eb":0,"ebk":0,"rb":0,"wb":64000,"acc":[-64,1000],"fs":[1,2]}
 ,{"tb":100,"tbk":1,"tl":4647,"mb":0,"mbk":0,"gb":0,"gbk":0,"eb":100,"ebk":1,"rb":0,"wb":0,"acc":[-100,0],"fs":[1,3]}
 ]
,"ftbl":
 ["[root]"
 ,"0x48407B4: malloc (vg_replace_malloc.c:381)"
 ,"0x109186: main (a.c:3)"
 ]
}`;

test('a DHAT profile: totals, peak (t-gmax) and exit (t-end) summed over its allocation points', () => {
  assert.deepEqual(parseDhat(DHAT, 'dhat.out.16712'), {
    pid: 16712,
    cmd: './a',
    totalBytes: 64100,
    totalBlocks: 1001,
    peakBytes: 64000,
    peakBlocks: 1000,
    exitBytes: 100,
    exitBlocks: 1,
  });
});

test('what is not a DHAT heap profile is refused, naming the file', () => {
  assert.throws(() => parseDhat('{', 'dhat.out.7'), /dhat\.out\.7 is not JSON/);
  assert.throws(() => parseDhat('{"dhatFileVersion":2,"mode":"copy","pps":[]}', 'dhat.out.7'), /not a DHAT heap profile/);
  assert.throws(() => parseDhat(DHAT.replace('"tb":100', '"tb":-1'), 'dhat.out.7'), /dhat\.out\.7: pps\[1\]\.tb is not a count/);
  assert.throws(() => parseDhat(DHAT.replace('"eb":100', '"eb":1.5'), 'dhat.out.7'), /pps\[1\]\.eb is not a count/);
});

test('a profile of more JSON values than a real one has is refused before it is parsed (parsed whole, a planted 256 MiB one exhausted the heap)', () => {
  const planted = `{"dhatFileVersion":2,"mode":"heap","pps":[${'{},'.repeat(MAX_DHAT_VALUES)}{}]}`;
  assert.throws(() => parseDhat(planted, 'dhat.out.9'), /dhat\.out\.9: more than 8,000,000 JSON values; not a DHAT profile cg-bench can read/);
  assert.equal(parseDhat(DHAT, 'dhat.out.16712').totalBytes, 64100, 'a real profile is far below');
});

test('the processes of a benchmark: their figures summed', () => {
  const one = parseDhat(DHAT, 'a');
  assert.deepEqual(sumHeapFigures([one, one]), { totalBytes: 128200, totalBlocks: 2002, peakBytes: 128000, peakBlocks: 2000, exitBytes: 200, exitBlocks: 2 });
});

const FIGURES: HeapFigures = { totalBytes: 128720, totalBlocks: 1016, peakBytes: 848, peakBlocks: 17, exitBytes: 568, exitBlocks: 14 };
const memory = (change: Partial<HeapFigures> = {}, thresholdPercent = 0): MemoryResult => ({
  ...FIGURES,
  ...change,
  thresholdPercent,
  files: ['benchmarks/01-alloc/memory/dhat.out.2.gz'],
  wallTimeMs: 1,
});
const withMemory = (m: MemoryResult | undefined, ir = 1000) => resultsOf([benchmarkResult('alloc', { Ir: ir }, m ? { memory: m } : {})]);
const EXTRA = { totalBytes: FIGURES.totalBytes + 64_000, totalBlocks: FIGURES.totalBlocks + 1000 };

test('one extra 64-byte block in a loop of 1,000: a memory regression of exactly 64,000 bytes and 1,000 blocks, with the cycles unchanged', () => {
  const c = compareResults(withMemory(memory()), withMemory(memory(EXTRA))).benchmarks[0]!;
  assert.equal(c.change, 0);
  assert.equal(c.verdict, 'regression');
  assert.equal(c.memory?.verdict, 'regression');
  assert.equal(c.memory?.change?.totalBytes, 64_000);
  assert.equal(c.memory?.change?.totalBlocks, 1000);
  assert.equal(c.memory?.change?.peakBytes, 0);
});

test('memory figures: improvement, unchanged, a threshold, and a faster benchmark that allocates more is a regression', () => {
  assert.equal(compareResults(withMemory(memory(EXTRA)), withMemory(memory())).benchmarks[0]!.verdict, 'improvement');
  const same = compareResults(withMemory(memory()), withMemory(memory())).benchmarks[0]!;
  assert.equal(same.verdict, 'unchanged');
  assert.equal(same.memory?.verdict, 'unchanged');
  // Unchanged in both is not a verdict "from memory" (it read "unchanged (memory)").
  assert.match(
    terminalReport({ colour: false }).render({ head: withMemory(memory()), comparison: compareResults(withMemory(memory()), withMemory(memory())) }),
    /^alloc\s+1,000\s+1,000\s+0\.00%\s+unchanged$/m,
  );
  // 64,000 of 128,720 bytes is 49.7 %, 1,000 of 1,016 blocks 98.4 %: within a 99 % threshold.
  assert.equal(compareResults(withMemory(memory({}, 99)), withMemory(memory(EXTRA, 99))).benchmarks[0]!.memory?.verdict, 'unchanged');
  assert.equal(compareResults(withMemory(memory({}, 60)), withMemory(memory(EXTRA, 60))).benchmarks[0]!.memory?.verdict, 'regression');
  // From nothing to something is a change beyond any threshold.
  assert.equal(compareResults(withMemory(memory({ exitBytes: 0 }, 50)), withMemory(memory({ exitBytes: 1 }, 50))).benchmarks[0]!.memory?.verdict, 'regression');
  const faster = compareResults(withMemory(memory(), 2000), withMemory(memory(EXTRA), 1000)).benchmarks[0]!;
  assert.equal(faster.verdict, 'regression');
});

test("memory figures are judged by the stricter of the base's and the head's memory-threshold: a head cannot loosen its own gate", () => {
  const loosened = compareResults(withMemory(memory({}, 0)), withMemory(memory(EXTRA, 99))).benchmarks[0]!.memory!;
  assert.equal(loosened.thresholdPercent, 0);
  assert.equal(loosened.verdict, 'regression');
  assert.equal(
    compareResults(withMemory(memory({}, 99)), withMemory(memory(EXTRA, 60))).benchmarks[0]!.memory?.verdict,
    'regression',
    'a head that tightens it is judged by its own',
  );
});

test('memory figures on one side only, or under another seal: not comparable, and the cycles verdict stands', () => {
  const noBase = compareResults(withMemory(undefined), withMemory(memory(EXTRA))).benchmarks[0]!;
  assert.equal(noBase.verdict, 'unchanged');
  assert.equal(noBase.memory?.verdict, 'not-comparable');
  assert.match(noBase.memory?.notComparable ?? '', /baseline has no memory figures/);
  const noHead = compareResults(withMemory(memory()), withMemory(undefined)).benchmarks[0]!;
  assert.match(noHead.memory?.notComparable ?? '', /head has no memory figures/);
  assert.equal(compareResults(withMemory(undefined), withMemory(undefined)).benchmarks[0]!.memory, undefined);
  const seal = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed' } as const;
  const base = resultsOf([benchmarkResult('alloc', { Ir: 1000 }, { memory: memory(), seal })]);
  const head = resultsOf([benchmarkResult('alloc', { Ir: 1000 }, { memory: memory(EXTRA), seal: { ...seal, entropy: 'os' } })]);
  const c = compareResults(base, head).benchmarks[0]!;
  assert.equal(c.verdict, 'not-comparable');
  assert.equal(c.memory?.verdict, 'not-comparable');
});

test('results.json with memory figures passes the schema; a negative figure does not', () => {
  const results = withMemory(memory(EXTRA));
  assert.deepEqual(parseResults(JSON.parse(JSON.stringify(results)), 'r.json').benchmarks[0]!.memory, results.benchmarks[0]!.memory);
  const bad = JSON.parse(JSON.stringify(results));
  bad.benchmarks[0].memory.totalBytes = -1;
  assert.throws(() => parseResults(bad, 'r.json'), CgBenchError);
});

test('every report and export shows the memory regression', () => {
  const input = { head: withMemory(memory(EXTRA)), comparison: compareResults(withMemory(memory()), withMemory(memory(EXTRA))) };
  const terminal = terminalReport({ colour: false }).render(input);
  assert.match(terminal, /alloc\s+1,000\s+1,000\s+0\.00%\s+regression \(memory\)/);
  assert.match(terminal, /alloc\s+bytes allocated\s+128,720\s+192,720\s+\+64,000/);
  assert.match(terminal, /alloc\s+blocks allocated\s+1,016\s+2,016\s+\+1,000/);
  const markdown = renderMarkdown(input);
  assert.match(markdown, /\| alloc \| 1,000 \| 1,000 \| 0\.00% \| 🔴 regression \(memory\) \|/);
  assert.match(markdown, /\| alloc \| bytes allocated \| 128,720 \| 192,720 \| \+64,000 \|/);
  const junit = junitReport.render(input);
  assert.match(
    junit,
    /<failure type="regression" message="heap bytes allocated \+64,000 \(128,720 → 192,720\), blocks allocated \+1,000 \(1,016 → 2,016\), over the 0% memory threshold"/,
  );
  assert.match(openMetricsReport.render(input), /^cg_bench_heap_bytes_allocated\{benchmark="alloc"\} 192720$/m);
  assert.equal((JSON.parse(bmfReport.render(input)) as Record<string, Record<string, { value: number }>>)['alloc']!['heap-blocks-allocated']!.value, 2016);
  const gab = JSON.parse(githubActionBenchmarkReport.render(input)) as { name: string; unit: string; value: number }[];
  assert.deepEqual(
    gab.find((e) => e.name === 'alloc (heap-bytes-allocated)'),
    { name: 'alloc (heap-bytes-allocated)', unit: 'bytes', value: 192720 },
  );
  // Without memory figures the exports are as they were.
  const plain = { head: withMemory(undefined) };
  assert.doesNotMatch(openMetricsReport.render(plain), /heap/);
  assert.doesNotMatch(terminalReport({ colour: false }).render(plain), /memory/);
});

/** Loads cg-bench.yml with this text when called (in a directory removed after). */
function config(text: string) {
  return () => {
    const dir = tempDir('cg-bench-memory-');
    try {
      writeFileSync(join(dir, 'cg-bench.yml'), text);
      return loadConfig(join(dir, 'cg-bench.yml'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test('memory: off by default, the suite default for simulated benchmarks, set per benchmark; memory-threshold default 0 %', () => {
  const off = config('benchmarks:\n  - name: a\n    run: "true"\n')();
  assert.equal(off.benchmarks[0]!.memory, false);
  assert.equal(off.benchmarks[0]!.memoryThresholdPercent, 0);
  const on = config(
    'memory: true\nmemory-threshold: 0.5%\nbenchmarks:\n  - name: a\n    run: "true"\n  - name: b\n    run: "true"\n    memory: false\n  - name: t\n    run: "true"\n    mode: wallclock\n  - name: c\n    run: "true"\n    memory-threshold: 2%\n',
  )();
  assert.deepEqual(
    on.benchmarks.map((b) => [b.name, b.memory, b.memoryThresholdPercent]),
    [
      ['a', true, 0.5],
      ['b', false, 0.5],
      ['t', false, 0.5],
      ['c', true, 2],
    ],
  );
  // Turning memory on asks for a baseline with figures: the configuration's hash changes; off, it is as before.
  const again = config('memory: false\nbenchmarks:\n  - name: a\n    run: "true"\n')();
  assert.equal(again.hash, off.hash);
  assert.notEqual(config('memory: true\nbenchmarks:\n  - name: a\n    run: "true"\n')().hash, off.hash);
});

test('memory on a timed benchmark, or a memory-threshold that is not a percentage, is refused with where', () => {
  assert.throws(
    config('benchmarks:\n  - name: t\n    run: "true"\n    mode: cputime\n    memory: true\n'),
    /benchmarks\[0\]\.memory: benchmark "t": only simulated benchmarks/,
  );
  assert.throws(config('memory-threshold: lots\nbenchmarks:\n  - name: a\n    run: "true"\n'), /memory-threshold.*not a percentage/);
  assert.throws(config('benchmarks:\n  - name: a\n    run: "true"\n    memory: yes please\n'), /benchmarks\[0\]\.memory/);
});

test('check and check-determinism: heap figures that differ between two runs of the same commit make the benchmark not repeating', () => {
  assert.deepEqual(notRepeating(withMemory(memory()), withMemory(memory())), []);
  assert.deepEqual(notRepeating(withMemory(memory()), withMemory(memory({ peakBytes: FIGURES.peakBytes + 16 }))), ['alloc']);
  // `cg-bench check` prints each differing count of both runs: an event's, or a heap figure's.
  const r = withMemory(memory()).benchmarks[0]!;
  assert.equal(differingCount(r, 'memory.peakBytes'), 848);
  assert.equal(differingCount(r, 'Ir'), 1000);
});
