import type { BenchmarkComparison, Comparison, Verdict } from '../compare/compare.ts';
import type { BenchmarkResult, Environment, Results } from '../results/types.ts';
import {
  functionChangeText,
  functionSideText,
  inclusiveChangeText,
  inclusiveSidesText,
  lineChangeText,
  lineLabel,
  lineSideText,
  otherFunctionsLabel,
  otherFunctionsSideText,
} from './function-change.ts';
import { escapeMarkdown as esc } from './escape.ts';
import { formatCount, formatPercent, formatSigned } from './format.ts';
import { countPhrase, failedCount, headline, VERDICT_LABEL } from './headline.ts';
import { characters, choosePieces, type FitOptions, type Piece } from './fit.ts';
import type { BaselineCommitLink, FlameGraphLink, ReportFormat, ReportInput } from './types.ts';
import { pythonFunctionsMarkdown } from '../python/report.ts';
import { timedMarkdown } from './stopwatch.ts';
import { memoryMarkdown, verdictFromMemory } from './memory.ts';

const ICON: Record<Verdict, string> = {
  regression: '🔴',
  improvement: '🟢',
  unchanged: '⚪',
  new: '🆕',
  removed: '➖',
  failed: '❌',
  'not-comparable': '⚠️',
};

const cycles = (b: Pick<BenchmarkResult, 'estimatedCycles'> | undefined) => (b?.estimatedCycles != null ? formatCount(b.estimatedCycles) : '–');

function title(head: Results, comparison: Comparison | undefined, suite: string | undefined): string {
  const failed = failedCount(head) > 0;
  const timedRegression = head.timed?.some((t) => t.verdict === 'regression') ?? false;
  const icon = !comparison
    ? failed
      ? '❌'
      : timedRegression
        ? '🔴'
        : '📊'
    : !comparison.comparable
      ? '⚠️'
      : failed
        ? '❌'
        : comparison.counts.regression || timedRegression
          ? '🔴'
          : comparison.counts.improvement
            ? '🟢'
            : '✅';
  return `### ${icon} cg-bench${suite ? ` (${esc(suite)})` : ''}: ${esc(headline(head, comparison))}`;
}

/** A commit as a link (full sha in the address, the CI's short form shown), or just the short form. */
function commitLink(commit: BaselineCommitLink): string {
  if (!/^[0-9a-f]{7,64}$/.test(commit.sha)) return esc(commit.short);
  const shown = `\`${commit.short}\``;
  return commit.url ? `[${shown}](${commit.url})` : shown;
}

/** Near the top, where a reviewer looks first: which commit the numbers are compared with. */
function baselineLine(input: ReportInput): string[] {
  const commit = input.baselineCommit;
  // `what` is cg-bench's own word for the commit ('merge-base', 'target branch'), never user text.
  if (commit && input.comparison) return [`Compared with the ${commit.what} ${commitLink(commit)}.`, ''];
  if (!input.comparison && input.baselineSource?.startsWith('none: ')) return [`No baseline: ${esc(input.baselineSource.slice('none: '.length))}.`, ''];
  return [];
}

/** Where the fixes for a count that does not repeat are written (hash seeds, time, threads). */
export const NOT_REPEATING_HELP = 'docs/results.md#my-benchmark-does-not-repeat';

/** Benchmarks named in the "Not repeating" line; the log names every one. */
const NOT_REPEATING_SHOWN = 20;

/** Near the top, one line: the benchmarks whose counts differed between two runs of the same commit. */
function notRepeatingLine(names: readonly string[] | undefined): string[] {
  if (!names?.length) return [];
  const more = names.length > NOT_REPEATING_SHOWN ? ` and ${formatCount(names.length - NOT_REPEATING_SHOWN)} more (the log names them)` : '';
  const shown = names.slice(0, NOT_REPEATING_SHOWN).map(esc).join(', ');
  return [`⚠️ Not repeating: ${shown}${more} (events differ between two runs of the same commit; see ${NOT_REPEATING_HELP}).`, ''];
}

