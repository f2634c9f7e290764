// The one CI pipeline, driven through a fake adapter and measurer: which baseline it takes and why,
// when it keeps the default branch's results, and how it ends. The CIs' own adapters are tested
// under act, gitlab-ci-local and the fakes (tests/runners, tests/github, tests/gitlab).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { runPipeline, runShard } from '../../src/ci/pipeline.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import type { CgBenchError } from '../../src/errors.ts';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { savedCallTree } from '../../src/flame/load.ts';
import type { BaselineStore, CiAdapter, HistoryStore, Occasion, Outcome, Report, ReportJobAdapter } from '../../src/ci/types.ts';
import type { HistoryPoint } from '../../src/history/series.ts';
import type { Measurement, Measurer, TimedMeasurement } from '../../src/container/measurer.ts';
import { summaryBody } from '../../src/publish/report-body.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { commentMarker } from '../../src/publish/sticky.ts';
import type { ExportFormat } from '../../src/report/index.ts';
import type { Environment, Results, TimedResult } from '../../src/results/types.ts';
import { cloneOf, committedProject, tempDir } from '../helpers.ts';
import { reportJobOf } from '../report-job.ts';
import { benchmarkResult, resultsOf, TEST_ENV } from '../results-fixtures.ts';

function results(ir: number, status: 'ok' | 'failed' = 'ok', environment: Environment = TEST_ENV): Results {
  return resultsOf([benchmarkResult('loop', status === 'ok' ? { Ir: ir } : null)], { environment });
}

/** A repository with cg-bench.yml at one commit: the baseline commit. */
const repository = (config = 'benchmarks:\n  - name: loop\n    run: [./x]\n') => committedProject(config, 'cg-bench-pipeline-');

/** Measures `head` for the first checkout and `base` for any other, recording the checkouts and filters. */
function fakeMeasurer(
  head: Measurement,
  base: Measurement,
  timed: TimedMeasurement = { error: 'no timed benchmarks here' },
): Measurer & { checkouts: string[]; filters: (string | undefined)[]; timedPairs: [string, string][] } {
  const checkouts: string[] = [];
  const filters: (string | undefined)[] = [];
  const timedPairs: [string, string][] = [];
  return {
    checkouts,
    filters,
    timedPairs,
    async timePaired(headCheckout, baseCheckout) {
      timedPairs.push([headCheckout, baseCheckout]);
      assert.ok(existsSync(join(baseCheckout, 'cg-bench.yml')), 'the base is checked out while it is timed');
      return timed;
    },
    imageIdentity: 'image',
    async environment() {
      return TEST_ENV;
    },
    async measure(checkout, _config, _out, selection = {}) {
      checkouts.push(checkout);
      filters.push(selection.filter);
      return checkouts.length === 1 ? head : base;
    },
  };
}

const ok = (r: Results): Measurement => ({ code: 0, results: r, error: undefined });

function fakeAdapter(
  root: string,
  occasion: Occasion,
  options: {
    store?: BaselineStore;
    history?: { store: HistoryStore; keep: number };
    fetch?: boolean;
    failOnRegression?: boolean;
    exports?: ExportFormat[];
    checkDeterminism?: boolean;
    callTree?: boolean;
  } = {},
) {
  const seen: { reports: Report[]; warnings: string[]; info: string[]; cannotRun: string[] } = { reports: [], warnings: [], info: [], cannotRun: [] };
  const adapter: CiAdapter = {
    log: { info: (m) => seen.info.push(m), warning: (m) => seen.warnings.push(m) },
    suite: { id: 's', name: 'suite', marker: commentMarker('s'), statusContext: 'cg-bench', configPath: 'cg-bench.yml' },
    repoRoot: cloneOf(root),
    workingDirectory: '.',
    config: 'cg-bench.yml',
    outRoot: join(tempDir('cg-bench-pipeline-out-'), 'out'),
    thresholdPercent: 1,
    failOnRegression: options.failOnRegression ?? false,
    checkDeterminism: options.checkDeterminism ?? false,
    callTree: options.callTree ?? false,
    flameGraphUrl: (path) => `https://ci.example/artifacts/${path}`,
    exports: options.exports ?? [],
    store: options.store,
    history: options.history,
    shortSha: (sha) => sha.slice(0, 7),
    commitUrl: (sha) => `https://git.example/o/r/commit/${sha}`,
    occasion: async () => occasion,
    fetchCommit: () => options.fetch ?? true,
    cannotRun: async (m) => void seen.cannotRun.push(m),
    publish: async (r) => void seen.reports.push(r),
    // Beneath the output root, as the CIs have it.
    shardDir: (shard) => join(adapter.outRoot, 'shards', String(shard.index)),
    publishShard: async () => {},
    reportHandOver: () => undefined,
  };
  return { adapter, seen };
}

function memoryStore(stored: Results | undefined): BaselineStore & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    restore: async () => (stored ? { results: stored, from: 'from the store' } : undefined),
    save: async (request) => void saved.push(request.sha),
  };
}

test('a change takes a stored baseline that fits the head once its cheapest benchmark, measured again, gives the same counts', async () => {
  const { root, sha } = repository();
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)));
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(results(1000)) });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' } satisfies Outcome);
  assert.deepEqual(measurer.filters, [undefined, 'loop'], 'the head, then the sample alone');
  assert.equal(seen.reports[0]!.baselineSource, `merge-base ${sha.slice(0, 7)}, from the store, verified (loop measured again here: identical)`);
  assert.equal(seen.reports[0]!.comparison!.counts.unchanged, 1);
});

test('a stored baseline that the base commit does not reproduce is replaced by a measurement of the whole commit, and the report says why', async () => {
  const { root, sha } = repository();
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)));
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(results(900)) });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
  assert.deepEqual(measurer.filters, [undefined, 'loop', undefined], 'the head, the sample, then every benchmark');
  assert.match(
    seen.reports[0]!.baselineSource,
    /^merge-base \w{7}, measured in this job \(the stored baseline differed: loop measures [\d,]+ estimated cycles here, [\d,]+ stored\)$/,
  );
  assert.equal(seen.reports[0]!.comparison!.counts.unchanged, 1, 'compared with what was measured, not with the stored numbers');
  assert.ok(
    seen.warnings.some((m) => /is not what \w{7} measures here/.test(m)),
    seen.warnings.join('\n'),
  );
});

