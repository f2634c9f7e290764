/**
 * 1234567 → "1,234,567". Grouped by hand: toLocaleString's first call loads ICU's number formats,
 * ~9 ms of CPU on every run (issue 26), for the same text.
 */
export function formatCount(n: number): string {
  const rounded = Math.round(n);
  // Past 2^53 String() and toLocaleString part ways (exponents, rounding), and -0 prints "-0": rare enough to pay for ICU.
  if (!Number.isSafeInteger(rounded) || Object.is(rounded, -0)) return rounded.toLocaleString('en-US');
  return String(rounded).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A relative change as "+1.23%", with enough digits to show a small change is not zero. */
export function formatPercent(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return '0.00%';
  const abs = Math.abs(percent);
  const digits = abs >= 0.01 ? 2 : abs >= 0.0001 ? 4 : 6;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(digits)}%`;
}

export function formatSigned(n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;
}

/** 250 → "250ms", 4100 → "4.1s", 125000 → "2m05s" */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

/**
 * A message's first line, without the clause that introduces the lines below it ("…; last lines of
 * stderr:"): those lines are not on a progress line, so it would end in a colon and nothing. Reports and
 * the summary after a run show the whole message.
 */
export function headline(message: string): string {
  const [first = '', ...rest] = message.split('\n');
  return rest.length && first.endsWith(':') ? first.replace(/[;.] [^;.]*:$/, '') : first;
}
