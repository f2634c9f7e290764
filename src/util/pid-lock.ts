import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, readFileSync, renameSync, rmSync, type Stats, statSync, writeFileSync } from 'node:fs';
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
 * Makes `path` name this process, if no file is there: the text is written to a draft first and the
 * draft linked to `path`, so the lock appears whole. (Created empty and then written, a lock read in
 * between named no one, was taken as stale and removed: two holders, measured 16 times in 20,000
 * takes by ten processes.)
 */
function publish(path: string): boolean {
  const text = `${process.pid} ${identity(process.pid)}\n`;
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: created, then written, as before.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    return exclusiveWrite(path, text);
  } finally {
    rmSync(draft, { force: true });
  }
}

function exclusiveWrite(path: string, text: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/**
 * Removes the lock whose text was `seen` (a holder that is gone). Moved aside first and read again:
 * if another process took the lock meanwhile, the file moved is its, and it is put back.
 */
function removeStale(path: string, seen: string | undefined): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // Removed meanwhile: try again.
    // Another user's, in a directory every user may write (sticky): not ours to remove.
    throw new CgBenchError(`${path}: a stale lock cg-bench cannot remove (${code ?? String(error)}); remove it`);
  }
  try {
    const moved = readLock(aside);
    if (typeof moved === 'string' && moved !== seen) linkSync(aside, path);
  } catch {
    // Taken again meanwhile: that lock stands.
  } finally {
    try {
      rmSync(aside, { force: true });
    } catch {
      // A directory someone put at the lock's name stays aside: the name is free again.
    }
  }
}

/** What readLock finds when the lock is gone or changed while it was read: look again. */
const CHANGED = Symbol('changed');

/**
 * A lock file's text, through the reader; CHANGED when it went or was moved while being read (its
 * holder released it, another took it over); undefined when it cannot be read (another user's).
 */
function readLock(path: string): string | undefined | typeof CHANGED {
  try {
    return readTextBounded(path, LOCK_LIMIT, 'lock file');
  } catch (error) {
    if (error instanceof CgBenchError) return CHANGED; // A regular file a moment ago (lstat): moved meanwhile.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? CHANGED : undefined;
  }
}

/** Takes the lock at `path` for this process, waiting while another live process holds it. */
export async function waitForLock(path: string): Promise<void> {
  while (tryLock(path) !== undefined) await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Tries to take a lock file naming this process. A lock whose process is gone is taken over.
 * Returns undefined when taken, else the pid of the live holder. Other file-system errors are the
 * caller's to report.
 */
export function tryLock(path: string): number | undefined {
  for (;;) {
    if (publish(path)) {
      remember(path);
      return undefined;
    }
    let stat: Stats;
    try {
      stat = lstatSync(path);
    } catch {
      continue; // Removed meanwhile: try again.
    }
    // Not a lock cg-bench writes (a fifo, a link, a directory someone put in a place others may
    // write, /tmp/cg-bench-home): never read (a plain read would wait on a fifo forever, or follow).
    if (!stat.isFile() || stat.size > LOCK_LIMIT) {
      removeStale(path, undefined);
      continue;
    }
    const text = readLock(path);
    // Released or taken over while read: look again; never remove what another may hold by now.
    if (text === CHANGED) continue;
    const holder = text === undefined ? undefined : parseHolder(text);
    // A lock is its holder's own file: one naming another user's process (pid 1, say) is planted.
    if (holder !== undefined && holder.pid !== process.pid && holderAlive(holder) && ownerOf(holder.pid) === stat.uid) return holder.pid;
    removeStale(path, text);
  }
}
