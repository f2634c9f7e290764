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