const TABLE_HEADER = ['| Benchmark | Base | Head | Change | |', '|:--|--:|--:|--:|:--|'];

function comparisonRow(c: BenchmarkComparison, flame: FlameGraphLink | undefined): string {
  return `| ${esc(c.name)} | ${cycles(c.base)} | ${cycles(c.head)} | ${c.relative === null ? '' : formatPercent(c.relative)} | ${ICON[c.verdict]} ${VERDICT_LABEL[c.verdict]}${verdictFromMemory(c) ? ' (memory)' : ''}${flameGraphCell(flame)} |`;
}

/** A changed benchmark's flame graph: linked where the CI keeps it, else named (a path ci/flame.ts made: a slug, nothing to escape). */
function flameGraphCell(flame: FlameGraphLink | undefined): string {
  if (!flame) return '';
  if (!flame.url) return ` · flame graph \`${flame.path}\``;
  return ` · [${flame.label ?? 'flame graph'}](${flame.url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

const RESULTS_HEADER = ['| Benchmark | Estimated cycles | Instructions | L1 hits | LL hits | RAM hits |', '|:--|--:|--:|--:|--:|--:|'];

function resultsRow(b: BenchmarkResult): string {
  return b.events && b.hits
    ? `| ${esc(b.name)} | ${cycles(b)} | ${formatCount(b.events.Ir)} | ${formatCount(b.hits.l1)} | ${formatCount(b.hits.ll)} | ${formatCount(b.hits.ram)} |`
    : `| ${esc(b.name)} | ❌ ${b.status === 'timeout' ? 'timed out' : 'failed'} | | | | |`;
}

function detail(c: BenchmarkComparison): string[] {
  const { base, head } = c;
  if (!base?.events || !head?.events || !base.hits || !head.hits) return [];
  const row = (label: string, a: number, b: number) =>
    `| ${label} | ${formatCount(a)} | ${formatCount(b)} | ${formatSigned(b - a)} | ${a === 0 ? '' : formatPercent((b - a) / a)} |`;
  const out = [
    `#### ${esc(c.name)}`,
    '',
    '| | Base | Head | Change | |',
    '|:--|--:|--:|--:|--:|',
    row('Estimated cycles', base.estimatedCycles ?? 0, head.estimatedCycles ?? 0),
    row('Instructions (Ir)', base.events.Ir, head.events.Ir),
    row('L1 hits', base.hits.l1, head.hits.l1),
    row('LL hits', base.hits.ll, head.hits.ll),
    row('RAM hits', base.hits.ram, head.hits.ram),
  ];
  const other = c.otherFunctions;
  if (c.functions.length || other) {
    // With call trees on both sides: the cost with callees too, so a callee's change shows in its callers.
    const inclusive = c.functions.some((f) => f.inclusive);
    const [more, moreAlign, moreEmpty] = inclusive ? [' Inclusive (base → head) | Inclusive change |', '--:|--:|', ' | |'] : ['', '', ''];
    out.push(
      '',
      'Functions whose estimated cycles changed most:',
      '',
      `| Function | File | Base | Head | Change |${more}`,
      `|:--|:--|--:|--:|--:|${moreAlign}`,
    );
    for (const f of c.functions)
      out.push(
        `| ${esc(f.fn)} | ${esc(f.file)} | ${functionSideText(f, 'base')} | ${functionSideText(f, 'head')} | ${functionChangeText(f)} |${inclusive ? ` ${inclusiveSidesText(f)} | ${inclusiveChangeText(f)} |` : ''}`,
      );
    if (other)
      out.push(
        `| _${esc(otherFunctionsLabel(other))}_ | | ${otherFunctionsSideText(other, 'base')} | ${otherFunctionsSideText(other, 'head')} | ${formatSigned(other.change)} |${moreEmpty}`,
      );
  }
  if (c.callers?.length) {
    out.push(
      '',
      'Callers whose cost with callees changed most (call tree; their own code did not change as much):',
      '',
      '| Function | Inclusive base | Inclusive head | Change |',
      '|:--|--:|--:|--:|',
    );
    for (const f of c.callers) out.push(`| ${esc(f.fn)} | ${formatCount(f.base)} | ${formatCount(f.head)} | ${formatSigned(f.head - f.base)} |`);
  }
  const lines = c.functions.flatMap((f) => (f.lines ?? []).map((l) => ({ fn: f.fn, l })));
  if (lines.length) {
    out.push(
      '',
      'Source lines whose estimated cycles changed most (in those functions):',
      '',
      '| Line | Function | Code | Base | Head | Change |',
      '|:--|:--|:--|--:|--:|--:|',
    );
    const shown = lines.sort((a, b) => Math.abs(b.l.change) - Math.abs(a.l.change)).slice(0, 10);
    for (const { fn, l } of shown) {
      out.push(
        `| ${esc(lineLabel(l))} | ${esc(fn)} | ${l.text !== undefined ? esc(l.text) : ''} | ${lineSideText(l, 'base')} | ${lineSideText(l, 'head')} | ${lineChangeText(l)} |`,
      );
    }
    // An empty Code cell: cg-bench did not read that file (src/run/line-text.ts says when it does not).
    if (shown.some(({ l }) => l.text === undefined))
      out.push('', "_No code shown: the file is outside the workspace, reached through a link, or not readable by the benchmark's user._");
  }
  out.push(...pythonFunctionsMarkdown(c));
  return out;
}

