import { chmodSync, existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gitDirectories, holdRepository } from '../vcs/git.ts';

/** A mode cg-bench changed, to give back at exit: the directory's identity and its mode before. */
interface Changed {
  path: string;
  dev: number;
  ino: number;
  mode: number;
}
const changed: Changed[] = [];

/**
 * Gives every mode lockRepository changed back when cg-bench exits, once no code of the pull request
 * runs any more (each run's processes are ended with it: strays.ts): the runner reuses a GitLab
 * build directory for the project's next jobs, whose images may run as another uid that must write
 * there, or run git. Only where the path still leads to the directory changed.
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

/** Every directory above `path` that every user may write gets the sticky bit, as /tmp has. */
function stickyAbove(path: string): void {
  for (let above = dirname(path); ; above = dirname(above)) {
    const m = lstatSync(above).mode & 0o7777;
    if (m & 0o002 && !(m & 0o1000)) setMode(above, m | 0o1000);
    if (dirname(above) === above) break;
  }
}

/**
 * One repository, before the code runs as another user beside it: the directories git uses (its git
 * directory and common directory, wherever a .git file leads) root's alone, a .git file and the
 * root not writable by others, and no directory above any of them one where the code may move what
 * is not its own. Held (vcs/git.ts): git runs there only while those paths lead where they do now.
 */
export function lockRepository(root: string): void {
  const at = resolve(root);
  const dirs = gitDirectories(at);
  const dotGit = join(at, '.git');
  const s = lstatSync(dotGit);
  if (s.isDirectory()) setMode(dotGit, 0o700);
  else if (s.mode & 0o022) setMode(dotGit, s.mode & 0o7777 & ~0o022);
  for (const dir of dirs) {
    setMode(dir, 0o700);
    stickyAbove(dir);
  }
  const mode = lstatSync(at).mode & 0o7777;
  if (mode & 0o022) setMode(at, mode & ~0o022);
  stickyAbove(at);
  // GitLab keeps file-type CI/CD variables beside the checkout.
  if (existsSync(`${at}.tmp`)) chmodSync(`${at}.tmp`, 0o700);
  holdRepository(at, dirs);
}

/**
 * The checkout the code is copied from, before the code runs as another user: every repository at
 * or above `dir` locked (lockRepository). The working directory may be a submodule or a clone inside
 * the one root's git runs in (attack r13, review: only the nearest was locked, and the code wrote
 * the superproject's .git/config). GitLab's docker executor makes the checkout with umask 0000: the
 * code, as nobody, renamed .git and put its own in its place (a filter that root's git ran when it
 * checked the base out), or replaced cg-bench-results (the job's artifacts). The modes are given
 * back at exit.
 */
export function lockCheckout(dir: string): void {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) lockRepository(at);
    if (dirname(at) === at) return;
  }
}
