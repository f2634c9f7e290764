/** A pid namespace of the code's own, as unshare makes it: its init and the options that make it. */

/** A benchmark's pid in its namespace: the init (PID_NAMESPACE_INIT) is 1. */
export const BENCHMARK_PID_IN_NAMESPACE = 2;

/** The init of a benchmark's pid namespace: runs its arguments, exits with their status. */
export const PID_NAMESPACE_INIT: readonly string[] = ['/bin/sh', '-c', '"$@"; exit $?', 'cg-bench-init'];

/**
 * unshare's options for a pid namespace, with `proc` a procfs of its own mounted over /proc (in a
 * mount namespace of the same user namespace, before the init runs): without it the code saw the
 * machine's /proc, every process listed (158 in one run) with its command line, and its own pid as
 * the machine numbers it (1423), not as its namespace does.
 */
export function pidNamespace(proc: boolean): string[] {
  return ['--pid', '--fork', '--kill-child', ...(proc ? ['--mount-proc'] : [])];
}
