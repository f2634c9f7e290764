/**
 * The places cg-bench keeps in the shared temporary directories (/tmp, /var/tmp, /dev/shm): the runs
 * directory (seal files, Valgrind's staging), the benchmarks' homes, each run's private directories;
 * made and removed so that no other uid's link or planted directory is followed.
 */
import { closeSync, fchmodSync, fstatSync, constants as fsConstants, lstatSync, mkdirSync, openSync, realpathSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { ownTmpdir, SHARED_TMP_DIRS } from './environment.ts';
import { removeAsOwners } from './remove.ts';

/**
 * Where cg-bench makes what it hands runs in TMPDIR (the seal files, Valgrind's staging directories):
 * one directory of a fixed name, made as the homes directory is (sharedHomesDirectory), so that a
 * run's private /tmp, which shows the paths bound back into it, holds the same names at its top on
 * every run. mkdtemp's random names there moved the count of `ls /tmp` (872,697, 872,855 and
 * 872,735 cycles in three runs).
 */
export function runsDirectory(): string {
  const dir = runsDirectoryPath();
  sharedHomesDirectory(dir);
  return dir;
}

/** By its real path (ownTmpdir): a view covers it there (runsCover), and a link to it is no way around that. */
function runsDirectoryPath(): string {
  return join(ownTmpdir(), 'cg-bench-runs');
}

/**
 * The runs directory when it lies outside SHARED_TMP_DIRS (cg-bench's TMPDIR elsewhere: a CI's
 * $RUNNER_TEMP, /run/user/0), where no private /tmp covers it: a view then binds an empty directory
 * of its own over it, with only its run's paths bound back (privateTmpScript). Before, every run
 * there saw every other run's staging directory, all of one uid, and wrote into it: with --jobs 2 a
 * benchmark planted a profile in the other's (882,054 -> 1,000,882,054 cycles), under `seal.tmp: private`.
 */
export function runsCover(): string | undefined {
  const runs = runsDirectoryPath();
  return SHARED_TMP_DIRS.some((dir) => runs.startsWith(`${dir}/`)) ? undefined : runs;
}

/**
 * A run's private temporary directories are `<dir>/<this>.<the view shell's pid>.<random>` in each of
 * SHARED_TMP_DIRS (mktemp: a name another uid made first for a pid it foresaw, a directory, a link
 * or a FIFO, is passed over, never followed nor a reason to fail the run), bound over it: directories, not a tmpfs each, because a new file system takes an
 * anonymous device number and gives it back only some time after the run, so the next container's
 * root got another one, and Python's counts depend on the device numbers it reads (two runs of the
 * image differed). endStrays removes them once a phase's runs have ended.
 */
export const PRIVATE_TMP_NAME = `.cg-bench-private-${process.pid}`;
/**
 * What is bound over the shared directory: `tmp` (mode 1777, as /tmp) in the private directory, which
 * is 0700, the code's uid's own. Bound directly (1777 itself), any uid of the machine could write into
 * a running benchmark's /tmp through the shared one's entry for it.
 */
export const PRIVATE_TMP_INNER = 'tmp';

/**
 * The directories in the shared ones that hold other runs' (other jobs', other cg-bench processes')
 * directories: Valgrind's staging and the seal files (runsDirectory), the benchmarks' homes. Bound
 * back whole, a benchmark handed one of them (or a directory above) read the other job's staging.
 */
export function reservedDirectories(): string[] {
  return [...new Set([runsDirectoryPath(), HOMES_DIR].flatMap((dir) => [dir, realOrGiven(dir)]))];
}

/** Where the benchmarks' private homes are made (run/private-home.ts): one directory of each benchmark's, beneath. */
export const HOMES_DIR = '/tmp/cg-bench-home';

/** The real path of `path`, or `path` itself when it cannot be resolved. */
export function realOrGiven(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Removes someone's tree at `path`, a name cg-bench keeps in /tmp, with its owner's rights (remove.ts);
 * stops naming it when anything (a link included) is still there.
 */
export function removeOrRefuse(path: string): void {
  removeAsOwners([path]);
  try {
    lstatSync(path);
  } catch {
    return;
  }
  throw sharedPlaceProblem(path, 'what is there cannot be removed');
}

export const DIRECTORY_FLAGS = fsConstants.O_RDONLY | fsConstants.O_DIRECTORY | fsConstants.O_NOFOLLOW;

export function sharedPlaceProblem(path: string, what: string): CgBenchError {
  return new CgBenchError(`${path}: ${what}; cg-bench makes and gives this directory only as its own, never through a link`);
}

/**
 * Makes sure `path`, a directory at a fixed path in /tmp that cg-bench keeps its sandboxes' homes in,
 * is a real directory (no link) that no one but root or cg-bench's user can rename or replace, and
 * that any user's cg-bench may make its entries in (sticky, 1777, as /tmp). A link, a file, or (for
 * root) a directory someone else made there is removed and made again: a link planted there made
 * cg-bench (root) chmod 1777 what it named. A non-root cg-bench shares a sticky one another user's
 * cg-bench made, and refuses anything else it cannot remove.
 */
export function sharedHomesDirectory(path: string): void {
  const uid = process.getuid?.();
  const acceptable = (s: Stats) =>
    s.isDirectory() && !s.isSymbolicLink() && (s.uid === 0 || s.uid === uid || (uid !== 0 && (s.mode & 0o1000) !== 0 && (s.mode & 0o002) !== 0));
  let stat: Stats | undefined;
  try {
    stat = lstatSync(path);
  } catch {
    stat = undefined;
  }
  if (stat && !acceptable(stat)) {
    if (uid !== 0) throw sharedPlaceProblem(path, `${stat.isSymbolicLink() ? 'a link' : 'not a directory cg-bench can trust'} is there; remove it`);
    removeOrRefuse(path);
    stat = undefined;
  }
  if (!stat) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const fd = openSync(path, DIRECTORY_FLAGS);
  try {
    const held = fstatSync(fd);
    if (!acceptable(held)) throw sharedPlaceProblem(path, 'replaced while cg-bench made it');
    if (held.uid === uid && (held.mode & 0o7777) !== 0o1777) fchmodSync(fd, 0o1777);
  } finally {
    closeSync(fd);
  }
}
