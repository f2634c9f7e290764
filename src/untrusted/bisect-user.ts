import { lstatSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';
import { git } from '../vcs/git.ts';
import { untrustedUser, type Sandbox } from './sandbox.ts';

/**
 * Whom `cg-bench bisect`, as root, runs each commit's code as: the user `run` would run it as in
 * the repository (its owner, or CG_BENCH_RUN_AS), who is then given each worktree to build in (root's
 * git made it: the code ran as root, or could not build). Between two commits root's
 * git checks the next out of the repository, so no part of the repository's git directory may be
 * that user's to write: a filter or an upload-pack command it put in .git/config would run as root.
 * Such a repository is refused, saying to run bisect as its owner. Undefined: not root, or root's
 * own checkout on root's own machine (the code runs as root, as `run` does there).
 */
export function bisectUser(top: string, env: NodeJS.ProcessEnv): Sandbox['user'] {
  if (process.getuid?.() !== 0) return undefined;
  const user = untrustedUser(top, env);
  if (!user) return undefined;
  const dirs = git(top, ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir']);
  const paths = dirs.ok ? dirs.out.split('\n').filter(Boolean) : [];
  const writable = [top, ...paths].filter((path) => {
    const s = lstatSync(path);
    return s.uid !== 0 || (s.mode & 0o022) !== 0;
  });
  if (!paths.length || writable.length)
    throw new CgBenchError(
      `cg-bench bisect runs as root, and would run the commits' code as uid ${user.uid}, who can write ${writable[0] ?? `${top}/.git`}; root's git checks each commit out of it, and would run what that code put there. Run bisect as the repository's owner (docker run -u "$(id -u):$(id -g)" …, as docs/cli.md shows)`,
    );
  return user;
}
