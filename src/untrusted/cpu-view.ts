import { readFileSync } from 'node:fs';

/**
 * What a measured run sees of the CPUs when the sandbox gives it one: the /sys lists read "0" and
 * its affinity holds one CPU. The fingerprint records this instead of the host's lists.
 */
export const ONE_CPU_VIEW = { cpusOnline: '0', cpusPossible: '0', affinity: 1 } as const;

/** The /sys files a measured run sees as "0": glibc's get_nprocs (sysconf) and get_nprocs_conf read them. */
export const CPU_LIST_FILES: readonly string[] = ['online', 'possible', 'present'].map((f) => `/sys/devices/system/cpu/${f}`);

/** Pure: a kernel CPU list ("0-3,8-11") as CPU numbers; [] when it cannot be read. */
export function parseCpuList(text: string): number[] {
  const cpus: number[] = [];
  for (const part of text.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return [];
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The CPUs this process may run on (its affinity), from /proc/self/status. */
export function allowedCpus(): number[] {
  try {
    const line = /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return line ? parseCpuList(line[1]!) : [];
  } catch {
    return [];
  }
}
