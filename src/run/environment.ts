import { commandArgv, viaShell } from '../config/command.ts';
import type { Command, InstrumentMode } from '../config/types.ts';

/**
 * The benchmark's whole environment. Every variable changes the bytes on the initial stack and so,
 * slightly, the simulated cache behaviour; nothing may be inherited by accident.
 */
/** HOME of setup commands (not measured). Each benchmark run gets a private one (private-home.ts). */
export const SETUP_HOME = '/tmp/cg-bench-setup-home';

const BASE_ENVIRONMENT: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  HOME: SETUP_HOME,
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

/**
 * Set for `instrument: region` runs. The image's Python then imports cg_bench before it compiles the
 * script (a .pth file, python/cg_bench-early.pth), so that the script's own code and everything made
 * before the region come from cg_bench's deterministic areas (python/cg_bench/_client.c). Not set for
 * the attribution pass, whose counter must load first.
 */
export const INSTRUMENT_VARIABLE = 'CG_BENCH_INSTRUMENT';

/**
 * Base whitelist with the run's private HOME and TMPDIR, then the user's variables, then PWD (the real
 * working directory). With `pycachePrefix` (a Python benchmark, warmed up first), Python reads and
 * writes its bytecode there instead of compiling every imported module on every run.
 */
export function benchmarkEnvironment(
  cwd: string,
  userEnv: Record<string, string>,
  home: string,
  pycachePrefix?: string,
  instrument?: InstrumentMode,
): Record<string, string> {
  // HOME keeps its place in the fixed order; TMPDIR follows the base variables.
  const env: Record<string, string> = { ...BASE_ENVIRONMENT, HOME: home, TMPDIR: `${home}/tmp` };
  if (pycachePrefix) {
    delete env['PYTHONDONTWRITEBYTECODE'];
    env['PYTHONPYCACHEPREFIX'] = pycachePrefix;
  }
  if (instrument === 'region') {
    env[INSTRUMENT_VARIABLE] = 'region';
    // Every symbol bound at start: lazily, a region's first call of a shared library's function ran
    // the dynamic linker (_dl_fixup, ~650 instructions) inside the region unless code before it had
    // called that function already (CPython 3.11, a heavier import: 4 bindings fewer in the region).
    env['LD_BIND_NOW'] = '1';
  }
  return { ...env, ...userEnv, PWD: cwd };
}

/**
 * Whether a benchmark runs Python: its program is python… (an argv list's first word, or a string of
 * plain words' first, which is how it runs: config/command.ts), or a shell line calls it anywhere.
 * By the program, not any word: an argument `python` (`./bench --engine python`) is no Python run.
 */
export function runsPython(run: Command): boolean {
  if (typeof run === 'string' && viaShell(run)) return /(^|[\s/;&|(])python[0-9.]*(\s|$)/.test(run);
  return /^python[0-9.]*$/.test(commandArgv(run)[0]?.split('/').pop() ?? '');
}
