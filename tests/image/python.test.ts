// Python as a first-class language (issue 13), in the image: cg_bench.measure() regions, the
// attribution pass naming the edited Python function, and pytest benchmarks independent of order.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { EXAMPLES, readJson, tempDir } from '../helpers.ts';
import { buildImage, engine, IMAGE, RUN_FLAGS, BUILD_FLAGS } from './container.ts';

const counts = (r: Results) => Object.fromEntries(r.benchmarks.map((b) => [b.name, [b.status, b.estimatedCycles, b.events?.Ir]]));

const CLI = 'node /opt/cg-bench/dist/cli.js';
/** A word the in-container shell script may carry unquoted. */
const word = (s: string) => {
  assert.match(s, /^[\w./=-]+$/);
  return s;
};

/**
 * Shell commands run in ONE container of `image` on `work` (at /work), results outside it (files
 * beside a script reach the count). Every count one claim compares is measured in one container:
 * a Python count follows the device numbers of the filesystems it reads (results' `seal.devices`),
 * which the kernel gives each container's root from those free, so counts taken in containers
 * started beside other test files' could differ for that reason alone (cg-bench calls such runs
 * "not comparable"). In one container they are the same, and the file shares the engine with the
 * others (it held it alone for 425 s of a 1,097 s run).
 */
function inOneContainer(image: string, work: string, results: string, script: string[]): void {
  const r = engine(['run', '--rm', ...RUN_FLAGS, '-v', `${work}:/work`, '-v', `${results}:/results`, '--entrypoint', 'sh', image, '-c', script.join('\n')]);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
}

/** A `cg-bench run` line for inOneContainer: exit 0 or 1 (a regression) goes on, anything else stops. */
const cgBenchRun = (args: string[]) => `${CLI} run ${args.map(word).join(' ')} || [ $? -eq 1 ] || exit 9`;

/** results.json of a run that wrote to /results/OUT. */
const resultsOf = (results: string, out: string): Results => readJson(join(results, out, 'results.json'));

/**
 * The image with Python-Markdown and pytest (Debian's: no package index to reach), built once for
 * the file. pytest-random-order (Debian) and pytest-randomly (a wheel from PyPI, when this machine's
 * pip can fetch it) are in it but not installed: unpacked into /opt/plugins, which `installPlugins`
 * copies over / inside a container, so the runs with and without them share one container.
 */
let derived: { image: string; randomly: boolean } | undefined;
function derivedImage(): { image: string; randomly: boolean } {
  if (derived) return derived;
  const context = tempDir('cg-bench-py-image-');
  mkdirSync(join(context, 'wheels'));
  const wheel = spawnSync('python3', ['-m', 'pip', 'download', '--no-deps', '--only-binary', ':all:', '-d', join(context, 'wheels'), 'pytest-randomly'], {
    encoding: 'utf8',
  });
  const randomly = wheel.status === 0;
  if (!randomly) console.log(`# pytest-randomly not fetched (${wheel.stderr.trim().split('\n').pop()}); testing with pytest-random-order only`);
  writeFileSync(
    join(context, 'Containerfile'),
    [
      `FROM ${IMAGE}`,
      'RUN apt-get update && apt-get install -y --no-install-recommends python3-markdown python3-pytest python3-pytest-random-order && rm -rf /var/lib/apt/lists/* \\',
      // The plugin's files move to /opt/plugins (same paths below it); its dpkg record stays.
      ' && py3clean -p python3-pytest-random-order && dpkg -L python3-pytest-random-order | while read -r f; do if [ -f "$f" ]; then mkdir -p "/opt/plugins$(dirname "$f")" && mv "$f" "/opt/plugins$f"; fi; done',
      'COPY wheels/ /wheels/',
      // A wheel is a zip archive: unpacked where pip would put it, no pip needed.
      'RUN mkdir -p /opt/plugins/usr/local/lib/python3.13/dist-packages && for w in /wheels/*.whl; do if [ -f "$w" ]; then python3 -m zipfile -e "$w" /opt/plugins/usr/local/lib/python3.13/dist-packages/; fi; done && rm -rf /wheels',
      '',
    ].join('\n'),
  );
  const image = `${IMAGE}-python-tests`;
  const built = engine(['build', ...BUILD_FLAGS, '-t', image, context]);
  assert.equal(built.status, 0, built.stderr);
  derived = { image, randomly };
  return derived;
}
/** The shell line that installs the plugins of derivedImage (run as the container's root). */
const installPlugins = 'cp -a /opt/plugins/. /';

