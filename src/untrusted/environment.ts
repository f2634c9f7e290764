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

/**
 * Whether the per-user files git reads (its global config, attributes and ignore list, in HOME and
 * XDG_CONFIG_HOME as `env` names them) may be read by the git cg-bench runs: yes when cg-bench is not
 * root (the code then runs as its own uid, which owns them anyway); as root, only when each such
 * file, or the nearest directory above it that exists, is root's alone (rootsOnly; a file itself
 * root's and written by no one else). In the image HOME is 1777 (any uid may run it): the code, as
 * another uid, wrote a ~/.gitconfig filter and a ~/.config/git/attributes, and root's git ran the
 * filter when it checked the base commit out, reading the CI token and root's files.
 */
export function callerGitFilesTrusted(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.()): boolean {
  if (uid !== 0) return true;
  const home = env['HOME'];
  const config = env['XDG_CONFIG_HOME'] || (home ? join(home, '.config') : undefined);
  const files = [...(home ? [join(home, '.gitconfig')] : []), ...(config ? ['config', 'attributes', 'ignore'].map((f) => join(config, 'git', f)) : [])];
  return files.every((file) => {
    try {
      const s = lstatSync(file);
      return s.isFile() && s.uid === 0 && (s.mode & 0o022) === 0 && rootsOnly(dirname(file));
    } catch {
      // Absent: whoever could make it there could make git read it.
      let at = dirname(file);
      while (at !== '/' && !isDirectory(at)) at = dirname(at);
      return rootsOnly(at);
    }
  });
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
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
 * Why the code could rename or replace something on the way to `dir`, or undefined: each directory
 * must be root's, and written by no one else, or sticky (then only an entry's owner may rename it).
 * Not cg-bench's own uid: when cg-bench is not root the code runs as that uid, and sticky directories
 * then protect nothing from it except the shared ones, which a view covers whole (SHARED_TMP_DIRS).
 * As root (`own` 0: the code runs as another uid, and Valgrind writes its output there as that uid),
 * the code must also be able to enter each.
 */
export function tmpdirProblem(dir: string, own: number): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const s = lstatSync(at);
    const named = JSON.stringify(at);
    const mode = (s.mode & 0o7777).toString(8);
    if (!s.isDirectory()) return `${named} is not a directory`;
    if (s.uid !== 0) return `${named} belongs to uid ${s.uid}, not root`;
    const sticky = (s.mode & 0o1000) !== 0 && (own === 0 || SHARED_TMP_DIRS.includes(at));
    if ((s.mode & 0o022) !== 0 && !sticky) return `${named} may be written by others (mode ${mode})`;
    if (own === 0 && (s.mode & 0o001) === 0) return `the code's uid cannot enter ${named} (mode ${mode})`;
    if (at === '/') return undefined;
  }
}

/** tmpdirProblem's answer for `dir` as it resolves, an error reaching it included. */
function problemAt(dir: string, own: number): { real?: string; problem?: string } {
  try {
    const real = realpathSync(dir);
    return { real, problem: tmpdirProblem(real, own) };
  } catch (error) {
    return { problem: errorMessage(error) };
  }
}

let ownTmp: string | undefined;
/**
 * Where cg-bench makes its own temporary files: the seal files and Valgrind's staging (cg-bench-runs),
 * the stopwatch helper and the CPU probe that root runs by path, a base checkout. Resolved once,
 * before any pull-request code runs (untrustedSandbox calls it first), so that what the code later
 * does to TMPDIR's path cannot move it. TMPDIR's real path when the code can neither rename nor
 * replace anything on the way to it (tmpdirProblem), else /tmp, said once. With TMPDIR in a checkout
 * (TMPDIR=$CI_PROJECT_DIR/.tmp) the code's uid renamed root's directories there: a timed benchmark
 * put its own `stopwatch` at the helper's path and root ran it (reading the CI tokens); another
 * swapped TMPDIR for a directory of its own and planted a profile in the next benchmark's staging.
 */
export function ownTmpdir(): string {
  if (ownTmp !== undefined) return ownTmp;
  const own = process.getuid?.() ?? 0;
  const given = tmpdir();
  const { real, problem } = problemAt(given, own);
  if (real !== undefined && problem === undefined) ownTmp = real;
  else {
    const fallback = problemAt('/tmp', own).problem;
    if (fallback !== undefined)
      throw new CgBenchError(`no temporary directory cg-bench can keep its own files in: TMPDIR ${JSON.stringify(given)}: ${problem}; /tmp: ${fallback}`);
    // JSON's quoting: a path the checkout names (a link's target) stays one line, no workflow command.
    process.stderr.write(`cg-bench: TMPDIR ${JSON.stringify(given)} is not used for cg-bench's own files (${problem}): /tmp is\n`);
    ownTmp = '/tmp';
  }
  return ownTmp;
}

/** The temporary directories every run on a machine shares: in a view (view.ts), each run gets its own, empty. */
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