/** Two benchmarks: `loop` (the cheaper) and `heavy`, with a recorded function and line; either may be the one re-measured. */
function twoBenchmarks(): Results {
  const heavy = benchmarkResult('heavy', { Ir: 50_000, Dr: 2_000, D1mr: 30 });
  heavy.functions = [
    { fn: 'work', file: 'w.c', estimatedCycles: heavy.estimatedCycles! - 10, Ir: 49_990, lines: [{ file: 'w.c', line: 3, estimatedCycles: 100, Ir: 100 }] },
  ];
  return resultsOf([benchmarkResult('loop', { Ir: 1000 }), heavy]);
}

test('a stored baseline whose numbers do not add up (one count edited in a benchmark that is not re-measured) is refused as tampered with, and the whole commit is measured here', async () => {
  const { root, sha } = repository('benchmarks:\n  - name: loop\n    run: [./x]\n  - name: heavy\n    run: [./y]\n');
  const untouched = fakeMeasurer(ok(twoBenchmarks()), ok(twoBenchmarks()));
  const used = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(twoBenchmarks()) });
  assert.deepEqual(await runPipeline(used.adapter, untouched), { kind: 'ok' });
  assert.equal(untouched.filters.length, 2, 'untouched: checked, then only the sample measured again');
  assert.equal(untouched.filters[0], undefined);
  const sample = untouched.filters[1]!;
  assert.ok(['loop', 'heavy'].includes(sample), sample);
  assert.equal(used.seen.reports[0]!.baselineSource, `merge-base ${sha.slice(0, 7)}, from the store, verified (${sample} measured again here: identical)`);

  const edits: [string, (r: Results) => void, RegExp][] = [
    ['one event count', (r) => void (r.benchmarks[1]!.events!.Ir += 1), /heavy: 5[\d,]+ estimated cycles stored, its events make 5[\d,]+/],
    [
      'a count and its cycles, not its process',
      (r) => {
        r.benchmarks[1]!.events!.Ir -= 1000;
        r.benchmarks[1]!.hits!.l1 -= 1000;
        r.benchmarks[1]!.estimatedCycles! -= 1000;
      },
      /heavy: Ir 49,000 stored, its processes add up to 50,000/,
    ],
    ["a function's cost", (r) => void (r.benchmarks[1]!.functions[0]!.estimatedCycles *= 2), /heavy: work costs more than the whole benchmark/],
  ];
  for (const [what, edit, reason] of edits) {
    const tampered = twoBenchmarks();
    edit(tampered);
    const measurer = fakeMeasurer(ok(twoBenchmarks()), ok(twoBenchmarks()));
    const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(tampered) });
    assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' }, what);
    assert.deepEqual(measurer.filters, [undefined, undefined], `${what}: the head, then every benchmark of the base (no sample: refused before)`);
    const source = seen.reports[0]!.baselineSource;
    assert.match(source, /^merge-base \w{7}, measured in this job \(the stored baseline was refused as tampered with: /, what);
    assert.match(source, reason, what);
    assert.equal(seen.reports[0]!.comparison!.counts.unchanged, 2, `${what}: compared with what was measured`);
    assert.ok(
      seen.warnings.some((m) => /refused as tampered with: its numbers do not add up/.test(m)),
      seen.warnings.join('\n'),
    );
  }
});

test('a forged baseline whose numbers add up, with its cheapest benchmark left honest, is caught: the sample is drawn at random, not always the cheapest', async () => {
  const { root, sha } = repository('benchmarks:\n  - name: loop\n    run: [./x]\n  - name: heavy\n    run: [./y]\n');
  // heavy made 20% cheaper, every number recomputed from the forged events: inconsistency() finds nothing.
  const forged = resultsOf([benchmarkResult('loop', { Ir: 1000 }), benchmarkResult('heavy', { Ir: 40_000, Dr: 1_600, D1mr: 24 })]);
  const { inconsistency } = await import('../../src/ci/verify-sample.ts');
  assert.equal(inconsistency(forged), undefined);
  const samples = new Set<string>();
  let caught = 0;
  for (let i = 0; i < 40; i++) {
    const measurer = fakeMeasurer(ok(twoBenchmarks()), ok(twoBenchmarks()));
    const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(forged) });
    assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
    samples.add(measurer.filters[1]!);
    if (/the stored baseline differed: heavy measures/.test(seen.reports[0]!.baselineSource)) caught++;
    if (samples.size === 2 && caught > 0) break; // (Each draw runs a pipeline, ~0.3 s: no more than it takes.)
  }
  // Each draw picks heavy with probability 1/2: 40 draws all on loop would happen once in 2^40.
  assert.deepEqual([...samples].sort(), ['heavy', 'loop']);
  assert.ok(caught > 0, 'the forgery was never caught');
});

test('a stored baseline from another machine is not used: the baseline commit is measured here, at its own checkout', async () => {
  const { root, sha } = repository();
  const other = { ...TEST_ENV, cpu: { ...TEST_ENV.cpu, features: ['avx'] } };
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(900)));
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(results(1000, 'ok', other)) });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
  assert.equal(measurer.checkouts.length, 2);
  assert.notEqual(measurer.checkouts[1], root);
  assert.equal(seen.reports[0]!.baselineSource, `merge-base ${sha.slice(0, 7)}, measured in this job`);
  assert.equal(seen.reports[0]!.comparison!.counts.regression, 1);
  // The baseline commit near the top of the report (after the marker and the title), linked by its full sha.
  assert.equal(seen.reports[0]!.body.split('\n')[3], `Compared with the merge-base [\`${sha.slice(0, 7)}\`](https://git.example/o/r/commit/${sha}).`);
  assert.ok(
    seen.info.some((m) => /cannot be used \(not comparable/.test(m)),
    seen.info.join('\n'),
  );
});

test('a baseline commit that cannot be fetched, with nothing stored: no baseline, and the report says why', async () => {
  const { root } = repository();
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1)));
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha: 'f'.repeat(40), what: 'merge-base' } }, { fetch: false });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
  assert.equal(seen.reports[0]!.baselineSource, 'none: the merge-base fffffff could not be fetched');
  assert.equal(seen.reports[0]!.comparison, undefined);
});

