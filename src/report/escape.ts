const ZWSP = '\u200b';

/**
 * Makes untrusted text (benchmark and function names, messages) inert in GitHub/GitLab Markdown:
 * no HTML, no formatting, no table breaks, no @-mentions, no #references, no autolinks.
 * The result is for plain text positions, never inside a code span.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\\`*_{}[\]()!|~^=$-]/g, (c) => `\\${c}`)
    .replace(/[@#]/g, (c) => `${c}${ZWSP}`)
    .replace(/:\/\//g, `:/${ZWSP}/`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`);
}

/** Removes what a terminal would interpret (escape sequences, carriage returns) from untrusted text. */
export function escapeTerminal(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}
