// Python as a first-class language (issue 13), in the image: cg_bench.measure() regions, and the
// attribution pass naming the edited Python function. (Libraries run before the region, a real
// library and pytest benchmarks: python-libraries.test.ts, on an image with them; two files so that
// both slots of the suite's schedule can take them.)
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { EXAMPLES, tempDir } from '../helpers.ts';
import { buildImage, engine, IMAGE, RUN_FLAGS } from './container.ts';
import { cgBenchRun, inOneContainer, resultsOf } from './python-run.ts';

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
    // Each run an argv, not a shell line: /bin/sh -c would run under Valgrind too before Python (~0.5 s of
    // CPU a benchmark, measured in the image), outside every region and the same in every variant.
    const config = ['benchmarks:'];
    for (const [name, script] of Object.entries(variants)) {
      mkdirSync(join(work, name));
      cpSync(join(EXAMPLES, 'python', 'textlib.py'), join(work, name, 'textlib.py'));
      writeFileSync(join(work, name, 'bench.py'), script);
      config.push(`  - {name: ${name}, run: [python3, ${name}/bench.py, '300'], instrument: region}`);
    }
    // Which allocator serves, as the benchmark itself sees it: the areas in region runs, from before
    // the script (the image's .pth), and Python's own in whole runs. The first line each checking
    // script prints (before it imports anything).
    const areas =
      'import sys\nstats = sys.modules["cg_bench._client"].allocator_stats() if "cg_bench._client" in sys.modules else None\nprint("areas" if stats else "none", "startup" if stats and stats["startup"]["live_blocks"] else "")\n';
    // What the measured run imports, its native warm-up imports too (else the measured run compiles
    // it, the warm-up having written no bytecode for it: importlib, once, moved a region): the second
    // line of bind0 and bind1, printed before their regions.
    const listModules = 'import cg_bench, math\nprint(" ".join(sorted(sys.modules)))\n';
    // A C function's first call through the PLT runs the dynamic linker when bound lazily: the region
    // counted 6,092 instructions, 5,343 after one call before it, until region runs bound every symbol
    // at start (LD_BIND_NOW=1). (bind0 and bind1 also print the two lines above, the same in both:
    // one region benchmark fewer for each check, ~4.5 s of CPU apiece; their region is the same call.)
    for (const [name, before] of [
      ['bind0', ''],
      ['bind1', 'math.cbrt(3.0)\n'],
    ] as const) {
      mkdirSync(join(work, name));
      writeFileSync(join(work, name, 'bench.py'), `${areas}${listModules}${before}print(cg_bench.measure(math.cbrt)(2.0))\n`);
      config.push(`  - {name: ${name}, run: [python3, ${name}/bench.py], instrument: region}`);
    }
    // The whole runs of light and heavy, in directories of their own, print the allocator first (a
    // whole run of a script of its own did; the same line in both leaves their gap the heavier import's).
    for (const [name, variant] of [
      ['lwhol', 'light'],
      ['hwhol', 'heavy'],
    ] as const) {
      mkdirSync(join(work, name));
      cpSync(join(EXAMPLES, 'python', 'textlib.py'), join(work, name, 'textlib.py'));
      writeFileSync(join(work, name, 'bench.py'), `${areas}${variants[variant]}`);
    }
    config.push(
      `  - {name: light-pymalloc, run: [python3, light/bench.py, '300'], instrument: region, ${pymalloc}}`,
      `  - {name: heavy-pymalloc, run: [python3, heavy/bench.py, '300'], instrument: region, ${pymalloc}}`,
      "  - {name: light-whole, run: [python3, lwhol/bench.py, '300']}",
      "  - {name: heavy-whole, run: [python3, hwhol/bench.py, '300']}",
      '',
    );
    writeFileSync(join(work, 'cg-bench.yml'), config.join('\n'));
    // Two benchmarks at a time (--jobs 2: counts do not depend on it, tests/image/python-libraries.test.ts).
    // Measured once: the claims below compare regions of one run with each other (the same call under
    // other imports), and that a region's count repeats run to run, in the image and with --jobs 2,
    // python-libraries.test.ts checks (its pytest regions measured twice, the second run with --jobs 2,
    // and Python-Markdown's region again, each equal; a second run here took 45 s).
    inOneContainer(IMAGE, work, results, [cgBenchRun(['--out', '/results/1', '--jobs', '2'])]);
    const first = resultsOf(results, '1');
    const get = (name: string) => first.benchmarks.find((b) => b.name === name)!;
    const exact = (name: string) => ({ cycles: get(name).estimatedCycles, events: get(name).events });
    const gap = (a: string, b: string) => Math.abs(get(b).estimatedCycles! - get(a).estimatedCycles!) / get(a).estimatedCycles!;
    const pct = (g: number) => `${(g * 100).toFixed(4)} %`;
    for (const b of first.benchmarks) console.log(`# ${b.name}: ${b.estimatedCycles} estimated cycles, Ir ${b.events?.Ir}`);
    // The measured call: every event the same, whatever was imported between the code under test's
    // import and the region (one LL miss apart until the warm-up also imported what cg_bench imports
    // under Valgrind: the measured run then compiled importlib from source, the other program not).
    for (const name of ['heavy', 'quiet']) assert.deepEqual(exact(name), exact('light'), name);
    assert.deepEqual(exact('bind1'), exact('bind0'));
    // Imported before the code under test, the modules intern strings first that its code then
    // shares (Python keeps one object per interned string, "&amp;" included): those lie in other
    // slots, at the same offset in a cache line but in other cache sets. Measured: 18 instructions
    // apart, all in memcmp, cycles +0.0014 % (identical instructions before an import's slot restarted
    // at its first file, which took Python-Markdown's import-first cell from -41,382 to +10,120 on 3.13:
    // docs/python.md).
    const moved = get('first').events!.Ir! - get('light').events!.Ir!;
    assert.ok(Math.abs(moved) <= get('light').events!.Ir! * 0.00001, `a heavier import first moved the region by ${moved} instructions`);
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
    const printed = (name: string, log = 'stdout.log') =>
      readFileSync(join(results, '1', get(name).logs.stdout).replace(/stdout\.log$/, log), 'utf8').split('\n');
    for (const name of ['bind0', 'bind1']) {
      assert.equal(printed(name)[0]!.trim(), 'areas startup', name);
      const warmUp = printed(name, 'warm-up.stdout.log')[1]!.trim();
      assert.equal(printed(name)[1]!.trim(), warmUp, name);
      assert.match(warmUp, /\bimportlib\b/);
    }
    for (const name of ['light-whole', 'heavy-whole']) assert.equal(printed(name)[0]!.trim(), 'none', name);
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
      // The two head runs side by side (one benchmark each).
      `(${cgBenchRun(['--out', '/results/head-1', ...baseline])}) & one=$!`,
      `(${cgBenchRun(['--out', '/results/head-2', ...baseline])}) & two=$!`,
      'wait $one && wait $two || exit 9',
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
});
