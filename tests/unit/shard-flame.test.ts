// Input call-tree in a sharded pipeline: each part hands over the call trees of its changed
// benchmarks, head and base, and the merge job draws from them the same flame graphs, byte for byte,
// and the same links, as one machine measuring everything.
import assert from 'node:assert/strict';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { runMerge, runPipeline, runShard } from '../../src/ci/pipeline.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import type { BaselineCommit, BaselineStore, CiAdapter, Occasion, Report } from '../../src/ci/types.ts';
import { DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { durationsOf, type MeasureSelection, type Measurer } from '../../src/container/measurer.ts';
import { savedCallTree } from '../../src/flame/load.ts';
import { commentMarker } from '../../src/publish/sticky.ts';
import type { Results } from '../../src/results/types.ts';
import { slugify } from '../../src/run/slug.ts';
import { namesInShard } from '../../src/shard/plan.ts';
import { cloneOf, committedProject, tempDir } from '../helpers.ts';
import { reportJobOf } from '../report-job.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const NAMES = ['loop', 'steady', 'sorted'];
const CONFIG = `benchmarks:\n${NAMES.map((n) => `  - name: ${n}\n    run: [./${n}]\n`).join('')}`;
/** The head makes `loop` and `sorted` costlier (in their leaf); `steady` is the same on both sides. */
const cost = (name: string, head: boolean) => (head && name !== 'steady' ? (name === 'loop' ? 200 : 150) : 100);

const repository = () => committedProject(CONFIG, 'cg-bench-shard-flame-');

function side(head: boolean, names: readonly string[], shard?: { index: number; count: number }): Results {
  // Its functions as Cachegrind saw them: main, the leaf, a helper (the call tree's frames, below).
  const functions = (n: string) =>
    [
      { fn: `${n}_leaf`, file: 'x.c', estimatedCycles: cost(n, head), Ir: cost(n, head) },
      { fn: 'main', file: 'x.c', estimatedCycles: 10, Ir: 10 },
      { fn: 'helper', file: 'x.c', estimatedCycles: 5, Ir: 5 },
    ].sort((a, b) => b.estimatedCycles - a.estimatedCycles);
  const benchmarks = names.map((n) =>
    benchmarkResult(
      n,
      { Ir: 15 + cost(n, head) },
      { functions: functions(n), logs: { stdout: `benchmarks/${slugify(n, NAMES.indexOf(n))}/stdout.log`, stderr: '' } },
    ),
  );
  return resultsOf(benchmarks, shard ? { shard: { ...shard, benchmarks: NAMES } } : {});
}

/** Where ci/base-checkout.ts makes the base's checkout. */
const BASE_PREFIX = 'cg-bench-base-';

/** Measures the base (a checkout ci/base-checkout.ts made) or the head (any other), with a call tree per benchmark when asked. */
function measurer(): Measurer {
  return {
    imageIdentity: 'image',
    environment: async () => resultsOf([]).environment,
    timePaired: async () => ({ error: 'none' }),
    async measure(checkout, _config, out, selection: MeasureSelection = {}) {
      const head = !checkout.includes(BASE_PREFIX);
      let names = selection.shard ? namesInShard(NAMES, durationsOf(selection.durations), selection.shard) : NAMES;
      if (selection.filter) names = names.filter((n) => n === selection.filter);
      const results = side(head, names, selection.shard);
      for (const b of results.benchmarks) {
        if (!selection.callTree) continue;
        const dir = join(out, 'benchmarks', slugify(b.name, NAMES.indexOf(b.name)), 'callgrind');
        mkdirSync(dir, { recursive: true });
        const leaf = { name: `${b.name}_leaf`, self: cost(b.name, head), children: [] };
        const tree = [{ name: 'main', self: 10, children: [leaf, { name: 'helper', self: 5, children: [] }] }];
        writeFileSync(join(dir, 'call-tree.json'), savedCallTree({ benchmark: b.name, weights: DEFAULT_WEIGHTS, tree }));
      }
      return { code: 0, results, error: undefined };
    },
  };
}

function adapter(root: string, outRoot: string, occasion: Occasion, store: BaselineStore | undefined, shards: string, reports: Report[]): CiAdapter {
  return {
    log: { info: () => {}, warning: (m) => assert.fail(`no warning expected: ${m}`) },
    suite: { id: 's', name: 'suite', marker: commentMarker('s'), statusContext: 'cg-bench', configPath: 'cg-bench.yml' },
    repoRoot: cloneOf(root),
    workingDirectory: '.',
    config: 'cg-bench.yml',
    outRoot,
    thresholdPercent: 1,
    failOnRegression: false,
    checkDeterminism: false,
    callTree: true,
    flameGraphUrl: (path) => `https://ci.example/artifacts/${path}`,
    exports: [],
    store,
    history: undefined,
    shortSha: (sha) => sha.slice(0, 7),
    commitUrl: (sha) => `https://git.example/o/r/commit/${sha}`,
    occasion: async () => occasion,
    fetchCommit: () => true,
    cannotRun: async (m) => assert.fail(m),
    publish: async (r) => void reports.push(r),
    // Beneath the output root, as the CIs have it; published into the parts' directory as an artifact would be.
    shardDir: (shard) => join(outRoot, 'shards', String(shard.index)),
    publishShard: async (shard, dir) => cpSync(dir, join(shards, String(shard.index)), { recursive: true }),
    reportHandOver: () => undefined,
  };
}

const svgs = (outRoot: string) => Object.fromEntries(readdirSync(join(outRoot, 'flame')).map((n) => [n, readFileSync(join(outRoot, 'flame', n), 'utf8')]));

for (const stored of [false, true]) {
  test(`call-tree, sharded in 2 parts (${stored ? 'a stored baseline: the base measured again for each changed benchmark' : 'the base measured in each part'}): the merge job draws the same flame graphs, byte for byte, and links them as one machine does`, async () => {
    const { root, sha } = repository();
    const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
    const store = (): BaselineStore | undefined =>
      stored ? { restore: async () => ({ results: side(false, NAMES), from: 'from the store' }), save: async () => undefined } : undefined;
    const whole: Report[] = [];
    const wholeOut = join(tempDir('cg-bench-shard-flame-out-'), 'out');
    await runPipeline(adapter(root, wholeOut, occasion, store(), '', whole), measurer());
    const shards = tempDir('cg-bench-shard-flame-parts-');
    for (const index of [1, 2]) {
      const partOut = join(tempDir('cg-bench-shard-flame-out-'), 'out');
      assert.deepEqual(await runShard(adapter(root, partOut, occasion, store(), shards, []), measurer(), { index, count: 2 }, sha), { kind: 'ok' });
    }
    assert.ok(
      readdirSync(shards).some((p) => existsSync(join(shards, p, 'call-trees', 'base'))),
      'a part hands over its changed benchmarks’ call trees',
    );
    const merged: Report[] = [];
    const mergedOut = join(tempDir('cg-bench-shard-flame-out-'), 'out');
    await runMerge(adapter(root, mergedOut, occasion, undefined, shards, merged), shards, 'parts');
    assert.deepEqual(Object.keys(svgs(wholeOut)).sort(), ['01-loop.svg', '03-sorted.svg']);
    assert.deepEqual(svgs(mergedOut), svgs(wholeOut));
    assert.deepEqual(merged[0]!.input.flameGraphs, whole[0]!.input.flameGraphs);
    // The same report, but for the baseline's source (each part verifies a stored baseline on a sample of its own).
    const withoutSource = (body: string) => body.replace(/ · baseline: .* · /, ' · ');
    assert.equal(withoutSource(merged[0]!.body), withoutSource(whole[0]!.body));
    // Costs with callees beside the self costs in the comment (from the trees the graphs were drawn from): main's inclusive holds its leaf's change.
    assert.match(whole[0]!.body, /\| Function \| File \| Base \| Head \| Change \| Inclusive \(base → head\) \| Inclusive change \|/);
    assert.match(whole[0]!.body, /\| loop\\_leaf \| x\.c \| 100 \| 200 \| \+100 \| 100 → 200 \| \+100 \|/);
    assert.match(whole[0]!.body, /Callers whose cost with callees changed most[^\n]*\n\n[^\n]*\n[^\n]*\n\| main \| 115 \| 215 \| \+100 \|/);
    assert.match(merged[0]!.body, /\| sorted \|.*regression · \[flame graph\]\(https:\/\/ci\.example\/artifacts\/flame\/03-sorted\.svg\) \|/);
  });
}

test("the merge job reads a part's call trees through the gate: a linked tree is refused with a warning naming it, and no graph is drawn from it", async () => {
  const { root, sha } = repository();
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const shards = tempDir('cg-bench-shard-flame-parts-');
  for (const index of [1, 2])
    await runShard(adapter(root, join(tempDir('cg-bench-shard-flame-out-'), 'out'), occasion, undefined, shards, []), measurer(), { index, count: 2 }, sha);
  const part = readdirSync(shards).find((p) => existsSync(join(shards, p, 'call-trees', 'head', 'benchmarks', '01-loop')))!;
  const tree = join(shards, part, 'call-trees', 'head', 'benchmarks', '01-loop', 'callgrind', 'call-tree.json');
  const secret = join(tempDir('cg-bench-shard-flame-secret-'), 'tree.json');
  writeFileSync(secret, readFileSync(tree), { mode: 0o600 });
  rmSync(tree);
  symlinkSync(secret, tree);
  const warnings: string[] = [];
  const reports: Report[] = [];
  const ci = adapter(root, join(tempDir('cg-bench-shard-flame-out-'), 'out'), occasion, undefined, shards, reports);
  await runMerge({ ...ci, log: { info: () => {}, warning: (m) => void warnings.push(m) } }, shards, 'parts');
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0]!, /The flame graphs could not be drawn: .*01-loop\/callgrind\/call-tree\.json: is a symbolic link/);
  assert.equal(reports[0]!.input.flameGraphs?.length ?? 0, 0);
  assert.match(reports[0]!.body, /regression/, 'the numbers stand');
});

