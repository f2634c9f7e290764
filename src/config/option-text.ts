/*
 * Option values as the CLI (--jobs), the action's inputs (`jobs`) and the GitLab component's inputs
 * (CG_BENCH_JOBS) give them: text. One reader per kind of value, and one wording for what is wrong:
 * `WHERE: "VALUE" WHAT`, where WHERE names the flag or input as its user wrote it (cliFlag, actionInput,
 * componentInput) and WHAT is the same whichever way the value came. Absent is undefined: an entry
 * whose unset inputs read as '' (the action, GitLab variables) passes blank text as undefined.
 */
import { CgBenchError } from '../errors.ts';
import { EXPORT_FORMATS, FORMAT_NAMES, type ExportFormat, type FormatName } from '../report/index.ts';

/** How each entry names an option in its messages. */
export const cliFlag = (name: string) => `--${name}`;
export const actionInput = (name: string) => `input "${name}"`;
/** The component's input and the variable the template passes it in. */
export const componentInput = (name: string) => `input "${name}" (CG_BENCH_${name.toUpperCase().replace(/-/g, '_')})`;

function refuse(where: string, value: string, what: string): never {
  throw new CgBenchError(`${where}: ${JSON.stringify(value)} ${what}`);
}

/** "1%", "0.5 %" or "2" (percent) → percent. */
function percentFromText(text: string): number | null {
  const t = text.trim();
  if (!/^[0-9]+(\.[0-9]+)?\s?%?$/.test(t)) return null;
  return Number(t.replace(/\s?%$/, ''));
}

/** A whole number from 1 to `max`, in plain digits ("1e3" and "0x10" are not read as numbers). */
function positiveIntegerFromText(text: string, max: number): number | null {
  const t = text.trim();
  if (!/^[0-9]{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

/** A threshold override; absent → undefined (keep the configuration's). */
export function thresholdOption(where: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return percentFromText(text) ?? refuse(where, text, 'is not a percentage (write 1% or 0.5%)');
}

/** A count from 1 to `max` (or from 0 with `zero`, whose meaning the message then says); absent → `fallback`. */
export function countOption(where: string, text: string | undefined, fallback: number, options: { max?: number; zero?: string } = {}): number {
  if (text === undefined) return fallback;
  const max = options.max ?? 1024;
  if (options.zero !== undefined && text.trim() === '0') return 0;
  const from = options.zero !== undefined ? `0 to ${max}, in digits (${options.zero})` : `1 to ${max}, in digits`;
  return positiveIntegerFromText(text, max) ?? refuse(where, text, `must be a whole number from ${from}`);
}

/** true/yes/on/1 or false/no/off/0, any case; absent → `fallback`. */
export function booleanOption(where: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined) return fallback;
  if (/^(true|yes|on|1)$/i.test(text.trim())) return true;
  if (/^(false|no|off|0)$/i.test(text.trim())) return false;
  return refuse(where, text, 'is not true or false');
}

/** One of `allowed`; absent → `fallback`. */
export function choiceOption<T extends string>(where: string, text: string | undefined, allowed: readonly T[], fallback: T): T {
  if (text === undefined) return fallback;
  const t = text.trim();
  return allowed.find((a) => a === t) ?? refuse(where, text, `is not one of ${allowed.join(', ')}`);
}

/** A report format of the registry (src/report/index.ts); absent → the first, terminal. */
export function formatOption(where: string, text: string | undefined): FormatName {
  return choiceOption(where, text, FORMAT_NAMES, FORMAT_NAMES[0]!);
}

/** "bmf, github-action-benchmark" (commas or whitespace) → the export formats, each once; absent or blank → none. */
export function exportsOption(where: string, text: string | undefined): ExportFormat[] {
  const names = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const unknown = names.find((n) => !(EXPORT_FORMATS as readonly string[]).includes(n));
  if (unknown !== undefined) refuse(where, unknown, `is not an export format (write ${EXPORT_FORMATS.join(', ')}, or nothing)`);
  return [...new Set(names as ExportFormat[])];
}
