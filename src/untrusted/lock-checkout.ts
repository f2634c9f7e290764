import { closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync, openSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { gitDirectories, holdRepository } from '../vcs/git.ts';
import { readTextBounded } from './read.ts';

/** A mode cg-bench changed, to give back at exit: the entry's identity and its mode before. */
interface Changed {
  path: string;
  directory: boolean;
  dev: number;
  ino: number;
  mode: number;
}
const changed: Changed[] = [];

/** The directory or file at `path` itself, opened without following a link: a link is never chmodded through. */
function openEntry(path: string, directory: boolean): number {
  return openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | (directory ? constants.O_DIRECTORY : 0));
}

/**
 * Gives every mode lockRepository changed back when cg-bench exits, once no code of the pull request
 * runs any more (each run's processes are ended with it: strays.ts): the runner reuses a GitLab
 * build directory for the project's next jobs, whose images may run as another uid that must write
 * there, or run git. Only where the path still leads to the entry changed, opened without following
 * a link (what the code put at a path meanwhile is never chmodded).
 */
function giveModesBack(): void {
  for (const c of changed.splice(0).reverse()) {
    try {
      const fd = openEntry(c.path, c.directory);
      try {
        const s = fstatSync(fd);
        if (s.dev === c.dev && s.ino === c.ino) fchmodSync(fd, c.mode);
      } finally {
        closeSync(fd);
      }
    } catch {
      // Gone, a link now, or unreachable: nothing to give back.
    }
  }
}

/** chmod of a directory (or a file) itself, through its descriptor, recorded to be given back at exit. */
function setMode(path: string, directory: boolean, mode: (before: number) => number): void {
  const fd = openEntry(path, directory);
  try {
    const s = fstatSync(fd);
    const before = s.mode & 0o7777;
    if (mode(before) === before) return;
    if (!changed.length) process.once('exit', giveModesBack);
    changed.push({ path, directory, dev: s.dev, ino: s.ino, mode: before });
    fchmodSync(fd, mode(before));
  } finally {
    closeSync(fd);
  }
}

const isDirectory = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Every directory above `path` that users other than its owner may write (others, or a group the
 * code's uid may be in) gets the sticky bit, as /tmp has: no one but an entry's owner moves it.
 */
function stickyAbove(path: string): void {
  for (let above = dirname(path); ; above = dirname(above)) {
    if (isDirectory(above)) setMode(above, true, (m) => (m & 0o022 ? m | 0o1000 : m));
    if (dirname(above) === above) break;
  }
}

/**
 * The object directories a repository borrows from (objects/info/alternates, and theirs in turn),
 * absolute, as git would read them: git takes an object found there without checking its hash, so
 * one the code could write forged the base's files (review r13).
 */
function alternateObjectDirectories(objects: string, seen = new Set<string>()): string[] {
  const file = join(objects, 'info', 'alternates');
  if (seen.has(objects) || !existsSync(file)) return [];
  seen.add(objects);
  const listed = readTextBounded(file, 1024 * 1024, 'the objects/info/alternates file')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => (isAbsolute(line) ? line : resolve(objects, line)))
    .filter(isDirectory);
  return listed.flatMap((dir) => [dir, ...alternateObjectDirectories(dir, seen)]);
}

/**
 * The repository root's git runs in, before the code runs as another user beside it: the
 * directories git reads (its git directory and common directory, wherever a .git file leads, and the
 * object directories they borrow from) root's alone, a .git file and the root not writable by
 * others, and no directory above any of them one where the code may move what is not its own. Held
 * (vcs/git.ts): git runs there only while those paths lead where they do now. Every mode is changed
 * through the entry's own descriptor, never through a link, and given back at exit. GitLab's docker
 * executor makes the checkout with umask 0000: the code, as nobody, renamed .git and put its own in
 * its place (a filter that root's git ran when it checked the base out), or replaced
 * cg-bench-results (the job's artifacts).
 */
export function lockRepository(root: string): void {
  const at = resolve(root);
  const dotGit = lstatSync(join(at, '.git'), { throwIfNoEntry: false });
  // Where git cannot say (a repository it refuses), the .git directory itself, as before.
  const asked = gitDirectories(at);
  const dirs = asked.length ? asked : dotGit?.isDirectory() ? [join(at, '.git')] : [];
  const common = dirs.at(-1);
  const borrowed = common ? alternateObjectDirectories(join(common, 'objects')) : [];
  if (dotGit?.isFile()) setMode(join(at, '.git'), false, (m) => m & ~0o022);
  for (const dir of [...dirs, ...borrowed].filter(isDirectory)) {
    setMode(dir, true, () => 0o700);
    stickyAbove(dir);
  }
  if (isDirectory(at)) setMode(at, true, (m) => m & ~0o022);
  stickyAbove(at);
  // GitLab keeps file-type CI/CD variables beside the checkout.
  if (isDirectory(`${at}.tmp`)) setMode(`${at}.tmp`, true, () => 0o700);
  holdRepository(at, [...dirs, ...borrowed]);
}
