import { statSync } from 'node:fs';
import type { InstrumentMode } from '../config/types.ts';
import type { Seal } from '../results/types.ts';
import type { Sandbox } from '../untrusted/sandbox.ts';

/**
 * The seal a benchmark's measured run ran under, for results.json: the sandbox's, and for a Python
 * benchmark whether the interpreter forgets what it learned before each region (instrument: region,
 * python/cg_bench; a whole run has no regions to reset at).
 */
export function sealOf(sandbox: Sandbox, python: boolean, instrument: InstrumentMode, cwd: string): Seal {
  return { ...sandbox.seal, ...(python ? { pythonResets: instrument === 'region', devices: deviceNumbers(cwd) } : {}) };
}

/** st_dev of / and of `cwd` as the benchmark sees them (cg-bench shares its mount namespace but for /sys). */
function deviceNumbers(cwd: string): string {
  return `/ ${statSync('/').dev}, cwd ${statSync(cwd).dev}`;
}
