import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { removeAsOwners, removeAsOwnersAsync } from '../untrusted/remove.ts';
import { unlock, waitForLock } from '../util/pid-lock.ts';
import { remakeGivenDirectory } from '../untrusted/given-directories.ts';
import type { Sandbox } from '../untrusted/sandbox.ts';
import { HOMES_DIR, sharedHomesDirectory } from '../untrusted/shared-places.ts';

/**
 * Each benchmark run gets a private, empty HOME, with TMPDIR inside it. Its path must be the same on
 * every run: Python hashes such strings, and its count moves with their content (measured: a random
 * six-letter name moved a small script by 124 Ir). So the path is fixed per benchmark name, and a
 * lock keeps two cg-bench processes on one machine from sharing it at once. The view binds back only
 * the benchmark's own beneath HOMES_DIR (untrusted/view.ts, handedPathProblem: a HOME handed in `env:` never reaches another's).
 */

export function homeFor(benchmarkName: string): string {
  return join(HOMES_DIR, createHash('sha256').update(benchmarkName).digest('hex').slice(0, 16));
}

/** Runs `measure` with the benchmark's private HOME made empty, then removes it. */
export async function withPrivateHome<T>(benchmarkName: string, sandbox: Sandbox, measure: (home: string) => Promise<T>): Promise<T> {
  // Shared like /tmp: any user's cg-bench may make its homes here, and remove only its own.
  sharedHomesDirectory(HOMES_DIR);
  const home = homeFor(benchmarkName);
  const lock = `${home}.lock`;
  await waitForLock(lock);
  try {
    // With its owner's rights, never root's: as root, a removal by path deleted what a directory
    // swapped for a link meanwhile led to (20,000 files of a root-only directory, round 8's attack pass).
    removeAsOwners([home]);
    // Made afresh and given without following links: code that ran before may have put one at the name.
    remakeGivenDirectory(sandbox, home, ['tmp']);
    return await measure(home);
  } finally {
    // Without holding the main thread: the other jobs' runs are started and read meanwhile.
    await removeAsOwnersAsync([home]);
    unlock(lock);
  }
}
