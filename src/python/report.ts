// Python functions beside the C-level ones in the reports, labelled as what they count: bytecode
// instructions from the unmeasured pass, not cycles.
import type { BenchmarkComparison } from '../compare/compare.ts';
import { escapeMarkdown as esc } from '../report/escape.ts';
import { functionChangeText, functionSideText } from '../report/function-change.ts';
import { escapeTerminal } from '../report/escape.ts';
import { pythonFunctionChanges, type PythonFunctionChange } from './compare.ts';

export const PYTHON_FUNCTIONS_TITLE =
  'Python functions whose executed bytecodes changed most (bytecode instructions counted in a separate, unmeasured run; not cycles)';

function pythonChanges(c: BenchmarkComparison, top = 5): PythonFunctionChange[] {
  return pythonFunctionChanges(c.base?.python, c.head?.python, top);
}

const where = (f: PythonFunctionChange) => `${f.file}:${f.line}`;

/** The Markdown table for one benchmark's details, or nothing. */
export function pythonFunctionsMarkdown(c: BenchmarkComparison): string[] {
  const changes = pythonChanges(c);
  if (!changes.length) return [];
  const out = ['', `${PYTHON_FUNCTIONS_TITLE}:`, '', '| Python function | File:line | Base | Head | Change |', '|:--|:--|--:|--:|--:|'];
  for (const f of changes)
    out.push(`| ${esc(f.fn)} | ${esc(where(f))} | ${functionSideText(f, 'base')} | ${functionSideText(f, 'head')} | ${functionChangeText(f)} |`);
  return out;
}

/** Rows for the terminal's table: header first, or nothing. */
export function pythonFunctionsTerminalRows(c: BenchmarkComparison): string[][] {
  const changes = pythonChanges(c);
  if (!changes.length) return [];
  return [
    ['  Python function (file:line)', 'base', 'head', 'change'],
    ...changes.map((f) => [`  ${escapeTerminal(`${f.fn} (${where(f)})`)}`, functionSideText(f, 'base'), functionSideText(f, 'head'), functionChangeText(f)]),
  ];
}
