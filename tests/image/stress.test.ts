// "The same number on a busy runner", in the image: the C example and a Python program measured ten
// times, each run in a container of its own, while the machine is loaded (tests/load.ts) and other
// containers start and stop beside them; no other test's containers: the test holds the engine lock
// alone (tests/image/engine-lock.sh). Every run gives the C example the same events. Python's
// count follows the device number of the container's root filesystem (the kernel numbers an overlay
// from those free, so it depends on the containers running at the time): runs with the same numbers
// give the same events, and runs with other numbers are "not comparable", naming them; never a change.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import { readResults } from '../../src/results/io.ts';
import type { Results } from '../../src/results/types.ts';
import { tempDir } from '../helpers.ts';
import { loadMachine, stressProject } from '../load.ts';
import { BARE_ENGINE, buildImage, holdEngineAlone, IMAGE, RUN_FLAGS } from './container.ts';

const RUNS = 10;

/** Containers starting and stopping without pause beside the measured ones (the test holds the lock). */
function containerChurn(): () => void {
  const loop = `while :; do ${[...BARE_ENGINE, 'run', '--rm', ...RUN_FLAGS, '--entrypoint', 'sleep', IMAGE, '0.5'].join(' ')} >/dev/null 2>&1; done`;
  const churn = spawn('timeout', ['-s', 'KILL', '900', 'sh', '-c', loop], { stdio: 'ignore', detached: true });
  return () => {
    try {
      process.kill(-churn.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
}

/** runImage under the lock this test holds. */
function runBare(flags: string[], args: string[]) {
  const r = spawnSync(BARE_ENGINE[0]!, [...BARE_ENGINE.slice(1), 'run', '--rm', ...RUN_FLAGS, ...flags, IMAGE, ...args], {
    encoding: 'utf8',
    timeout: 20 * 60_000,
  });
  return { status: r.status, stderr: `${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

test(`in the image, under load and beside other containers: ${RUNS} runs, C identical, Python identical or not comparable by its device numbers`, {
  timeout: 30 * 60_000,
}, async (t) => {
  buildImage();
  const dir = stressProject();
  const outputs = tempDir();
  // Taken before the load starts: no load while waiting for other files' containers.
  const release = await holdEngineAlone();
  const load = loadMachine();
  const stopChurn = containerChurn();
  const runs: Results[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = runBare(['-v', `${dir}:/work`, '-v', `${outputs}:/results`], ['run', '--out', `/results/${i}`]);
      assert.equal(r.status, 0, r.stderr);
      // Read as cg-bench reads a baseline (a line's file is written only where it is not its function's).
      runs.push(readResults(join(outputs, String(i), 'results.json')));
    }
  } finally {
    stopChurn();
    release();
    const { loadAverage, generators } = load.stop();
    t.diagnostic(`load average at the end: ${loadAverage.toFixed(1)} (${generators.join(', ')}, containers starting beside)`);
  }
  const of = (r: Results, name: string) => r.benchmarks.find((b) => b.name === name)!;
  assert.equal(new Set(runs.map((r) => JSON.stringify(of(r, 'c-qsort-20k').events))).size, 1, 'the C example moved');
  const byDevices = new Map<string, Results[]>();
  for (const r of runs) byDevices.set(of(r, 'python-small').seal?.devices ?? '', [...(byDevices.get(of(r, 'python-small').seal?.devices ?? '') ?? []), r]);
  t.diagnostic(`Python's device numbers: ${[...byDevices].map(([d, rs]) => `${d} (${rs.length} runs)`).join('; ')}`);
  for (const [devices, group] of byDevices) {
    assert.match(devices, /^\/ \d+, cwd \d+$/);
    assert.equal(new Set(group.map((r) => JSON.stringify(of(r, 'python-small').events))).size, 1, `Python moved with the same device numbers (${devices})`);
  }
  const groups = [...byDevices.values()];
  for (const other of groups.slice(1)) {
    const python = compareResults(groups[0]![0]!, other[0]!).benchmarks.find((b) => b.name === 'python-small')!;
    assert.equal(python.verdict, 'not-comparable');
    assert.match(python.notComparable ?? '', /device numbers of the filesystems Python reads/);
  }
});
