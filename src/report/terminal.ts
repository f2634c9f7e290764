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

function table(rows: string[][], rightAligned: Set<number>): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => visibleLength(r[i] ?? ''))));
  return rows.map((r) =>
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

/** An aligned table for people at a terminal; colour only when asked (on a TTY). */
export function terminalReport(options: { colour: boolean }): ReportFormat {
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
        lines.push(...table(rows, new Set([1, 2, 3])));
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
            ),
          );
        }
        for (const c of comparison.benchmarks.filter((b) => b.verdict !== 'unchanged')) {
          const rows = pythonFunctionsTerminalRows(c);
          if (rows.length) lines.push('', `${escapeTerminal(c.name)}: ${PYTHON_FUNCTIONS_TITLE}`, ...table(rows, new Set([1, 2, 3])));
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
        lines.push(...table(rows, new Set([1, 2, 3, 4, 5, 6])));
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
      lines.push('', headline(head, comparison) + (baselineSource ? ` (baseline: ${escapeTerminal(baselineSource)})` : ''));
      return `${lines.join('\n')}\n`;
    },
  };
}
