/*
 * Option values as the CLI, the action's inputs and the GitLab job's variables give them: text.
 * Each returns null for text it cannot read; the caller names the option in its own words.
 */

/** "1%", "0.5 %" or "2" (percent) → percent. */
export function percentFromText(text: string): number | null {
  const t = text.trim();
  if (!/^[0-9]+(\.[0-9]+)?\s?%?$/.test(t)) return null;
  return Number(t.replace(/\s?%$/, ''));
}

/** A whole number from 1 to `max`, in plain digits ("1e3" and "0x10" are not read as numbers). */
export function positiveIntegerFromText(text: string, max = 1024): number | null {
  const t = text.trim();
  if (!/^[0-9]{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

/** true/yes/on/1 or false/no/off/0, any case. */
export function booleanFromText(text: string): boolean | null {
  if (/^(true|yes|on|1)$/i.test(text.trim())) return true;
  if (/^(false|no|off|0)$/i.test(text.trim())) return false;
  return null;
}
