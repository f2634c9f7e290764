import { addWorktree, removeWorktree } from '../vcs/git.ts';
import type { CiAdapter } from './types.ts';

/**
 * The baseline commit's checkout, made when first needed and removed when the pipeline is done with
 * it. A count is always made on a fresh checkout, as the head's is (nothing an earlier run left
 * there may reach it); the timed benchmarks reuse the last one, so their build is only brought up to
 * date.
 */
export interface BaseCheckout {
  readonly sha: string;
  /** A checkout as git makes it, for a count. */
  fresh(): string;
  /** The checkout as the last count left it (built), or a fresh one. */
  path(): string;
  remove(): void;
}

export function baseCheckout(ci: CiAdapter, sha: string): BaseCheckout {
  let dir: string | undefined;
  return {
    sha,
    fresh() {
      this.remove();
      return this.path();
    },
    path() {
      if (dir === undefined) {
        const at = ci.baseCheckoutDir();
        addWorktree(ci.repoRoot, at, sha);
        dir = at;
      }
      return dir;
    },
    remove() {
      if (dir !== undefined) removeWorktree(dir);
      dir = undefined;
    },
  };
}