test('a regression fails the pipeline only with fail-on-regression', async () => {
  const { root, sha } = repository();
  for (const failOnRegression of [false, true]) {
    const measurer = fakeMeasurer(ok(results(1100)), ok(results(1000)));
    const { adapter } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { failOnRegression });
    assert.deepEqual(await runPipeline(adapter, measurer), failOnRegression ? { kind: 'regressed', count: 1, names: ['loop'] } : { kind: 'ok' });
  }
});

test('the default branch keeps its results as a baseline, unless a benchmark failed; a failed save is a warning and the report says not saved', async () => {
  const { root, sha } = repository();
  const store = memoryStore(undefined);
  const good = fakeAdapter(root, { kind: 'mainline', sha }, { store });
  assert.deepEqual(await runPipeline(good.adapter, fakeMeasurer(ok(results(1000)), ok(results(1)))), { kind: 'ok' });
  assert.deepEqual(store.saved, [sha]);
  assert.equal(good.seen.reports[0]!.baselineSaved, true);
  assert.ok(good.seen.info.some((m) => m === `Saved the baseline for ${sha.slice(0, 7)}.`));

  // The store could not keep it (the Actions cache's saveCache returning -1): said, and reported as not saved.
  const refusing: BaselineStore = { restore: async () => undefined, save: async () => 'the cache service did not store the key' };
  const unsaved = fakeAdapter(root, { kind: 'mainline', sha }, { store: refusing });
  assert.deepEqual(await runPipeline(unsaved.adapter, fakeMeasurer(ok(results(1000)), ok(results(1)))), { kind: 'ok' });
  assert.equal(unsaved.seen.reports[0]!.baselineSaved, false);
  assert.deepEqual(unsaved.seen.warnings, [
    `The baseline for ${sha.slice(0, 7)} was NOT saved: the cache service did not store the key. Pull requests will measure it in their own job.`,
  ]);
  assert.ok(!unsaved.seen.info.some((m) => /Saved the baseline/.test(m)));

  const failing = fakeAdapter(root, { kind: 'mainline', sha }, { store });
  const outcome = await runPipeline(failing.adapter, fakeMeasurer({ code: 3, results: results(1000, 'failed'), error: undefined }, ok(results(1))));
  assert.deepEqual(outcome, { kind: 'benchmarks-failed', count: 1 });
  assert.deepEqual(store.saved, [sha], 'a failed run was kept as a baseline');
  assert.ok(failing.seen.warnings.some((m) => /Not keeping .* a benchmark failed/.test(m)));
  assert.equal(failing.seen.reports[0]!.baselineSaved, false);
});

test('a head that cannot be measured ends the pipeline with its exit code, reported once', async () => {
  const { root, sha } = repository();
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  const outcome = await runPipeline(adapter, fakeMeasurer({ code: 2, results: undefined, error: 'cg-bench.yml:1: bad' }, ok(results(1))));
  assert.deepEqual(outcome, { kind: 'could-not-run', code: 2, message: 'cg-bench.yml:1: bad' });
  assert.deepEqual(seen.cannotRun, ['cg-bench.yml:1: bad']);
  assert.equal(seen.reports.length, 0);
});

test('the sample is drawn among the benchmarks that ran on both sides and that --filter selects alone', async () => {
  const { sampleBenchmark, filterFor } = await import('../../src/ci/verify-sample.ts');
  const named = (name: string, ir: number, status: 'ok' | 'failed' = 'ok') => ({ ...results(ir, status).benchmarks[0]!, name });
  const stored = { ...results(1), benchmarks: [named('parse', 10), named('parse-big', 50), named('sort', 20), named('gone', 1), named('broke', 2, 'failed')] };
  const head = { ...results(1), benchmarks: [named('parse', 1), named('parse-big', 1), named('sort', 1), named('broke', 1)] };
  // "parse" would select parse-big too; "gone" did not run in the head; "broke" failed.
  const drawn = (index: number) => sampleBenchmark(stored, head, (count) => (assert.equal(count, 2), index))?.name;
  assert.deepEqual([drawn(0), drawn(1)], ['parse-big', 'sort'], 'each of them can be drawn, the dearer too');
  assert.equal(filterFor('a*b'), '*');
  assert.equal(sampleBenchmark({ ...stored, benchmarks: [] }, head), undefined);
});

const TIMED_CONFIG = 'benchmarks:\n  - name: loop\n    run: [./x]\n  - name: io\n    run: [./io]\n    mode: wallclock\n';

function timedResult(verdict: TimedResult['verdict']): TimedResult {
  const relative = verdict === 'regression' ? 0.05 : 0;
  return {
    name: 'io',
    mode: 'wallclock',
    unit: 'ms',
    controls: ['pinned to CPU 1'],
    thresholdPercent: 1,
    budgetMs: 60_000,
    warmups: 3,
    verdict,
    estimate: {
      relative,
      low: relative - 0.01,
      high: relative + 0.01,
      confidence: 0.95,
      pairs: 10,
      dropped: 0,
      method: 'median log ratio, sign-test interval',
    },
    base: Array(10).fill(10),
    head: Array(10).fill(10 * (1 + relative)),
    order: Array(10).fill(['base', 'head']).flat(),
  };
}

test("a change with timed benchmarks: timed against the baseline commit's checkout (the one its count was made on); the report has their table; a timed regression fails with fail-on-regression", async () => {
  const { root, sha } = repository(TIMED_CONFIG);
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)), { timed: [timedResult('regression')], failed: [] });
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { failOnRegression: true });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'regressed', count: 1, names: ['io (timed)'] });
  assert.equal(measurer.timedPairs.length, 1);
  assert.equal(measurer.timedPairs[0]![0], adapter.repoRoot);
  assert.notEqual(measurer.timedPairs[0]![1], adapter.repoRoot);
  assert.equal(measurer.timedPairs[0]![1], measurer.checkouts[1], 'the checkout the baseline was measured on, built already');
  assert.equal(existsSync(measurer.timedPairs[0]![1]), false, 'the base checkout is removed afterwards');
  const report = seen.reports[0]!;
  assert.equal(report.comparison!.counts.unchanged, 1, 'the simulated count is compared as ever');
  assert.equal(report.head.timed?.[0]?.verdict, 'regression');
  assert.match(report.body, /Timed natively/);
  assert.match(report.body, /\| io \| wallclock \| 10 \|/);
  assert.match(readFileSync(join(adapter.outRoot, 'head', 'results.json'), 'utf8'), /"timed"/, "the head's results.json carries them");
});

