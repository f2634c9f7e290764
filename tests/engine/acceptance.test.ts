// The engine's acceptance list, measured with real Valgrind on the bundled examples.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { parseDocument } from 'yaml';
import { cyclesFromEvents, EVENT_NAMES } from '../../src/metric/events.ts';
import type { Results } from '../../src/results/types.ts';
import { byName, CLI, cli, compileC, copyExamples, project, readJson } from '../helpers.ts';
import { WORK_C } from '../project-repo.ts';

const EXAMPLE_NAMES = ['c-qsort-200k', 'python-dicts', 'rust-primes-2m', 'memory-linear', 'memory-random'];
/** The examples measured with their heap figures: not the memory-access walks (see before()). */
const withHeap = (name: string) => !name.startsWith('memory-');

describe('the examples', () => {
  let dir: string;
  let first: Results;
  let second: Results;

  /** Whether the second run could be started with ASLR off (setarch -R); not everywhere permitted. */
  let aslrOff = false;

  before(async () => {
    dir = copyExamples();
    // With their heap figures too (memory: true, a DHAT run each): exact like the counts. Not the
    // memory-access walks': their heap is one allocation, and DHAT tracking every access to their
    // 32 MiB took 10-17 s a run (their heap figures repeat at a tenth in the image: tests/image/tools.test.ts).
    const config = parseDocument(readFileSync(join(dir, 'cg-bench.yml'), 'utf8'));
    config.set('memory', true);
    for (const [i, { name }] of (config.toJS().benchmarks as { name: string }[]).entries()) {
      if (!withHeap(name)) config.setIn(['benchmarks', i, 'memory'], false);
    }
    writeFileSync(join(dir, 'cg-bench.yml'), config.toString());
    // Two runs, not three: the second differs from the first in ways that must change nothing (its
    // output path is longer, it measures two benchmarks at a time and, where setarch -R is permitted,
    // it runs with address-space layout randomisation off), so its counts being the first's shows the
    // run repeats, and that neither the path, --jobs nor ASLR reaches the count.
    const r1 = await cli(['run', '--config', 'cg-bench.yml', '--out', 'run-1', '--jobs', '1'], { cwd: dir });
    assert.equal(r1.code, 0, r1.stderr);
    aslrOff = spawnSync('setarch', ['-R', 'true']).status === 0;
    const args = ['run', '--config', 'cg-bench.yml', '--out', 'run-2-with-a-longer-output-path-and-2-jobs', '--jobs', '2'];
    if (aslrOff) {
      const r2 = spawnSync('setarch', ['-R', process.execPath, CLI, ...args], { cwd: dir, encoding: 'utf8' });
      assert.equal(r2.status, 0, r2.stderr);
    } else {
      const r2 = await cli(args, { cwd: dir });
      assert.equal(r2.code, 0, r2.stderr);
    }
    first = readJson(join(dir, 'run-1', 'results.json'));
    second = readJson(join(dir, 'run-2-with-a-longer-output-path-and-2-jobs', 'results.json'));
  });

  test('every example runs', () => {
    assert.deepEqual(
      first.benchmarks.map((b) => [b.name, b.status]),
      EXAMPLE_NAMES.map((n) => [n, 'ok']),
    );
  });

  test('running every example twice (the second time with --jobs 2 and a longer --out) gives bit-identical counts and heap figures', () => {
    // The heap figures without what names the run's files and its wall time.
    const heap = (b: (typeof first.benchmarks)[number]) => b.memory && { ...b.memory, files: [], wallTimeMs: 0 };
    for (const [a, b] of first.benchmarks.map((x, i) => [x, second.benchmarks[i]!] as const)) {
      if (withHeap(a.name)) assert.ok(a.memory && a.memory.totalBytes > 0, `${a.name} has heap figures`);
      assert.deepEqual([a.name, b.estimatedCycles, b.events, heap(b)], [a.name, a.estimatedCycles, a.events, heap(a)]);
    }
  });

  test('counts agree with ASLR on and off (setarch -R): the second run above ran with it off', (t) => {
    // Measured on every example, not one: the first run with ASLR on, the second under setarch -R.
    if (!aslrOff) return t.skip('setarch -R is not permitted here');
    assert.deepEqual(
      second.benchmarks.map((b) => [b.name, b.events]),
      first.benchmarks.map((b) => [b.name, b.events]),
    );
  });

  test('estimated cycles equal the formula over events; events equal the summary: lines of the cachegrind.out files', () => {
    for (const b of first.benchmarks) {
      assert.equal(b.estimatedCycles, cyclesFromEvents(b.events!, first.environment.weights), b.name);
      const sums = Object.fromEntries(EVENT_NAMES.map((n) => [n, 0])) as Record<string, number>;
      assert.ok(b.processes.length >= 1);
      for (const p of b.processes) {
        const text = gunzipSync(readFileSync(join(dir, 'run-1', p.file))).toString('utf8');
        const names = /^events: (.*)$/m.exec(text)![1]!.trim().split(/\s+/);
        const summary = /^summary: (.*)$/m.exec(text)![1]!.trim().split(/\s+/).map(Number);
        names.forEach((n, i) => {
          sums[n] = sums[n]! + summary[i]!;
        });
      }
      assert.deepEqual(b.events, sums, b.name);
    }
  });

  test('the example written as a string of plain words runs without a shell: one process, the program itself', () => {
    // (A shell line's shell and the program it starts, summed: tests/engine/plain-words.test.ts.)
    const python = byName(first).get('python-dicts')!;
    assert.deepEqual(
      python.processes.map((p) => p.cmd),
      ['python3 python/bench_dicts.py 2000'],
    );
  });

  test('memory access: nearly equal instructions, several times the estimated cycles for the random walk', () => {
    const linear = byName(first).get('memory-linear')!;
    const random = byName(first).get('memory-random')!;
    const irRatio = random.events!.Ir / linear.events!.Ir;
    assert.ok(Math.abs(irRatio - 1) < 1e-4, `Ir ratio ${irRatio}`);
    const cycleRatio = random.estimatedCycles! / linear.estimatedCycles!;
    assert.ok(cycleRatio > 3, `estimated cycles ratio ${cycleRatio}`);
    assert.ok(random.hits!.ram > 5 * linear.hits!.ram);
  });

  test('the environment fingerprint names the simulated CPU, Valgrind and glibc', () => {
    const env = first.environment;
    assert.match(env.valgrind, /^3\.\d+/);
    assert.match(env.glibc ?? '', /^2\.\d+/);
    if (env.arch === 'x86_64') {
      assert.ok(env.cpu.vendor && env.cpu.brand, 'CPUID read under Valgrind');
      assert.ok(env.cpu.features.includes('sse2'));
      assert.ok(!env.cpu.features.includes('avx512f'), 'Valgrind never presents AVX-512');
    }
    assert.match(env.cpu.hwcaps ?? '', /LittleEndian/);
  });

  test('compare of the two runs: all unchanged, exit 0 even with --fail-on-regression', async () => {
    const r = await cli(
      [
        'compare',
        join(dir, 'run-1', 'results.json'),
        // An output directory stands for its results.json, as for diff and merge (review r12).
        join(dir, 'run-2-with-a-longer-output-path-and-2-jobs'),
        '--fail-on-regression',
        '--threshold',
        '0',
      ],
      { cwd: dir },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /5 unchanged/);
  });
});

