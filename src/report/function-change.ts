import type { FunctionChange, OtherFunctions } from '../compare/compare.ts';
import { FUNCTION_SHARE } from '../metric/aggregate.ts';
import type { LineChange } from '../compare/line-changes.ts';
import { formatCount, formatSigned } from './format.ts';

/**
 * One side of a function change: its cost, or the most it can cost when results.json left it out,
 * or '–' when that side kept every function (check, bisect) and so the function did not run there.
 */
export function functionSideText(change: FunctionChange, side: 'base' | 'head'): string {
  const value = change[side];
  if (value !== null) return formatCount(value);
  return change.unrecordedAtMost === 0 ? '–' : `≤ ${formatCount(change.unrecordedAtMost ?? 0)} (not recorded)`;
}

/** The change, exact, or the smallest certain change when one side was not recorded. */
export function functionChangeText(change: FunctionChange): string {
  if ((change.base !== null && change.head !== null) || change.unrecordedAtMost === 0) return formatSigned(change.change);
  return `${change.change > 0 ? '≥ ' : '≤ '}${formatSigned(change.change)}`;
}

/** The function's inclusive cost (with its callees) on both sides, from the call trees, or '' without them. */
export function inclusiveSidesText(change: FunctionChange): string {
  return change.inclusive ? `${formatCount(change.inclusive.base)} → ${formatCount(change.inclusive.head)}` : '';
}

/** The change of its inclusive cost, or '' without call trees. */
export function inclusiveChangeText(change: FunctionChange): string {
  return change.inclusive ? formatSigned(change.inclusive.head - change.inclusive.base) : '';
}

/** "fn (file)": two functions of the same name in different files are different functions. */
export function functionLabel(change: Pick<FunctionChange, 'fn' | 'file'>): string {
  return change.file && change.file !== '???' ? `${change.fn} (${change.file})` : change.fn;
}

/** A changed line's place: file:line, with the base's number too when the code moved. */
export function lineLabel(change: LineChange): string {
  const moved = change.baseLine !== null && change.head !== null && change.baseLine !== change.line ? ` (was ${change.baseLine})` : '';
  return `${change.file}:${change.line}${moved}`;
}

/** One side of a line change: its cost, or '–' when that side did not record the line. */
export function lineSideText(change: LineChange, side: 'base' | 'head'): string {
  const value = change[side];
  return value !== null ? formatCount(value) : '–';
}

/** The change, exact, or the smallest certain change when one side did not record the line. */
export function lineChangeText(change: LineChange): string {
  if (change.base !== null && change.head !== null) return formatSigned(change.change);
  return `${change.change > 0 ? '≥ ' : '≤ '}${formatSigned(change.change)}`;
}

/** "other functions (12)": the row for what the listed functions leave of a change. */
export function otherFunctionsLabel(other: OtherFunctions): string {
  const below = `under ${FUNCTION_SHARE * 100}% each, not recorded`;
  if (!other.unrecorded) return `other functions (${formatCount(other.count)})`;
  return other.count ? `other functions (${formatCount(other.count)}, and more ${below})` : `other functions (all ${below})`;
}

/** The other functions' side: their summed cost, or '–' when a listed function's cost on that side is unknown. */
export function otherFunctionsSideText(other: OtherFunctions, side: 'base' | 'head'): string {
  const value = other[side];
  return value !== null ? formatCount(value) : '–';
}
