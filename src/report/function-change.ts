import type { FunctionChange } from '../compare/compare.ts';
import { formatCount, formatSigned } from './format.ts';

/** One side of a function change: its cost, or the most it can cost when results.json left it out. */
export function functionSideText(change: FunctionChange, side: 'base' | 'head'): string {
  const value = change[side];
  return value !== null ? formatCount(value) : `≤ ${formatCount(change.unrecordedAtMost ?? 0)} (not recorded)`;
}

/** The change, exact, or the smallest certain change when one side was not recorded. */
export function functionChangeText(change: FunctionChange): string {
  if (change.base !== null && change.head !== null) return formatSigned(change.change);
  return `${change.change > 0 ? '≥ ' : '≤ '}${formatSigned(change.change)}`;
}

/** "fn (file)": two functions of the same name in different files are different functions. */
export function functionLabel(change: Pick<FunctionChange, 'fn' | 'file'>): string {
  return change.file && change.file !== '???' ? `${change.fn} (${change.file})` : change.fn;
}
