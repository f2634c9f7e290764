// The timed benchmarks as the action's docker-run path times them: the head and the base checkout
// in one container of the image (head at /work, base beside it), each side's setup run once, then
// paired; paired.json read back and checked on the host.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { containerMeasurer } from '../../src/container/measurer.ts';
import { tempDir } from '../helpers.ts';
import { buildImage, ENGINE, IMAGE, RUN_FLAGS } from './container.ts';

/** A checkout whose timed benchmarks loop `n` times in the shell (its setup writes the count). */
function checkout(n: number): string {
  const dir = join(tempDir('cg-bench-paired-image-'), 'repo');
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'cg-bench.yml'),
    [
      'setup:',
      `  - "echo ${n} > count"`,
      'benchmarks:',
      '  - name: simulated',
      '    run: [/bin/true]',
      '  - name: loop',
      "    run: 'n=$(cat count); i=0; while [ $i -lt $n ]; do i=$((i+1)); done'",
      '    mode: wallclock',
      '    budget: 2s',
      '  - name: loop-counters',
      "    run: 'n=$(cat count); i=0; while [ $i -lt $n ]; do i=$((i+1)); done'",
      '    mode: counters',
      '    budget: 2s',
      '',
    ].join('\n'),
  );
  return dir;
}

/** The action's docker-run measurer on the test image, as the user running the tests. */
function imageMeasurer() {
  return containerMeasurer({
    engine: { command: ENGINE, runFlags: RUN_FLAGS },
    image: IMAGE,
    imageId: undefined,
    jobs: 1,
    user: { uid: process.getuid!(), gid: process.getgid!() },
    log: () => {},
  });
}

describe("timed benchmarks in the image (the action's docker run path)", { timeout: 20 * 60_000 }, () => {
  before(() => buildImage());

  test('base and head paired in one container: a head that loops three times as long is a regression; counters fall back to CPU time where the runner has none', async () => {
    const measurer = imageMeasurer();
    const out = join(tempDir('cg-bench-paired-image-out-'), 'paired');
    // Each run's sandbox start is on both sides and grows with the load: the work must outweigh it
    // (as in tests/engine/paired.test.ts). 10,000 against 20,000 rounds of the shell's loop (~10 ms of
    // work) read as +29 % beside a second suite at load 14; 50,000 against 150,000 are ~50 and ~150 ms.
    const m = await measurer.timePaired(checkout(150_000), checkout(50_000), 'cg-bench.yml', out);
    assert.ok(m.timed, m.error);
    assert.deepEqual(
      m.timed.map((t) => t.name),
      ['loop', 'loop-counters'],
      'the simulated benchmark is not timed',
    );
    const [loop, counters] = m.timed;
    assert.equal(loop!.mode, 'wallclock');
    // Under load the 2 s budget may give only the 10 pairs, each run waiting for the CPU differently:
    // the signed-rank interval holds its lower bound far above the threshold there (+59 % at load 18,
    // docs/stopwatch.md), where the sign test's two order statistics fell to 0.
    assert.equal(loop!.verdict, 'regression', JSON.stringify(loop!.estimate));
    assert.match(loop!.estimate.method, /signed-rank/);
    // At least 10 pairs measured; under load some are dropped as outliers (the kept count alone fell below 10 beside a second suite).
    assert.ok(loop!.estimate.pairs + loop!.estimate.dropped >= 10, JSON.stringify(loop!.estimate));
    assert.ok(loop!.estimate.relative > 0.3, `three times the loop: ${loop!.estimate.relative}`);
    assert.ok(['counters', 'cputime'].includes(counters!.mode), counters!.mode);
    assert.equal(counters!.verdict, 'regression');
  });

  // Review r12: a failing timed benchmark stops none of the others (exit 3 with paired.json naming
  // it), and a setup that fails (exit 3, no paired.json) is said in its own words.
  test('a timed benchmark that fails is named beside the others timed; a failing setup is said in its own words', async () => {
    const measurer = imageMeasurer();
    const side = (setup: string) => {
      const dir = join(tempDir('cg-bench-paired-image-'), 'repo');
      mkdirSync(dir);
      const timed = (name: string, run: string) => [`  - name: ${name}`, `    run: ${JSON.stringify(run)}`, '    mode: wallclock', '    budget: 1s'];
      writeFileSync(
        join(dir, 'cg-bench.yml'),
        ['setup:', `  - ${JSON.stringify(setup)}`, 'benchmarks:', ...timed('crashes', 'kill -SEGV $$'), ...timed('fine', '/bin/true'), ''].join('\n'),
      );
      return dir;
    };
    const out = () => join(tempDir('cg-bench-paired-image-out-'), 'paired');
    const m = await measurer.timePaired(side('true'), side('true'), 'cg-bench.yml', out());
    assert.ok(m.timed, m.error);
    assert.deepEqual(
      m.timed.map((t) => t.name),
      ['fine'],
    );
    assert.deepEqual(
      m.failed.map((f) => f.name),
      ['crashes'],
    );
    assert.match(m.failed[0]!.message, /benchmark "crashes" \(base, .*\): (?:killed by SIGSEGV|exited with status 139)/);
    const broken = await measurer.timePaired(side('true'), side('echo the base cannot build >&2; exit 7'), 'cg-bench.yml', out());
    assert.match(broken.error ?? '', /the base cannot build/);
  });
});
