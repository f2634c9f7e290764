import { realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The environment of every program the gates start around the code or as another uid: the sandbox's
 * unshare, taskset and setpriv, a view's shell and its mounts, rm and kill as an owner, the probes.
 * Never cg-bench's own whole (a process of the code's uid read the CI tokens from /proc/PID/environ
 * of an rm started as that uid), never the code's (its LD_PRELOAD or PATH ran its programs as root in
 * them): the code gets its own from `env -i` as the last program before it (sandbox.ts). Only PATH is
 * cg-bench's caller's, which chose these programs before and still does; messages in C's words.
 */
export function ownProgramsEnv(): Record<string, string> {
  return { PATH: process.env['PATH'] || '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LC_ALL: 'C', LANGUAGE: 'C' };
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
 * Where ownProgramsEnv's PATH finds the program `name`, looked up once per PATH in this process: the
 * same file execvp would run (the first regular file of that name an absolute entry holds), named by
 * its absolute path so that whoever execs it (spawn, setpriv, taskset, unshare, a view's shell) does
 * not search again with one failed execve per entry before it (13 entries here: 130 of a run's 185).
 * `name` itself when PATH has a relative entry before it or none holds it, or when the file lies in
 * a shared temporary directory, which a view covers with a private one (the programs run inside it,
 * the inner unshare and env, would not be there): then found at each exec as before.
 */
export function ownProgram(name: string): string {
  const path = ownProgramsEnv()['PATH']!;
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
