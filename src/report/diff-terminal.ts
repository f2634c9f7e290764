import type { Comparison } from '../compare/compare.ts';
import { escapeTerminal as term } from './escape.ts';
import { functionChangeText, functionLabel, functionSideText, lineChangeText, lineLabel, lineSideText } from './function-change.ts';
import { formatCount, formatPercent } from './format.ts';

const cut = (text: string, n: number) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);

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
    out.push(`${term(c.name)}: ${formatCount(base)} → ${formatCount(head)} estimated cycles${c.relative !== null && c.change ? ` (${formatPercent(c.relative)})` : ', unchanged'}`);
    for (const f of c.functions) {
      out.push(`  ${cut(term(functionLabel(f)), 48).padEnd(48)} ${functionSideText(f, 'base').padStart(14)} → ${functionSideText(f, 'head').padEnd(14)} ${functionChangeText(f)}`);
      for (const l of f.lines ?? []) {
        out.push(`    ${cut(term(lineLabel(l)), 26).padEnd(26)} ${cut(term(l.text ?? ''), 40).padEnd(40)} ${lineSideText(l, 'base').padStart(12)} → ${lineSideText(l, 'head').padEnd(12)} ${lineChangeText(l)}`);
      }
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