describe('Python in the image', { timeout: 30 * 60_000 }, () => {
  before(() => buildImage());

  test("a heavier import before the region leaves a measured call's count exactly as it was; imported first, every instruction", () => {
    const work = tempDir('cg-bench-py-');
    const results = tempDir('cg-bench-py-out-');
    const source = readFileSync(join(EXAMPLES, 'python', 'bench_render.py'), 'utf8');
    const modules = ['decimal', 'argparse', 'email.mime.text', 'xml.dom.minidom', 'logging', 'typing', 'dataclasses'];
    const heavier = `import ${modules.join(', ')}\n`;
    assert.match(source, /^import textlib\n/m);
    assert.match(source, /^html = cg_bench\.measure\(textlib\.render\)\(document\)\n/m);
    const withBlock = (s: string) =>
      s.replace('html = cg_bench.measure(textlib.render)(document)\n', 'with cg_bench.measure():\n    html = textlib.render(document)\n');
    // One directory per variant, names of one length: the script's path is on the initial stack.
    const variants: Record<string, string> = {
      light: source,
      heavy: source.replace('import textlib\n', `import textlib\n${heavier}`), // after the code under test
      first: `${heavier}${source}`, // before everything, cg_bench and the code under test included
      quiet: source.replace('import textlib\n', `import textlib\nlist(map(__import__, ${JSON.stringify(modules)}))\n`),
      wlite: withBlock(source), // the region a with-block of the script
      wquie: withBlock(source).replace('import textlib\n', `import textlib\nlist(map(__import__, ${JSON.stringify(modules)}))\n`),
      wheav: withBlock(source).replace('import textlib\n', `import textlib\n${heavier}`),
    };
    const pymalloc = 'env: {CG_BENCH_PYTHON_ALLOCATOR: "0"}';
    const config = ['benchmarks:'];
    for (const [name, script] of Object.entries(variants)) {
      mkdirSync(join(work, name));
      cpSync(join(EXAMPLES, 'python', 'textlib.py'), join(work, name, 'textlib.py'));
      writeFileSync(join(work, name, 'bench.py'), script);
      config.push(`  - {name: ${name}, run: python3 ${name}/bench.py 300, instrument: region}`);
    }
    // Which allocator serves, as the benchmark itself sees it: the areas in region runs, from before
    // the script (the image's .pth), and Python's own in whole runs.
    writeFileSync(
      join(work, 'areas.py'),
      'import sys\nstats = sys.modules["cg_bench._client"].allocator_stats() if "cg_bench._client" in sys.modules else None\nprint("areas" if stats else "none", "startup" if stats and stats["startup"]["live_blocks"] else "")\n',
    );
    // What the measured run imports, its native warm-up imports too (else the measured run compiles
    // it, the warm-up having written no bytecode for it: importlib, once, moved a region).
    writeFileSync(join(work, 'modules.py'), 'import sys\nimport cg_bench\nprint(" ".join(sorted(sys.modules)))\n');
    config.push(
      '  - {name: modules, run: python3 modules.py, instrument: region}',
      '  - {name: areas-region, run: python3 areas.py, instrument: region}',
      '  - {name: areas-whole, run: python3 areas.py}',
      `  - {name: light-pymalloc, run: python3 light/bench.py 300, instrument: region, ${pymalloc}}`,
      `  - {name: heavy-pymalloc, run: python3 heavy/bench.py 300, instrument: region, ${pymalloc}}`,
      '  - {name: light-whole, run: python3 light/bench.py 300}',
      '  - {name: heavy-whole, run: python3 heavy/bench.py 300}',
      '',
    );
    writeFileSync(join(work, 'cg-bench.yml'), config.join('\n'));
    // Measured again: every region whose count a claim below compares (the whole runs differ by
    // half, and the other three only print).
    const once = new Set(['modules', 'areas-region', 'areas-whole', 'light-whole', 'heavy-whole']);
    writeFileSync(join(work, 'again.yml'), config.filter((line) => ![...once].some((name) => line.includes(`{name: ${name},`))).join('\n'));
    inOneContainer(IMAGE, work, results, [cgBenchRun(['--out', '/results/1']), cgBenchRun(['--config', 'again.yml', '--out', '/results/2'])]);
    const first = resultsOf(results, '1');
    const second = resultsOf(results, '2');
    assert.equal(second.benchmarks.length, first.benchmarks.length - once.size);
    assert.deepEqual(counts(second), Object.fromEntries(Object.entries(counts(first)).filter(([name]) => !once.has(name))));
    const get = (name: string) => first.benchmarks.find((b) => b.name === name)!;
    const exact = (name: string) => ({ cycles: get(name).estimatedCycles, events: get(name).events });
    const gap = (a: string, b: string) => Math.abs(get(b).estimatedCycles! - get(a).estimatedCycles!) / get(a).estimatedCycles!;
    const pct = (g: number) => `${(g * 100).toFixed(4)} %`;
    for (const b of first.benchmarks) console.log(`# ${b.name}: ${b.estimatedCycles} estimated cycles, Ir ${b.events?.Ir}`);
    // The measured call: every event the same, whatever was imported between the code under test's
    // import and the region (one LL miss apart until the warm-up also imported what cg_bench imports
    // under Valgrind: the measured run then compiled importlib from source, the other program not).
    for (const name of ['heavy', 'quiet']) assert.deepEqual(exact(name), exact('light'), name);
    // Imported before the code under test, the modules intern strings first that its code then
    // shares (Python keeps one object per interned string, "&amp;" included): those lie in other
    // slots, at the same offset in a cache line but in other cache sets. Measured: every instruction
    // the same, cycles +0.0045 %.
    assert.equal(get('first').events!.Ir, get('light').events!.Ir);
    assert.ok(gap('light', 'first') < 0.0001, `a heavier import first moved the region by ${pct(gap('light', 'first'))}`);
    // A with-block is the script's own code: when the import adds no name, every instruction is the
    // same and the cycles nearly (the block's bytecode moves with the script's); with seven more names
    // in the namespace it writes to, storing `html` resizes that dict: work of the region's own code.
    assert.equal(get('wquie').events!.Ir, get('wlite').events!.Ir);
    assert.ok(gap('wlite', 'wquie') < 0.0001, `quiet import moved a with-block by ${pct(gap('wlite', 'wquie'))}`);
    assert.ok(get('wheav').events!.Ir! > get('wlite').events!.Ir!);
    assert.ok(gap('wlite', 'wheav') < 0.001, `heavier import moved a with-block by ${pct(gap('wlite', 'wheav'))}`);
    // Without the areas (pymalloc), the same change moves the region; the whole run moves a lot.
    assert.notEqual(get('heavy-pymalloc').estimatedCycles, get('light-pymalloc').estimatedCycles);
    assert.ok(gap('light-whole', 'heavy-whole') > 0.5);
    console.log(
      `# with pymalloc: heavier import ${pct(gap('light-pymalloc', 'heavy-pymalloc'))}; whole run ${pct(gap('light-whole', 'heavy-whole'))}; with-block ${pct(gap('wlite', 'wheav'))}`,
    );
    assert.equal(get('light').python?.method, 'sys.monitoring');
    const printed = (name: string) => readFileSync(join(results, '1', get(name).logs.stdout), 'utf8').trim();
    assert.equal(printed('areas-region'), 'areas startup');
    const warmUp = readFileSync(join(results, '1', get('modules').logs.stdout).replace(/stdout\.log$/, 'warm-up.stdout.log'), 'utf8').trim();
    assert.equal(printed('modules'), warmUp);
    assert.match(warmUp, /\bimportlib\b/);
    assert.equal(printed('areas-whole'), 'none');
  });

  test('library code run before the region, a heavier import, a real library (Python-Markdown): what the interpreter learned before does not reach the count', () => {
    const { image } = derivedImage();
    const work = tempDir('cg-bench-py-');
    const results = tempDir('cg-bench-py-out-');
    const heavier = 'import decimal, argparse, email.mime.text, xml.dom.minidom, logging, typing, dataclasses, json, csv\n';
    // A library function whose region specializes bytecode and first looks up a C type (deque).
    const library = [
      'import collections',
      'def score(words):',
      '    total = 0',
      '    for word in words:',
      '        total += len(word) * 3 + (1 if word[0] in "aeiou" else 0)',
      '    ring = collections.deque(words)',
      '    ring.rotate(3)',
      '    return total, ring[0]',
      '',
    ].join('\n');
    const words = 'words = [("lorem", "ipsum", "dolor", "amet", "elit", "sed", "eiusmod")[i % 7] + str(i % 13) for i in range(3000)]\n';
    const measured = 'print(cg_bench.measure(lib.score)(words))\n';
    const document = [
      'def build(sections):',
      '    parts = []',
      '    for i in range(sections):',
      '        parts.append(f"## Section {i}\\n\\nA paragraph {i} with *emphasis*, **strong text**, a [link](https://example.com/{i}), `code {i}` and <b>html</b> &amp; more.\\n")',
      '        parts.append("".join(f"- item {i}.{j} with _underscore_ text\\n" for j in range(4)))',
      '        parts.append("".join(f"{j + 1}. ordered {j} [ref][r{i}]\\n" for j in range(3)))',
      '        parts.append(f"\\n[r{i}]: https://example.org/ref/{i} \\"Title {i}\\"\\n\\n    def f{i}(x):\\n        return x * {i}\\n\\n> A quote in section {i}\\n> continued.\\n")',
      '    return "\\n".join(parts)',
      'text = build(10)',
      'print(len(cg_bench.measure(markdown.markdown)(text)))',
      '',
    ].join('\n');
    const variants: Record<string, string> = {
      light: `import cg_bench\nimport lib\n${words}${measured}`,
      warm: `import cg_bench\nimport lib\nfor _ in range(300):\n    lib.score(["warm", "up"])\n${words}${measured}`, // set-up that runs the library
      heavy: `import cg_bench\nimport lib\n${heavier}${words}${measured}`,
      mdlit: `import cg_bench\nimport markdown\n${document}`,
      mdhev: `import cg_bench\nimport markdown\n${heavier}${document}`,
    };
    const config = ['benchmarks:'];
    for (const [name, script] of Object.entries(variants)) {
      mkdirSync(join(work, name));
      writeFileSync(join(work, name, 'lib.py'), library);
      writeFileSync(join(work, name, 'bench.py'), script);
      config.push(`  - {name: ${name}, run: python3 ${name}/bench.py, instrument: region}`);
    }
    writeFileSync(join(work, 'cg-bench.yml'), `${config.join('\n')}\n`);
    inOneContainer(image, work, results, [cgBenchRun(['--out', '/results/1']), cgBenchRun(['--out', '/results/2'])]);
    const first = resultsOf(results, '1');
    const second = resultsOf(results, '2');
    assert.deepEqual(counts(second), counts(first));
    const get = (name: string) => first.benchmarks.find((b) => b.name === name)!;
    for (const b of first.benchmarks) console.log(`# ${b.name}: ${b.estimatedCycles} estimated cycles, Ir ${b.events?.Ir}`);
    // A heavier import tags C extensions' types first (a global counter, aligned at the region's start).
    assert.deepEqual(get('heavy').events, get('light').events);
    // The library ran 300 times before: its bytecode specialized, its types tagged (both forgotten at
    // the region's start; 2,389 instructions apart before). What is left: CPython gives the module's
    // globals a keys version once, on the first specialization of a global load (7 instructions).
    const irGap = (a: string, b: string) => Math.abs(get(b).events!.Ir! - get(a).events!.Ir!);
    assert.ok(irGap('light', 'warm') <= 16, `set-up running the library moved the region by ${irGap('light', 'warm')} instructions`);
    // Python-Markdown after a heavier import: 1,067,317 instructions (0.39 %) apart before re's cache
    // was emptied, bytecode and type tags forgotten, and C types' tags aligned; now every instruction
    // the same, and a few L1 misses (addresses of interpreter state the region reads, such as the
    // interned strings' table, which the heavier import grew).
    assert.equal(get('mdhev').events!.Ir, get('mdlit').events!.Ir);
    const cycles = Math.abs(get('mdhev').estimatedCycles! - get('mdlit').estimatedCycles!) / get('mdlit').estimatedCycles!;
    assert.ok(cycles < 0.00005, `a heavier import moved Python-Markdown by ${(cycles * 100).toFixed(5)} % of its cycles`);
  });

  test('a thousand regions in one process: a class used in each keeps a tag (CPython 3.13 gives a type 1,000)', () => {
    // Natively, measure() active as in the attribution pass; cg_bench untags and aligns as in a region run.
    const script = [
      'import sys',
      'sys.path.insert(0, "/usr/local/lib/python3.13/dist-packages")',
      'class Counter:',
      '    def region_start(self): pass',
      '    def region_stop(self): pass',
      'sys.modules["_cg_bench_bytecode"] = Counter()',
      'import cg_bench',
      'from cg_bench import _client',
      'class Library:',
      '    x = 1',
      '@cg_bench.measure',
      'def work():',
      '    return Library.x, _client.type_version_tag(Library)',
      'tags = [work()[1] for _ in range(1100)]',
      'print(sum(1 for t in tags if t == 0), len({t % 4096 for t in tags}))',
    ].join('\n');
    const r = engine(['run', '--rm', ...RUN_FLAGS, '-e', 'CG_BENCH_INSTRUMENT=region', '--entrypoint', 'python3', IMAGE, '-S', '-c', script]);
    assert.equal(r.status, 0, r.stderr);
    // Untagged in every region, it was refused a tag from the 1,000th on (its lookups then skip the
    // type cache): 100 of 1,100 regions without one.
    assert.equal(r.stdout.trim(), '0 1');
  });

  test('editing one Python function makes the report name it first among the Python functions', () => {
    const work = tempDir('cg-bench-py-');
    const results = tempDir('cg-bench-py-out-');
    cpSync(join(EXAMPLES, 'python'), work, { recursive: true });
    // The edit is copied in between the runs, from outside /work (files beside a script reach the count).
    const lib = readFileSync(join(work, 'textlib.py'), 'utf8');
    writeFileSync(join(results, 'textlib.py'), lib.replace('return text.replace("&", "&amp;")', 'return text.replace("&", "&amp;").replace(\'"\', "&quot;")'));
    const baseline = ['--baseline', '/results/base.json'];
    inOneContainer(IMAGE, work, results, [
      cgBenchRun(['--out', '/results/base', '--save-baseline', '/results/base.json']),
      'cp /results/textlib.py /work/textlib.py',
      cgBenchRun(['--out', '/results/head-1', ...baseline]),
      cgBenchRun(['--out', '/results/head-2', ...baseline]),
    ]);
    for (const out of ['head-1', 'head-2']) {
      const head = resultsOf(results, out);
      assert.equal(head.benchmarks[0]!.python?.scope, 'region');
      const report = readFileSync(join(results, out, 'report.md'), 'utf8');
      const table = report.split('Python functions whose executed bytecodes changed most')[1] ?? '';
      const first = table.split('\n').find((l) => l.startsWith('| ') && !l.startsWith('| Python function'));
      assert.match(first ?? '', /^\| textlib:escape \| textlib\.py:4 \| /, report);
    }
  });

  test('pytest benchmarks: one per marked test, the same counts in any order', () => {
    const { image, randomly } = derivedImage();
    const work = tempDir('cg-bench-py-');
    const results = tempDir('cg-bench-py-out-');
    mkdirSync(join(work, 'tests'));
    writeFileSync(
      join(work, 'tests', 'test_text.py'),
      [
        'import pytest',
        '_memo = {}',
        'def slugify(text):',
        '    if text in _memo:  # tests run in one process would share it',
        '        return _memo[text]',
        '    _memo[text] = out = "-".join(w.lower() for w in text.split() if w.isalnum())',
        '    return out',
        'TITLES = ["The Quick Brown Fox %d" % i for i in range(400)]',
        '@pytest.mark.cg_bench',
        'def test_slugify_all():',
        '    assert len({slugify(t) for t in TITLES}) == 400',
        '@pytest.mark.cg_bench',
        'def test_slugify_again():',
        '    assert all(slugify(t) for t in TITLES)',
        '@pytest.mark.cg_bench',
        '@pytest.mark.parametrize("n", [100, 200])',
        'def test_sort_words(n):',
        '    assert sorted("w%05d" % ((i * 7919) % n) for i in range(n))[0] == "w00000"',
        'def test_not_a_benchmark():',
        '    assert slugify("A b") == "a-b"',
        '',
      ].join('\n'),
    );
    const generated = engine([
      'run',
      '--rm',
      ...RUN_FLAGS,
      '-v',
      `${work}:/work`,
      '--entrypoint',
      'python3',
      image,
      '-m',
      'cg_bench.pytest',
      '--config',
      'tests',
    ]);
    assert.equal(generated.status, 0, generated.stderr);
    const items = generated.stdout
      .split('\n  - ')
      .slice(1)
      .map((item) => `  - ${item.trimEnd()}\n`);
    assert.equal(items.length, 4, generated.stdout);
    writeFileSync(join(work, 'forward.yml'), `benchmarks:\n${items.join('')}`);
    writeFileSync(join(work, 'reversed.yml'), `benchmarks:\n${[...items].reverse().join('')}`);
    // Then random-ordering plugins installed (pytest-random-order from Debian; pytest-randomly from
    // PyPI when this machine's pip can fetch it), in the same container: the runner loads neither,
    // and every count stays the same.
    const forwardRun = ['--config', 'forward.yml'];
    inOneContainer(image, work, results, [
      '(cd / && python3 -m pytest -VV) >/results/without-plugins.txt 2>&1',
      cgBenchRun([...forwardRun, '--out', '/results/forward']),
      cgBenchRun(['--config', 'reversed.yml', '--out', '/results/reversed']),
      cgBenchRun([...forwardRun, '--out', '/results/again', '--jobs', '2']),
      installPlugins,
      '(cd / && python3 -m pytest -VV) >/results/with-plugins.txt 2>&1',
      cgBenchRun([...forwardRun, '--out', '/results/plugins']),
    ]);
    const [forward, reversed, again, plugins] = ['forward', 'reversed', 'again', 'plugins'].map((out) => resultsOf(results, out)) as [
      Results,
      Results,
      Results,
      Results,
    ];
    assert.deepEqual(
      forward.benchmarks.map((b) => b.status),
      ['ok', 'ok', 'ok', 'ok'],
    );
    assert.deepEqual(counts(reversed), counts(forward));
    assert.deepEqual(counts(again), counts(forward));
    const without = readFileSync(join(results, 'without-plugins.txt'), 'utf8');
    const installed = readFileSync(join(results, 'with-plugins.txt'), 'utf8');
    assert.doesNotMatch(without, /pytest-random/);
    assert.match(installed, /pytest-random-order/);
    if (randomly) assert.match(installed, /pytest-randomly/);
    assert.deepEqual(
      plugins.benchmarks.map((b) => b.status),
      ['ok', 'ok', 'ok', 'ok'],
    );
    for (const b of plugins.benchmarks) {
      const base = forward.benchmarks.find((f) => f.name === b.name)!;
      console.log(`# ${b.name}: without plugins ${base.estimatedCycles} (Ir ${base.events!.Ir}), with ${b.estimatedCycles} (Ir ${b.events!.Ir})`);
    }
    // What pytest lists and imports before the region differs; the areas keep it out of the count
    // (a test's keyword arguments are copied into the region's area, its module's name into its slot).
    assert.deepEqual(counts(plugins), counts(forward));
    assert.deepEqual(
      plugins.benchmarks.map((b) => b.events),
      forward.benchmarks.map((b) => b.events),
    );
  });
});
