// The stopwatch's timed benchmarks (mode: wallclock, cputime or counters; cg-bench paired) in a table of their
// own: an interval and a number of pairs, never a count, never mixed with the simulated benchmarks.
import type { TimedFailure, TimedResult } from '../results/types.ts';
import { escapeMarkdown, escapeTerminal } from './escape.ts';
import { formatCount, formatPercent } from './format.ts';

const VERDICT_ICON: Record<TimedResult['verdict'], string> = { regression: '🔴', improvement: '🟢', 'no significant change': '⚪', inconclusive: '🟡' };

function median(xs: readonly number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** A side's median sample: "27.31 ms" or "51,234,567 cycles". */
function timedSide(r: TimedResult, side: 'base' | 'head'): string {
  const m = median(r[side]);
  if (m === undefined) return '–';
  return r.unit === 'ms' ? `${m.toFixed(m >= 100 ? 1 : 2)} ms` : `${formatCount(m)} cycles`;
}

const timedInterval = (r: TimedResult) => `${formatPercent(r.estimate.low)} … ${formatPercent(r.estimate.high)}`;
const timedPairs = (r: TimedResult) => `${r.estimate.pairs}${r.estimate.dropped ? ` (−${r.estimate.dropped})` : ''}`;
/** "no significant change (±1%)"; "inconclusive (too noisy for ±1%)": the interval reaches past the threshold, nothing ruled out. */
const timedVerdictText = (r: TimedResult) =>
  r.verdict === 'no significant change'
    ? `no significant change (±${r.thresholdPercent}%)`
    : r.verdict === 'inconclusive'
      ? `inconclusive (too noisy for ±${r.thresholdPercent}%)`
      : r.verdict;
const confidenceLabel = (results: readonly TimedResult[]) => `${Math.round((results[0]?.estimate.confidence ?? 0.95) * 100)}% interval`;

/** An aligned table for a terminal; `paint` colours a verdict (or leaves it). */
export function timedTerminalTable(results: readonly TimedResult[], paint: (verdict: TimedResult['verdict'], text: string) => string = (_, t) => t): string[] {
  if (!results.length) return [];
  const rows = [['benchmark', 'mode', 'pairs', 'base', 'head', 'change', confidenceLabel(results), 'verdict']];
  for (const r of results) {
    rows.push([
      escapeTerminal(r.name),
      r.mode,
      timedPairs(r),
      timedSide(r, 'base'),
      timedSide(r, 'head'),
      formatPercent(r.estimate.relative),
      timedInterval(r),
      timedVerdictText(r),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => [...row[c]!].length)));
  return rows.map((row, i) =>
    row
      .map((cell, c) => {
        const padded = c <= 1 || c === 7 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!);
        return c === 7 && i > 0 ? paint(results[i - 1]!.verdict, padded) : padded;
      })
      .join('  ')
      .trimEnd(),
  );
}

/** The Markdown section for the comment: its own heading, table and how the numbers were made. */
export function timedMarkdown(results: readonly TimedResult[] | undefined): string[] {
  if (!results?.length) return [];
  const out = [
    '',
    '#### Timed natively (paired base and head, not simulated)',
    '',
    `| Benchmark | Mode | Pairs | Base (median) | Head (median) | Change | ${confidenceLabel(results)} | |`,
    '|:--|:--|--:|--:|--:|--:|--:|:--|',
  ];
  for (const r of results) {
    out.push(
      `| ${escapeMarkdown(r.name)} | ${r.mode} | ${timedPairs(r)} | ${timedSide(r, 'base')} | ${timedSide(r, 'head')} | ${formatPercent(r.estimate.relative)} | ${timedInterval(r)} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(timedVerdictText(r))} |`,
    );
  }
  const controls = [...new Set(results.flatMap((r) => r.controls))];
  out.push(
    '',
    `<sub>Base and head ran alternately (ABBA) on this runner after ${results[0]!.warmups} warm-up pairs; a regression only when the whole interval is beyond the threshold, no significant change only when it is wholly within it (else inconclusive). ${escapeMarkdown(controls.join(', '))}.</sub>`,
  );
  return out;
}

/** `cg-bench paired --format markdown`: the timed benchmarks that failed, after the table (the comment lists them with the others' failures). */
export function timedFailuresMarkdown(failed: readonly TimedFailure[]): string[] {
  if (!failed.length) return [];
  return ['', '**Failed benchmarks**', '', ...failed.map((f) => `- ${escapeMarkdown(f.name)} (timed): ${escapeMarkdown(f.message.split('\n')[0] ?? '')}`)];
}
