import { cpSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { ownTmpdir } from '../untrusted/environment.ts';
import { removeTrees } from '../untrusted/remove.ts';
import { addWorktree, removeWorktree } from '../vcs/git.ts';
import type { CiAdapter } from './types.ts';

/**
 * The baseline commit's checkout. git makes it once, before any of the code runs (the last git
 * command in the CI's repository: vcs/git.ts closeRepository), in a directory of cg-bench's own
 * (0700), where nothing of the code's reaches it; each count gets a fresh copy of it beside it, and
 * the timed benchmarks reuse the last copy, so their build is only brought up to date.
 */
export interface BaseCheckout {
  readonly sha: string;
  /** A copy of the tree as git made it, for a count. */
  fresh(): string;
  /** The copy as the last count left it (built), or a fresh one. */
  path(): string;
  remove(): void;
}

/** The checkout of `sha`, made now: call it before the first of the code runs. */
export function prepareBaseCheckout(ci: CiAdapter, sha: string): BaseCheckout {
  const own = mkdtempSync(join(ownTmpdir(), 'cg-bench-base-'));
  const tree = join(own, 'tree');
  const where = join(own, 'checkout');
  const removeAll = () => {
    removeWorktree(tree);
    removeTrees([own], 'the base checkout');
  };
  try {
    addWorktree(ci.repoRoot, tree, sha);
  } catch (error) {
    removeAll();
    throw error;
  }
  let copied = false;
  const checkout: BaseCheckout = {
    sha,
    fresh() {
      removeTrees([where], 'the base checkout');
      // As git made it, links copied as links; without the worktree's .git file (no git runs in a copy).
      cpSync(tree, where, { recursive: true, verbatimSymlinks: true, filter: (src) => resolve(src) !== join(tree, '.git') });
      copied = true;
      return where;
    },
    path() {
      return copied ? where : checkout.fresh();
    },
    remove() {
      removeAll();
      copied = false;
    },
  };
  return checkout;
}

/** In place of a checkout of a commit that could not be fetched: nothing measures it (baseline.ts says so first). */
export function noBaseCheckout(sha: string, why: string): BaseCheckout {
  const refuse = (): never => {
    throw new CgBenchError(`the baseline commit ${sha} has no checkout: ${why}`);
  };
  return { sha, fresh: refuse, path: refuse, remove: () => {} };
}
