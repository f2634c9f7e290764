import { CgBenchError } from '../errors.ts';

/** What triggered the workflow, reduced to what cg-bench needs. Pure: payload in, plan out. */
export type Trigger =
  | {
      kind: 'pull_request';
      number: number;
      headSha: string;
      baseSha: string;
      baseRef: string;
      /** The head lives in another repository: the token is read-only and secrets are absent. */
      fork: boolean;
    }
  | { kind: 'push'; sha: string; ref: string; defaultBranch: boolean }
  | {
      kind: 'merge_group';
      /** The merge group's head commit (GITHUB_SHA): what the queue would merge, checked out by actions/checkout. */
      headSha: string;
      /** The base branch commit the merge group is built on: the baseline. */
      baseSha: string;
      baseRef: string;
    }
  | {
      kind: 'workflow_run';
      headSha: string;
      /** The repository and branch the measured run came from, as GitHub says (a fork's for a fork PR). */
      headRepository: string;
      headBranch: string;
      runId: number;
      pullNumbers: number[];
    }
  | { kind: 'other'; eventName: string; sha: string };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * pull_request_target runs with the base repository's secrets and a write token: measuring the pull
 * request there hands both to its code. Refused, with the safe set-up named.
 */
const PULL_REQUEST_TARGET_REFUSED =
  "cg-bench does not run on pull_request_target: that event gives the workflow a write token and the repository's secrets, and measuring the pull request would run its code next to them. Measure on pull_request (for forks, with the report workflow on workflow_run: see the README, SECURITY).";

export function triggerFrom(eventName: string, payload: unknown, env: { repository: string; sha: string; ref: string }): Trigger {
  const p = obj(payload);
  if (eventName === 'pull_request_target') throw new CgBenchError(PULL_REQUEST_TARGET_REFUSED);
  if (eventName === 'pull_request') {
    const pr = obj(p['pull_request']);
    const head = obj(pr['head']);
    const base = obj(pr['base']);
    const headRepo = str(obj(head['repo'])['full_name']);
    return {
      kind: 'pull_request',
      number: Number(pr['number'] ?? p['number']),
      headSha: str(head['sha']),
      baseSha: str(base['sha']),
      baseRef: str(base['ref']),
      fork: headRepo !== (str(obj(base['repo'])['full_name']) || env.repository),
    };
  }
  if (eventName === 'push') {
    const defaultBranch = str(obj(p['repository'])['default_branch']);
    const ref = str(p['ref']) || env.ref;
    return { kind: 'push', sha: str(p['after']) || env.sha, ref, defaultBranch: Boolean(defaultBranch) && ref === `refs/heads/${defaultBranch}` };
  }
  if (eventName === 'merge_group') {
    const group = obj(p['merge_group']);
    return { kind: 'merge_group', headSha: env.sha || str(group['head_sha']), baseSha: str(group['base_sha']), baseRef: str(group['base_ref']) };
  }
  if (eventName === 'workflow_run') {
    const run = obj(p['workflow_run']);
    const prs = Array.isArray(run['pull_requests']) ? run['pull_requests'] : [];
    return {
      kind: 'workflow_run',
      headSha: str(run['head_sha']),
      headRepository: str(obj(run['head_repository'])['full_name']),
      headBranch: str(run['head_branch']),
      runId: Number(run['id']),
      pullNumbers: prs.map((x) => Number(obj(x)['number'])),
    };
  }
  return { kind: 'other', eventName, sha: env.sha };
}
