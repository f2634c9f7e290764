import * as cache from '@actions/cache';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '../errors.ts';
import { makeOwnDirectory } from '../untrusted/write.ts';

/**
 * One directory kept in the Actions cache, `<temporary directory>/<name>/<suite>`. The cache version
 * hashes the path, so it is one every runner agrees on: the system's temporary directory (/tmp on
 * runners, where TMPDIR is unset; a test suite's own TMPDIR under test), not RUNNER_TEMP, which differs
 * between a job on the host and one in a container. It is emptied before each restore and save, so
 * what is read is what the cache held and what is saved is what was just written.
 */
export interface CacheDirectory {
  readonly dir: string;
  readonly available: boolean;
  /** The key restored (the exact one, else the newest under a prefix), or undefined on a miss. */
  restore(key: string, prefixes?: string[]): Promise<string | undefined>;
  /** Empties the directory, lets `write` fill it, saves it: undefined when stored, else why not. */
  save(key: string, write: (dir: string) => void): Promise<string | undefined>;
}

/** Why `root` cannot be made cg-bench's own (another user's directory that cannot be removed), or undefined. */
function ownRootProblem(root: string): string | undefined {
  try {
    makeOwnDirectory(root);
    return undefined;
  } catch (error) {
    return `${root} cannot be made this job's own: ${errorMessage(error)}`;
  }
}

export function cacheDirectory(name: string, suiteId: string): CacheDirectory {
  const root = join(tmpdir(), name);
  // `root` lies in /tmp, where every uid may write: it is made cg-bench's own before anything is
  // removed or restored beneath it (in a `container:` job the pull request's code ran before as another
  // uid with this /tmp, and a link it put at `root` made cg-bench, root, remove and fill `<where it pointed>/<suite>`).
  const dir = join(root, suiteId);
  return {
    dir,
    get available() {
      return cache.isFeatureAvailable();
    },
    async restore(key, prefixes = []) {
      if (ownRootProblem(root) !== undefined) return undefined; // A miss: measured in this job.
      rmSync(dir, { recursive: true, force: true });
      return cache.restoreCache([dir], key, prefixes);
    },
    async save(key, write) {
      const problem = ownRootProblem(root);
      if (problem !== undefined) return problem;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      write(dir);
      try {
        // saveCache reports most failures by returning -1 after a warning of its own, not by throwing.
        const id = await cache.saveCache([dir], key);
        return id === -1 ? `the cache service did not store ${key} (see the lines above; an entry under the same key may exist already)` : undefined;
      } catch (error) {
        return `${key}: ${errorMessage(error)}`;
      }
    },
  };
}
