import type { BenchmarkComparison, Comparison } from '../compare/compare.ts';
import type { LineChange } from '../compare/line-changes.ts';
import { escapeTerminal as term } from './escape.ts';
import {
  functionChangeText,
  functionLabel,
  functionSideText,
  inclusiveChangeText,
  inclusiveSidesText,
  lineChangeText,
  lineLabel,
  lineSideText,
  otherFunctionsLabel,
  otherFunctionsSideText,
} from './function-change.ts';
import { formatCount, formatPercent, formatSigned } from './format.ts';
import { fitLabel } from './terminal.ts';

const cut = (text: string, n: number) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);
/** Cut from its start: a file:line keeps its file's name and its line (two rows of one file differed only there). */
const cutStart = (text: string, n: number) => ([...text].length > n ? `…${[...text].slice(-(n - 1)).join('')}` : text);

/** One changed line: file:line (and where it was), its code, base → head, the change. */
function lineRow(l: LineChange, indent: string): string {
  return `${indent}${cutStart(term(lineLabel(l)), 26).padEnd(26)} ${cut(term(l.text ?? ''), 40).padEnd(40)} ${lineSideText(l, 'base').padStart(12)} → ${lineSideText(l, 'head').padEnd(12)} ${lineChangeText(l)}`;
}

/**
 * A benchmark's changed lines over all its listed functions, the largest changes first, at most
 * `top`, each in `cg-bench diff`'s form followed by its function; empty when no line was
 * recorded on both sides.
 */
export function topLinesTerminal(c: BenchmarkComparison, top: number, width = Number.POSITIVE_INFINITY): string[] {
  const lines = c.functions
    .flatMap((f) => (f.lines ?? []).map((l) => ({ f, l })))
    .sort((a, b) => Math.abs(b.l.change) - Math.abs(a.l.change) || a.l.file.localeCompare(b.l.file) || a.l.line - b.l.line)
    .slice(0, top);
  return lines.map(({ f, l }) => {
    const row = `${lineRow(l, '  ')}  in `;
    return row + fitLabel(term(functionLabel(f)), Math.max(24, width - [...row].length));
  });
}

/** `cg-bench diff` in the terminal: per benchmark, every recorded function that changed and its lines. */
export function diffTerminal(comparison: Comparison): string {
  const out: string[] = [];
  if (!comparison.comparable) out.push(`not comparable: ${term(comparison.differences.join('; '))}`, '');
  for (const c of comparison.benchmarks) {
    const base = c.base?.estimatedCycles;
    const head = c.head?.estimatedCycles;
    if (base == null || head == null) {
      out.push(`${term(c.name)}: ${c.verdict}`);
      continue;
    }
    out.push(
      `${term(c.name)}: ${formatCount(base)} → ${formatCount(head)} estimated cycles${c.relative !== null && c.change ? ` (${formatPercent(c.relative)})` : ', unchanged'}`,
    );
    for (const f of c.functions) {
      out.push(
        `  ${cut(term(functionLabel(f)), 48).padEnd(48)} ${functionSideText(f, 'base').padStart(14)} → ${functionSideText(f, 'head').padEnd(14)} ${functionChangeText(f)}${f.inclusive ? `  (with callees ${inclusiveSidesText(f)}, ${inclusiveChangeText(f)})` : ''}`,
      );
      for (const l of f.lines ?? []) out.push(lineRow(l, '    '));
    }
    const other = c.otherFunctions;
    if (other)
      out.push(
        `  ${cut(otherFunctionsLabel(other), 48).padEnd(48)} ${otherFunctionsSideText(other, 'base').padStart(14)} → ${otherFunctionsSideText(other, 'head').padEnd(14)} ${formatSigned(other.change)}`,
      );
    if (c.callers?.length) {
      out.push('  callers, with callees (call tree):');
      for (const f of c.callers)
        out.push(
          `    ${cut(term(f.fn), 46).padEnd(46)} ${formatCount(f.base).padStart(14)} → ${formatCount(f.head).padEnd(14)} ${formatSigned(f.head - f.base)}`,
        );
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
