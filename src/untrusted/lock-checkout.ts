import { chmodSync, existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { holdRepository } from '../vcs/git.ts';

/**
 * The checkout the code is copied from (the nearest .git at or above `dir`), before the code runs as
 * another user: its .git unreadable to that user (the token actions/checkout keeps there, and what
 * root's git will read), the checkout's root not writable by it, and no directory above it one where
 * it may move what is not its own. GitLab's docker executor makes
 * the checkout with umask 0000: the code, as nobody, renamed .git and put its own in its place (a
 * filter that root's git ran when it checked the base out), or replaced cg-bench-results (the job's
 * artifacts). Held (vcs/git.ts): git runs there only while the root and its .git are the ones seen
 * now, not others moved to their paths through a directory above that the code can write.
 */
export function lockCheckout(dir: string): void {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const git = join(at, '.git');
    if (existsSync(git)) {
      chmodSync(git, 0o700);
      const mode = lstatSync(at).mode & 0o7777;
      if (mode & 0o022) chmodSync(at, mode & ~0o022);
      // A directory above that every user may write (/builds and /builds/group there) gets the
      // sticky bit, as /tmp has: the code could otherwise move the checkout away and put its own at
      // its path, for the job's artifacts (git refuses it, below).
      for (let above = dirname(at); ; above = dirname(above)) {
        const m = lstatSync(above).mode & 0o7777;
        if (m & 0o002 && !(m & 0o1000)) chmodSync(above, m | 0o1000);
        if (dirname(above) === above) break;
      }
      // GitLab keeps file-type CI/CD variables beside the checkout.
      if (existsSync(`${at}.tmp`)) chmodSync(`${at}.tmp`, 0o700);
      holdRepository(at);
      return;
    }
    if (dirname(at) === at) return;
  }
}