describe('comparing two states of the code', () => {
  test('0.1 % more work is a regression of about that size; untouched is unchanged; removed is removed; new is new', async () => {
    const dir = project('', {});
    compileC(dir, 'work', WORK_C);
    const config = (n: number, extra: string) => `threshold: 0.05%
benchmarks:
  - name: grows
    run: [./work, "${n}"]
  - name: untouched
    run: [./work, "300000"]
${extra}`;
    writeFileSync(join(dir, 'cg-bench.yml'), config(1_000_000, '  - name: goes-away\n    run: [./work, "1000"]\n'));
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    writeFileSync(join(dir, 'cg-bench.yml'), config(1_001_000, '  - name: arrives\n    run: [./work, "1000"]\n'));
    const r = await cli(['run', '--baseline', 'base.json', '--format', 'json', '--fail-on-regression'], { cwd: dir });
    assert.equal(r.code, 1, `a regression with --fail-on-regression exits 1: ${r.stderr}`);
    const report = JSON.parse(r.stdout) as { benchmarks: { name: string; verdict: string; relative: number | null }[] };
    const verdicts = Object.fromEntries(report.benchmarks.map((b) => [b.name, b]));
    assert.equal(verdicts['grows']!.verdict, 'regression');
    const change = verdicts['grows']!.relative!;
    assert.ok(change > 0.0009 && change < 0.00101, `reported change ${change * 100}%`);
    assert.deepEqual([verdicts['untouched']!.verdict, verdicts['untouched']!.relative], ['unchanged', 0]);
    assert.equal(verdicts['goes-away']!.verdict, 'removed');
    assert.equal(verdicts['arrives']!.verdict, 'new');
    const markdown = readFileSync(join(dir, '.cg-bench', 'report.md'), 'utf8');
    assert.match(markdown, /^### 🔴 cg-bench: 1 regression, 1 new, 1 removed, 1 unchanged/);
    assert.match(markdown, /\| grows \| [\d,]+ \| [\d,]+ \| \+0\.\d+% \| 🔴 regression \|/);
    assert.match(markdown, /Functions whose estimated cycles changed most:[\s\S]*\| main \|/);
  });

  test('a different userland is "not comparable", never a regression', async () => {
    const dir = project('');
    compileC(dir, 'work', WORK_C);
    writeFileSync(join(dir, 'cg-bench.yml'), 'benchmarks:\n  - name: w\n    run: [./work, "100000"]\n');
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    const base = readJson(join(dir, 'base.json'));
    base.environment.glibc = '2.1';
    base.benchmarks[0]!.events!.Ir -= 1000;
    base.benchmarks[0]!.estimatedCycles = cyclesFromEvents(base.benchmarks[0]!.events!, base.environment.weights);
    writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
    const r = await cli(['run', '--baseline', 'base.json', '--fail-on-regression'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /w .* not comparable/);
    assert.match(r.stdout, /not comparable with the baseline \(glibc: 2\.1 → 2\.\d+\)/);
  });

  test('hostile benchmark names are rendered inert in the Markdown report; --save-baseline writes exactly the results', async () => {
    const names = ['<img src=x onerror=alert(1)>', '@octocat | fixes #1', '[x](https://evil.example) **b**'];
    const dir = project(`benchmarks:\n${names.map((n) => `  - name: ${JSON.stringify(n)}\n    run: [/bin/true]\n`).join('')}`);
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    // --save-baseline writes exactly the results (checked on this run: it needs no run of its own).
    assert.deepEqual(readJson(join(dir, 'base.json')), readJson(join(dir, '.cg-bench', 'results.json')));
    assert.equal((await cli(['run', '--baseline', 'base.json'], { cwd: dir })).code, 0);
    const markdown = readFileSync(join(dir, '.cg-bench', 'report.md'), 'utf8');
    assert.doesNotMatch(markdown, /<img|@octocat|#1\b|\]\(https|\*\*b\*\*/);
    const rows = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Benchmark'));
    assert.equal(rows.length, 3, 'one table row per benchmark: no pipe broke out of its cell');
    for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 7, row);
  });
});

describe('check', () => {
  // Pids no longer vary (each benchmark has a pid namespace): state left by an earlier run still
  // does. Each run adds a line to a file and loops once per line: the two runs always differ (a
  // clock-based loop count was the same twice about once in a hundred).
  test('finds a benchmark whose count depends on an earlier run, and passes a deterministic one', async () => {
    // In the project (a run's /tmp is its own: state left there does not reach the next run).
    const dir = project('benchmarks: []\n');
    const state = join(dir, 'state');
    mkdirSync(state);
    chmodSync(state, 0o777); // Written by the sandbox's user.
    writeFileSync(
      join(dir, 'cg-bench.yml'),
      `benchmarks:
  - name: stable
    run: [/bin/true]
  - name: depends-on-time
    run: [sh, -c, 'echo x >> ${state}/runs; i=0; n=$(( $(wc -l < ${state}/runs) * 50 )); while [ $i -lt $n ]; do i=$((i+1)); done']
`,
    );
    const r = await cli(['check'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /✓ stable: identical/);
    assert.match(r.stdout, /✗ depends-on-time: NONDETERMINISTIC — Ir [\d,]+ vs [\d,]+/);
    assert.match(r.stdout, /1 deterministic, 1 nondeterministic, 0 failed/);
    assert.match(r.stdout, /^where they differ: cg-bench diff \S*check-1 \S*check-2$/m);
  });
});
