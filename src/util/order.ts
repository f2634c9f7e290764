/**
 * Strings in code-unit order: the same on every machine. `localeCompare` follows the process's ICU
 * data and locale (a Node built without full ICU, another LANG) and its first call loads ICU's
 * collator, ~8 ms of CPU on every run (issue 26).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