test('the report job (GitLab note, GitHub fork report) shows the same costs with callees as the measuring job: they come with the hand-over (inclusive.json)', async () => {
  const { root, sha } = repository();
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const measured: Report[] = [];
  const outRoot = join(tempDir('cg-bench-shard-flame-out-'), 'out');
  const ci = adapter(root, outRoot, occasion, undefined, '', measured);
  await runPipeline({ ...ci, reportHandOver: () => ({ dir: join(outRoot, 'report-job'), sha }) }, measurer());
  assert.ok(existsSync(join(outRoot, 'report-job', 'inclusive.json')));
  const reported: Report[] = [];
  await runReportJob({
    ...reportJobOf(ci, outRoot, occasion.baseline as BaselineCommit),
    log: { info: () => {}, warning: (m) => assert.fail(m) },
    flameGraphUrl: ci.flameGraphUrl,
    publishReport: async (_suite, r) => void reported.push(r),
  });
  assert.match(reported[0]!.body, /\| loop\\_leaf \| x\.c \| 100 \| 200 \| \+100 \| 100 → 200 \| \+100 \|/);
  assert.equal(reported[0]!.body, measured[0]!.body);
  // A planted hand-over: refused naming the file and the field.
  writeFileSync(join(outRoot, 'report-job', 'inclusive.json'), '{"loop":{"functions":[{"fn":"main","base":-1,"head":2}],"callers":[]}}');
  await assert.rejects(
    runReportJob({
      ...reportJobOf(ci, outRoot, occasion.baseline as BaselineCommit),
      publishReport: async () => assert.fail('no report from a bad hand-over'),
    }),
    /out\/report-job\/inclusive\.json: loop\.functions\[0\]: not \{fn, base, head\}/,
  );
});

