// Pages on GitHub that reports link to, from the runner's variables (GitHub's own, never the pull request's).

/** The commit's page on GitHub, for the report's link. */
export function commitUrl(env: NodeJS.ProcessEnv, sha: string): string | undefined {
  const repository = env['GITHUB_REPOSITORY'];
  return repository ? `${env['GITHUB_SERVER_URL'] || 'https://github.com'}/${repository}/commit/${sha}` : undefined;
}

/** This workflow run's page (where its job summary is). */
export function workflowRunUrl(env: NodeJS.ProcessEnv): string | undefined {
  const id = env['GITHUB_RUN_ID'];
  return id && env['GITHUB_REPOSITORY'] ? `${env['GITHUB_SERVER_URL'] || 'https://github.com'}/${env['GITHUB_REPOSITORY']}/actions/runs/${id}` : undefined;
}
