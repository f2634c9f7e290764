// "The same number on a busy runner", in the image: the C example and a Python program measured ten
// times, each run in a container of its own, the ten at once, while the machine is loaded (tests/load.ts) and other
// containers start and stop beside them. Every run gives the C example the same events. Python's
// count follows the device number of the container's root filesystem (the kernel numbers an overlay
// from those free, so it depends on the containers running at the time): runs with the same numbers
// give the same events, and runs with other numbers are "not comparable", naming them; never a change.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import type { Results } from '../../src/results/types.ts';
import { readJson, tempDir } from '../helpers.ts';
import { loadMachine, stressProject } from '../load.ts';
import { buildImage, type Completed, ENGINE, IMAGE, RUN_FLAGS } from './container.ts';

const RUNS = 10;

/**
 * Containers starting and stopping without pause beside the measured ones. They share the tests'
 * lock as the measured ones do, so a file that compares Python counts (exclusive) is not moved.
 */
function containerChurn(): () => void {
  const loop = `while :; do ${[...ENGINE, 'run', '--rm', ...RUN_FLAGS, '--entrypoint', 'sleep', IMAGE, '0.5'].join(' ')} >/dev/null 2>&1; done`;
  const churn = spawn('timeout', ['-s', 'KILL', '900', 'sh', '-c', loop], { stdio: 'ignore', detached: true });
  return () => {
    try {
      process.kill(-churn.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
}

/** runImage, without waiting: the runs go side by side. */
function runImageAsync(flags: string[], args: string[]): Promise<Completed> {
  const child = spawn(ENGINE[0]!, [...ENGINE.slice(1), 'run', '--rm', ...RUN_FLAGS, ...flags, IMAGE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

test(`in the image, under load and beside other containers: ${RUNS} runs, C identical, Python identical or not comparable by its device numbers`, {
  timeout: 30 * 60_000,
}, async (t) => {
  buildImage();
  const dir = stressProject();
  const outputs = tempDir();
  const load = loadMachine();
  const stopChurn = containerChurn();
  const runs: Results[] = [];
  try {
    // The runs start together: each is the others' neighbour and load, and the load generators
    // (which take the cores from the rest of the suite) run for a fraction of ten runs in a row.
    const completed = await Promise.all(
      Array.from({ length: RUNS }, (_, i) => runImageAsync(['-v', `${dir}:/work`, '-v', `${outputs}:/results`], ['run', '--out', `/results/${i}`])),
    );
    for (const [i, r] of completed.entries()) {
      assert.equal(r.status, 0, r.stderr);
      runs.push(readJson(join(outputs, String(i), 'results.json')));
    }
  } finally {
    stopChurn();
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
