// The attribution pass runs a Python benchmark once more, natively, with a bytecode counter first on
// its PYTHONPATH (src/python/attribution.ts). Its environment must reach the code: when the code's
// environment moved into the command (env -i), a pass that handed it to runProcess alone ran the
// benchmark without the counter, and results.json lost its Python functions silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson } from '../helpers.ts';

const noPython = spawnSync('python3', ['--version']).status !== 0 && 'needs python3';

test("a Python benchmark's attribution pass counts its functions' bytecode", { skip: noPython }, async (t) => {
  const dir = project(['benchmarks:', '  - name: py', '    run: [python3, work.py]', ''].join('\n'), {
    'work.py': 'def busy():\n    return sum(i * i for i in range(2000))\n\nbusy()\n',
  });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const [py] = readJson(join(dir, 'out', 'results.json')).benchmarks;
  assert.ok(py?.python, 'results.json has the Python functions');
  assert.ok(
    py.python.functions.some((f) => f.fn.includes('busy')),
    JSON.stringify(py.python.functions.slice(0, 5)),
  );
});
