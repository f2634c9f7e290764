import { join } from 'node:path';
import type { BenchmarkComparison, Verdict } from '../compare/compare.ts';
import { functionChangeText, functionLabel, functionSideText, otherFunctionsLabel, otherFunctionsSideText } from './function-change.ts';
import { PYTHON_FUNCTIONS_TITLE, pythonFunctionsTerminalRows } from '../python/report.ts';
import { escapeTerminal } from './escape.ts';
import { formatCount, formatDuration, formatPercent, formatSigned } from './format.ts';
import { headline, VERDICT_LABEL } from './headline.ts';
import { memoryTerminalRows, verdictFromMemory } from './memory.ts';
import { timedTerminalTable } from './stopwatch.ts';
import type { ReportFormat, ReportInput } from './types.ts';

const COLOURS: Partial<Record<Verdict, string>> = { regression: '31', failed: '31', improvement: '32', 'not-comparable': '33', new: '36' };

/** Width of a terminal table when the output is no terminal (a CI log, a file): wide, but bounded. */
export const LOG_WIDTH = 160;
/** The first column is never cut below this. */
const MIN_LABEL_WIDTH = 24;

/** The width to fit tables to: the terminal's when writing to one, else LOG_WIDTH. */
export function tableWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY === true && stream.columns ? stream.columns : LOG_WIDTH;
}

const length = (text: string) => [...text].length;
const head = (text: string, n: number) => [...text].slice(0, n).join('');
const tail = (text: string, n: number) => (n > 0 ? [...text].slice(-n).join('') : '');

/** `text` in at most `n` characters: its start and end kept, an ellipsis between. */
function elideMiddle(text: string, n: number): string {
  if (length(text) <= n) return text;
  const keep = n - 1;
  return `${head(text, Math.ceil(keep / 2))}…${tail(text, Math.floor(keep / 2))}`;
}

/**
 * A label ("  fn (file)", or any text) in at most `n` characters. A function's name comes before its
 * file: the file is cut from its start (its end names it), then the name in its middle (long Rust and
 * C++ names keep their crate and their last segment). results.json and the Markdown keep the whole.
 */
export function fitLabel(label: string, n: number): string {
  if (length(label) <= n) return label;
  // A file has no spaces in it here: "other functions (97, and more …)" is cut as text.
  const parts = /^(\s*)(.+) \(([^ ]+)\)$/.exec(label);
  if (!parts) return elideMiddle(label, n);
  const [, indent = '', fn = '', file = ''] = parts;
  const room = n - length(indent) - length(fn) - ' (…)'.length;
  if (room >= 8) return `${indent}${fn} (…${tail(file, room)})`;
  return indent + elideMiddle(fn, n - length(indent));
}

/** Rows as aligned columns; the first column (names) is cut to make a row fit `width`. */
function table(rows: string[][], rightAligned: Set<number>, width = Number.POSITIVE_INFINITY): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => visibleLength(r[i] ?? ''))));
  const others = widths.slice(1).reduce((sum, w) => sum + w + 2, 0);
  let fitted = rows;
  if (widths[0]! + others > width) {
    const first = Math.max(MIN_LABEL_WIDTH, width - others);
    fitted = rows.map(([label = '', ...rest]) => [fitLabel(label, first), ...rest]);
    widths[0] = Math.max(...fitted.map((r) => visibleLength(r[0] ?? '')));
  }
  return fitted.map((r) =>
    r
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - visibleLength(cell));
        return rightAligned.has(i) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd(),
  );
}

