// The heap figures (memory: true, measured under DHAT) in a table of their own: exact counts of
// bytes and blocks, never mixed with the estimated cycles (docs/memory.md).
import type { BenchmarkComparison, Comparison } from '../compare/compare.ts';
import type { MemoryVerdict } from '../compare/memory.ts';
import { HEAP_FIGURES, type HeapFigures } from '../parse/dhat.ts';
import type { Results } from '../results/types.ts';
import { escapeMarkdown, escapeTerminal } from './escape.ts';
import { formatCount, formatPercent, formatSigned } from './format.ts';

const FIGURE_LABEL: Record<keyof HeapFigures, string> = {
  totalBytes: 'bytes allocated',
  totalBlocks: 'blocks allocated',
  peakBytes: 'peak live bytes',
  peakBlocks: 'peak live blocks',
  exitBytes: 'bytes live at exit',
  exitBlocks: 'blocks live at exit',
};

const MEMORY_VERDICT_LABEL: Record<MemoryVerdict, string> = {
  regression: 'regression',
  improvement: 'improvement',
  unchanged: 'unchanged',
  'not-comparable': 'not comparable',
};
const MEMORY_ICON: Record<MemoryVerdict, string> = { regression: '🔴', improvement: '🟢', unchanged: '⚪', 'not-comparable': '⚠️' };

/** Whether the benchmark's verdict comes from its memory figures (its cycles alone stayed within the threshold): a change, never "unchanged". */
export function verdictFromMemory(c: BenchmarkComparison): boolean {
  if (!c.memory || c.memory.verdict !== c.verdict || c.verdict === 'unchanged') return false;
  return c.relative === null || c.relative === 0 || Math.abs(c.relative) * 100 <= c.thresholdPercent;
}

/** The rows of one benchmark: each figure that changed, or one row when none did (or none can be compared). */
function comparisonRows(
  c: BenchmarkComparison,
): { figure: string; base: string; head: string; change: string; relative: string; verdict: MemoryVerdict; note?: string }[] {
  const m = c.memory!;
  if (!m.change || !m.base || !m.head) {
    return [{ figure: '', base: '', head: '', change: '', relative: '', verdict: m.verdict, note: m.notComparable ?? '' }];
  }
  const { base, head, change } = m;
  const moved = HEAP_FIGURES.filter((f) => change[f] !== 0);
  const shown = moved.length ? moved : (['totalBytes'] as const);
  return shown.map((f) => ({
    figure: FIGURE_LABEL[f],
    base: formatCount(base[f]),
    head: formatCount(head[f]),
    change: formatSigned(change[f]),
    relative: base[f] === 0 ? '' : formatPercent(change[f] / base[f]),
    verdict: m.verdict,
    ...(m.notComparable ? { note: m.notComparable } : {}),
  }));
}

const withMemory = (comparison: Comparison | undefined) => comparison?.benchmarks.filter((c) => c.memory) ?? [];

/** Terminal rows (the caller aligns them), header first; none when no benchmark has memory figures. */
export function memoryTerminalRows(head: Results, comparison: Comparison | undefined): string[][] {
  if (comparison) {
    const rows = withMemory(comparison).flatMap((c) =>
      comparisonRows(c).map((r) => [
        escapeTerminal(c.name),
        r.note !== undefined && !r.figure ? `not comparable: ${escapeTerminal(r.note)}` : r.figure,
        r.base,
        r.head,
        r.change,
        r.relative,
        r.figure ? MEMORY_VERDICT_LABEL[r.verdict] : '',
      ]),
    );
    return rows.length ? [['benchmark', 'heap (DHAT)', 'base', 'head', 'change', '', 'verdict'], ...rows] : [];
  }
  const measured = head.benchmarks.filter((b) => b.memory);
  if (!measured.length) return [];
  return [
    ['benchmark', 'bytes allocated', 'blocks', 'peak live bytes', 'bytes live at exit'],
    ...measured.map((b) => [
      escapeTerminal(b.name),
      formatCount(b.memory!.totalBytes),
      formatCount(b.memory!.totalBlocks),
      formatCount(b.memory!.peakBytes),
      formatCount(b.memory!.exitBytes),
    ]),
  ];
}

