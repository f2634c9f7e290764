import { fitComment, GITHUB_COMMENT_LIMIT } from '../publish/sticky.ts';
import type { GitHubApi } from './api.ts';

export { commentMarker } from '../publish/sticky.ts';

/** Updates the suite's comment if there is one, else creates it: never a second one. */
export async function upsertComment(api: GitHubApi, issue: number, marker: string, body: string): Promise<{ url: string; created: boolean }> {
  const existing = await api.findComment(issue, marker);
  const fitted = fitComment(body, GITHUB_COMMENT_LIMIT);
  if (existing) return { url: (await api.updateComment(existing.id, fitted)).url, created: false };
  return { url: (await api.createComment(issue, fitted)).url, created: true };
}
