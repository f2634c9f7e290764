import { lstatSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';
import { readTextBounded } from '../untrusted/read.ts';

/**
 * A lock file names its holder by pid, the process's start time and the boot: a pid alone is reused
 * (a lock left by a killed run once named a pid that a later, unrelated process had, and the next
 * run waited on it forever).
 */
interface Holder {
  pid: number;
  started: string;
}

/** Field 22 of /proc/PID/stat, the start time in clock ticks since boot; '' where /proc cannot tell. */
function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

function identity(pid: number): string {
  return `${bootId()}/${startTime(pid)}`;
}

/** Whether a process is alive (EPERM: alive, another user's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's holder still runs: the same pid, started at the same moment of the same boot.
 * A lock naming a pid alone (written by an earlier cg-bench) cannot be told from pid reuse: stale.
 */
function holderAlive(holder: Holder): boolean {
  return holder.started !== '' && processAlive(holder.pid) && holder.started === identity(holder.pid);
}

/** A lock file holds a pid and a start time. */
const LOCK_LIMIT = 4096;

/** The uid a process runs as (the owner of /proc/PID); undefined when it cannot be told. */
function ownerOf(pid: number): number | undefined {
  try {
    return statSync(`/proc/${pid}`).uid;
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): Holder | undefined {
  const [pidText = '', started = ''] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, started } : undefined;
}

/** Locks this process holds, removed when it exits in any way Node sees (an interrupt included). */
const held = new Set<string>();
let releaseOnExit = false;

function remember(path: string): void {
  held.add(path);
  if (releaseOnExit) return;
  releaseOnExit = true;
  process.on('exit', () => {
    for (const lock of held) rmSync(lock, { force: true });
  });
}

/** Removes a lock this process took. */
export function unlock(path: string): void {
  held.delete(path);
  rmSync(path, { force: true });
}

/**
 * Tries to take a lock file naming this process. A lock whose process is gone is taken over.
 * Returns undefined when taken, else the pid of the live holder. Other file-system errors are the
 * caller's to report.
 */
export function tryLock(path: string): number | undefined {
  for (;;) {
    try {
      writeFileSync(path, `${process.pid} ${identity(process.pid)}\n`, { flag: 'wx' });
      remember(path);
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: Holder | undefined;
    let owner: number | undefined;
    try {
      // Through the reader: a lock in a place others may write (/tmp/cg-bench-home) may be a fifo
      // or a link someone put there, which a plain read would wait on forever or follow.
      owner = lstatSync(path).uid;
      holder = parseHolder(readTextBounded(path, LOCK_LIMIT, 'lock file'));
    } catch {
      // Removed meanwhile, or not a lock cg-bench wrote: taken over below.
    }
    // A lock is its holder's own file: one naming another user's process (pid 1, say) is planted.
    if (holder !== undefined && holder.pid !== process.pid && holderAlive(holder) && ownerOf(holder.pid) === owner) return holder.pid;
    try {
      rmSync(path, { force: true });
    } catch (error) {
      // Another user's, in a directory every user may write (sticky): not ours to remove.
      throw new CgBenchError(`${path}: a stale lock cg-bench cannot remove (${(error as NodeJS.ErrnoException).code ?? String(error)}); remove it`);
    }
  }
}
