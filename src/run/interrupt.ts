import { constants } from 'node:os';

/**
 * The process groups cg-bench has started and not yet seen end (each benchmark's Valgrind, each setup
 * command). On SIGINT/SIGTERM they are killed before cg-bench exits: otherwise they would go on
 * measuring, unwatched, to completion.
 */
const liveGroups = new Set<number>();

/** Registers a child started with `detached: true` (its pid is its group); call the result when it ends. */
export function trackProcessGroup(pid: number | undefined): () => void {
  if (pid === undefined) return () => {};
  liveGroups.add(pid);
  return () => liveGroups.delete(pid);
}

/** Kills every live group at once; returns how many there were. */
function killTrackedGroups(signal: NodeJS.Signals = 'SIGKILL'): number {
  const count = liveGroups.size;
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
  liveGroups.clear();
  return count;
}

/** Shells' convention, which CI systems and `$?` understand: 128 + the signal's number. */
function interruptExitCode(signal: 'SIGINT' | 'SIGTERM'): number {
  return 128 + constants.signals[signal];
}

/**
 * For entry points: on SIGINT or SIGTERM, stop every benchmark and setup command and exit 130/143.
 * Nothing half-done is left: results.json, report.md and a saved baseline are each written in one
 * synchronous step (temporary file, then rename) that a signal handler cannot interrupt, so a file
 * is either the previous one, untouched, or the complete new one.
 */
export function exitOnInterrupt(say: (line: string) => void, exit: (code: number) => never = process.exit): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      const stopped = killTrackedGroups();
      say(`cg-bench: interrupted by ${signal}: stopped ${stopped} running process group(s)\n`);
      exit(interruptExitCode(signal));
    });
  }
}
