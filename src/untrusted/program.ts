import { spawnSync } from 'node:child_process';
import type { ReaderIdentity } from './read.ts';

/**
 * Where execvp (env, Valgrind's launcher, dash) would find the program, decided by a shell run as
 * the code's identity: a path with a slash is taken from the working directory; a name is searched
 * on the benchmark's PATH, an empty entry being the working directory and a relative one below it,
 * and only a regular file the identity may execute counts. As the code's uid, never cg-bench's: a
 * pull request names these paths (its PATH, its cwd, its program), and root's answer would tell it
 * whether a path it cannot reach exists. Where the identity cannot enter a directory the answer
 * depends on (the working directory, the program's, a PATH entry), it gives none (7): the run's view
 * binds the paths it is handed, so only the run itself can tell.
 */
const LOOKUP_SCRIPT = [
  'set -f',
  'cd -P -- "$1" 2>/dev/null || exit 7',
  'p=$2',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's own expansion (the program's directory)
  'case $p in */*) d=${p%/*}; [ -n "$d" ] || d=/; (cd -- "$d") 2>/dev/null || exit 7',
  '  [ -e "$p" ] || exit 4; [ -f "$p" ] || exit 5; [ -x "$p" ] || exit 6; exit 0 ;; esac',
  // A trailing ":" keeps the last entry when it is empty (field splitting drops one empty field at the end).
  'IFS=:; entries="$3:"; unsure=',
  'for d in $entries; do [ -n "$d" ] || d=.; (cd -- "$d") 2>/dev/null || unsure=1; [ -f "$d/$p" ] && [ -x "$d/$p" ] && exit 0; done',
  '[ -z "$unsure" ] || exit 7',
  'exit 4',
].join('\n');

/**
 * Why a benchmark's program cannot start, checked up front (as `identity` when cg-bench switches to
 * one, else as itself, which is then the code's uid) so the message names it; undefined when it can,
 * or when the check itself could not run (the run then says what happened).
 */
export function programProblem(program: string, cwd: string, path: string | undefined, identity: ReaderIdentity | undefined): string | undefined {
  const r = spawnSync('/bin/sh', ['-c', LOOKUP_SCRIPT, 'cg-bench-which', cwd, program, path ?? ''], {
    stdio: 'ignore',
    ...(identity ? { uid: identity.uid, gid: identity.gid } : {}),
    env: { PATH: '/usr/bin:/bin' },
    cwd: '/',
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
  switch (r.status) {
    case 4:
      return program.includes('/')
        ? `command not found: ${program} (no such file in ${cwd})`
        : `command not found: ${program} (the benchmark's PATH is ${path})`;
    case 5:
      return `not a file: ${program}`;
    case 6:
      return `cannot execute ${program}: EACCES`;
    default:
      return undefined;
  }
}