test("a part writes its hand-over's call trees only once no code runs: a link the base's code plants in the hand-over while measured again is never written through", async () => {
  const { root, sha } = repository();
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const stored: BaselineStore = { restore: async () => ({ results: side(false, NAMES), from: 'from the store' }), save: async () => undefined };
  const shards = tempDir('cg-bench-shard-flame-parts-');
  const outside = tempDir('cg-bench-shard-flame-outside-');
  const outRoots = [1, 2].map(() => join(tempDir('cg-bench-shard-flame-out-'), 'out'));
  const planting = measurer();
  const measure = planting.measure.bind(planting);
  planting.measure = async (checkout, config, out, selection = {}) => {
    // The base measured again for its call tree: its code puts links where the part's hand-over goes.
    if (selection.callTree && !checkout.startsWith(root))
      for (const [i, outRoot] of outRoots.entries()) {
        const at = join(outRoot, 'shards', String(i + 1), 'call-trees', 'base');
        mkdirSync(dirname(at), { recursive: true });
        if (!existsSync(at)) symlinkSync(outside, at);
      }
    return measure(checkout, config, out, selection);
  };
  for (const index of [1, 2]) await runShard(adapter(root, outRoots[index - 1]!, occasion, stored, shards, []), planting, { index, count: 2 }, sha);
  assert.deepEqual(readdirSync(outside), []);
  assert.ok(readdirSync(shards).some((p) => existsSync(join(shards, p, 'call-trees', 'base'))));
});

test("a part's hand-over is made through the held output root: a link the code puts on the way to it (the output root's shards/) is removed, never followed", async () => {
  const { root, sha } = repository();
  const occasion: Occasion = { kind: 'change', baseline: { sha, what: 'merge-base' } };
  const shards = tempDir('cg-bench-shard-flame-parts-');
  const outside = tempDir('cg-bench-shard-flame-outside-');
  const outRoot = join(tempDir('cg-bench-shard-flame-out-'), 'out');
  const planting = measurer();
  const measure = planting.measure.bind(planting);
  planting.measure = async (...args) => {
    // The code measured (here the measurer, which runs it) puts a link where the hand-overs go.
    const at = join(outRoot, 'shards');
    if (!existsSync(at)) symlinkSync(outside, at);
    return measure(...args);
  };
  assert.deepEqual(await runShard(adapter(root, outRoot, occasion, undefined, shards, []), planting, { index: 1, count: 2 }, sha), { kind: 'ok' });
  assert.deepEqual(readdirSync(outside), []);
  assert.ok(lstatSync(join(outRoot, 'shards')).isDirectory(), 'a directory of its own in place of the link');
  assert.deepEqual(readdirSync(join(shards, '1')).sort(), ['base.json', 'call-trees', 'head.json', 'shard.json']);
});