test("a timed benchmark that failed: named in the report's failures and the headline, the job fails as for a failed count; the others are in the report (review r12, stop 40)", async () => {
  const { root, sha } = repository(TIMED_CONFIG);
  const failed = [{ name: 'crashes', message: 'benchmark "crashes" (base, cg-bench.yml): exited with status 139 while timed\nSegmentation fault' }];
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)), { timed: [timedResult('no significant change')], failed });
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'benchmarks-failed', count: 1 });
  assert.ok(
    seen.warnings.some((w) => /^1 timed benchmark\(s\) failed \(the others are timed\): crashes: benchmark "crashes"/.test(w)),
    seen.warnings.join('\n'),
  );
  const report = seen.reports[0]!;
  assert.equal(report.head.timed?.length, 1);
  assert.deepEqual(report.head.timedFailed, failed);
  assert.match(report.body, /^### ❌ cg-bench: 1 unchanged; timed: 1 failed, 1 no significant change$/m, 'the title says a benchmark failed');
  assert.match(
    report.body,
    /\*\*Failed benchmarks\*\*\n\n- crashes \\\(timed\\\): benchmark &quot;crashes&quot; .* exited with status 139 while timed\n {2}> Segmentation fault/,
  );
  assert.match(readFileSync(join(adapter.outRoot, 'head', 'results.json'), 'utf8'), /"timedFailed"/, "the head's results.json carries them to the report job");
});

test('timed benchmarks that cannot be timed: a warning says why, and the simulated counts are reported as ever', async () => {
  const { root, sha } = repository(TIMED_CONFIG);
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)), { error: 'setup failed' });
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { failOnRegression: true });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
  assert.ok(
    seen.warnings.some((w) => w === 'The timed benchmarks could not be timed: setup failed'),
    seen.warnings.join('\n'),
  );
  assert.equal(seen.reports[0]!.head.timed, undefined);
});

test('without timed benchmarks nothing is timed; on the default branch timed benchmarks are not timed (nothing to pair with)', async () => {
  const plain = repository();
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)), { timed: [timedResult('regression')], failed: [] });
  await runPipeline(fakeAdapter(plain.root, { kind: 'change', baseline: { sha: plain.sha, what: 'merge-base' } }).adapter, measurer);
  assert.equal(measurer.timedPairs.length, 0);
  const timed = repository(TIMED_CONFIG);
  const mainline = fakeMeasurer(ok(results(1000)), ok(results(1000)), { timed: [timedResult('regression')], failed: [] });
  const { adapter, seen } = fakeAdapter(timed.root, { kind: 'mainline', sha: timed.sha }, { store: memoryStore(undefined) });
  assert.deepEqual(await runPipeline(adapter, mainline), { kind: 'ok' });
  assert.equal(mainline.timedPairs.length, 0);
  assert.ok(seen.info.some((m) => /pull and merge requests only/.test(m)));
});

test('exports asked for are written beside the report: bmf.json and github-action-benchmark.json, as the CLI prints them', async () => {
  const { root, sha } = repository();
  const { adapter } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { exports: ['bmf', 'github-action-benchmark'] });
  await runPipeline(adapter, fakeMeasurer(ok(results(1100)), ok(results(1000))));
  const bmf = JSON.parse(readFileSync(join(adapter.outRoot, 'bmf.json'), 'utf8')) as Record<string, Record<string, { value: number }>>;
  assert.equal(bmf['loop']!['instructions']!.value, 1100);
  const gab = JSON.parse(readFileSync(join(adapter.outRoot, 'github-action-benchmark.json'), 'utf8')) as { name: string; unit: string }[];
  assert.deepEqual(
    gab.map((e) => [e.name, e.unit]),
    [['loop', 'estimated cycles']],
  );
  const none = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  await runPipeline(none.adapter, fakeMeasurer(ok(results(1100)), ok(results(1000))));
  assert.equal(existsSync(join(none.adapter.outRoot, 'bmf.json')), false);
});

function memoryHistory(kept: HistoryPoint[], failSave?: string): HistoryStore & { saved: HistoryPoint[][] } {
  const saved: HistoryPoint[][] = [];
  return {
    saved,
    load: async () => kept,
    save: async (points) => (failSave ? failSave : void saved.push([...points])),
  };
}

