import { fitComment, GITHUB_COMMENT_LIMIT } from '../publish/sticky.ts';
import type { GitHubApi } from './api.ts';

/** Updates the suite's comment (found by its marker) if there is one, else creates it: never a second one. */
export async function writeComment(api: GitHubApi, issue: number, existing: { id: number } | undefined, body: string): Promise<string> {
  const fitted = fitComment(body, GITHUB_COMMENT_LIMIT);
  return existing ? (await api.updateComment(existing.id, fitted)).url : (await api.createComment(issue, fitted)).url;
}
