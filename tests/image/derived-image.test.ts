// examples/derived-image/Dockerfile, built as a user builds it on the image: it names no Debian
// version (so no point release can break it), adds a compiler, and leaves the image's own userland,
// what the counts depend on, exactly as it was.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { readJson, tempDir } from '../helpers.ts';
import { buildDerivedImage, buildImage, DERIVED_IMAGE, engine, IMAGE, RUN_FLAGS } from './container.ts';

const DERIVED = DERIVED_IMAGE;
/** The image's base here: the debootstrapped trixie of tests/image/base-image.sh (same name as there). */
const BASE = process.env['CG_BENCH_TEST_BASE'] ?? 'localhost/cg-bench-test-base:trixie';
/** What the Dockerfile may add to its base (issue 26: a smaller image), in MB of 10^6 bytes. */
const MAX_ADDED_MB = 200;

/** An image's size as the engine reports it (uncompressed layers), in bytes. */
function imageBytes(image: string): number {
  const r = engine(['image', 'inspect', '--format', '{{.Size}}', image]);
  assert.equal(r.status, 0, r.stderr);
  return Number(r.stdout.trim());
}

/** name → version of every package installed in `image`. */
function packages(image: string): Map<string, string> {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
  const r = engine(['run', '--rm', ...RUN_FLAGS, '--entrypoint', 'dpkg-query', image, '-W', '-f=${db:Status-Abbrev} ${Package} ${Version}\n']);
  assert.equal(r.status, 0, r.stderr);
  return new Map(
    r.stdout
      .split('\n')
      .filter((l) => l.startsWith('ii '))
      .map((l) => l.split(/\s+/).slice(1, 3) as [string, string]),
  );
}

describe('the image', { timeout: 30 * 60_000 }, () => {
  before(buildImage);

  test(`adds at most ${MAX_ADDED_MB} MB to its base`, () => {
    const added = (imageBytes(IMAGE) - imageBytes(BASE)) / 1e6;
    assert.ok(added > 0 && added <= MAX_ADDED_MB, `the Dockerfile adds ${added.toFixed(1)} MB to ${BASE}`);
  });

  test("has no Perl, and apt's record of it is consistent (git's dependency on perl dropped, nothing broken)", () => {
    const r = engine([
      'run',
      '--rm',
      ...RUN_FLAGS,
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      'apt-get check >/dev/null || exit 1; for p in perl libperl5.40 perl-modules-5.40; do dpkg -s $p >/dev/null 2>&1 && echo "installed: $p"; done; git --version',
    ]);
    assert.equal(r.status, 0, `apt-get check: ${r.stdout}${r.stderr}`);
    assert.doesNotMatch(r.stdout, /installed:/);
    assert.match(r.stdout, /^git version 2\./m);
  });
});

describe('the derived-image recipe', { timeout: 30 * 60_000 }, () => {
  const work = tempDir('cg-bench-derived-work-');
  before(buildDerivedImage);

  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  test("every package of the image is kept at its version; libc6-dev is libc6's; cg-bench env is unchanged but for the loader cache", () => {
    const base = packages(IMAGE);
    const derived = packages(DERIVED);
    const changed = [...base].filter(([name, version]) => derived.get(name) !== version).map(([name, version]) => `${name} ${version} → ${derived.get(name)}`);
    assert.deepEqual(changed, []);
    assert.equal(derived.get('libc6-dev'), base.get('libc6'));
    for (const tool of ['gcc', 'make', 'cargo']) assert.ok(derived.has(tool), `${tool} not installed`);
    const env = (image: string) => JSON.parse(engine(['run', '--rm', ...RUN_FLAGS, image, 'env', '--json']).stdout) as { host: { loaderFiles?: string } };
    const [derivedEnv, baseEnv] = [env(DERIVED), env(IMAGE)];
    // The packages it adds are in the loader cache, which the loader reads before main: recorded,
    // so the derived image's results compare with its own, and with the image's as "not comparable".
    assert.notEqual(derivedEnv.host.loaderFiles, baseEnv.host.loaderFiles);
    assert.deepEqual({ ...derivedEnv, host: { ...derivedEnv.host, loaderFiles: '' } }, { ...baseEnv, host: { ...baseEnv.host, loaderFiles: '' } });
  });

  test('a C benchmark built by its setup is measured in the derived image, the same count twice', () => {
    writeFileSync(
      join(work, 'loop.c'),
      '#include <stdio.h>\nint main(void) { unsigned s = 0; for (unsigned i = 0; i < 100000; i++) s += i * i; printf("%u\\n", s); return 0; }\n',
    );
    writeFileSync(join(work, 'cg-bench.yml'), 'setup:\n  - cc -O2 -g -o loop loop.c\nbenchmarks:\n  - name: loop\n    run: [./loop]\n');
    const measure = (out: string): Results => {
      const r = engine(['run', '--rm', ...RUN_FLAGS, '-v', `${work}:/work`, DERIVED, 'run', '--out', out]);
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      return readJson(join(work, out, 'results.json'));
    };
    const [first, second] = [measure('one'), measure('two')];
    assert.equal(first.benchmarks[0]?.status, 'ok');
    assert.ok((first.benchmarks[0]?.estimatedCycles ?? 0) > 100_000);
    assert.deepEqual(
      second.benchmarks.map((b) => b.events),
      first.benchmarks.map((b) => b.events),
    );
  });
});
