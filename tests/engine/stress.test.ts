// "The same number on a busy runner": the bundled C example and a Python program measured ten times
// each on the host while the machine is loaded as a shared runner is (tests/load.ts). Every run must
// give every event identical and record the same seal: a seal weakened by a probe that timed out
// under load (the suspect of issue 24) would show here as a different `seal`, then as other counts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, readJson, tempDir } from '../helpers.ts';
import { loadMachine, stressProject } from '../load.ts';

const RUNS = 10;

test(`the C example (20k) and a Python program give identical counts in ${RUNS} runs each on a loaded machine`, async (t) => {
  const dir = stressProject();
  const outputs = tempDir();
  const load = loadMachine();
  const seen: string[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const out = join(outputs, String(i));
      const r = await cli(['run', '--out', out], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      const results = readJson(join(out, 'results.json'));
      seen.push(JSON.stringify(results.benchmarks.map((b) => [b.name, b.events, b.seal])));
    }
  } finally {
    const { loadAverage, generators } = load.stop();
    t.diagnostic(`load average at the end: ${loadAverage.toFixed(1)} (${generators.join(', ')})`);
  }
  assert.deepEqual(new Set(seen).size, 1, `runs differ:\n${[...new Set(seen)].join('\n')}`);
});
