import { lstatSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CgBenchError, errorMessage } from '../errors.ts';

/** The system's directories, where util-linux, coreutils, the shell, git and Valgrind are installed. */
const SYSTEM_PATH: readonly string[] = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** Whether `dir` and every directory on the way to it (as it resolves) belong to root and only root may write them. */
function rootsOnly(dir: string): boolean {
  try {
    for (let at = realpathSync(dir); ; at = dirname(at)) {
      const s = lstatSync(at);
      if (!s.isDirectory() || s.uid !== 0 || (s.mode & 0o022) !== 0) return false;
      if (at === '/') return true;
    }
  } catch {
    return false;
  }
}

let systemPath: string | undefined;
/**
 * Where cg-bench finds the programs it runs itself (ownProgram, and Valgrind and git by name): the
 * system's directories that only root may change, never the caller's PATH. That PATH can name the
 * checkout (`npx cg-bench` puts the project's node_modules/.bin first: a pull request committed a
 * `setpriv` there and root ran it, reading the CI tokens) or a directory the code can make or write
 * (a HOME of mode 1777 in an image, where it planted the `hostname` and `mount` a view runs).
 * CG_BENCH_OWN_PATH, an operator's (and the tests') choice, is taken as given.
 */
export function ownProgramsPath(): string {
  const chosen = process.env['CG_BENCH_OWN_PATH'];
  if (chosen) return chosen;
  systemPath ??= SYSTEM_PATH.filter(rootsOnly).join(':') || '/usr/bin:/bin';
  return systemPath;
}

/**
 * The environment of every program the gates start around the code or as another uid: the sandbox's
 * unshare, taskset and setpriv, a view's shell and its mounts, rm and kill as an owner, the probes.
 * Never cg-bench's own whole (a process of the code's uid read the CI tokens from /proc/PID/environ
 * of an rm started as that uid), never the code's (its LD_PRELOAD or PATH ran its programs as root in
 * them): the code gets its own from `env -i` as the last program before it (sandbox.ts). PATH is
 * ownProgramsPath(), never the caller's; messages in C's words.
 */
export function ownProgramsEnv(): Record<string, string> {
  return { PATH: ownProgramsPath(), LC_ALL: 'C', LANGUAGE: 'C' };
}

/**
 * Why another uid could rename or replace something on the way to `dir` (a directory there not
 * root's or this process's, or one another uid may write without the sticky bit), or, as root (the
 * code then runs as another uid, and Valgrind writes its output there as that uid), why the code
 * could not reach it; undefined when neither.
 */
function guardProblem(dir: string): string | undefined {
  const own = process.getuid?.() ?? 0;
  for (let at = dir; ; at = dirname(at)) {
    const s = lstatSync(at);
    const mode = (s.mode & 0o7777).toString(8);
    if (!s.isDirectory()) return `${at} is not a directory`;
    if (s.uid !== 0 && s.uid !== own) return `${at} belongs to uid ${s.uid}`;
    if ((s.mode & 0o022) !== 0 && (s.mode & 0o1000) === 0) return `${at} may be written by others (mode ${mode}, no sticky bit)`;
    if (own === 0 && (s.mode & 0o001) === 0) return `the code's uid cannot enter ${at} (mode ${mode})`;
    if (at === '/') return undefined;
  }
}

let ownTmp: string | undefined;
/**
 * Where cg-bench makes its own temporary files, resolved once: the seal files and Valgrind's staging
 * (cg-bench-runs), the stopwatch helper and the CPU probe that root runs by path, a base checkout.
 * TMPDIR's real path when only root and cg-bench's uid may rename or replace what lies on the way to
 * it (guardProblem), else /tmp, said once. With TMPDIR in a checkout (TMPDIR=$CI_PROJECT_DIR/.tmp),
 * the code's uid could rename root's directories there: a timed benchmark put its own `stopwatch`
 * at the helper's path and root ran it (reading the CI tokens); another swapped TMPDIR for a
 * directory of its own and planted a profile in the next benchmark's staging (attack pass, round 10).
 */
export function ownTmpdir(): string {
  if (ownTmp !== undefined) return ownTmp;
  const given = tmpdir();
  let problem: string | undefined;
  try {
    const real = realpathSync(given);
    problem = guardProblem(real);
    if (problem === undefined) ownTmp = real;
  } catch (error) {
    problem = errorMessage(error);
  }
  if (ownTmp === undefined) {
    const fallback = guardProblem('/tmp');
    if (fallback !== undefined)
      throw new CgBenchError(`no temporary directory cg-bench can keep its own files in: TMPDIR (${given}): ${problem}; /tmp: ${fallback}`);
    process.stderr.write(`cg-bench: TMPDIR (${given}) is not used for cg-bench's own files (${problem}): /tmp is\n`);
    ownTmp = '/tmp';
  }
  return ownTmp;
}

/** The temporary directories every run on a machine shares: in a view (sandbox.ts), each run gets its own, empty. */
export const SHARED_TMP_DIRS: readonly string[] = ['/tmp', '/var/tmp', '/dev/shm'];

/** Whether `path` lies in one of SHARED_TMP_DIRS, by its name or where it resolves. */
function inSharedTmp(path: string): boolean {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // Gone meanwhile: its name decides.
  }
  return [path, real].some((p) => SHARED_TMP_DIRS.some((dir) => p.startsWith(`${dir}/`)));
}

const found = new Map<string, string>();

/**
 * Where ownProgramsPath() finds the program `name`, looked up once per path in this process: the
 * same file execvp would run (the first regular file of that name an absolute entry holds), named by
 * its absolute path so that whoever execs it (spawn, setpriv, taskset, unshare, a view's shell) does
 * not search again with one failed execve per entry before it (130 of a run's 185 when the caller's
 * PATH was searched). `name` itself when none holds it, or, with CG_BENCH_OWN_PATH, when it has a
 * relative entry before it or the file lies in a shared temporary directory, which a view covers
 * with a private one (the programs run inside it, the inner unshare and env, would not be there).
 */
export function ownProgram(name: string): string {
  const path = ownProgramsPath();
  const key = `${path}\0${name}`;
  let program = found.get(key);
  if (program === undefined) {
    program = name;
    for (const dir of path.split(':')) {
      if (!dir.startsWith('/')) break;
      try {
        const s = statSync(join(dir, name));
        // execvp passes over what it cannot run (EACCES) and goes on searching.
        if (s.isFile() && (s.mode & 0o111) !== 0) {
          if (!inSharedTmp(join(dir, name))) program = join(dir, name);
          break;
        }
      } catch {
        // Not here.
      }
    }
    found.set(key, program);
  }
  return program;
}
