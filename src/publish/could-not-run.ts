import { escapeMarkdown } from '../report/escape.ts';
import type { Suite } from './suite.ts';

/**
 * The comment or note for a change whose head could not be measured at all (a configuration error, a
 * failed setup command): where people look, instead of nothing. Only cg-bench's words and the commit:
 * the reason is the pull request's text, and it stays in the measuring job's log.
 */
export function couldNotRunBody(suite: Suite, shortSha: string): string {
  return [
    suite.marker,
    `### ❌ cg-bench${suite.heading ? ` (${escapeMarkdown(suite.heading)})` : ''}: could not measure ${shortSha}`,
    '',
    "The measuring job could not measure this change's head (a configuration error, or a failed setup command): its log says why. Nothing was compared.",
    '',
  ].join('\n');
}
