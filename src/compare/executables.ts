import type { ExecutableResult } from '../results/types.ts';

/** Why two benchmarks' executables make them not comparable, or undefined when they agree. */
export function executableDifference(base: ExecutableResult[] | undefined, head: ExecutableResult[] | undefined): string | undefined {
  if (!base || !head) return undefined;
  const baseByPath = new Map(base.map((e) => [e.path, e]));
  for (const h of head) {
    const b = baseByPath.get(h.path);
    if (b && b.sha256 !== h.sha256) return `${h.path} changed (sha256 ${b.sha256.slice(0, 12)} → ${h.sha256.slice(0, 12)})`;
  }
  const programs = (list: ExecutableResult[]) => list.filter((e) => e.main).map((e) => e.path);
  const [bp, hp] = [programs(base), programs(head)];
  const gone = bp.filter((p) => !hp.includes(p));
  const added = hp.filter((p) => !bp.includes(p));
  if (gone.length || added.length) return `other programs ran: ${[...gone.map((p) => `−${p}`), ...added.map((p) => `+${p}`)].join(', ')}`;
  return undefined;
}