/** A failed benchmark ("name" or "name (timed)"): its first line (kept first when the report is cut), then up to 11 more. */
function failure(label: string, message: string): { first: string; more: string[] } {
  // Messages hold the benchmark's stderr: shown as escaped quoted lines, never as a code block.
  const lines = message.split('\n');
  return { first: `- ${esc(label)}: ${esc(lines[0] ?? '')}`, more: lines.slice(1, 12).map((line) => `  > ${esc(line)}`) };
}

function environmentLine(env: Environment): string {
  const parts = [
    `cg-bench ${env.cgBench}`,
    `Valgrind ${env.valgrind}`,
    env.glibc && `glibc ${env.glibc}`,
    env.os,
    env.arch,
    env.cpu.brand && `simulated CPU ${env.cpu.brand}`,
    `I1 ${env.cache.I1} · D1 ${env.cache.D1} · LL ${env.cache.LL}`,
    `weights ${env.weights.l1}/${env.weights.ll}/${env.weights.ram}`,
    env.image.digest && `image ${env.image.digest.slice(0, 19)}`,
  ];
  return parts
    .filter(Boolean)
    .map((p) => esc(String(p)))
    .join(' · ');
}

/**
 * How much a piece matters when the report is cut: regressions, failures and benchmarks that could
 * not be compared first, then the timed table and failures' messages, then the other changes, the
 * unchanged benchmarks, and last the details (regressions' first).
 */
const RANK: Record<Verdict, number> = { regression: 0, failed: 0, 'not-comparable': 0, improvement: 2, new: 2, removed: 2, unchanged: 3 };
const TIMED_RANK = 1;
const FAILURE_TEXT_RANK = 1;
const DETAIL_RANK = { regression: 4, other: 5 };
/** Room kept beyond the fixed parts and notes: the details' wrapper, and a margin. */
const NOTES_ROOM = 1_500;

interface Row extends Piece {
  verdict: Verdict | undefined;
}

/** The report as pieces: the fixed parts, and what may be left out when it must be cut. */
interface Document {
  top: string[];
  tableHeader: string[];
  rows: Row[];
  apart: Piece[];
  failures: { first: Piece; more: Piece }[];
  timed: Piece | undefined;
  memory: Piece | undefined;
  details: Piece[];
  footer: string;
}

