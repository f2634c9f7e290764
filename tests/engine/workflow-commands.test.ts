// The plain CLI in a GitHub Actions step (GITHUB_ACTIONS=true, no action around it): what a setup
// command or a benchmark printed, and names, reach the log as text, never as workflow commands
// (issue 23, item 7). Real CLI, real Valgrind.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, project } from '../helpers.ts';

/** Lines the runner would run: `::name::` first after blanks, `##[name]` anywhere. */
const commands = (text: string) => text.split('\n').filter((line) => /^\s*::/.test(line) || line.includes('##['));

describe("GITHUB_ACTIONS=true: no workflow command from the CLI's output", () => {
  test('setup output in the log tail', async () => {
    const dir = project(
      `setup:\n  - "echo '::error::from setup'; echo '  ::add-mask::x ##[error]y'; exit 1"\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n`,
    );
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^\\::error::from setup$/m, 'shown, as text');
    assert.deepEqual(commands(r.stderr), []);
    assert.deepEqual(commands(r.stdout), []);
  });
  test('a benchmark named like a command, failing with such output', async () => {
    const dir = project(`benchmarks:\n  - name: "::error::name"\n    run: [sh, -c, "echo '::error::from bench' >&2; echo '##[warning]w'; exit 1"]\n`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.match(r.stdout, /^\\::error::name/m, 'the name is shown, as text');
    assert.deepEqual(commands(r.stderr), []);
    assert.deepEqual(commands(r.stdout), []);
  });
});
