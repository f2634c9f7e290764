// Python as a first-class language (issue 13), in the image with libraries (Python-Markdown, pytest
// and two random-ordering plugins): what library code run before the region learned does not reach
// the count, and pytest benchmarks are independent of order. (Regions and attribution on the image
// alone: python.test.ts.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { tempDir } from '../helpers.ts';
import { BUILD_FLAGS, buildImage, engine, IMAGE, RUN_FLAGS } from './container.ts';
import { cgBenchRun, counts, inOneContainer, resultsOf } from './python-run.ts';

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

describe('Python libraries in the image', { timeout: 30 * 60_000 }, () => {
  before(() => buildImage());

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
      // An argv, not a shell line: /bin/sh -c would run under Valgrind too (~0.5 s of CPU a benchmark).
      config.push(`  - {name: ${name}, run: [python3, ${name}/bench.py], instrument: region}`);
    }
    writeFileSync(join(work, 'cg-bench.yml'), `${config.join('\n')}\n`);
    // The second run measures Python-Markdown's region again (mdlit): that a real library's region
    // repeats run to run, every figure, in the image. That a region's count repeats with --jobs 2,
    // which python.test.ts relies on, the pytest test below holds (three of its regions measured twice, the
    // second run two at a time, reversed and with plugins: every count and event equal); light, a
    // pure-Python region as those are, measured again here too held nothing more (~9 s of CPU).
    inOneContainer(image, work, results, [cgBenchRun(['--out', '/results/1', '--jobs', '2']), cgBenchRun(['--out', '/results/2', '--filter', 'mdlit'])]);
    const first = resultsOf(results, '1');
    const second = resultsOf(results, '2');
    assert.deepEqual(Object.keys(counts(second)), ['mdlit']);
    const again = counts(first);
    assert.deepEqual(counts(second), Object.fromEntries(Object.keys(counts(second)).map((name) => [name, again[name]])));
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
    assert.match(items[3]!, /test_sort_words\[200\]/);
    // Three of the four measured (a pytest benchmark is ~8 s of CPU here): the memo pair, whose second
    // would be cheaper if both ran in one process, and one parametrized test, its keyword in the region.
    const measuredItems = items.slice(0, 3);
    writeFileSync(join(work, 'forward.yml'), `benchmarks:\n${measuredItems.join('')}`);
    writeFileSync(join(work, 'reversed.yml'), `benchmarks:\n${[...measuredItems].reverse().join('')}`);
    // Then random-ordering plugins installed (pytest-random-order from Debian; pytest-randomly from
    // PyPI when this machine's pip can fetch it), in the same container: the runner loads neither,
    // and every count stays the same. Only the first run measures one benchmark at a time, in order:
    // the second, with the plugins, runs them reversed and two at a time (--jobs 2), so its equality
    // with the first shows that counts depend on none of the order, --jobs and the plugins (the
    // Python files in the image rely on --jobs). (A run reversed without the plugins, between the
    // two, measured the first two claims alone: four pytest benchmarks then, ~20 s of CPU, for an
    // equality this run holds; a third, forward with --jobs 2, the second alone, before that.)
    inOneContainer(image, work, results, [
      '(cd / && python3 -m pytest -VV) >/results/without-plugins.txt 2>&1',
      cgBenchRun(['--config', 'forward.yml', '--out', '/results/forward']),
      installPlugins,
      '(cd / && python3 -m pytest -VV) >/results/with-plugins.txt 2>&1',
      cgBenchRun(['--config', 'reversed.yml', '--out', '/results/plugins', '--jobs', '2']),
    ]);
    const [forward, plugins] = ['forward', 'plugins'].map((out) => resultsOf(results, out)) as [Results, Results];
    assert.deepEqual(
      forward.benchmarks.map((b) => b.status),
      ['ok', 'ok', 'ok'],
    );
    // Measured in the reversed order.
    assert.deepEqual(
      plugins.benchmarks.map((b) => b.name),
      forward.benchmarks.map((b) => b.name).reverse(),
    );
    const without = readFileSync(join(results, 'without-plugins.txt'), 'utf8');
    const installed = readFileSync(join(results, 'with-plugins.txt'), 'utf8');
    assert.doesNotMatch(without, /pytest-random/);
    assert.match(installed, /pytest-random-order/);
    if (randomly) assert.match(installed, /pytest-randomly/);
    assert.deepEqual(
      plugins.benchmarks.map((b) => b.status),
      ['ok', 'ok', 'ok'],
    );
    for (const b of plugins.benchmarks) {
      const base = forward.benchmarks.find((f) => f.name === b.name)!;
      console.log(`# ${b.name}: without plugins ${base.estimatedCycles} (Ir ${base.events!.Ir}), with ${b.estimatedCycles} (Ir ${b.events!.Ir})`);
    }
    // What pytest lists and imports before the region differs; the areas keep it out of the count
    // (a test's keyword arguments are copied into the region's area, its module's name into its slot).
    // Reversed, with the plugins and two at a time: the same counts and events as in order, one at a time.
    assert.deepEqual(counts(plugins), counts(forward));
    const events = (r: Results) => Object.fromEntries(r.benchmarks.map((b) => [b.name, b.events]));
    assert.deepEqual(events(plugins), events(forward));
  });
});
