import { statSync } from 'node:fs';
import type { InstrumentMode } from '../config/types.ts';
import type { Seal } from '../results/types.ts';
import { readHead } from '../untrusted/read.ts';
import type { Sandbox } from '../untrusted/sandbox.ts';

/**
 * The seal a benchmark's measured run ran under, for results.json: the sandbox's, for a Python
 * benchmark whether the interpreter forgets what it learned before each region (instrument: region,
 * python/cg_bench; a whole run has no regions to reset at), and whether symbols were bound at start
 * (from the environment the run got, which the benchmark's `env:` may have changed).
 */
export function sealOf(sandbox: Sandbox, python: boolean, instrument: InstrumentMode, cwd: string, env: Readonly<Record<string, string>>): Seal {
  return {
    ...sandbox.seal,
    ...(python ? { pythonResets: instrument === 'region', devices: deviceNumbers(cwd) } : {}),
    // glibc binds at start when LD_BIND_NOW is set to a non-empty string.
    ...(env['LD_BIND_NOW'] ? { symbols: 'now' as const } : {}),
  };
}

/** st_dev of / and of `cwd` as the benchmark sees them (cg-bench shares its mount namespace but for /sys). */
function deviceNumbers(cwd: string): string {
  return `/ ${statSync('/').dev}, cwd ${statSync(cwd).dev}`;
}

/**
 * What python/cg_bench (_region.py) writes to stderr at import, in a region run under Valgrind, when
 * its interpreter gets no bytecode reset at a region's start (outside CPython 3.11 to 3.14 with the GIL).
 */
export const NO_RESET_NOTICE = "gets no bytecode reset at a region's start";

/**
 * The seal as the run had it: an interpreter that said it gets no reset made its regions without one,
 * so its count depends on what ran before them (and is not comparable with one that had them).
 * The notice is written when cg_bench is imported: a program that wrote more than the 256 KiB read
 * here to stderr before that would hide it.
 */
export function resetsAsRun(seal: Seal, stderr: string): Seal {
  if (seal.pythonResets !== true) return seal;
  return readHead(stderr, 256 * 1024)?.includes(NO_RESET_NOTICE) ? { ...seal, pythonResets: false } : seal;
}
