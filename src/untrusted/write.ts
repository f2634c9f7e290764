import { basename, dirname, join, resolve } from 'node:path';
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { CgBenchError, ExitCode } from '../errors.ts';
import { removeAsOwners } from './remove.ts';

/**
 * The one writer for files cg-bench makes where the code it runs may reach: the benchmarks' logs in
 * the output directory, which sits in the checkout. While cg-bench (root) runs the checkout owner's
 * code, that code can put a link at a log's name (or swap a directory on the way) between two of
 * cg-bench's writes; opening the name as `'w'` would then truncate and write whatever it points at.
 *
 * Whatever is at the name is removed, then the file is created exclusively (O_CREAT|O_EXCL: a link
 * planted in between makes the open fail, it is never followed) and must be the path expected from
 * its directory's real path (/proc/self/fd): a directory swapped for a link on the way is refused.
 * An existing file is never opened: nothing outside is ever truncated or written. The directory
 * must lead where expected before anything at the name is removed, so a directory swapped for a link
 * beforehand costs nothing where it points (swapped in the instant between, it can at most lose a
 * file of that name and be left an empty new one, before the refusal).
 */
const FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

function replaced(path: string, what: string): CgBenchError {
  return new CgBenchError(
    `${path}: ${what} while the benchmarks ran; cg-bench never writes through a link or into anything but a new plain file`,
    ExitCode.benchmarkFailed,
  );
}

/**
 * A new, empty file at `path` opened for writing (see above); the caller closes the descriptor.
 * `expected` is the real path it must have, known from before the code ran (default: its directory's
 * real path now, which a directory swapped for a link before this call would pass).
 */
export function openNewFile(path: string, expected: string = join(realpathSync(dirname(path)), basename(path)), mode = 0o644): number {
  const leadsTo = realpathSync(dirname(path));
  if (leadsTo !== dirname(expected)) throw replaced(expected, `reached through a link (its directory is ${leadsTo})`);
  try {
    unlinkSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') throw replaced(expected, 'replaced by a directory');
    if (code === 'EPERM' || code === 'EACCES')
      throw new CgBenchError(`${expected}: what is there cannot be replaced (${code}); cg-bench writes only new files here`, ExitCode.benchmarkFailed);
    if (code !== 'ENOENT') throw error;
  }
  let fd: number;
  try {
    fd = openSync(path, FLAGS, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') throw replaced(expected, 'replaced by a link or another file');
    throw error;
  }
  let opened: string | undefined;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    // No /proc: the exclusive creation above is what holds.
  }
  if ((opened !== undefined && opened !== expected) || !fstatSync(fd).isFile()) {
    closeSync(fd);
    throw replaced(expected, `reached through a link (it is ${opened ?? 'not a plain file'})`);
  }
  return fd;
}

/** A directory's real path, taken before the code runs: what openNewFile's `expected` paths are made from. */
export function realPathBeforeRuns(dir: string): string {
  return realpathSync(dir);
}

/**
 * Refuses a directory whose path no longer leads where it did before the code ran (`expected`, from
 * realPathBeforeRuns): for what cg-bench removes or makes there by path once every benchmark has
 * ended, when nothing can swap it any more.
 */
export function assertSameDirectory(path: string, expected: string): void {
  const now = realpathSync(path);
  if (now !== expected) throw replaced(expected, `replaced by a link (to ${now})`);
}

