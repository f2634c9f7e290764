import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeMarkdown, escapeTerminal } from '../../src/report/escape.ts';

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '@octocat please look',
  '| a | b |',
  '[click](https://evil.example)',
  '**bold** _it_ `code`',
  'fixes #123',
  'line1\nline2\r\u001b[31mred',
  '<!-- cg-bench-marker -->',
  '<details><summary>x</summary>',
];

test('escaped names contain no HTML, no table breaks, no mentions, no links, no newlines', () => {
  for (const name of HOSTILE) {
    const out = escapeMarkdown(name);
    assert.doesNotMatch(out, /[<>\n\r\u001b]/, name);
    assert.doesNotMatch(out, /(^|[^\\])\|/, `unescaped pipe in ${out}`);
    assert.doesNotMatch(out, /@[A-Za-z]/, `mention in ${out}`);
    assert.doesNotMatch(out, /#\d/, `issue reference in ${out}`);
    assert.doesNotMatch(out, /(^|[^\\])[[\]`*_]/, `markdown syntax in ${out}`);
    assert.doesNotMatch(out, /https:\/\//, `autolink in ${out}`);
    assert.doesNotMatch(out, /<!--/, `comment/marker in ${out}`);
  }
  assert.equal(escapeMarkdown('sort-1m'), 'sort\\-1m');
});

test('terminal text loses escape sequences and line breaks', () => {
  assert.equal(escapeTerminal('a\u001b[2Jb\nc'), 'a [2Jb c');
});

test("Markdown text keeps no bidi or invisible character raw: each is shown as U+FFFD (only escapeMarkdown's own zero-width spaces, after @ and #, remain)", () => {
  assert.equal(escapeMarkdown('a\u202eb\u2066c\u2069d\u200be\u180ef\ufeffg\u061ch @x'), 'a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\ufffdg\ufffdh @\u200bx');
  assert.equal(escapeTerminal('a\u202eb\u2060c\u180ed'), 'a\ufffdb\ufffdc\ufffdd');
});
