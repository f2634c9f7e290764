import { accessSync, constants, openSync, readSync, closeSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { CacheGeometry, InstrumentMode } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { ownProgramsPath } from '../untrusted/environment.ts';
import { runProcessSync, type ProcessOutcome } from '../untrusted/process.ts';
import { SEALED_VALGRIND_OPTIONS } from '../util/valgrind-options.ts';
import { outputFileArgs } from './valgrind-files.ts';

export interface ValgrindInstall {
  /** The real Valgrind launcher, never a distribution's wrapper script. */
  bin: string;
  version: string;
  major: number;
  minor: number;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function startsWithShebang(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString() === '#!';
  } finally {
    closeSync(fd);
  }
}

function findOnPath(program: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Debian's /usr/bin/valgrind is a shell script that exports LD_LIBRARY_PATH and GLIBCXX_FORCE_NEW
 * before exec'ing valgrind.bin: variables the benchmark would then see. We call the binary itself.
 */
export function locateValgrind(env: NodeJS.ProcessEnv = process.env): ValgrindInstall {
  const explicit = env['CG_BENCH_VALGRIND'];
  // Not the caller's PATH, which can name the checkout (npx's node_modules/.bin): root runs --version.
  let bin = explicit || findOnPath('valgrind', ownProgramsPath());
  if (!bin) {
    throw new CgBenchError(
      `valgrind not found in ${ownProgramsPath()} (where cg-bench finds the programs it runs itself: never PATH, which may name the checkout); install it (apt-get install valgrind), or set CG_BENCH_VALGRIND to its binary`,
    );
  }
  if (!explicit && startsWithShebang(bin)) {
    const real = join(dirname(bin), 'valgrind.bin');
    if (isExecutable(real)) bin = real;
  }
  // Valgrind 3.24 starts the default tool (memcheck) even for --version; the image ships only cachegrind, none and dhat.
  const probe = runProcessSync({ argv: [bin, '--tool=cachegrind', '--version'], timeoutMs: 60_000, output: 'capture' });
  const match = /valgrind-(\d+)\.(\d+)(\.\d+)?/.exec(probe.stdout);
  if (probe.exitCode !== 0 || !match) {
    throw new CgBenchError(
      `${explicit ? `CG_BENCH_VALGRIND=${explicit}: ` : ''}${bin} --tool=cachegrind --version ${probeFailure(probe)}; ${explicit ? 'CG_BENCH_VALGRIND must name the Valgrind binary (or be unset to use valgrind from PATH)' : 'is Valgrind installed whole (apt-get install valgrind)? CG_BENCH_VALGRIND can name its binary'}`,
    );
  }
  return { bin, version: match[0].replace('valgrind-', ''), major: Number(match[1]), minor: Number(match[2]) };
}

/** What went wrong with `valgrind --version`, never empty: how it ended and what it printed. */
function probeFailure(probe: ProcessOutcome): string {
  if (probe.spawnError) return `could not run: ${probe.spawnError}`;
  if (probe.timedOut) return 'did not answer within a minute';
  const ended = probe.signal ? `was killed by ${probe.signal}` : probe.exitCode !== 0 ? `exited with status ${probe.exitCode}` : 'printed no Valgrind version';
  const said = `${probe.stderr ?? ''}\n${probe.stdout ?? ''}`.trim().split('\n').slice(0, 3).join(' / ').slice(0, 300);
  if (!said) return probe.exitCode === 0 && !probe.signal ? 'printed nothing' : `${ended} and printed nothing`;
  return `${ended}: ${said}`;
}

export function supportsRegionInstrumentation(v: ValgrindInstall): boolean {
  return v.major > 3 || (v.major === 3 && v.minor >= 22);
}

/** The Cachegrind command line: fixed geometry, one output and one log file per process, nothing from rc files. */
export function cachegrindArgs(options: { cache: CacheGeometry; instrument: InstrumentMode; outDir: string }): string[] {
  return [
    '--tool=cachegrind',
    '--cache-sim=yes',
    '--branch-sim=no',
    `--I1=${options.cache.I1}`,
    `--D1=${options.cache.D1}`,
    `--LL=${options.cache.LL}`,
    '--trace-children=yes',
    // Only these options count (no rc file or VALGRIND_OPTS), and no gdbserver.
    ...SEALED_VALGRIND_OPTIONS,
    // Verbose: each process's log names the files it loaded (executables.ts fingerprints them).
    '-v',
    ...outputFileArgs(options.outDir),
    ...(options.instrument === 'region' ? ['--instr-at-start=no'] : []),
  ];
}

/**
 * The DHAT command line of the memory run (run/memory.ts): exact heap counts of every process,
 * sealed like the Cachegrind run. DHAT counts the whole process (it has no instrumentation toggle).
 */
export function dhatArgs(outDir: string): string[] {
  return ['--tool=dhat', '--trace-children=yes', ...SEALED_VALGRIND_OPTIONS, ...outputFileArgs(outDir, 'dhat')];
}

/**
 * The Callgrind command line of the call-tree run (run/call-tree.ts): the same cache model and seal as
 * the Cachegrind run, and every function split by its chain of up to CALLER_DEPTH callers, so that
 * each self cost keeps its call chain. Per function, not per instruction: the tree needs no more.
 */
const CALLER_DEPTH = 64;
export function callgrindArgs(options: { cache: CacheGeometry; outDir: string }): string[] {
  return [
    '--tool=callgrind',
    '--cache-sim=yes',
    '--branch-sim=no',
    `--I1=${options.cache.I1}`,
    `--D1=${options.cache.D1}`,
    `--LL=${options.cache.LL}`,
    `--separate-callers=${CALLER_DEPTH}`,
    '--dump-instr=no',
    '--trace-children=yes',
    ...SEALED_VALGRIND_OPTIONS,
    ...outputFileArgs(options.outDir, 'callgrind'),
  ];
}
