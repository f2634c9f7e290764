import { chmodSync, existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { holdRepository } from '../vcs/git.ts';

/** A mode cg-bench changed, to give back at exit: the directory's identity and its mode before. */
interface Changed {
  path: string;
  dev: number;
  ino: number;
  mode: number;
}
const changed: Changed[] = [];

/**
 * Gives the checkout root and the directories above their modes back when cg-bench exits, once no
 * code of the pull request runs any more (each run's processes are ended with it: strays.ts): the
 * runner reuses a GitLab build directory for the project's next jobs, whose images may run as
 * another uid that must write there. Only where the path still leads to the directory changed.
 */
function giveModesBack(): void {
  for (const c of changed.splice(0).reverse()) {
    try {
      const s = lstatSync(c.path);
      if (s.dev === c.dev && s.ino === c.ino) chmodSync(c.path, c.mode);
    } catch {
      // Gone or unreachable: nothing to give back.
    }
  }
}

function setMode(path: string, mode: number): void {
  const s = lstatSync(path);
  if (!changed.length) process.once('exit', giveModesBack);
  changed.push({ path, dev: s.dev, ino: s.ino, mode: s.mode & 0o7777 });
  chmodSync(path, mode);
}

/**
 * The checkout the code is copied from (the nearest .git at or above `dir`), before the code runs as
 * another user: its .git unreadable to that user (the token actions/checkout keeps there, and what
 * root's git will read), the checkout's root not writable by it, and no directory above it one where
 * it may move what is not its own. GitLab's docker executor makes the checkout with umask 0000: the
 * code, as nobody, renamed .git and put its own in its place (a filter that root's git ran when it
 * checked the base out), or replaced cg-bench-results (the job's artifacts). Held (vcs/git.ts): git
 * runs there only while the root and its .git are the ones seen now, not others moved to their
 * paths through a directory above that the code can write. The root's and the directories' modes
 * are given back at exit; .git stays root's alone.
 */
export function lockCheckout(dir: string): void {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const git = join(at, '.git');
    if (existsSync(git)) {
      chmodSync(git, 0o700);
      const mode = lstatSync(at).mode & 0o7777;
      if (mode & 0o022) setMode(at, mode & ~0o022);
      // A directory above that every user may write (/builds and /builds/group there) gets the
      // sticky bit, as /tmp has: the code could otherwise move the checkout away and put its own at
      // its path, for the job's artifacts (git refuses it, below).
      for (let above = dirname(at); ; above = dirname(above)) {
        const m = lstatSync(above).mode & 0o7777;
        if (m & 0o002 && !(m & 0o1000)) setMode(above, m | 0o1000);
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
