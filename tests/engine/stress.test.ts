// "The same number on a busy runner": the bundled C example and a Python program measured ten times
// each on the host, the ten runs at once, while the machine is loaded as a shared runner is (tests/load.ts). Every run must
// give every event identical and record the same seal: a seal weakened by a probe that timed out
// under load (the suspect of issue 24) would show here as a different `seal`, then as other counts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, readJson, tempDir } from '../helpers.ts';
import { loadMachine, stressProject } from '../load.ts';

const RUNS = 10;

test(`the C example (20k) and a Python program give identical counts, and the C example identical heap figures, in ${RUNS} runs each on a loaded machine`, async (t) => {
  const dir = stressProject();
  const outputs = tempDir();
  const load = loadMachine();
  const seen: string[] = [];
  let autogroups: string[] = [];
  try {
    // The runs start together: each is the others' load too, and the load generators (which take
    // what the runs leave idle) run for a fraction of the time ten runs in a row took.
    const runs = await Promise.all(Array.from({ length: RUNS }, (_, i) => cli(['run', '--out', join(outputs, String(i))], { cwd: dir })));
    for (const [i, r] of runs.entries()) {
      assert.equal(r.code, 0, r.stderr);
      const results = readJson(join(outputs, String(i), 'results.json'));
      // The heap figures without what names this run's files and its wall time.
      const heap = (b: (typeof results.benchmarks)[number]) => b.memory && { ...b.memory, files: [], wallTimeMs: 0 };
      seen.push(JSON.stringify(results.benchmarks.map((b) => [b.name, b.events, b.seal, heap(b)])));
    }
  } finally {
    const stopped = load.stop();
    autogroups = stopped.autogroups;
    t.diagnostic(`load average at the end: ${stopped.loadAverage.toFixed(1)} (${stopped.generators.join(', ')}; ${autogroups.join(', ') || 'no autogroups'})`);
  }
  // Low priority as a group: a generator in a scheduling group at niceness 0 took as much CPU as the runs.
  for (const group of autogroups) assert.match(group, /\bnice 10$/);
  assert.deepEqual(new Set(seen).size, 1, `runs differ:\n${[...new Set(seen)].join('\n')}`);
});
