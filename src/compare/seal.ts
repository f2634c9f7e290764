import type { Seal } from '../results/types.ts';

/** Each part of a seal in words, and its values: the part reaches the count, so a difference is named. */
const PARTS: { key: keyof Seal; name: string; values: Record<string, string>; bothRecord?: true; remedy?: string }[] = [
  { key: 'pids', name: 'pid namespace', values: { own: 'its own', host: "none (the machine's pids)" } },
  { key: 'ids', name: 'uid mapping', values: { anonymous: 'anonymous (overflow ids)', caller: "the caller's uid", host: 'none (no user namespace)' } },
  { key: 'network', name: 'network', values: { none: 'none', host: "the host's" } },
  { key: 'cpus', name: 'CPU view', values: { one: 'one CPU', host: "the host's CPUs" } },
  { key: 'entropy', name: 'entropy', values: { fixed: 'fixed', os: "the system's" } },
  // Compared only when both sides record it: private ones move no count by themselves (measured
  // equal on the examples), so results made before it was recorded stay comparable.
  { key: 'tmp', name: 'temporary directories', values: { private: "the run's own", shared: 'shared with other runs' }, bothRecord: true },
  // Compared only when both record it, as tmp: a fresh /proc moved no count of the examples.
  { key: 'proc', name: '/proc', values: { own: "its pid namespace's own", host: "cg-bench's (the machine's processes)" }, bothRecord: true },
  // Compared only when both record it, as tmp: an IPC namespace moved no count of the examples.
  { key: 'ipc', name: 'SysV IPC', values: { own: "the run's own", host: "the machine's" }, bothRecord: true },
  // Compared only when both record it, as tmp: the examples call no gethostname.
  { key: 'hostname', name: 'host name', values: { fixed: 'fixed (cg-bench)', host: "the machine's" }, bothRecord: true },
  { key: 'pythonResets', name: 'Python interpreter resets', values: { true: 'at each region', false: 'none', undefined: 'not Python' } },
  // Absent means lazy binding: a result from before cg-bench set LD_BIND_NOW for regions is not
  // comparable with one after (CPython 3.11: a region moved by ~650 instructions per first call).
  { key: 'symbols', name: 'symbol binding', values: { now: 'at start (LD_BIND_NOW)', undefined: 'lazy' } },
  {
    key: 'devices',
    name: 'device numbers of the filesystems Python reads',
    values: { undefined: 'not recorded' },
    // A container's root is numbered when it starts, from those free: other containers running move it.
    remedy:
      "a container's root filesystem is numbered when it starts, and other containers running then move the number: measure both sides with the same containers running (none besides), or both in one container",
  },
];

/** How every seal difference begins. */
export const ANOTHER_SEAL = 'ran under another seal';

/**
 * Why two benchmarks' seals make them not comparable, or undefined when they agree. A result from
 * before seals were recorded compares as before with another such result; against one that records
 * its seal it is not comparable (the seal it ran under is unknown, and the entropy seal alone moves
 * a Python benchmark's count).
 */
export function sealDifference(base: Seal | undefined, head: Seal | undefined): string | undefined {
  if (!base && !head) return undefined;
  if (!base || !head) return `${ANOTHER_SEAL}: the ${base ? 'head' : 'baseline'} records none (measured by a cg-bench before seals were recorded)`;
  const differing = PARTS.filter(({ key, bothRecord }) => base[key] !== head[key] && !(bothRecord && (base[key] === undefined || head[key] === undefined)));
  const differences = differing.map(
    ({ key, name, values }) => `${name}: ${values[String(base[key])] ?? String(base[key])} → ${values[String(head[key])] ?? String(head[key])}`,
  );
  // What to do, where a difference has a usual cause (not where one side did not record it).
  const remedies = differing.filter(({ key, remedy }) => remedy && base[key] !== undefined && head[key] !== undefined).map(({ remedy }) => remedy!);
  return differences.length ? `${ANOTHER_SEAL}: ${differences.join('; ')}${remedies.length ? ` (${remedies.join('; ')})` : ''}` : undefined;
}