function document(input: ReportInput): Document {
  const { head, comparison, baselineSource } = input;
  const top = [title(head, comparison, input.suite), '', ...baselineLine(input), ...notRepeatingLine(input.notRepeating)];
  const flame = new Map(input.flameGraphs?.map((g) => [g.benchmark, g] as const));
  if (comparison && !comparison.comparable) {
    top.push('The baseline was measured on a different simulated machine or userland, so changes are not attributed to the code:', '');
    for (const d of comparison.differences) top.push(`- ${esc(d)}`);
    top.push('');
  }
  const rows: Row[] = comparison
    ? comparison.benchmarks.map((c) => ({ lines: [comparisonRow(c, flame.get(c.name))], rank: RANK[c.verdict], verdict: c.verdict }))
    : head.benchmarks.map((b) => ({
        lines: [resultsRow(b)],
        rank: b.status === 'ok' ? RANK.unchanged : RANK.failed,
        verdict: b.status === 'ok' ? undefined : 'failed',
      }));
  const apart = (comparison?.benchmarks.filter((c) => c.notComparable) ?? []).map((c) => ({
    lines: [`- ${esc(c.name)}: ${esc(c.notComparable!)}`],
    rank: RANK['not-comparable'],
  }));
  const failures = [
    ...head.benchmarks.filter((b) => b.status !== 'ok').map((b) => failure(b.name, b.message ?? b.status)),
    ...(head.timedFailed ?? []).map((f) => failure(`${f.name} (timed)`, f.message)),
  ].map(({ first, more }) => ({ first: { lines: [first], rank: RANK.failed }, more: { lines: more, rank: FAILURE_TEXT_RANK } }));
  const timedLines = timedMarkdown(head.timed);
  const memoryLines = memoryMarkdown(head, comparison);
  const memoryRegression = comparison?.benchmarks.some((c) => c.memory?.verdict === 'regression') ?? false;
  const details = (comparison?.benchmarks.filter((c) => c.change !== null && c.change !== 0) ?? []).map((c) => ({
    lines: ['', ...detail(c)],
    rank: c.verdict === 'regression' ? DETAIL_RANK.regression : DETAIL_RANK.other,
  }));
  const footer = [environmentLine(head.environment)];
  if (baselineSource) footer.push(`baseline: ${esc(baselineSource)}`);
  if (comparison) footer.push(`threshold ${[...new Set(comparison.benchmarks.map((b) => `${b.thresholdPercent}%`))].join('/')}`);
  return {
    top,
    tableHeader: comparison ? TABLE_HEADER : RESULTS_HEADER,
    rows,
    apart,
    failures,
    timed: timedLines.length ? { lines: timedLines, rank: TIMED_RANK } : undefined,
    memory: memoryLines.length ? { lines: memoryLines, rank: memoryRegression ? RANK.regression : TIMED_RANK } : undefined,
    details,
    footer: `<sub>${footer.join(' · ')}</sub>`,
  };
}

/** "1,975 unchanged, 5 improvements" for the rows left out. */
function leftOutPhrase(rows: readonly Row[]): string {
  const counts = new Map<Verdict | undefined, number>();
  for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  const order: (Verdict | undefined)[] = ['regression', 'failed', 'not-comparable', 'improvement', 'new', 'removed', 'unchanged', undefined];
  return order
    .filter((v) => counts.has(v))
    .map((v) => (v === undefined ? `${formatCount(counts.get(v)!)} measured` : countPhrase(v, counts.get(v)!).replace(/^\d+/, formatCount(counts.get(v)!))))
    .join(', ');
}

/**
 * The report's lines with the pieces in `kept` (all of them when undefined). When rows are left
 * out, the kept ones are listed most important first and a line says how many are missing and
 * where the full report is; the footer is always there.
 */
