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

/** Valgrind refuses smaller lines: an instruction could straddle three of them. */
const MIN_LINE_SIZE = 16;

/** Valgrind reads size, associativity and line size into 32-bit ints. */
const MAX_CACHE_NUMBER = 2 ** 31 - 1;

const isPowerOfTwo = (n: number) => Number.isSafeInteger(n) && n > 0 && (n & (n - 1)) === 0;

/**
 * Why Valgrind would refuse a cache spec "size,assoc,line" (the rules of its cg_arch.c), or
 * undefined when it takes it: found here, before anything runs, not as every benchmark failing.
 */
export function cacheLevelProblem(spec: string): string | undefined {
  const [size, assoc, line] = spec.split(',').map(Number) as [number, number, number];
  if (![size, assoc, line].every((n) => Number.isSafeInteger(n) && n > 0)) return 'size, associativity and line size must be positive whole numbers';
  // cg_arch.c keeps each in a C int, and refuses what does not fit ("too large and overflowed").
  const tooLarge = [size, assoc, line].find((n) => n > MAX_CACHE_NUMBER);
  if (tooLarge !== undefined)
    return `${tooLarge} is larger than Valgrind takes (${MAX_CACHE_NUMBER}, the largest C int; the largest power-of-two size is 1073741824, 1 GiB)`;
  if (!isPowerOfTwo(line)) return `line size ${line} is not a power of two`;
  if (line < MIN_LINE_SIZE) return `line size ${line} is below Valgrind's minimum of ${MIN_LINE_SIZE}`;
  if (size <= line) return `size ${size} must be larger than the line size ${line}`;
  if (assoc > size / line) return `associativity ${assoc} is more than size ÷ line size (${size / line})`;
  if (size % (assoc * line) !== 0 || !isPowerOfTwo(size / (assoc * line))) {
    return `size ÷ (associativity × line size) = ${size / (assoc * line)} sets; Valgrind needs a power of two (e.g. ${assoc * line * 2 ** Math.max(0, Math.round(Math.log2(size / (assoc * line))))})`;
  }
  return undefined;
}
