// "The same number on a busy runner", in the image: the C example and a Python program measured ten
// times, in five containers started together, two runs in a row in each, while the machine is loaded
// (tests/load.ts): the containers start and stop beside each other's measurements and beside other
// test files' containers (the engine lock is held shared: only an exclusive user, such as an image
// build, waits; held alone, it kept every other container test waiting for 230 s of a 1,097 s CI
// run). Every run gives the C example the same events. (Ten containers, five at a time, measured the
// same and took longer: 269 s of a CI run; two runs in a container are still ten measurements.)
// Python's count follows the device number of the container's root filesystem (the kernel numbers an
// overlay from those free, so it depends on the containers running at the time): runs with the same
// numbers give the same events (the two runs of a container always do), and runs with other numbers
// are "not comparable", naming them; never a change. (Python's count under load beside the host's
// own runs: tests/engine/stress.test.ts, where the numbers stay.)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { readResults } from '../../src/results/io.ts';
import type { Results } from '../../src/results/types.ts';
import { tempDir } from '../helpers.ts';
import { loadMachine, stressProject } from '../load.ts';
import { BARE_ENGINE, buildImage, holdEngine, IMAGE, RUN_FLAGS } from './container.ts';

const CONTAINERS = 5;
const RUNS_EACH = 2;
const RUNS = CONTAINERS * RUNS_EACH;
const CLI = 'node /opt/cg-bench/dist/cli.js';

/** runImage under the (shared) lock this test holds, without blocking: the wave's containers run together. */
function runBare(flags: string[], args: string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(BARE_ENGINE[0]!, [...BARE_ENGINE.slice(1), 'run', '--rm', ...RUN_FLAGS, ...flags, IMAGE, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 20 * 60_000,
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ status: null, stderr: `${stderr}${String(error)}` }));
    child.once('close', (status) => resolve({ status, stderr }));
  });
}

test(`in the image, under load and beside other containers: ${RUNS} runs (${CONTAINERS} containers at once, ${RUNS_EACH} runs in each), C identical, Python identical or not comparable by its device numbers`, {
  timeout: 30 * 60_000,
}, async (t) => {
  buildImage();
  const dir = stressProject();
  const outputs = tempDir();
  // Taken before the load starts: no load while an exclusive user holds the engine.
  const release = await holdEngine('shared');
  const load = loadMachine();
  const runs: Results[] = [];
  let autogroups: string[] = [];
  try {
    // Container i writes runs i*RUNS_EACH .. i*RUNS_EACH+RUNS_EACH-1, one after the other.
    const numbers = (i: number) => Array.from({ length: RUNS_EACH }, (_, k) => i * RUNS_EACH + k);
    const script = (i: number) =>
      numbers(i)
        .map((n) => `${CLI} run --out /results/${n}`)
        .join(' && ');
    const done = await Promise.all(
      Array.from({ length: CONTAINERS }, (_, i) => runBare(['-v', `${dir}:/work`, '-v', `${outputs}:/results`, '--entrypoint', 'sh'], ['-c', script(i)])),
    );
    for (const [i, r] of done.entries()) {
      assert.equal(r.status, 0, r.stderr);
      // Read as cg-bench reads a baseline (a line's file is written only where it is not its function's).
      for (const n of numbers(i)) runs.push(readResults(join(outputs, String(n), 'results.json')));
    }
  } finally {
    release();
    const stopped = load.stop();
    autogroups = stopped.autogroups;
    t.diagnostic(
      `load average at the end: ${stopped.loadAverage.toFixed(1)} (${stopped.generators.join(', ')}; ${autogroups.join(', ') || 'no autogroups'}; ${CONTAINERS} containers at once)`,
    );
  }
  // Low priority as a group: a generator in a scheduling group at niceness 0 took as much CPU as the runs.
  for (const group of autogroups) assert.match(group, /\bnice 10$/);
  assert.equal(runs.length, RUNS);
  const of = (r: Results, name: string) => r.benchmarks.find((b) => b.name === name)!;
  assert.equal(new Set(runs.map((r) => JSON.stringify(of(r, 'c-qsort-20k').events))).size, 1, 'the C example moved');
  const heap = (r: Results) => {
    const { files: _files, wallTimeMs: _wall, ...figures } = of(r, 'c-qsort-20k').memory!;
    return JSON.stringify(figures);
  };
  assert.equal(new Set(runs.map(heap)).size, 1, "the C example's heap figures moved");
  const byDevices = new Map<string, Results[]>();
  for (const r of runs) byDevices.set(of(r, 'python-small').seal?.devices ?? '', [...(byDevices.get(of(r, 'python-small').seal?.devices ?? '') ?? []), r]);
  t.diagnostic(`Python's device numbers: ${[...byDevices].map(([d, rs]) => `${d} (${rs.length} runs)`).join('; ')}`);
  for (const [devices, group] of byDevices) {
    assert.match(devices, /^\/ \d+, cwd \d+$/);
    assert.equal(new Set(group.map((r) => JSON.stringify(of(r, 'python-small').events))).size, 1, `Python moved with the same device numbers (${devices})`);
  }
  // The runs of one container read the same filesystems: Python's count is compared in each, however busy the engine.
  for (let i = 0; i < RUNS; i += RUNS_EACH) {
    assert.equal(new Set(runs.slice(i, i + RUNS_EACH).map((r) => of(r, 'python-small').seal?.devices)).size, 1, `the runs of container ${i / RUNS_EACH}`);
  }
  const groups = [...byDevices.values()];
  for (const other of groups.slice(1)) {
    const python = compareResults(groups[0]![0]!, other[0]!).benchmarks.find((b) => b.name === 'python-small')!;
    assert.equal(python.verdict, 'not-comparable');
    assert.match(python.notComparable ?? '', /device numbers of the filesystems Python reads/);
  }
});