test('the default branch keeps its last runs (the oldest dropped past keep) and the job summary gets their trend; history.svg beside the report', async () => {
  const { root, sha } = repository();
  const kept = [1000, 1000, 1010].map((ir, i) => ({ label: `run-${i}`, results: results(ir) }));
  const history = memoryHistory(kept);
  const { adapter, seen } = fakeAdapter(root, { kind: 'mainline', sha }, { store: memoryStore(undefined), history: { store: history, keep: 3 } });
  assert.deepEqual(await runPipeline(adapter, fakeMeasurer(ok(results(1200)), ok(results(1200)))), { kind: 'ok' });
  assert.deepEqual(
    history.saved.map((runs) => runs.map((p) => p.label)),
    [['run-1', 'run-2', sha.slice(0, 7)]],
  );
  // Kept slim: the counts, not the functions or logs.
  assert.deepEqual(history.saved[0]![2]!.results.benchmarks[0]!.functions, []);
  const trend = seen.reports[0]!.trend ?? '';
  assert.match(trend, /### Default branch history: estimated cycles over the last 3 run\(s\) of the default branch\n\nOldest to newest/);
  assert.match(trend, /\| Benchmark \| Trend \| First \| Last \| First → last \|/);
  assert.match(trend, /\| loop \| `▁▁█` \|/);
  assert.match(trend, /```mermaid\n%%\{init: [^\n]*\}%%\nxychart-beta\n {2}title "loop: estimated cycles"/);
  assert.match(readFileSync(join(adapter.outRoot, 'history.svg'), 'utf8'), /^<svg /);
  // The comment and note stay as they were: the trend is the job summary's.
  assert.doesNotMatch(seen.reports[0]!.body, /Default branch history/);
});

test("a change shows the default branch's trend with itself as the last point and saves nothing; a failing history store costs the trend only", async () => {
  const { root, sha } = repository();
  const history = memoryHistory([1000, 1010].map((ir, i) => ({ label: `run-${i}`, results: results(ir) })));
  const change = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { history: { store: history, keep: 30 } });
  await runPipeline(change.adapter, fakeMeasurer(ok(results(1010)), ok(results(1010))));
  assert.equal(history.saved.length, 0);
  assert.match(change.seen.reports[0]!.trend ?? '', /\(run\\-0 … this change\)/);
  // Labelled as the default branch's history, so its first-to-last change is not read as the change's result.
  assert.match(
    change.seen.reports[0]!.trend ?? '',
    /^### Default branch history: estimated cycles over the last 2 run\(s\) of the default branch, then this change\n\n_For context, not this change's result: the default branch's own runs, with this change as the last point\./,
  );

  const broken: HistoryStore = {
    load: async () => {
      throw new Error('cache service down');
    },
    save: async () => 'cache service down',
  };
  const main = fakeAdapter(root, { kind: 'mainline', sha }, { store: memoryStore(undefined), history: { store: broken, keep: 30 } });
  assert.deepEqual(await runPipeline(main.adapter, fakeMeasurer(ok(results(1000)), ok(results(1000)))), { kind: 'ok' });
  assert.ok(
    main.seen.warnings.some((w) => /Could not read the default branch's history: cache service down/.test(w)),
    main.seen.warnings.join('\n'),
  );
  assert.ok(main.seen.warnings.some((w) => /The history was NOT kept: cache service down/.test(w)));
  assert.equal(main.seen.reports[0]!.trend, undefined, 'one run is no line');
  assert.equal(main.seen.reports.length, 1);
});

test('more benchmarks than the history can draw: a warning, no trend, and the report as always', async () => {
  const { root, sha } = repository();
  const many = (ir: number) => resultsOf(Array.from({ length: 501 }, (_, i) => benchmarkResult(`b${i}`, { Ir: ir })));
  const history = memoryHistory([{ label: 'run-0', results: many(1000) }]);
  const { adapter, seen } = fakeAdapter(root, { kind: 'mainline', sha }, { store: memoryStore(undefined), history: { store: history, keep: 30 } });
  assert.deepEqual(await runPipeline(adapter, fakeMeasurer(ok(many(1000)), ok(many(1000)))), { kind: 'ok' });
  assert.equal(seen.reports.length, 1);
  assert.equal(seen.reports[0]!.trend, undefined);
  assert.ok(
    seen.warnings.some((w) => /No trend in the job summary: .*more than 500 benchmarks/.test(w)),
    seen.warnings.join('\n'),
  );
});

test('a stored baseline with fractional weights adds up: parts summing to their whole by rounding are not "tampered with"', async () => {
  const { inconsistency } = await import('../../src/ci/verify-sample.ts');
  const { cyclesFromEvents, zeroEvents } = await import('../../src/metric/events.ts');
  const weights = { l1: 1, ll: 2.5, ram: 0.3 };
  const environment = { ...TEST_ENV, weights };
  let refused = 0;
  for (let seed = 1; seed <= 300; seed++) {
    // Large counts with misses at both levels: 2.5 and 0.3 times them round in their sums.
    const lineEvents = [0, 1, 2].map((k) => ({
      ...zeroEvents(),
      Ir: 1000 + ((seed * 7919 + k * 104729) % 999_983),
      D1mr: (seed * 6007 + k * 31) % 99_991,
      DLmr: (seed * 613 + k * 17) % 9_973,
    }));
    const lines = lineEvents.map((e, k) => ({ file: 'a.c', line: k + 1, estimatedCycles: cyclesFromEvents(e, weights), Ir: e.Ir }));
    const total = zeroEvents();
    for (const e of lineEvents) Object.assign(total, { Ir: total.Ir + e.Ir, D1mr: total.D1mr + e.D1mr, DLmr: total.DLmr + e.DLmr });
    const cycles = cyclesFromEvents(total, weights);
    const b = benchmarkResult('loop', total, {});
    const stored = resultsOf(
      [
        {
          ...b,
          estimatedCycles: cycles,
          processes: [{ ...b.processes[0]!, estimatedCycles: cycles }],
          functions: [{ fn: 'f', file: 'a.c', estimatedCycles: cycles, Ir: total.Ir, lines }],
        },
      ],
      { environment },
    );
    if (inconsistency(stored) !== undefined) refused++;
  }
  assert.equal(refused, 0);
});

/** Three benchmarks; `seeded` differs by `drift` Ir from one run to the next, like a hash seeded from the OS. */
function threeBenchmarks(drift: number): Results {
  return resultsOf([
    benchmarkResult('loop', { Ir: 1000 }),
    benchmarkResult('seeded', { Ir: 5000 + drift }),
    benchmarkResult('heavy', { Ir: 50_000, D1mr: 30 }),
  ]);
}

/** Measures the head: each run of it gives the next of `runs` (the last one again after that). */
function repeatingMeasurer(runs: Results[]): Measurer & { outDirs: string[] } {
  const outDirs: string[] = [];
  return {
    outDirs,
    imageIdentity: 'image',
    environment: async () => TEST_ENV,
    timePaired: async () => ({ error: 'no timed benchmarks here' }),
    async measure(_checkout, _config, outDir) {
      outDirs.push(outDir);
      return ok(runs[Math.min(outDirs.length - 1, runs.length - 1)]!);
    },
  };
}

const THREE = 'benchmarks:\n  - name: loop\n    run: [./x]\n  - name: seeded\n    run: [./y]\n  - name: heavy\n    run: [./z]\n';

test('check-determinism on the default branch: the head measured twice; the benchmark whose events differ is named in a warning and the job summary, and the baseline is still saved', async () => {
  const { root, sha } = repository(THREE);
  const measurer = repeatingMeasurer([threeBenchmarks(0), threeBenchmarks(5)]);
  const store = memoryStore(undefined);
  const { adapter, seen } = fakeAdapter(root, { kind: 'mainline', sha }, { store, checkDeterminism: true });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' }, 'a count that does not repeat is named, not a failure');
  assert.equal(measurer.outDirs.length, 2, 'the head, then the head again');
  assert.notEqual(measurer.outDirs[0], measurer.outDirs[1], 'the second run does not overwrite the first');
  assert.deepEqual(store.saved, [sha]);
  assert.equal(seen.reports[0]!.baselineSaved, true);
  assert.equal(seen.reports[0]!.head.benchmarks[1]!.events!.Ir, 5000, 'the first run is the result');
  const line = 'Not repeating: seeded (events differ between two runs of the same commit; see docs/results.md#my-benchmark-does-not-repeat).';
  assert.ok(
    seen.warnings.some((w) => w.startsWith('Not repeating: seeded:')),
    seen.warnings.join('\n'),
  );
  assert.ok(seen.reports[0]!.body.includes(line), seen.reports[0]!.body);
  const summary = summaryBody(adapter.suite.marker, seen.reports[0]!.input, 'the artifact', seen.reports[0]!.trend);
  assert.ok(summary.includes(line), summary);
  assert.doesNotMatch(summary, /\bloop\b.*events differ|heavy.*events differ/);
});

test('check-determinism: every count repeating names nothing; off by default the head is measured once; on a change it is not measured twice', async () => {
  const { root, sha } = repository(THREE);
  const steady = repeatingMeasurer([threeBenchmarks(0)]);
  const checked = fakeAdapter(root, { kind: 'mainline', sha }, { store: memoryStore(undefined), checkDeterminism: true });
  assert.deepEqual(await runPipeline(checked.adapter, steady), { kind: 'ok' });
  assert.equal(steady.outDirs.length, 2);
  assert.doesNotMatch(checked.seen.reports[0]!.body, /Not repeating/);
  assert.deepEqual(checked.seen.warnings, []);

  const unset = repeatingMeasurer([threeBenchmarks(0), threeBenchmarks(5)]);
  const byDefault = fakeAdapter(root, { kind: 'mainline', sha }, { store: memoryStore(undefined) });
  await runPipeline(byDefault.adapter, unset);
  assert.equal(unset.outDirs.length, 1, 'off by default');
  assert.doesNotMatch(byDefault.seen.reports[0]!.body, /Not repeating/);

  const change = fakeMeasurer(ok(threeBenchmarks(0)), ok(threeBenchmarks(5)));
  const pr = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { store: memoryStore(undefined), checkDeterminism: true });
  await runPipeline(pr.adapter, change);
  assert.deepEqual(change.filters, [undefined, undefined], 'the head once, then the baseline commit: no second head run on a change');
  assert.doesNotMatch(pr.seen.reports[0]!.body, /Not repeating/);
});

test('check-determinism: a second run that cannot be made is a warning, and the baseline is saved as ever', async () => {
  const { root, sha } = repository(THREE);
  let runs = 0;
  const measurer: Measurer = {
    imageIdentity: 'image',
    environment: async () => TEST_ENV,
    timePaired: async () => ({ error: 'none' }),
    measure: async () => (runs++ === 0 ? ok(threeBenchmarks(0)) : { code: 2, results: undefined, error: 'the disk is full' }),
  };
  const store = memoryStore(undefined);
  const { adapter, seen } = fakeAdapter(root, { kind: 'mainline', sha }, { store, checkDeterminism: true });
  assert.deepEqual(await runPipeline(adapter, measurer), { kind: 'ok' });
  assert.deepEqual(store.saved, [sha]);
  assert.ok(
    seen.warnings.some((w) => w.includes('the disk is full')),
    seen.warnings.join('\n'),
  );
});

test('check-determinism in a sharded suite: on the default branch each part is measured twice and names its own in its log', async () => {
  const { root, sha } = repository(THREE);
  const measurer = repeatingMeasurer([threeBenchmarks(0), threeBenchmarks(5)]);
  const { adapter, seen } = fakeAdapter(root, { kind: 'mainline', sha }, { checkDeterminism: true });
  assert.deepEqual(await runShard(adapter, measurer, { index: 1, count: 2 }, sha), { kind: 'ok' });
  assert.equal(measurer.outDirs.length, 2);
  assert.ok(
    seen.warnings.some((w) => w.startsWith('Not repeating: seeded:')),
    seen.warnings.join('\n'),
  );
});

test('the "Not repeating" line stays one short line: at most 20 names, escaped, then how many more', () => {
  const head = resultsOf([benchmarkResult('loop', { Ir: 1000 })]);
  const names = Array.from({ length: 25 }, (_, i) => `b${i}`);
  names[0] = 'a|b*';
  const line = renderMarkdown({ head, notRepeating: names })
    .split('\n')
    .find((l) => l.includes('Not repeating'))!;
  assert.match(
    line,
    /^⚠️ Not repeating: a\\\|b\\\*, b1, .*, b19 and 5 more \(the log names them\) \(events differ between two runs of the same commit; see docs\/results\.md#my-benchmark-does-not-repeat\)\.$/,
  );
  assert.doesNotMatch(line, /b20/);
});

test('report.md and the exports are written through the writer gate: a link the code planted at their names, or in place of the output root, is never written through', async () => {
  const { root, sha } = repository();
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const outside = tempDir('cg-bench-pipeline-outside-');
  const names = ['report.md', 'bmf.json', 'junit.xml', 'history.svg'];
  for (const name of names) writeFileSync(join(outside, name), "not cg-bench's\n");
  // The head's code (here the measurer, which runs it) plants links where the report files go.
  const history = memoryHistory([1000, 1010].map((ir, i) => ({ label: `run-${i}`, results: results(ir) })));
  const { adapter } = fakeAdapter(root, occasion, { exports: ['bmf'], history: { store: history, keep: 30 } });
  const withFiles: CiAdapter = { ...adapter, reportFiles: () => ({ 'junit.xml': '<testsuites/>\n' }) };
  const measurer = fakeMeasurer(ok(results(1100)), ok(results(1000)));
  const measure = measurer.measure.bind(measurer);
  measurer.measure = async (...args) => {
    for (const name of names) if (!existsSync(join(adapter.outRoot, name))) symlinkSync(join(outside, name), join(adapter.outRoot, name));
    return measure(...args);
  };
  await runPipeline(withFiles, measurer);
  for (const name of names) {
    assert.equal(readFileSync(join(outside, name), 'utf8'), "not cg-bench's\n", `${name} outside is untouched`);
    assert.ok(lstatSync(join(adapter.outRoot, name)).isFile(), `${name} is a new plain file`);
  }
  assert.match(readFileSync(join(adapter.outRoot, 'report.md'), 'utf8'), /loop/);
  assert.equal(readFileSync(join(adapter.outRoot, 'junit.xml'), 'utf8'), '<testsuites/>\n');
  assert.match(readFileSync(join(adapter.outRoot, 'history.svg'), 'utf8'), /^<svg/);

  // The output root itself moved away and a link put in its place: refused, nothing written there.
  const swapped = fakeAdapter(root, occasion);
  const decoy = tempDir('cg-bench-pipeline-decoy-');
  const swapping = fakeMeasurer(ok(results(1100)), ok(results(1000)));
  const measureSwapped = swapping.measure.bind(swapping);
  swapping.measure = async (...args) => {
    if (!lstatSync(swapped.adapter.outRoot).isSymbolicLink()) {
      renameSync(swapped.adapter.outRoot, `${swapped.adapter.outRoot}.moved`);
      symlinkSync(decoy, swapped.adapter.outRoot);
    }
    return measureSwapped(...args);
  };
  await assert.rejects(runPipeline(swapped.adapter, swapping), /never writes through a link/);
  assert.deepEqual(readdirSync(decoy), []);
});

/** Like fakeMeasurer, and with `callTree` asked, a call tree beside the results: `leaf` costs `headLeaf` in the head, 100 elsewhere. */
function callTreeMeasurer(head: Results, base: Results, headLeaf: number): Measurer & { calls: { filter: string | undefined; callTree: boolean }[] } {
  const calls: { filter: string | undefined; callTree: boolean }[] = [];
  return {
    calls,
    imageIdentity: 'image',
    async environment() {
      return TEST_ENV;
    },
    async timePaired() {
      return { error: 'none' };
    },
    async measure(_checkout, _config, out, selection = {}) {
      calls.push({ filter: selection.filter, callTree: selection.callTree === true });
      const first = calls.length === 1;
      if (selection.callTree) {
        const dir = join(out, 'benchmarks', '01-loop', 'callgrind');
        mkdirSync(dir, { recursive: true });
        const leaf = { name: 'leaf', self: first ? headLeaf : 100, children: [] };
        writeFileSync(
          join(dir, 'call-tree.json'),
          savedCallTree({ benchmark: 'loop', weights: DEFAULT_WEIGHTS, tree: [{ name: 'main', self: 10, children: [leaf] }] }),
        );
      }
      return ok(first ? head : base);
    },
  };
}

test("call-tree: a change measures both sides with their call trees, draws the changed benchmark's flame graph into flame/ and links it from its row", async () => {
  const { root, sha } = repository();
  const measurer = callTreeMeasurer(results(1100), results(1000), 200);
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { callTree: true });
  await runPipeline(adapter, measurer);
  assert.deepEqual(measurer.calls, [
    { filter: undefined, callTree: true },
    { filter: undefined, callTree: true },
  ]);
  const svg = readFileSync(join(adapter.outRoot, 'flame', '01-loop.svg'), 'utf8');
  assert.match(svg, /<svg/);
  assert.match(svg, /leaf/);
  const report = seen.reports[0]!;
  assert.deepEqual(report.input.flameGraphs, [{ benchmark: 'loop', path: 'flame/01-loop.svg', url: 'https://ci.example/artifacts/flame/01-loop.svg' }]);
  assert.match(report.body, /\| loop \|.*regression · \[flame graph\]\(https:\/\/ci\.example\/artifacts\/flame\/01-loop\.svg\) \|/);
});

test('call-tree with a stored baseline (results only): the base is measured again for the changed benchmark alone, with its call tree', async () => {
  const { root, sha } = repository();
  const measurer = callTreeMeasurer(results(1100), results(1000), 200);
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { callTree: true, store: memoryStore(results(1000)) });
  await runPipeline(adapter, measurer);
  assert.deepEqual(
    measurer.calls,
    [
      { filter: undefined, callTree: true },
      { filter: 'loop', callTree: false },
      { filter: 'loop', callTree: true },
    ],
    "the head, the stored baseline's sample, then the changed benchmark at the base for its call tree",
  );
  assert.ok(existsSync(join(adapter.outRoot, 'flame', '01-loop.svg')));
  assert.match(seen.reports[0]!.body, /\[flame graph\]/);
});

test('call-tree: nothing changed, no flame graph and no extra run; without the input, no call tree is asked for', async () => {
  const { root, sha } = repository();
  const same = callTreeMeasurer(results(1000), results(1000), 100);
  const unchanged = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { callTree: true });
  await runPipeline(unchanged.adapter, same);
  assert.equal(same.calls.length, 2);
  assert.equal(existsSync(join(unchanged.adapter.outRoot, 'flame')), false);
  assert.equal(unchanged.seen.reports[0]!.input.flameGraphs, undefined);
  const off = callTreeMeasurer(results(1100), results(1000), 200);
  const plain = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  await runPipeline(plain.adapter, off);
  assert.deepEqual(
    off.calls.map((c) => c.callTree),
    [false, false],
  );
  assert.doesNotMatch(plain.seen.reports[0]!.body, /flame graph/);
});

test('call-tree on the default branch: no call tree is kept (there is no base to draw against)', async () => {
  const { root, sha } = repository();
  const measurer = callTreeMeasurer(results(1000), results(1000), 100);
  const { adapter } = fakeAdapter(root, { kind: 'mainline', sha }, { callTree: true, store: memoryStore(undefined) });
  await runPipeline(adapter, measurer);
  assert.deepEqual(measurer.calls, [{ filter: undefined, callTree: false }]);
});

test('the flame graphs and the report hand-over are written through the held output root: a link the code put at flame/ (as the base measured again for its call tree runs) or at the hand-over directory is never written through', async () => {
  const { root, sha } = repository();
  const measurer = callTreeMeasurer(results(1100), results(1000), 200);
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const { adapter } = fakeAdapter(root, occasion, { callTree: true, store: memoryStore(results(1000)) });
  const handOverDir = join(adapter.outRoot, 'report-job');
  const withHandOver: CiAdapter = { ...adapter, reportHandOver: () => ({ dir: handOverDir, sha }) };
  const outside = tempDir('cg-bench-pipeline-outside-');
  const measure = measurer.measure.bind(measurer);
  measurer.measure = async (...args) => {
    const flame = join(adapter.outRoot, 'flame');
    // The code measured (here the measurer, which runs it) swaps flame/ for a link once it is there.
    if (existsSync(flame) && !lstatSync(flame).isSymbolicLink()) {
      renameSync(flame, `${flame}.moved`);
      symlinkSync(outside, flame);
    }
    if (!existsSync(handOverDir)) symlinkSync(outside, handOverDir);
    return measure(...args);
  };
  await runPipeline(withHandOver, measurer);
  assert.deepEqual(readdirSync(outside), []);
  assert.ok(lstatSync(handOverDir).isDirectory(), 'the hand-over directory is a directory of its own');
  assert.deepEqual(readdirSync(handOverDir).sort(), ['base.json', 'head.json', 'report-job.json']);
});

test("every git command in the CI's repository comes before the code runs: a filter the head's code plants in .git never runs, and the base is the commit's own", async () => {
  const { root, sha } = repository(TIMED_CONFIG);
  const { adapter } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } }, { callTree: true });
  const ran = join(tempDir('cg-bench-pipeline-filter-'), 'ran');
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(900)), { timed: [timedResult('no significant change')], failed: [] });
  const measure = measurer.measure.bind(measurer);
  let planted = false;
  measurer.measure = async (checkout, config, out, selection) => {
    if (!planted) {
      // What the head's code could do where it can write .git: a filter for the next checkout, on every path.
      writeFileSync(join(adapter.repoRoot, '.git', 'config'), `[filter "x"]\n\tsmudge = sh -c 'touch ${ran}; cat'\n\tclean = cat\n`, { flag: 'a' });
      mkdirSync(join(adapter.repoRoot, '.git', 'info'), { recursive: true });
      writeFileSync(join(adapter.repoRoot, '.git', 'info', 'attributes'), '* filter=x\n');
      planted = true;
    } else assert.equal(readFileSync(join(checkout, 'cg-bench.yml'), 'utf8'), TIMED_CONFIG, "the base is the commit's tree");
    return measure(checkout, config, out, selection);
  };
  assert.equal((await runPipeline(adapter, measurer)).kind, 'ok');
  assert.ok(measurer.checkouts.length >= 2 && measurer.timedPairs.length === 1, 'the base was measured and timed');
  assert.equal(existsSync(ran), false, 'no git ran the filter once the code had run');
  assert.equal(existsSync(dirname(measurer.checkouts[1]!)), false, "the base's tree and copies are removed, their directory with them");
});

test("an output root the merge request committed 0777 (GitLab's checkout, umask 0000) is the pipeline's own alone before any code runs: the code can rename nothing cg-bench writes there (attack r14)", async () => {
  const { root, sha } = repository();
  const { adapter } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  mkdirSync(adapter.outRoot, { recursive: true });
  chmodSync(adapter.outRoot, 0o777);
  const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)));
  const measure = measurer.measure.bind(measurer);
  const modes: number[] = [];
  measurer.measure = async (...args) => {
    modes.push(statSync(adapter.outRoot).mode & 0o777);
    return measure(...args);
  };
  assert.equal((await runPipeline(adapter, measurer)).kind, 'ok');
  assert.deepEqual(modes, [0o755, 0o755]);
});

test('the working-directory input names a directory of the checkout, said before anything runs: missing, a file, or outside (../.., absolute) is exit 2 naming the input (a new user, r14: exit 70, and ../.. copied the whole builds directory)', async () => {
  const { root, sha } = repository();
  for (const [given, problem] of [
    ['sub', 'does not exist'],
    ['cg-bench.yml', 'is not a directory'],
    ['../..', 'is outside the checkout'],
    ['/etc', 'is outside the checkout'],
  ] as const) {
    const { adapter } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
    const measurer = fakeMeasurer(ok(results(1000)), ok(results(1000)));
    await assert.rejects(
      runPipeline({ ...adapter, workingDirectory: given }, measurer),
      (e: CgBenchError) => e.exitCode === 2 && e.message.startsWith(`input "working-directory": ${JSON.stringify(given)} ${problem} (`),
      given,
    );
    assert.deepEqual(measurer.checkouts, [], `${given}: nothing measured`);
  }
});

test('a head that cannot be measured leaves its report job a could-not-run hand-over, and the report job says so where people look, checked as a report (a new user, r14: the note job blamed its needs:, no note)', async () => {
  const { root, sha } = repository();
  const { adapter, seen } = fakeAdapter(root, { kind: 'change', baseline: { sha, what: 'merge-base' } });
  const ci = { ...adapter, reportHandOver: () => ({ dir: join(adapter.outRoot, 'report-job'), sha, pullRequest: 7 }) };
  const broken: Measurement = { code: 2, results: undefined, error: 'cg-bench.yml:3:5: benchmarks[0].runn: unknown key' };
  const outcome = await runPipeline(ci, fakeMeasurer(broken, broken));
  assert.equal(outcome.kind, 'could-not-run');
  assert.deepEqual(seen.cannotRun, ['cg-bench.yml:3:5: benchmarks[0].runn: unknown key']);
  const said: [string, string][] = [];
  const accepted: unknown[] = [];
  const job: ReportJobAdapter = {
    ...reportJobOf(adapter, adapter.outRoot),
    accept: async (handOver) => {
      accepted.push(handOver);
      return adapter.suite;
    },
    publishReport: async () => assert.fail('there is no report'),
    publishCouldNotRun: async (suite, at) => void said.push([suite.id, at]),
  };
  const reported = await runReportJob(job);
  assert.deepEqual(accepted, [{ sha, suite: 's', pullRequest: 7, baselineSource: 'none' }], 'checked as a report is: commit, suite, pull request');
  assert.deepEqual(said, [['s', sha]]);
  assert.deepEqual(reported, { kind: 'could-not-run', code: 3, message: `the measuring job could not measure ${sha.slice(0, 7)}: its log says why` });
  assert.doesNotMatch(
    readFileSync(join(adapter.outRoot, 'report-job', 'could-not-run.json'), 'utf8'),
    /runn/,
    "the reason (the pull request's text) is not handed over",
  );
  // Written where the code ran: one with another key, or a commit that is not one, is refused as a report's is.
  const file = join(adapter.outRoot, 'report-job', 'could-not-run.json');
  for (const [text, refusal] of [
    [`{"schema":"cg-bench-could-not-run/1","sha":"${sha}","suite":"s","reason":"see https://evil.example"}`, /could-not-run\.json: not a cg-bench hand-over/],
    ['{"schema":"cg-bench-could-not-run/1","sha":"HEAD","suite":"s"}', /could-not-run\.json: "sha" is not a commit sha/],
  ] as const) {
    rmSync(file);
    writeFileSync(file, text);
    await assert.rejects(runReportJob(job), refusal);
  }
  assert.equal(said.length, 1, 'nothing said for either');
});
