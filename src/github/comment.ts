import type { GitHubApi } from './api.ts';

/** GitHub refuses issue comments longer than this many characters. */
export const COMMENT_LIMIT = 65_536;

/** Hidden, one per suite, so several suites can each keep their own sticky comment. */
export function commentMarker(suiteId: string): string {
  return `<!-- cg-bench:${suiteId} -->`;
}

const DETAILS = /\n<details>[\s\S]*?<\/details>\n/g;

/**
 * Shrinks a report to fit a comment: first without the details section, then cut at a line
 * boundary with a note. The marker (first line) always survives.
 */
export function fitComment(body: string, limit = COMMENT_LIMIT): string {
  if (body.length <= limit) return body;
  const withoutDetails = body.replace(DETAILS, '\n_Details omitted: the full report is in the job summary and the artifact._\n');
  if (withoutDetails.length <= limit) return withoutDetails;
  const lines = withoutDetails.split('\n');
  const kept: string[] = [];
  let length = 0;
  const room = limit - 200;
  for (const line of lines) {
    if (length + line.length + 1 > room) break;
    kept.push(line);
    length += line.length + 1;
  }
  const cut = lines.length - kept.length;
  return `${kept.join('\n')}\n\n_… ${cut} more lines cut: the report is longer than a comment can hold. The full report is in the job summary and the artifact._\n`;
}

/** Updates the suite's comment if there is one, else creates it: never a second one. */
export async function upsertComment(api: GitHubApi, issue: number, marker: string, body: string): Promise<{ url: string; created: boolean }> {
  const existing = await api.findComment(issue, marker);
  if (existing) return { url: (await api.updateComment(existing.id, body)).url, created: false };
  return { url: (await api.createComment(issue, body)).url, created: true };
}
