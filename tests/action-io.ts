import type { GitHubApi } from '../src/github/api.ts';
import type { ActionIO } from '../src/github/io.ts';

/** An ActionIO that says nothing and reads no input, but for what `overrides` gives. */
export function quietActionIO(overrides: Partial<ActionIO> = {}): ActionIO {
  return {
    getInput: () => '',
    setOutput: () => {},
    info: () => {},
    warning: () => {},
    notice: () => {},
    setFailed: () => {},
    writeSummary: async () => {},
    ...overrides,
  };
}

/**
 * A GitHub API whose pull requests come from a fork (fork/r, branch topic, at `sha`) and that finds no
 * comment: the bodies of the comments it creates go to `comments`, the statuses it is given to `statuses`.
 */
export function forkGitHubApi(sha: string, comments: string[], statuses?: { state: string; description: string; context: string }[]): GitHubApi {
  return {
    mergeBase: async () => '',
    findComment: async () => undefined,
    createComment: async (_n, body) => (comments.push(body), { id: 1, url: 'u' }),
    updateComment: async () => ({ id: 1, url: 'u' }),
    setStatus: async (_sha, s) => void statuses?.push(s),
    pullRequestHead: async () => ({ sha, repository: 'fork/r', branch: 'topic' }),
  };
}
