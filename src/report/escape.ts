const ZWSP = '\u200b';

/**
 * Invisible characters that make text read otherwise than it is: bidi overrides, embeddings, isolates
 * and marks (U+202E turns the rest of a line around), zero-width ones, word joiners, the BOM, and
 * U+180E. Shown as U+FFFD, in Markdown as on a terminal.
 */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\u2028\u2029\ufeff]/g;

/**
 * Makes untrusted text (benchmark and function names, messages) inert in GitHub/GitLab Markdown:
 * no HTML, no formatting, no table breaks, no @-mentions, no #references, no autolinks.
 * The result is for plain text positions, never inside a code span.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      // Before the escapes below, which add zero-width spaces of their own.
      .replace(INVISIBLE, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/[\\`*_{}[\]()!|~^=$-]/g, (c) => `\\${c}`)
      .replace(/[@#]/g, (c) => `${c}${ZWSP}`)
      .replace(/:\/\//g, `:/${ZWSP}/`)
      .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
  );
}

/**
 * Removes what a terminal would interpret from untrusted text: escape sequences (ESC, OSC 52 and
 * the rest start with a C0 or C1 control), carriage returns, and the invisible characters that make
 * text read otherwise than it is (bidi overrides and isolates, zero-width characters).
 */
export function escapeTerminal(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(INVISIBLE, '\ufffd');
}

/** escapeTerminal for text of several lines: the line breaks are kept, everything else in each line is made inert. */
export function escapeTerminalLines(text: string): string {
  return text.split('\n').map(escapeTerminal).join('\n');
}
