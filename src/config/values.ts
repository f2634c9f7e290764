/** Pure conversions of the config's human-friendly values. The schema has already checked their shape. */

/** `1.5%`, `"0.5 %"` or a number of percent → percent. */
export function parsePercent(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.replace(/\s*%$/, ''));
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `10m`, `1h`, `250ms` or a number of seconds → milliseconds. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value * 1000;
  const match = /^([0-9.]+)(ms|s|m|h)$/.exec(value);
  if (!match) throw new Error(`not a duration: ${value}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** Why a Valgrind cache spec "size,assoc,line" cannot work, or undefined when it can. */
export function cacheLevelProblem(spec: string): string | undefined {
  const [size, assoc, line] = spec.split(',').map(Number) as [number, number, number];
  if (!(size > 0 && assoc > 0 && line > 0)) return 'size, associativity and line size must be positive';
  if ((line & (line - 1)) !== 0) return `line size ${line} is not a power of two`;
  if (size % (assoc * line) !== 0) return `size ${size} is not a multiple of associativity × line size (${assoc * line})`;
  return undefined;
}
