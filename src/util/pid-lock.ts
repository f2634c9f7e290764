import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Whether a process is alive (EPERM: alive, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Tries to take a lock file holding this process's pid. A lock whose process is gone is taken
 * over. Returns undefined when taken, else the pid of the live holder. Other file-system errors
 * are the caller's to report.
 */
export function tryLock(path: string): number | undefined {
  for (;;) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(path, 'utf8').trim());
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) return holder;
    rmSync(path, { force: true });
  }
}
