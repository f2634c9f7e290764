import { lstatSync } from 'node:fs';
import { lockRepository } from './lock-checkout.ts';
import { untrustedUser, type Sandbox } from './sandbox.ts';

/**
 * Whom `cg-bench bisect`, as root, runs each commit's code as: the user `run` would run it as in
 * the repository (its owner, or CG_BENCH_RUN_AS), who is then given each worktree to build in (root's
 * git made it: the code ran as root, or could not build). Root's git checks each commit out of a
 * clone made before any code ran (vcs/git.ts cloneApart), never out of the repository. A user other
 * than its owner is kept from leaving the owner's git something to run there, as the CI's checkout
 * is (lockRepository); one that owns a directory git reads there or above is refused. Undefined: not
 * root, or root's own checkout on root's own machine (the code runs as root, as `run` does there).
 */
export function bisectUser(top: string, env: NodeJS.ProcessEnv): Sandbox['user'] {
  if (process.getuid?.() !== 0) return undefined;
  const user = untrustedUser(top, env);
  if (!user) return undefined;
  if (lstatSync(top).uid !== user.uid)
    lockRepository(top, user, {
      refusal: (uid, owned) =>
        `cg-bench bisect runs as root, and would run the commits' code as uid ${uid}, who owns ${owned} but not the repository ${top}: that code could leave its owner's git something to run. Run bisect as the repository's owner (docker run -u "$(id -u):$(id -g)" …, as docs/cli.md shows), or pick another CG_BENCH_RUN_AS`,
    });
  return user;
}
