import { readdirSync, readFileSync } from 'node:fs';

/** The pids of live processes whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills every process still running with `marker` in its command line (a benchmark's Valgrind
 * processes name their output directory), until none is left; returns how many were killed. In a
 * pid namespace the kernel has already killed them when the benchmark's main process ended.
 */
async function killLeftovers(marker: string): Promise<number> {
  let killed = 0;
  for (let round = 0; round < 100; round++) {
    const pids = processesWith(marker);
    if (!pids.length) return killed;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // Already gone.
      }
    }
    await sleep(20);
  }
  return killed;
}

/**
 * Ends what a run of a benchmark left (killLeftovers), unless it ran in a pid namespace of its own
 * and ended by itself: its init's exit has then already killed, and the kernel reaped, every process
 * in it before the run's first process could see that exit, so reading every /proc/PID/cmdline finds
 * none. After a timeout the run's first process was killed instead, and its init dies only by the
 * death signal it gets then (unshare --kill-child): the scan is kept. Returns how many were killed.
 */
export async function endLeftovers(
  run: { isolatedPids: boolean; timedOut: boolean },
  marker: string,
  kill: (marker: string) => Promise<number> = killLeftovers,
): Promise<number> {
  if (run.isolatedPids && !run.timedOut) return 0;
  return kill(marker);
}
