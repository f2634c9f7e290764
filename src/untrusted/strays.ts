/** What a phase's runs leave behind: processes (without a pid namespace) and private temporary directories. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ownProgramsEnv, SHARED_TMP_DIRS } from './environment.ts';
import { PROBE_TIMEOUT_MS } from './probes.ts';
import { asId, removeAsOwners } from './remove.ts';
import type { Sandbox } from './sandbox.ts';

/**
 * Whether any process of `uid` is running: /proc/PID belongs to its process's effective uid. A zombie
 * (killed, not yet reaped by its parent) runs nothing.
 */
export function uidBusy(uid: number): boolean {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statSync(`/proc/${name}`).uid !== uid) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z') return true;
    } catch {
      // Gone meanwhile.
    }
  }
  return false;
}

/**
 * Ends what a phase's runs (the setup commands, the benchmarks, a pair) left: their processes where
 * they have no pid namespace (killStrays), then their private temporary directories.
 */
export function endStrays(sandbox: Sandbox): void {
  killStrays(sandbox);
  removePrivateTmp();
}

/** The private temporary directories of this process's runs, and those of a cg-bench process no longer running. */
function removePrivateTmp(): void {
  const ended: string[] = [];
  for (const dir of SHARED_TMP_DIRS) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^\.cg-bench-private-(\d+)\.\d+(?:\.\w+)?$/.exec(name)?.[1];
      if (owner === undefined || (owner !== String(process.pid) && existsSync(`/proc/${owner}`))) continue;
      ended.push(join(dir, name));
    }
  }
  removeAsOwners(ended);
}

/**
 * Kills every process of the sandbox's uid where it has no pid namespace (Sandbox.strays): as that
 * uid, kill(-1, SIGKILL) reaches all of them but the caller, in one pass of the kernel's (a process
 * killed while it forks does not complete the fork). Again until /proc shows none.
 */
function killStrays(sandbox: Sandbox): void {
  const strays = sandbox.strays;
  if (!strays) return;
  const asStrays = asId(strays);
  for (let round = 0; round < 10 && uidBusy(strays.uid); round++) {
    spawnSync(asStrays[0]!, [...asStrays.slice(1), '/bin/sh', '-c', 'kill -KILL -1'], { env: ownProgramsEnv(), stdio: 'ignore', timeout: PROBE_TIMEOUT_MS });
  }
}
