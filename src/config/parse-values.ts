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

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

/** Why a Valgrind cache spec "size,assoc,line" cannot work, or undefined when it can. */
export function cacheLevelProblem(spec: string): string | undefined {
  const [size, assoc, line] = spec.split(',').map(Number) as [number, number, number];
  if (!(size > 0 && assoc > 0 && line > 0)) return 'size, associativity and line size must be positive';
  if ((line & (line - 1)) !== 0) return `line size ${line} is not a power of two`;
  if (size % (assoc * line) !== 0) return `size ${size} is not a multiple of associativity × line size (${assoc * line})`;
  return undefined;
}

/** A file-system-safe, readable, unique-enough directory name for a benchmark. */
export function slugify(name: string, index: number): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 60);
  return `${String(index + 1).padStart(2, '0')}-${base || 'benchmark'}`;
}

/*
 * Option values as the CLI, the action's inputs and the GitLab job's variables give them: text.
 * Each returns null for text it cannot read; the caller names the option in its own words.
 */

/** "1%", "0.5 %" or "2" (percent) → percent. */
export function percentFromText(text: string): number | null {
  const t = text.trim();
  if (!/^[0-9]+(\.[0-9]+)?\s?%?$/.test(t)) return null;
  return parsePercent(t.endsWith('%') ? t : Number(t));
}

/** A whole number of at least 1. */
export function positiveIntegerFromText(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
}

/** true/yes/on/1 or false/no/off/0, any case. */
export function booleanFromText(text: string): boolean | null {
  if (/^(true|yes|on|1)$/i.test(text.trim())) return true;
  if (/^(false|no|off|0)$/i.test(text.trim())) return false;
  return null;
}
