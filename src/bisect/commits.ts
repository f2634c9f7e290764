import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { shownPath, type AbsolutePath } from '../util/paths.ts';
import { ensureCommit, git } from '../vcs/git.ts';

/** What bisect reads from git before measuring anything; each problem is a CgBenchError (exit 2) naming it. */

export interface Commit {
  sha: string;
  subject: string;
}

export interface Range {
  good: Commit;
  bad: Commit;
  /** GOOD..BAD on BAD's first-parent line, oldest first: GOOD's child … BAD. */
  commits: Commit[];
}

/** The repository's top directory and the configuration's path inside it (as `git show` wants it). */
export function locateConfig(config: AbsolutePath): { top: AbsolutePath; configPath: string } {
  const dir = dirname(config);
  if (!existsSync(dir)) throw new CgBenchError(`--config ${shownPath(config)}: directory ${shownPath(dir as AbsolutePath)} does not exist`);
  const r = git(dir, ['rev-parse', '--show-toplevel']);
  const top = r.out.trim();
  if (!r.ok || !top)
    throw new CgBenchError(
      `cg-bench bisect: ${shownPath(dir as AbsolutePath)} is not in a git repository (${r.err.split('\n')[0] ?? ''}); bisect measures commits`,
    );
  const inside = relative(realpathSync(top), realpathSync(dir));
  if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    throw new CgBenchError(`--config ${shownPath(config)}: outside the repository ${top}`);
  return { top: realpathSync(top) as AbsolutePath, configPath: join(inside, basename(config)) };
}

function subject(top: string, sha: string): string {
  return git(top, ['log', '-1', '--format=%s', sha]).out.trim();
}

/** A commit named on the command line, as its full sha; a full sha not here yet is fetched from origin. */
export function resolveCommit(top: string, what: 'GOOD' | 'BAD', rev: string): Commit {
  if (!rev || rev.startsWith('-')) throw new CgBenchError(`cg-bench bisect: ${what} ${JSON.stringify(rev)} is not a commit`);
  const parse = () => git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  let r = parse();
  if (!r.ok && /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(rev) && ensureCommit(top, rev)) r = parse();
  const sha = r.out.trim();
  if (!r.ok || !/^[0-9a-f]{40,64}$/.test(sha)) throw new CgBenchError(`cg-bench bisect: ${what} ${JSON.stringify(rev)}: unknown commit in ${top}`);
  return { sha, subject: subject(top, sha) };
}

function shallow(top: string): boolean {
  return git(top, ['rev-parse', '--is-shallow-repository']).out.trim() === 'true';
}

/** GOOD..BAD on BAD's first-parent line; refused unless GOOD is on that line, below BAD. */
export function firstParentRange(top: string, good: Commit, bad: Commit): Range {
  const g = good.sha.slice(0, 12);
  const b = bad.sha.slice(0, 12);
  if (good.sha === bad.sha) throw new CgBenchError(`cg-bench bisect: GOOD and BAD are the same commit (${g}); nothing lies between them`);
  const ancestor = git(top, ['merge-base', '--is-ancestor', good.sha, bad.sha]);
  if (!ancestor.ok) {
    const hint = shallow(top) ? ' (this clone is shallow: git fetch --unshallow, or fetch-depth: 0 in actions/checkout)' : '';
    throw new CgBenchError(`cg-bench bisect: GOOD ${g} is not an ancestor of BAD ${b}${hint}; bisect looks for a change on the way from GOOD to BAD`);
  }
  const list = git(top, ['rev-list', '--first-parent', '--reverse', `${good.sha}..${bad.sha}`]);
  const shas = list.out.split('\n').filter(Boolean);
  const firstParent = shas.length ? git(top, ['rev-parse', '--verify', '--quiet', `${shas[0]}^1`]).out.trim() : '';
  if (!list.ok || !shas.length || firstParent !== good.sha) {
    throw new CgBenchError(
      `cg-bench bisect: GOOD ${g} is an ancestor of BAD ${b} but not on its first-parent line (it came in through a merge); give a commit of that line, such as the merge's first parent`,
    );
  }
  return { good, bad, commits: shas.map((sha) => (sha === bad.sha ? bad : { sha, subject: subject(top, sha) })) };
}

/**
 * Each commit is measured with its own committed configuration: uncommitted edits to it would not be
 * what bisect measures, so they are refused rather than silently left out.
 */
export function refuseUncommittedConfig(top: string, configPath: string): void {
  const r = git(top, ['status', '--porcelain', '--untracked-files=no', '--', configPath]);
  if (r.ok && r.out.trim()) {
    throw new CgBenchError(
      `cg-bench bisect: ${configPath} has uncommitted changes; bisect measures each commit with its own committed ${configPath} (commit or stash them first)`,
    );
  }
}
