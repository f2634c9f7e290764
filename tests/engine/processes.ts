// Which processes are alive, read from /proc: tests that kill cg-bench check nothing is left.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LiveProcess {
  pid: number;
  cmdline: string;
  exe: string;
  cwd: string;
}

/** Live (not zombie) processes whose command line, executable or working directory mentions `marker`. */
export function processesMentioning(marker: string): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const exe = link(`/proc/${entry}/exe`);
      const cwd = link(`/proc/${entry}/cwd`);
      if (cmdline.includes(marker) || exe.includes(marker) || cwd.includes(marker)) found.push({ pid: Number(entry), cmdline, exe, cwd });
    } catch {
      // Ended while we looked.
    }
  }
  return found;
}

function link(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return ''; // Another user's process, or gone.
  }
}

/** Kills what a failed test left behind, so that it does not spin on after the test. */
export function killAll(processes: LiveProcess[]): void {
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}

/** Polls until `done` holds; gives up (returning false) after `limitMs`, a bound and not a measurement. */
export async function eventually(done: () => boolean, limitMs = 60_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (done()) return true;
    await sleep(50);
  }
  return done();
}
