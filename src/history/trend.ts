// The trend in the job summary: the default branch's last runs of each benchmark, as a Unicode
// sparkline in a table (readable in any Markdown, and in a terminal) and, for the benchmarks that
// moved most, a Mermaid line chart (GitHub draws ```mermaid blocks in job summaries). Pure: the same
// series give the same text. Benchmark names are user text: escaped in the table, reduced to inert
// characters in Mermaid, whose syntax has no escaping of its own.
import { escapeMarkdown } from '../report/escape.ts';
import { formatCount, formatPercent } from '../report/format.ts';
import type { BenchmarkSeries } from './series.ts';

const BARS = '▁▂▃▄▅▆▇█';
/** Charts drawn at most: the rest are in the table. */
export const MAX_CHARTS = 4;
/** Rows of the table at most (the job summary has a size limit of its own). */
const MAX_ROWS = 100;

/** One character per run: its height between the series' lowest and highest value; a gap where it failed or was absent. */
export function sparkline(values: readonly (number | null)[]): string {
  const present = values.filter((v): v is number => v !== null);
  // None present: every run a gap (an empty code span would show its backticks).
  if (!present.length) return '·'.repeat(values.length);
  const low = Math.min(...present);
  const high = Math.max(...present);
  return values
    .map((v) => {
      if (v === null) return '·';
      if (high === low) return BARS[0];
      return BARS[Math.min(BARS.length - 1, Math.floor(((v - low) / (high - low)) * BARS.length))];
    })
    .join('');
}

/** First and last values present, and the relative change between them. */
function span(values: readonly (number | null)[]): { first: number; last: number; change: number } | undefined {
  const present = values.filter((v): v is number => v !== null);
  if (present.length < 1) return undefined;
  const first = present[0]!;
  const last = present.at(-1)!;
  return { first, last, change: first === 0 ? 0 : last / first - 1 };
}

/** Only letters, digits and a few punctuation marks, at most 60 of them: nothing Mermaid could read as syntax. */
export function mermaidText(text: string): string {
  const kept = [...text.normalize('NFKC')]
    .filter((c) => /[\p{L}\p{N} _.:/+-]/u.test(c))
    .join('')
    .trim();
  return [...kept].slice(0, 60).join('') || 'benchmark';
}

function chart(s: BenchmarkSeries, labels: readonly string[]): string[] {
  const points = s.values.map((v, i) => ({ v, label: labels[i]! })).filter((p): p is { v: number; label: string } => p.v !== null);
  const low = Math.min(...points.map((p) => p.v));
  const high = Math.max(...points.map((p) => p.v));
  const pad = Math.max(1, Math.round((high - low) * 0.1));
  return [
    '```mermaid',
    // Small, and in the blue of the SVG and GitHub's links (the default palette's first colour is pale).
    '%%{init: {"xyChart": {"width": 760, "height": 260}, "themeVariables": {"xyChart": {"plotColorPalette": "#0969da"}}}}%%',
    'xychart-beta',
    `  title "${mermaidText(s.name)}: estimated cycles"`,
    // Up to 10 runs by name; more would overlap, so by number (the table names the first and last).
    points.length <= 10
      ? `  x-axis [${points.map((p) => `"${mermaidText(p.label)}"`).join(', ')}]`
      : `  x-axis "runs with a result, oldest to newest" 1 --> ${points.length}`,
    `  y-axis "estimated cycles" ${Math.max(0, low - pad)} --> ${high + pad}`,
    `  line [${points.map((p) => p.v).join(', ')}]`,
    '```',
  ];
}

/** A heap figure's first and last values and their change, or dashes when no run measured it. */
function heapCells(values: readonly (number | null)[]): string {
  const sp = span(values);
  return sp ? `\`${sparkline(values)}\` | ${formatCount(sp.first)} → ${formatCount(sp.last)} | ${formatPercent(sp.change)}` : ' | – | –';
}

/** The heap figures of the benchmarks that measured them (`memory: true`), over the same runs. */
function heapTable(series: readonly BenchmarkSeries[]): string[] {
  const withHeap = series.filter((s) => s.heap);
  if (!withHeap.length) return [];
  return [
    '',
    'Heap of the benchmarks with `memory: true` (bytes, exact; · where not measured):',
    '',
    '| Benchmark | Allocated | First → last | | Peak live | First → last | |',
    '|---|---|--:|--:|---|--:|--:|',
    ...withHeap.map((s) => `| ${escapeMarkdown(s.name)} | ${heapCells(s.heap!.totalBytes)} | ${heapCells(s.heap!.peakBytes)} |`),
  ];
}

/**
 * The trend section: `what` says which runs these are (e.g. "the last 20 runs of main"). The charts
 * are of the benchmarks whose first and last values differ most; a series that never moved is a
 * flat line in the table and gets no chart. Headed as the default branch's history, with `note`
 * under the heading (on a change: that this is not the change's result), so that its first-to-last
 * change is never read as the comparison above it.
 */
export function trendMarkdown(series: readonly BenchmarkSeries[], labels: readonly string[], what: string, note?: string): string {
  if (labels.length < 2 || !series.length) return '';
  const rows = series.slice(0, MAX_ROWS).map((s) => ({ s, span: span(s.values) }));
  const out = [
    `### Default branch history: estimated cycles over ${what}`,
    '',
    ...(note ? [note, ''] : []),
    `Oldest to newest (${escapeMarkdown(labels[0]!)} … ${escapeMarkdown(labels.at(-1)!)}); · where a benchmark failed or was absent.`,
    '',
    '| Benchmark | Trend | First | Last | First → last |',
    '|---|---|--:|--:|--:|',
    ...rows.map(({ s, span: sp }) =>
      sp
        ? `| ${escapeMarkdown(s.name)} | \`${sparkline(s.values)}\` | ${formatCount(sp.first)} | ${formatCount(sp.last)} | ${formatPercent(sp.change)} |`
        : `| ${escapeMarkdown(s.name)} | \`${sparkline(s.values)}\` | – | – | – |`,
    ),
  ];
  if (series.length > MAX_ROWS) out.push('', `${series.length - MAX_ROWS} more benchmark(s) not shown.`);
  out.push(...heapTable(rows.map((r) => r.s)));
  const moved = rows
    .filter((r): r is { s: BenchmarkSeries; span: NonNullable<ReturnType<typeof span>> } => r.span !== undefined && r.span.first !== r.span.last)
    .sort((a, b) => Math.abs(b.span.change) - Math.abs(a.span.change) || (a.s.name < b.s.name ? -1 : 1))
    .slice(0, MAX_CHARTS);
  for (const { s } of moved) out.push('', ...chart(s, labels));
  return `${out.join('\n')}\n`;
}
