/** GitHub refuses issue comments longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;
/** GitLab's limit for a note. */
export const GITLAB_NOTE_LIMIT = 1_000_000;

/** Hidden, one per suite, so several suites can each keep their own sticky comment or note. */
export function commentMarker(suiteId: string): string {
  return `<!-- cg-bench:${suiteId} -->`;
}

/**
 * Whether a comment or note the token's identity wrote is the suite's sticky one: ours begin with
 * the marker. Another workflow writing as the same bot may quote the marker further down (a
 * comment about cg-bench, a copied report): that one is not ours to overwrite.
 */
export function isStickyBody(body: string | null | undefined, marker: string): boolean {
  return body?.startsWith(marker) ?? false;
}

const DETAILS = /\n<details>[\s\S]*?<\/details>\n/g;

/**
 * The last guard of a comment's or note's limit: reports arrive fitted already (report/markdown.ts
 * renderMarkdown keeps regressions, failures and the footer); this only shrinks a body that still
 * does not fit, first without the details section, then cut at a line boundary with a note. The
 * marker (first line) always survives.
 */
export function fitComment(body: string, limit: number): string {
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
