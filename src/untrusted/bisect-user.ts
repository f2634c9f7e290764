import { lockRepository } from './lock-checkout.ts';
import { untrustedUser, type Sandbox } from './sandbox.ts';

/**
 * Whom `cg-bench bisect`, as root, runs each commit's code as: the user `run` would run it as in
 * the repository (its owner, or CG_BENCH_RUN_AS), who is then given each worktree to build in (root's
 * git made it: the code ran as root, or could not build). Between two commits root's git checks the
 * next out of the repository, so the repository is locked as the CI's checkout is (lockRepository:
 * its git directories root's alone, nothing above them the code may move); one that user owns (it
 * could give itself back every right, and root's git would run what it left, in this bisect or the
 * next) is refused there, saying to run bisect as its owner. Undefined: not root, or root's own
 * checkout on root's own machine (the code runs as root, as `run` does there).
 */
export function bisectUser(top: string, env: NodeJS.ProcessEnv): Sandbox['user'] {
  if (process.getuid?.() !== 0) return undefined;
  const user = untrustedUser(top, env);
  if (!user) return undefined;
  lockRepository(top, user, {
    refusal: (uid, owned) =>
      `cg-bench bisect runs as root, and would run the commits' code as uid ${uid}, who owns ${owned}; root's git checks each commit out of that repository, and would run what that code put there. Run bisect as the repository's owner (docker run -u "$(id -u):$(id -g)" …, as docs/cli.md shows)`,
  });
  return user;
}