/** Writes `text` (or its pieces, made as they are written) to a new file at `path` (openNewFile). */
export function writeNewFile(path: string, text: string | Iterable<string>, expected?: string): void {
  const fd = openNewFile(path, expected);
  try {
    for (const piece of typeof text === 'string' ? [text] : text) {
      const bytes = Buffer.from(piece);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A directory held open: `path` (/proc/self/fd/N) names that very directory for as long as it is
 * held, whatever is done to the names on the way to it (the checkout's owner's code may rename the
 * output directory, or a directory in it, and put a link in its place while cg-bench runs it).
 * Names beneath `path` are looked up in the held directory; nothing is followed from the old path.
 * Only cg-bench's own processes can use `path` (a child has its own /proc/self/fd).
 */
export interface HeldDirectory {
  path: string;
  release(): void;
}

/**
 * Makes `path` a directory of cg-bench's own, that only it can change (owned by its uid, writable by
 * it alone: the code it runs as another uid cannot rename or replace what is in it), and holds it.
 * Anything else there (a directory a pull request committed, a link, a file) is removed first. Call it
 * before any of the code runs: until it is held the directory is reached by its path. `expected` is
 * its real path: the directory opened must be that one.
 */
export function holdOwnDirectory(path: string, expected: string): HeldDirectory {
  const uid = process.getuid?.();
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    stat = undefined;
  }
  // Someone else's tree (in /tmp): removed with its owner's rights, never followed (remove.ts).
  if (stat && !(stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0)) removeAsOwners([path]);
  mkdirSync(path, { recursive: true, mode: 0o755 });
  return holdDirectory(path, expected, (own) => own.uid === uid && (own.mode & 0o022) === 0);
}

/**
 * Makes `path` a directory of cg-bench's own (holdOwnDirectory) where its parent is a place others
 * may write (/tmp): a link or someone else's directory there is removed first, never followed.
 */
export function makeOwnDirectory(path: string): void {
  holdOwnDirectory(path, join(realpathSync(dirname(path)), basename(path))).release();
}

/**
 * Holds the directory at `path` as it is (see HeldDirectory), when its real path is `expected` (and
 * `accept` takes it). Call it before any of the code runs.
 */
export function holdDirectory(path: string, expected: string, accept: (stat: Stats) => boolean = () => true): HeldDirectory {
  const fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  const opened = readlinkSync(`/proc/self/fd/${fd}`);
  if (opened !== expected || !accept(fstatSync(fd))) {
    closeSync(fd);
    throw new CgBenchError(`${path}: not the directory cg-bench made there (it is ${opened}); cg-bench never writes through a link`);
  }
  return { path: `/proc/self/fd/${fd}`, release: () => closeSync(fd) };
}

/**
 * Holds the CI's output directory at `path` (holdDirectory), cg-bench's own and writable by it alone:
 * group and other write taken away (GitLab's checkout, umask 0000, makes a directory the merge
 * request committed at its path 0777), so the code, run as another uid, can neither rename what
 * cg-bench writes there nor plant a link at a name before cg-bench writes it. One of another uid's
 * is refused.
 */
export function holdOutputDirectory(path: string, expected: string): HeldDirectory {
  const uid = process.getuid?.();
  const held = holdDirectory(path, expected);
  const stat = statSync(held.path);
  if (stat.uid !== uid) {
    held.release();
    throw new CgBenchError(`${path}: the output directory is uid ${stat.uid}'s, not cg-bench's (uid ${uid}); remove it, and cg-bench makes its own`);
  }
  if (stat.mode & 0o022) chmodSync(held.path, stat.mode & 0o7755);
  return held;
}

/** A held directory of cg-bench's own kept between runs, with its real path. */
export interface KeptDirectory extends HeldDirectory {
  real: string;
}

/** Root, or cg-bench's own uid: whoever else can change a directory can swap what is in it. */
function trustedOwner(uid: number): boolean {
  return uid === 0 || uid === process.getuid?.();
}

/** The directories on the way to `path`, and it: /a, /a/b, /a/b/c. */
function prefixes(path: string): string[] {
  const parts = resolve(path).split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

/** Every link on the way to `path` (as far as it exists) is root's or cg-bench's own. */
function linksOursOnTheWay(path: string): boolean {
  for (const at of prefixes(path)) {
    let stat: Stats;
    try {
      stat = lstatSync(at);
    } catch {
      return true; // Not made yet: nothing further to follow.
    }
    if (stat.isSymbolicLink() && !trustedOwner(stat.uid)) return false;
  }
  return true;
}

/**
 * Nobody but cg-bench's uid and root can change the directory at `real` (a real path) or one on the
 * way to it: each is theirs, and one others may write is sticky (as /tmp is: its entries can then
 * be renamed or removed only by their owners), except `real` itself, which only its owner may write.
 */
function directoriesOursOnTheWay(real: string): boolean {
  const all = prefixes(real);
  return all.every((at, i) => {
    const stat = lstatSync(at);
    const othersWrite = (stat.mode & 0o022) !== 0;
    return stat.isDirectory() && trustedOwner(stat.uid) && (!othersWrite || (i < all.length - 1 && (stat.mode & 0o1000) !== 0));
  });
}

/**
 * The directory cg-bench keeps files in from one run to the next (the per-machine caches: probes,
 * the entropy stream), made if missing and held; undefined (nothing kept) when anyone but cg-bench's
 * uid or root could change it or a directory on the way to it. In the image HOME is a directory
 * every uid may write, and the code cg-bench runs as another uid could make the cache directory its
 * own there, or plant links in it, before cg-bench (root) writes its cache: cg-bench would then write
 * through them, or read what it put there.
 */
export function holdKeptDirectory(dir: string): KeptDirectory | undefined {
  try {
    // Checked before anything is made, so no directory is made through a link someone else put there.
    if (!linksOursOnTheWay(dir)) return undefined;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const real = realpathSync(dir);
    if (!linksOursOnTheWay(dir) || !directoriesOursOnTheWay(real)) return undefined;
    const uid = process.getuid?.();
    const held = holdDirectory(real, real, (s) => s.uid === uid && (s.mode & 0o022) === 0);
    return { ...held, real };
  } catch {
    return undefined;
  }
}

/**
 * Replaces `name` in a kept directory with `data`: written to a new temporary file there (never
 * through a link), then renamed over the name.
 */
export function replaceKeptFile(dir: KeptDirectory, name: string, data: string | Buffer, mode = 0o600): void {
  const temporary = `${name}.${process.pid}.tmp`;
  const fd = openNewFile(join(dir.path, temporary), join(dir.real, temporary), mode);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
  renameSync(join(dir.path, temporary), join(dir.path, name));
}

/** Writes one new file by its name beneath a directory (a name may hold '/'). */
export type NewFileWriter = (name: string, text: string | Iterable<string>) => void;

/** `name`'s parts, each a plain name: nothing absolute, empty, `.` or `..`, so it stays beneath where it is joined. */
function namesOf(name: string): string[] {
  const names = name.split('/');
  if (names.some((n) => n === '' || n === '.' || n === '..')) throw new Error(`${JSON.stringify(name)} is not a relative path of plain names`);
  return names;
}

/**
 * Makes the directories `names` one inside the next beneath `base`: whatever on the way is not a
 * directory (a link, a file) is removed, never followed (lstat; rmSync removes a link itself), and,
 * with `emptyLast`, the last is made afresh.
 */
function makeDirectoriesBeneath(base: string, names: readonly string[], emptyLast: boolean): void {
  let path = base;
  for (const [i, name] of names.entries()) {
    path = join(path, name);
    let stat: Stats | undefined;
    try {
      stat = lstatSync(path);
    } catch {
      stat = undefined;
    }
    const fresh = !stat?.isDirectory() || (emptyLast && i === names.length - 1);
    if (stat && fresh) rmSync(path, { recursive: true, force: true });
    if (fresh) mkdirSync(path, { mode: 0o755 });
  }
}

/**
 * A writer of new files beneath a held directory whose real path is `real` (a name may hold '/':
 * the directories on its way are made as makeDirectoriesBeneath makes them), for what cg-bench
 * writes in CI's output directory once the code has run: every name is looked up in the held
 * directory, not by a path the code could have swapped, and every file is new (writeNewFile).
 */
export function writerBeneath(held: HeldDirectory, real: string): NewFileWriter {
  return (name, text) => {
    makeDirectoriesBeneath(held.path, namesOf(name).slice(0, -1), false);
    writeNewFile(join(held.path, name), text, join(real, name));
  };
}

/** The directory `sub` beneath a held directory made afresh (see makeDirectoriesBeneath), and a writerBeneath into it. */
export function freshDirectoryBeneath(held: HeldDirectory, real: string, sub: string): NewFileWriter {
  makeDirectoriesBeneath(held.path, namesOf(sub), true);
  const write = writerBeneath(held, real);
  return (name, text) => write(`${sub}/${name}`, text);
}

/**
 * A writer of new files beneath `dir` reached by its path (the directories on a name's way made as
 * needed): for a directory only the person running cg-bench can change, as a command's --out.
 */
export function writerByPath(dir: string): NewFileWriter {
  return (name, text) => {
    const path = join(dir, ...namesOf(name));
    mkdirSync(dirname(path), { recursive: true });
    writeNewFile(path, text);
  };
}
