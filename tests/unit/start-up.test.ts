// The fixed cost (issue 26): importing the modules every command loads compiles no JSON schema; the
// configuration's validator is compiled at build time (scripts/validators.mjs), the results' when first used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { ROOT } from '../helpers.ts';

/** Counts the schemas Ajv compiles from now until restore(). */
function countCompiles(): { count: () => number; restore: () => void } {
  let compiled = 0;
  const compile = Ajv.prototype.compile;
  Ajv.prototype.compile = function (this: Ajv, ...args: Parameters<Ajv['compile']>) {
    compiled++;
    return compile.apply(this, args);
  } as Ajv['compile'];
  return { count: () => compiled, restore: () => void (Ajv.prototype.compile = compile) };
}

test('no schema is compiled at import time, nor to read a configuration', async () => {
  const compiles = countCompiles();
  try {
    const { loadConfig } = await import('../../src/config/load.ts');
    await import('../../src/results/io.ts');
    await import('../../src/cli/main.ts');
    assert.equal(compiles.count(), 0, 'a schema was compiled at import time');
    const dir = mkdtempSync(join(tmpdir(), 'cg-bench-start-up-'));
    try {
      writeFileSync(join(dir, 'cg-bench.yml'), 'benchmarks:\n  - name: a\n    run: ["true"]\n');
      loadConfig(join(dir, 'cg-bench.yml'));
      loadConfig(join(dir, 'cg-bench.yml'));
      assert.equal(compiles.count(), 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    compiles.restore();
  }
});

test('the schemas we ship are valid against their meta-schema (runs skip that check: createAjv)', async () => {
  const { createAjv } = await import('../../src/util/json-schema.ts');
  const { default: config } = await import('../../schemas/config.schema.json', { with: { type: 'json' } });
  const { default: results } = await import('../../schemas/results.schema.json', { with: { type: 'json' } });
  for (const schema of [config, results]) {
    const ajv = createAjv({ validateSchema: true });
    assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
    assert.doesNotThrow(() => ajv.compile(schema));
  }
  const broken = { ...config, properties: { ...config.properties, threshold: { type: 'nonsense' } } };
  assert.equal(createAjv({ validateSchema: true }).validateSchema(broken), false, 'the check catches a broken schema');
});

test('the generated config validator is in step with schemas/config.schema.json, and says what a compiled one says', async () => {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'validators.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stderr);
  const { validateConfig } = await import('../../src/config/config-validator.generated.js');
  const { createAjv, schemaProblems } = await import('../../src/util/json-schema.ts');
  const { default: schema } = await import('../../schemas/config.schema.json', { with: { type: 'json' } });
  const compiled = createAjv().compile(schema);
  const cases: unknown[] = [
    { benchmarks: [{ name: 'a', run: 'true' }] },
    {},
    { benchmarks: [] },
    {
      threshold: 'x',
      timeout: -1,
      cache: { I1: 'big', L2: '1,2,3' },
      weights: { l1: 'one' },
      env: { 'bad-name': 1, OK: null },
      benchmarks: [{ name: 'a\u200b', run: [], runn: 1, mode: 'fast', cwd: '' }],
    },
    { benchmarks: [{ name: 1, run: ['x', 2], threshold: '2 %', budget: '1y' }], setup: [[]], network: 'yes', cpus: 'two' },
  ];
  for (const data of cases) {
    assert.equal(validateConfig(data), compiled(data), JSON.stringify(data));
    assert.deepEqual(schemaProblems(validateConfig), schemaProblems(compiled), JSON.stringify(data));
  }
});

test('the generated results validators are in step with schemas/results.schema.json, and say what compiled ones say', async () => {
  const generated = await import('../../src/results/results-validator.generated.js');
  const { createAjv, schemaProblems } = await import('../../src/util/json-schema.ts');
  const { resultsOf, benchmarkResult } = await import('../results-fixtures.ts');
  const { default: schema } = await import('../../schemas/results.schema.json', { with: { type: 'json' } });
  const part = (s: object) => createAjv().compile({ ...s, definitions: schema.definitions });
  const pairs = [
    [generated.validateResults, createAjv().compile(schema)],
    [generated.validateTimed, part(schema.properties.timed)],
    [generated.validateBenchmark, part(schema.properties.benchmarks.items)],
  ] as const;
  const valid = JSON.parse(JSON.stringify(resultsOf([benchmarkResult('a', { Ir: 10 }), benchmarkResult('b', null)]))) as { benchmarks: object[] };
  const cases: unknown[] = [
    valid,
    valid.benchmarks[0],
    valid.benchmarks[1],
    {},
    [],
    { ...valid, tool: 'other', extra: 1 },
    { ...valid, benchmarks: [{ ...valid.benchmarks[0], estimatedCycles: 'many', functions: [{ fn: 1 }] }, null] },
    [{ name: 'x', wallTimeMs: -1 }, { name: 2 }],
  ];
  for (const data of cases)
    for (const [fromBuild, compiled] of pairs) {
      assert.equal(fromBuild(data), compiled(data), JSON.stringify(data).slice(0, 200));
      assert.deepEqual(schemaProblems(fromBuild), schemaProblems(compiled), JSON.stringify(data).slice(0, 200));
    }
  assert.ok(generated.validateResults(valid) && generated.validateBenchmark(valid.benchmarks[0]) && generated.validateTimed([]), 'the valid cases are valid');
});

test('a run into an --out that holds results reads the earlier wall times without compiling the results schema', async () => {
  const { readWallTimes } = await import('../../src/results/io.ts');
  const compiles = countCompiles();
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-start-up-'));
  try {
    const file = join(dir, 'results.json');
    writeFileSync(
      file,
      JSON.stringify({ tool: 'cg-bench', benchmarks: [{ name: 'a', wallTimeMs: 1200 }, { name: 'b', wallTimeMs: 'soon' }, { name: 3, wallTimeMs: 5 }, null] }),
    );
    assert.deepEqual([...readWallTimes(file)], [['a', 1200]]);
    writeFileSync(file, '{ not json');
    assert.equal(readWallTimes(file).size, 0);
    assert.equal(readWallTimes(join(dir, 'missing.json')).size, 0);
    assert.equal(compiles.count(), 0);
  } finally {
    compiles.restore();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a run's counts and tables are formatted and ordered without ICU (its first use costs ~8 ms of CPU), and the same as before", async () => {
  const { formatCount } = await import('../../src/report/format.ts');
  const { aggregateProfiles } = await import('../../src/metric/aggregate.ts');
  const { CachegrindParser } = await import('../../src/parse/cachegrind.ts');
  const { DEFAULT_WEIGHTS } = await import('../../src/config/types.ts');
  const values = [0, 1, -1, 12, 999, 1000, -1000, 123456, 1234567, -1234567.6, 0.4, 999.5, 1e15, 2 ** 53 - 1];
  const expected = values.map((n) => Math.round(n).toLocaleString('en-US'));
  const numberFormat = Number.prototype.toLocaleString;
  const localeCompare = String.prototype.localeCompare;
  let icu = 0;
  Number.prototype.toLocaleString = function (this: number, ...args: Parameters<number['toLocaleString']>) {
    icu++;
    return numberFormat.apply(this, args);
  };
  String.prototype.localeCompare = function (this: string, ...args: Parameters<string['localeCompare']>) {
    icu++;
    return localeCompare.apply(this, args);
  };
  try {
    assert.deepEqual(
      values.map((n) => formatCount(n)),
      expected,
    );
    // Three functions of equal cost: ties are ordered by code units, the same under any locale or ICU.
    const parser = new CachegrindParser('ties');
    parser.push(Buffer.from('cmd: ./prog\nevents: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw\nfl=a.c\nfn=b\n1 5\nfn=B\n2 5\nfn=a\n3 5\nsummary: 15\n'));
    const cost = aggregateProfiles([{ pid: 1, file: 'cachegrind.out.1.gz', profile: parser.finish() }], DEFAULT_WEIGHTS);
    assert.deepEqual(
      cost.functions.map((f) => f.fn),
      ['B', 'a', 'b'],
    );
    assert.equal(icu, 0, 'ICU was used');
  } finally {
    Number.prototype.toLocaleString = numberFormat;
    String.prototype.localeCompare = localeCompare;
  }
});

test("Ajv's compiler is never evaluated by a run: not when its modules are loaded (~20 ms CPU at every start), nor to validate results (build time)", () => {
  const script = [
    "import { createRequire } from 'node:module';",
    "const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes('/node_modules/ajv/dist/compile/'));",
    "await import('./src/results/io.ts'); await import('./src/config/load.ts'); await import('./src/engine/measure.ts');",
    'const before = loaded();',
    "const { parseTimed } = await import('./src/results/io.ts');",
    'try { parseTimed([], "x"); } catch {}',
    'console.log(JSON.stringify([before, loaded()]));',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [false, false]);
});

test("dist/'s bundles leave Ajv to dist/ajv.cjs, which a bundle copied alone with it loads when it first validates", () => {
  // Outside the project: no node_modules on the way up, so only the file beside the bundle can serve.
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-bundle-'));
  try {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--out', dir], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    for (const bundle of ['cli.js', 'cli.cjs', 'action.js', 'gitlab.js'])
      assert.ok(!readFileSync(join(dir, bundle), 'utf8').includes('node_modules/ajv/dist/compile/'), `${bundle} carries Ajv's compiler`);
    writeFileSync(join(dir, 'r.json'), '{"tool":"cg-bench","schemaVersion":1}');
    const r = spawnSync(process.execPath, [join(dir, 'cli.js'), 'compare', 'r.json', 'r.json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /invalid results file:\n {2}createdAt: is required/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the CLI bundle is ASCII: one other character anywhere (a comment kept in an argv literal) makes V8 hold all of it as two-byte text', () => {
  const text = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
  const at = text.search(/[^\x00-\x7f]/);
  assert.equal(at, -1, `dist/cli.cjs: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}`);
});
