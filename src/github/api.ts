import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { isStickyBody } from '../publish/sticky.ts';

/** The few GitHub calls cg-bench makes, behind an interface the orchestrator can be read against. */
/** The author of what the workflow's GITHUB_TOKEN writes. */
const GITHUB_ACTIONS_BOT = 'github-actions[bot]';

export interface GitHubApi {
  mergeBase(base: string, head: string): Promise<string>;
  findComment(issue: number, marker: string): Promise<{ id: number; url: string } | undefined>;
  createComment(issue: number, body: string): Promise<{ id: number; url: string }>;
  updateComment(id: number, body: string): Promise<{ id: number; url: string }>;
  setStatus(
    sha: string,
    status: { state: 'success' | 'failure' | 'error' | 'pending'; description: string; context: string; targetUrl?: string | undefined },
  ): Promise<void>;
  /** Where a pull request's head is: commit, repository (owner/name) and branch. */
  pullRequestHead(number: number): Promise<{ sha: string; repository: string; branch: string }>;
}

export function createGitHubApi(token: string, repository: string, log: (message: string) => void): GitHubApi {
  const [owner, repo] = repository.split('/') as [string, string];
  const octokit = getOctokit(
    token,
    {
      // 5xx and rate limits are retried with backoff; anything else surfaces as a warning upstream.
      retry: { retries: 3 },
      throttle: {
        onRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          log(`GitHub rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`);
          return retryCount < 2;
        },
        onSecondaryRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          log(`GitHub secondary rate limit on ${options.method} ${options.url}; retrying in ${retryAfter}s`);
          return retryCount < 2;
        },
      },
    },
    retry,
    throttling,
  );
  let login: Promise<string> | undefined;
  /**
   * Whom the token acts as: a personal or app user token can say (GET /user); the workflow's
   * GITHUB_TOKEN cannot (403), and its comments are github-actions[bot]'s.
   */
  const identity = () =>
    (login ??= octokit.rest.users.getAuthenticated().then(
      ({ data }) => data.login,
      () => GITHUB_ACTIONS_BOT,
    ));
  return {
    async mergeBase(base, head) {
      const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead: `${base}...${head}`, per_page: 1 });
      return data.merge_base_commit.sha;
    },
    async findComment(issue, marker) {
      // Only our own comment is ours to edit: anyone can write the marker into a comment of theirs,
      // and our identity may have written others that quote it.
      const me = await identity();
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, { owner, repo, issue_number: issue, per_page: 100 })) {
        const found = page.data.find((c) => c.user?.login === me && isStickyBody(c.body, marker));
        if (found) return { id: found.id, url: found.html_url };
      }
      return undefined;
    },
    async createComment(issue, body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body });
      return { id: data.id, url: data.html_url };
    },
    async updateComment(id, body) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body });
      return { id: data.id, url: data.html_url };
    },
    async setStatus(sha, status) {
      await octokit.rest.repos.createCommitStatus({
        owner,
        repo,
        sha,
        state: status.state,
        description: status.description.slice(0, 140),
        context: status.context,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
      });
    },
    async pullRequestHead(number) {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: number });
      return { sha: data.head.sha, repository: data.head.repo?.full_name ?? '', branch: data.head.ref };
    },
  };
}