function visibleLength(text: string): number {
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/**
 * An aligned table for people at a terminal; colour only when asked (on a TTY). Tables are fitted to
 * `width` (tableWidth) by cutting long names, default LOG_WIDTH.
 */
export function terminalReport(options: { colour: boolean; width?: number }): ReportFormat {
  const width = options.width ?? LOG_WIDTH;
  const paint = (code: string | undefined, text: string) => (options.colour && code ? `\x1b[${code}m${text}\x1b[0m` : text);
  const change = (c: BenchmarkComparison) => (c.relative === null ? '' : `${formatPercent(c.relative)}`);
  return {
    name: 'terminal',
    render({ head, comparison, baselineSource, resultsDir }: ReportInput): string {
      // Logs are stored relative to results.json; shown so that they open from the reader's directory.
      const shown = (file: string) => escapeTerminal(resultsDir ? join(resultsDir, file) : file);
      const lines: string[] = [];
      if (comparison) {
        const rows = [['benchmark', 'base', 'head', 'change', 'verdict']];
        for (const c of comparison.benchmarks) {
          rows.push([
            escapeTerminal(c.name),
            c.base?.estimatedCycles != null ? formatCount(c.base.estimatedCycles) : '-',
            c.head?.estimatedCycles != null ? formatCount(c.head.estimatedCycles) : '-',
            change(c),
            paint(COLOURS[c.verdict], VERDICT_LABEL[c.verdict] + (verdictFromMemory(c) ? ' (memory)' : '')),
          ]);
        }
        lines.push(...table(rows, new Set([1, 2, 3]), width));
        for (const c of comparison.benchmarks.filter((b) => b.notComparable)) {
          lines.push(`${escapeTerminal(c.name)}: not comparable: ${escapeTerminal(c.notComparable!)}`);
        }
        for (const c of comparison.benchmarks.filter((b) => (b.functions.length || b.otherFunctions) && b.verdict !== 'unchanged')) {
          const other = c.otherFunctions;
          lines.push('', `${escapeTerminal(c.name)}: functions that changed most`);
          lines.push(
            ...table(
              [
                ['  function (file)', 'base', 'head', 'change'],
                ...c.functions.map((f) => [
                  `  ${escapeTerminal(functionLabel(f))}`,
                  functionSideText(f, 'base'),
                  functionSideText(f, 'head'),
                  functionChangeText(f),
                ]),
                ...(other
                  ? [
                      [
                        `  ${otherFunctionsLabel(other)}`,
                        otherFunctionsSideText(other, 'base'),
                        otherFunctionsSideText(other, 'head'),
                        formatSigned(other.change),
                      ],
                    ]
                  : []),
              ],
              new Set([1, 2, 3]),
              width,
            ),
          );
        }
        for (const c of comparison.benchmarks.filter((b) => b.verdict !== 'unchanged')) {
          const rows = pythonFunctionsTerminalRows(c);
          if (rows.length) lines.push('', `${escapeTerminal(c.name)}: ${PYTHON_FUNCTIONS_TITLE}`, ...table(rows, new Set([1, 2, 3]), width));
        }
      } else {
        const rows = [['benchmark', 'estimated cycles', 'Ir', 'L1 hits', 'LL hits', 'RAM hits', 'time']];
        for (const b of head.benchmarks) {
          rows.push(
            b.hits && b.events
              ? [
                  escapeTerminal(b.name),
                  formatCount(b.estimatedCycles ?? 0),
                  formatCount(b.events.Ir),
                  formatCount(b.hits.l1),
                  formatCount(b.hits.ll),
                  formatCount(b.hits.ram),
                  formatDuration(b.wallTimeMs),
                ]
              : [escapeTerminal(b.name), paint('31', b.status === 'timeout' ? 'TIMED OUT' : 'FAILED'), '', '', '', '', formatDuration(b.wallTimeMs)],
          );
        }
        lines.push(...table(rows, new Set([1, 2, 3, 4, 5, 6]), width));
      }
      for (const b of head.benchmarks.filter((x) => x.status !== 'ok')) {
        lines.push('', paint('31', `${escapeTerminal(b.name)}: ${b.status === 'timeout' ? 'timed out' : 'failed'}`));
        lines.push(...(b.message ?? '').split('\n').map((l) => `  ${escapeTerminal(l)}`));
        lines.push(`  logs: ${shown(b.logs.stdout)}, ${shown(b.logs.stderr)}`);
      }
      const memory = memoryTerminalRows(head, comparison);
      if (memory.length)
        lines.push('', 'memory (heap, exact, from a second run under DHAT):', ...table(memory, new Set(comparison ? [2, 3, 4, 5] : [1, 2, 3, 4])));
      const timed = timedTerminalTable(head.timed ?? [], (v, text) => paint(v === 'regression' ? '31' : v === 'improvement' ? '32' : undefined, text));
      if (timed.length) lines.push('', 'timed natively (paired base and head, not simulated):', ...timed);
      for (const f of head.timedFailed ?? []) {
        lines.push('', paint('31', `${escapeTerminal(f.name)} (timed): failed`));
        lines.push(...f.message.split('\n').map((l) => `  ${escapeTerminal(l)}`));
      }
      lines.push('', headline(head, comparison) + (baselineSource ? ` (baseline: ${escapeTerminal(baselineSource)})` : ''));
      return `${lines.join('\n')}\n`;
    },
  };
}
