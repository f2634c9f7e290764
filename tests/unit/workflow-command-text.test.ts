// The plain CLI in a GitHub Actions step (GITHUB_ACTIONS=true): no line of its output is a workflow
// command, however the text was split into writes (issue 23, item 7).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { flushLines, inertStream, workflowCommandSafe, workflowCommandText } from '../../src/cli/terminal.ts';

/** What the runner would take as a command: `::` first after blanks (v2), `##[` anywhere (v1). */
const isCommand = (line: string) => /^\s*::/.test(line) || line.includes('##[');

test('a line that would be a command is shown with a backslash; others are as they were', () => {
  assert.equal(workflowCommandText('::error::pwned'), '\\::error::pwned');
  assert.equal(workflowCommandText('  \t::add-mask::x'), '  \t\\::add-mask::x');
  assert.equal(workflowCommandText('text ##[error]x and ##[set-output name=a]b'), 'text ##\\[error]x and ##\\[set-output name=a]b');
  assert.equal(workflowCommandText('a::b: c'), 'a::b: c');
});

test('whole lines only: a command split over writes (":" then ":error::", "#" then "#[") is caught', () => {
  const written: string[] = [];
  const out = () => written.join('');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  const stream = inertStream(workflowCommandSafe(sink));
  const text = 'setup: ok\n::error::one\n  ::warning::two\nx ##[error]three\n::add-mask::four';
  for (let i = 0; i < text.length; i++) stream.write(text[i]!);
  assert.equal(out(), 'setup: ok\n\\::error::one\n  \\::warning::two\nx ##\\[error]three\n', 'the unfinished line waits');
  flushLines(stream);
  assert.equal(out(), 'setup: ok\n\\::error::one\n  \\::warning::two\nx ##\\[error]three\n\\::add-mask::four');
  assert.deepEqual(out().split('\n').filter(isCommand), []);
});