function assemble(doc: Document, kept: Set<Piece> | undefined, fullReport: string): string[] {
  const has = (p: Piece) => !kept || kept.has(p);
  const lines = [...doc.top];
  const rows = doc.rows.filter(has);
  const missingRows = doc.rows.filter((r) => !has(r));
  const position = new Map(doc.rows.map((r, i) => [r, i]));
  if (missingRows.length) rows.sort((a, b) => a.rank - b.rank || position.get(a)! - position.get(b)!);
  lines.push(...doc.tableHeader, ...rows.flatMap((r) => r.lines));
  if (missingRows.length) {
    lines.push(
      '',
      `_${formatCount(missingRows.length)} of ${formatCount(doc.rows.length)} rows left out to fit (${leftOutPhrase(missingRows)}); regressions and failures are listed first. The full report: ${fullReport}._`,
    );
  }
  const apart = doc.apart.filter(has);
  if (apart.length) {
    lines.push('', 'Not comparable: these ran other programs or libraries than the baseline, so their change is not attributed to the code:', '');
    for (const p of apart) lines.push(...p.lines);
  }
  const failures = doc.failures.filter((f) => has(f.first));
  if (failures.length) {
    lines.push('', '**Failed benchmarks**', '');
    for (const f of failures) lines.push(...f.first.lines, ...(has(f.more) ? f.more.lines : []));
  }
  const cut = doc.apart.length - apart.length + (doc.failures.length - failures.length);
  if (cut) lines.push('', `_${formatCount(cut)} more failed or not comparable benchmarks left out to fit. The full report: ${fullReport}._`);
  if (doc.timed && has(doc.timed)) lines.push(...doc.timed.lines);
  else if (doc.timed) lines.push('', `_The timed benchmarks' table is left out to fit. The full report: ${fullReport}._`);
  if (doc.memory && has(doc.memory)) lines.push(...doc.memory.lines);
  else if (doc.memory) lines.push('', `_The memory table is left out to fit. The full report: ${fullReport}._`);
  const details = doc.details.filter(has);
  if (details.length)
    lines.push('', '<details><summary>Details: instructions, cache hits and functions</summary>', ...details.flatMap((p) => p.lines), '', '</details>');
  if (details.length < doc.details.length)
    lines.push('', `_Details of ${formatCount(doc.details.length - details.length)} changed benchmarks left out to fit. The full report: ${fullReport}._`);
  lines.push('', doc.footer);
  return lines;
}

/**
 * Each input's pieces, made once: a CI renders one report whole (report.md) and fitted to a comment
 * and a job summary, and escaping 2,000 benchmarks' details takes most of the time. An input is not
 * changed once made (a new report is a new input).
 */
const documents = new WeakMap<ReportInput, Document>();

const text = (lines: readonly string[]) => `${lines.join('\n')}\n`;

/**
 * The Markdown report; with `fit`, within its limit: when the whole does not fit, regressions,
 * failures and the footer (environment, baseline, threshold) stay, the rest is taken while it fits,
 * and what was left out is said with where the full report is.
 */
export function renderMarkdown(input: ReportInput, fit?: FitOptions): string {
  let doc = documents.get(input);
  if (!doc) documents.set(input, (doc = document(input)));
  const whole = text(assemble(doc, undefined, ''));
  if (!fit) return whole;
  const size = fit.size ?? characters;
  if (size(whole) <= fit.limit) return whole;
  const pieces: Piece[] = [
    ...doc.rows,
    ...doc.apart,
    ...doc.failures.flatMap((f) => [f.first, f.more]),
    ...(doc.timed ? [doc.timed] : []),
    ...(doc.memory ? [doc.memory] : []),
    ...doc.details,
  ];
  const fixed = size(text(assemble(doc, new Set(), fit.fullReport)));
  // `fixed` has every note already; the details' <details> wrapper is paid from NOTES_ROOM.
  const kept = choosePieces(pieces, fit.limit - fixed - NOTES_ROOM, size);
  return text(assemble(doc, kept, fit.fullReport));
}

/** The body shared by the PR comment, the job summary and the GitLab note. */
export const markdownReport: ReportFormat = {
  name: 'markdown',
  render: (input: ReportInput) => renderMarkdown(input),
};
