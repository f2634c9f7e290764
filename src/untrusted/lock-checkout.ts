import { closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync, openSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { CgBenchError } from '../errors.ts';
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

/** A path of an alternates line as git reads it: C-quoted when it starts with a double quote. */
function unquoteAlternate(line: string): string {
  if (!line.startsWith('"')) return line;
  const escapes: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', '\\': '\\' };
  return line
    .slice(1, line.lastIndexOf('"') > 0 ? line.lastIndexOf('"') : undefined)
    .replace(/\\([0-7]{3}|.)/g, (_, e: string) => (/^[0-7]{3}$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : (escapes[e] ?? e)));
}

/** The real path of `path` when it is (or leads to) a directory, else undefined. */
function realDirectory(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return isDirectory(real) ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The object directories a repository borrows from (objects/info/alternates, and theirs in turn),
 * by their real paths: git takes an object found there without checking its hash, so one the code
 * could write forged the base's files (review r13), through a link or a quoted line as well.
 */
function alternateObjectDirectories(objects: string, seen = new Set<string>()): string[] {
  const file = join(objects, 'info', 'alternates');
  if (seen.has(objects) || !existsSync(file)) return [];
  seen.add(objects);
  const listed = readTextBounded(file, 1024 * 1024, 'the objects/info/alternates file')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map(unquoteAlternate)
    .map((line) => realDirectory(isAbsolute(line) ? line : resolve(objects, line)))
    .filter((dir): dir is string => dir !== undefined);
  return listed.flatMap((dir) => [dir, ...alternateObjectDirectories(dir, seen)]);
}

/**
 * Where links inside a git directory lead (objects, refs, packed-refs, objects/pack, info/alternates…,
 * at any depth), by their real paths, directories and files apart, and its files with other names
 * (hard links) that others may write: git reads them as its own, and the
 * lock of the git directory does not reach them (a config or an alternates file that is a link to a
 * file the code may write would be read after the code ran). Directories reached are walked too.
 */
function linksWithin(dir: string, found: { dirs: Set<string>; files: Set<string> }): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    const s = lstatSync(path, { throwIfNoEntry: false });
    if (s?.isDirectory()) linksWithin(path, found);
    // A file with another name elsewhere (a hard link, as a config linked into a shared cache) is
    // written through that name: its mode, which is every name's, loses group and other write.
    else if (s?.isFile() && s.nlink > 1 && s.mode & 0o022) found.files.add(path);
    else if (s?.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(path);
      } catch {
        continue; // Leads nowhere: git reads nothing there either.
      }
      if (isDirectory(real)) {
        if (!found.dirs.has(real)) {
          found.dirs.add(real);
          linksWithin(real, found);
        }
      } else found.files.add(real);
    }
  }
}

/** Why a repository the code's uid owns is refused, for the CI's checkout. */
const ownerRefusal = (uid: number, owned: string) =>
  `the code would run as uid ${uid}, who owns ${owned}: it could give itself back the rights taken from it there, and the CI's git runs in that repository in the project's next jobs. Run the code as a uid that owns nothing of the checkout (CG_BENCH_RUN_AS; by default nobody)`;

/**
 * A repository, before the code runs as another user beside it: the CI's, where cg-bench's own git
 * never runs after the code (vcs/git.ts closeRepository) but the CI's does (GitLab reuses a build
 * directory for the project's next jobs, whose helper fetches and checks out there as root, and a
 * self-hosted runner its workspace); bisect's, where root's git checks out each commit between two
 * runs of code (held: vcs/git.ts holdRepository). So the code may leave nothing there for git to run or read:
 * the directories git reads (its git directory and common directory, wherever a .git file leads, the
 * object directories they borrow from, and where links inside them lead, all by their real paths)
 * become root's alone, files that links inside them lead to and a .git file and the root lose group
 * and other write, and no directory above any of them is one where the code may move what is not
 * its own. Every mode is changed through the entry's own descriptor, never through a link, and given
 * back at exit. A repository where any of these (or a directory above them) is the code's user's
 * own is refused: its owner could give itself every right back. GitLab's docker executor makes the
 * checkout with umask 0000: the code, as nobody, renamed .git and put its own in its place, with a
 * filter for the next git that checks a commit out there.
 */
export function lockRepository(
  root: string,
  user: { uid: number } | undefined,
  options: {
    /** gitDirectories(root), asked before git there was closed (vcs/git.ts closeRepository). */
    gitDirs?: readonly string[];
    refusal?: (uid: number, owned: string) => string;
  } = {},
): void {
  const at = resolve(root);
  const refusal = options.refusal ?? ownerRefusal;
  const dotGit = lstatSync(join(at, '.git'), { throwIfNoEntry: false });
  // Where git cannot say (a repository it refuses), the .git directory itself, as before.
  const asked = options.gitDirs ?? gitDirectories(at);
  const named = asked.length ? asked : dotGit?.isDirectory() ? [join(at, '.git')] : [];
  const gitDirs = named.map(realDirectory).filter((dir): dir is string => dir !== undefined);
  const common = gitDirs.at(-1);
  const borrowed = common ? alternateObjectDirectories(join(common, 'objects')) : [];
  const found = { dirs: new Set<string>(), files: new Set<string>() };
  for (const dir of [...gitDirs, ...borrowed]) linksWithin(dir, found);
  // A linked objects directory borrows in turn.
  const borrowedByLinks = [...found.dirs].flatMap((dir) => alternateObjectDirectories(dir));
  for (const dir of borrowedByLinks) linksWithin(dir, found);
  const dirs = [...new Set([...gitDirs, ...borrowed, ...found.dirs, ...borrowedByLinks])];
  const files = [...found.files];
  if (user) {
    const above = (path: string): string[] => (dirname(path) === path ? [path] : [path, ...above(dirname(path))]);
    const owned = [join(at, '.git'), ...dirs, ...files, at].flatMap(above).find((path) => lstatSync(path, { throwIfNoEntry: false })?.uid === user.uid);
    if (owned) throw new CgBenchError(refusal(user.uid, owned));
  }
  if (dotGit?.isFile()) setMode(join(at, '.git'), false, (m) => m & ~0o022);
  for (const dir of dirs) {
    setMode(dir, true, () => 0o700);
    stickyAbove(dir);
  }
  for (const file of files) {
    setMode(file, false, (m) => m & ~0o022);
    stickyAbove(file);
  }
  if (isDirectory(at)) setMode(at, true, (m) => m & ~0o022);
  stickyAbove(at);
  // GitLab keeps file-type CI/CD variables beside the checkout.
  if (isDirectory(`${at}.tmp`)) setMode(`${at}.tmp`, true, () => 0o700);
  // Where root's git still runs once the code has (bisect's repository): only while these lead where they do now.
  holdRepository(at, [...named, ...dirs, ...files]);
}
