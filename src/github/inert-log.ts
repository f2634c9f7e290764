import { randomUUID } from 'node:crypto';
import { escapeTerminal } from '../report/escape.ts';

/**
 * Log text that may come from a pull request (benchmark names, program output) written so the runner
 * executes none of it: a line such as `::error::…`, `::add-mask::…` or `##[set-output …]` is a
 * workflow command only while commands are on, so they are stopped around it (GitHub's
 * stop-commands, with a token nobody can guess), and terminal controls are removed.
 */
export function inertLines(text: string, token: string = randomUUID()): string {
  const body = text.split('\n').map(escapeTerminal).join('\n');
  return `::stop-commands::${token}\n${body}\n::${token}::`;
}
