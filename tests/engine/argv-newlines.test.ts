// Newlines in a measured argv (issue 23, item 4): Cachegrind writes the `cmd:` line as the argv joined
// by spaces, newlines included, so such a command goes on over several lines of cachegrind.out.
// A `run: |` block, `python3 -c` with a script and a child started with such an argv are measured
// like any other command. Real CLI, real Valgrind.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { byName, cli, project, readJson } from '../helpers.ts';

// YAML single quotes keep backslashes: printf makes the child's newline, python3 sees a real one.
const CONFIG = String.raw`benchmarks:
  - name: block
    run: |
      echo a
      echo b
  - name: python-script
    run: [python3, -c, "x = 6\nprint(x * 7)\n"]
  - name: child
    run: [sh, -c, 'sh -c "$(printf "echo c\n42\n\nevents: d")"; true']
`;

describe('a newline in a measured argv', () => {
  let results: Results;
  before(async () => {
    const dir = project(CONFIG);
    const r = await cli(['run', '--out', 'out'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    results = readJson(join(dir, 'out', 'results.json'));
  });

  test('a run: | block is measured, its command kept with the newline', () => {
    const block = byName(results).get('block')!;
    assert.equal(block.status, 'ok', block.message);
    assert.ok(
      block.processes.some((p) => p.cmd.endsWith(' -c echo a\necho b\n')),
      JSON.stringify(block.processes.map((p) => p.cmd)),
    );
  });

  test('python3 -c with a multi-line script is measured', () => {
    const python = byName(results).get('python-script')!;
    assert.equal(python.status, 'ok', python.message);
    assert.match(python.processes[0]!.cmd, /python3 -c x = 6\nprint\(x \* 7\)\n$/);
  });

  test('a child whose argv has newlines (a line of digits, a blank line, one starting "events:") is measured', () => {
    const child = byName(results).get('child')!;
    assert.equal(child.status, 'ok', child.message);
    assert.ok(
      child.processes.some((p) => p.cmd.endsWith('sh -c echo c\n42\n\nevents: d')),
      JSON.stringify(child.processes.map((p) => p.cmd)),
    );
  });
});