/** The Markdown section; none when no benchmark has memory figures. */
export function memoryMarkdown(head: Results, comparison: Comparison | undefined): string[] {
  const title = ['', '**Memory** (heap, exact: a second run under DHAT; see docs/memory.md)', ''];
  if (comparison) {
    const compared = withMemory(comparison);
    if (!compared.length) return [];
    const lines = [...title, '| Benchmark | Figure | Base | Head | Change | | |', '|:--|:--|--:|--:|--:|--:|:--|'];
    for (const c of compared) {
      for (const r of comparisonRows(c)) {
        const figure = r.figure || `not comparable: ${escapeMarkdown(r.note ?? '')}`;
        lines.push(
          `| ${escapeMarkdown(c.name)} | ${figure} | ${r.base} | ${r.head} | ${r.change} | ${r.relative} | ${r.figure ? `${MEMORY_ICON[r.verdict]} ${MEMORY_VERDICT_LABEL[r.verdict]}` : ''} |`,
        );
      }
    }
    return lines;
  }
  const measured = head.benchmarks.filter((b) => b.memory);
  if (!measured.length) return [];
  return [
    ...title,
    '| Benchmark | Bytes allocated | Blocks allocated | Peak live bytes | Bytes live at exit |',
    '|:--|--:|--:|--:|--:|',
    ...measured.map(
      (b) =>
        `| ${escapeMarkdown(b.name)} | ${formatCount(b.memory!.totalBytes)} | ${formatCount(b.memory!.totalBlocks)} | ${formatCount(b.memory!.peakBytes)} | ${formatCount(b.memory!.exitBytes)} |`,
    ),
  ];
}

/** One line for exports: each heap figure (JUnit's output, github-action-benchmark's extra). */
export function heapSummary(figures: HeapFigures): string {
  return HEAP_FIGURES.map((f) => `${FIGURE_LABEL[f]} ${formatCount(figures[f])}`).join(', ');
}

/** The figures that moved, as "bytes allocated +64,000 (128,720 → 192,720)"; empty when none. */
export function heapChangeText(c: BenchmarkComparison): string {
  const m = c.memory;
  if (!m?.change || !m.base || !m.head) return '';
  const { base, head, change } = m;
  return HEAP_FIGURES.filter((f) => change[f] !== 0)
    .map((f) => `${FIGURE_LABEL[f]} ${formatSigned(change[f])} (${formatCount(base[f])} → ${formatCount(head[f])})`)
    .join(', ');
}

/** Exported measures: name, unit, what it is, and its value. */
export const HEAP_MEASURES: readonly { figure: keyof HeapFigures; slug: string; unit: 'bytes' | 'blocks'; help: string }[] = [
  { figure: 'totalBytes', slug: 'heap-bytes-allocated', unit: 'bytes', help: 'Heap bytes allocated over the run (DHAT)' },
  { figure: 'totalBlocks', slug: 'heap-blocks-allocated', unit: 'blocks', help: 'Heap blocks allocated over the run (DHAT)' },
  { figure: 'peakBytes', slug: 'heap-peak-bytes', unit: 'bytes', help: 'Heap bytes live when the heap was largest (DHAT t-gmax)' },
  { figure: 'peakBlocks', slug: 'heap-peak-blocks', unit: 'blocks', help: 'Heap blocks live when the heap was largest (DHAT t-gmax)' },
  { figure: 'exitBytes', slug: 'heap-exit-bytes', unit: 'bytes', help: 'Heap bytes still live at exit (DHAT t-end)' },
  { figure: 'exitBlocks', slug: 'heap-exit-blocks', unit: 'blocks', help: 'Heap blocks still live at exit (DHAT t-end)' },
];
