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
  assert.throws(() => triggerFrom('pull_request_target', {}, { repository: 'o/r', sha: 'x', ref: '' }), /does not run on pull_request_target: .*secrets.*workflow_run/);
});
