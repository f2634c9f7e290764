// Terminal tables fitted to the terminal (issue 25.5): Rust's demangled names with their files made
// a function table ~300 columns wide. The terminal cuts the names; results.json and the Markdown
// keep them whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../../src/compare/compare.ts';
import type { FunctionResult } from '../../src/results/types.ts';
import { topLinesTerminal } from '../../src/report/diff-terminal.ts';
import { markdownReport } from '../../src/report/markdown.ts';
import { fitLabel, LOG_WIDTH, tableWidth, terminalReport } from '../../src/report/terminal.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const RUST_FN =
  '<core::iter::adapters::map::Map<I,F> as core::iter::traits::iterator::Iterator>::fold::<(), core::iter::traits::iterator::Iterator::for_each::call<u64, regex_bench::count_matches::{{closure}}>>';
const RUST_FILE = '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/iter/adapters/map.rs';

function run(scale: number) {
  const fn = (name: string, file: string, cycles: number): FunctionResult => ({
    fn: name,
    file,
    estimatedCycles: cycles * scale,
    Ir: cycles * scale,
    lines: [{ file, line: 10, estimatedCycles: cycles * scale, Ir: cycles * scale, text: 'acc = f(acc, x)' }],
  });
  const functions = [fn(RUST_FN, RUST_FILE, 600_000), fn('regex_bench::main', 'src/main.rs', 400_000)];
  return resultsOf([benchmarkResult('count-matches', { Ir: 1_000_000 * scale }, { estimatedCycles: 1_000_000 * scale, functions })]);
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

test('a function table with long Rust names fits the width given (a terminal of 100 columns, a log of LOG_WIDTH)', () => {
  const base = run(1);
  const head = run(2);
  const comparison = compareResults(base, head);
  for (const width of [100, LOG_WIDTH]) {
    const text = terminalReport({ colour: false, width }).render({ head, comparison });
    assert.ok(widest(text) <= width, `${widest(text)} > ${width}:\n${text}`);
    // The short name stays whole; the long one keeps its start, its end and its file's name.
    assert.match(text, / {2}regex_bench::main \(src\/main\.rs\) /);
    assert.match(text, / {2}<core::iter::.*….*(\(…[^ ]*map\.rs\)|>>) /);
  }
  // Uncut where they are kept: the Markdown report (and results.json, which is the results above).
  const markdown = markdownReport.render({ head, comparison });
  assert.ok(markdown.includes(`| ${RUST_FILE} |`), markdown);
  assert.ok(markdown.includes('regex\\_bench::count\\_matches::\\{\\{closure\\}\\}&gt;&gt; |'), markdown);
  assert.equal(head.benchmarks[0]!.functions[0]!.fn, RUST_FN);
  // bisect's lines table: each row ends with its function, cut to the width.
  const lines = topLinesTerminal(comparison.benchmarks[0]!, 5, 140);
  assert.ok(lines.length > 0);
  for (const line of lines) assert.ok([...line].length <= 140, line);
  // A long file:line keeps its end, the file's name and the line (review r12: rows of one file read alike).
  assert.ok(
    lines.some((line) => line.startsWith('  …c/iter/adapters/map.rs:10 ')),
    lines.join('\n'),
  );
});

test('fitLabel: a name before its file, the file cut from its start; plain text cut in the middle', () => {
  assert.equal(fitLabel('  short (a.c)', 40), '  short (a.c)');
  assert.equal(fitLabel('  main (/very/long/path/to/the/project/src/main.c)', 30), '  main (…e/project/src/main.c)');
  const cut = fitLabel(`  ${RUST_FN} (${RUST_FILE})`, 60);
  assert.equal([...cut].length, 60);
  assert.match(cut, /^ {2}<core::iter::adapters.*….*{{closure}}>>$/);
  assert.equal(fitLabel('abcdefghijklmnopqrstuvwxyz', 11), 'abcde…vwxyz');
  assert.equal(fitLabel('  other functions (97, and more under 0.01% each, not recorded)', 40), '  other functions (9…each, not recorded)');
});

test('tableWidth: the terminal columns on a TTY, LOG_WIDTH elsewhere', () => {
  assert.equal(tableWidth({ isTTY: true, columns: 90 }), 90);
  assert.equal(tableWidth({ isTTY: false, columns: 90 }), LOG_WIDTH);
  assert.equal(tableWidth({}), LOG_WIDTH);
});
