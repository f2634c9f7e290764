import { constants } from 'node:os';
import { killTrackedGroups } from '../untrusted/process.ts';

/** Shells' convention, which CI systems and `$?` understand: 128 + the signal's number. */
function interruptExitCode(signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP'): number {
  return 128 + constants.signals[signal];
}

/**
 * For entry points: on SIGINT or SIGTERM, stop every benchmark and setup command and exit 130/143;
 * on SIGHUP (the terminal closed) likewise, exit 129: they run in sessions of their own, which a
 * hangup does not reach.
 * Nothing half-done is left: results.json, report.md and a saved baseline are each written in one
 * synchronous step (temporary file, then rename) that a signal handler cannot interrupt, so a file
 * is either the previous one, untouched, or the complete new one (the output directory's results.json
 * and report.md are removed as a run starts, run/suite.ts: interrupted, it holds none).
 */
export function exitOnInterrupt(say: (line: string) => void, exit: (code: number) => never = process.exit): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      const stopped = killTrackedGroups();
      say(`cg-bench: interrupted by ${signal}: stopped ${stopped} running process group(s)\n`);
      exit(interruptExitCode(signal));
    });
  }
}
