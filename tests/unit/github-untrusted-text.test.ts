import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inertLines } from '../../src/github/inert-log.ts';
import { escapeTerminal } from '../../src/report/escape.ts';

test('pull-request text is logged between stop-commands markers, controls removed', () => {
  const hostile = '::error title=x::pwned\n##[add-mask]secret\n::set-output name=a::b\n\x1b]52;c;ZXZpbA==\x07 osc52';
  const out = inertLines(hostile, 'tok-123');
  const lines = out.split('\n');
  assert.equal(lines[0], '::stop-commands::tok-123');
  assert.equal(lines.at(-1), '::tok-123::');
  assert.deepEqual(lines.slice(1, -1), ['::error title=x::pwned', '##[add-mask]secret', '::set-output name=a::b', ' ]52;c;ZXZpbA==  osc52']);
  assert.notEqual(inertLines('x'), inertLines('x'), 'a fresh token every time: the text cannot end the stop itself');
});

test('terminal text loses escapes, C1 controls, bidi overrides and zero-width characters', () => {
  assert.equal(escapeTerminal('a\x1b[31mb\u009bc'), 'a [31mb c');
  assert.equal(escapeTerminal('evil\u202egnp.exe'), 'evil\ufffdgnp.exe');
  assert.equal(escapeTerminal('zero\u200bwidth'), 'zero\ufffdwidth');
});

test('pull_request_target is refused with the reason and the safe set-up', async () => {
  const { triggerFrom } = await import('../../src/github/event.ts');
  assert.throws(
    () => triggerFrom('pull_request_target', {}, { repository: 'o/r', sha: 'x', ref: '' }),
    /does not run on pull_request_target: .*secrets.*workflow_run/,
  );
});

test('the runner model the action test judges logs with: hostile lines are commands unless wrapped by inertLines', async () => {
  const { foreignCommands, processedCommands } = await import('../github/runner-commands.ts');
  const hostile = ['::error title=x::pwned', '  ::add-mask::secret', '::set-output name=a::b', '[1/3] ##[add-mask]secret: running', '::stop-commands::x'].join(
    '\n',
  );
  assert.deepEqual(
    foreignCommands(hostile).map((c) => c.name),
    ['error', 'add-mask', 'set-output', 'add-mask', 'stop-commands'],
  );
  const log = ["::warning::the action's own", inertLines(hostile), inertLines(hostile), '::error::1 benchmark(s) failed; see the report'].join('\n');
  assert.deepEqual(foreignCommands(log), []);
  assert.deepEqual(
    processedCommands(log).map((c) => c.name),
    ['warning', 'stop-commands', 'stop-commands', 'error'],
  );
  // A hostile stop-commands outside a block silences the action's own commands after it.
  assert.deepEqual(
    processedCommands(`${hostile}\n::error::lost\n`).map((c) => c.name),
    ['error', 'add-mask', 'set-output', 'add-mask', 'stop-commands'],
  );
});
