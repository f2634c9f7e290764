/**
 * The benchmark's whole environment. Every variable changes the bytes on the initial stack and so,
 * slightly, the simulated cache behaviour; nothing may be inherited by accident.
 */
export const BENCHMARK_HOME = '/tmp/cg-bench-home';

export const BASE_ENVIRONMENT: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  HOME: BENCHMARK_HOME,
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
  // Python randomises str hashes per process, and writes .pyc files on a first run that a second
  // run then reads: both change the count from one run to the next.
  PYTHONHASHSEED: '0',
  PYTHONDONTWRITEBYTECODE: '1',
  // The user site (~/.local) is per-user state: without this, the same Python benchmark counts
  // differently as root and as another uid, even with nothing installed there.
  PYTHONNOUSERSITE: '1',
};

/** Base whitelist, then the user's variables, then PWD, which is always the real working directory. */
export function benchmarkEnvironment(cwd: string, userEnv: Record<string, string>): Record<string, string> {
  return { ...BASE_ENVIRONMENT, ...userEnv, PWD: cwd };
}
