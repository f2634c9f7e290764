import type { BenchmarkComparison, Comparison, Verdict } from '../compare/compare.ts';
import type { BenchmarkResult, Environment, Results } from '../results/types.ts';
import { functionChangeText, functionSideText, lineChangeText, lineLabel, lineSideText } from './function-change.ts';
import { escapeMarkdown as esc } from './escape.ts';
import { formatCount, formatPercent, formatSigned } from './format.ts';
import { headline, VERDICT_LABEL } from './headline.ts';
import type { ReportFormat, ReportInput } from './types.ts';
import { pythonFunctionsMarkdown } from '../python/report.ts';
import { timedMarkdown } from './timed.ts';

const ICON: Record<Verdict, string> = {
  regression: '🔴',
  improvement: '🟢',
  unchanged: '⚪',
  new: '🆕',
  removed: '➖',
  failed: '❌',
  'not-comparable': '⚠️',
};

const cycles = (b: BenchmarkResult | undefined) => (b?.estimatedCycles != null ? formatCount(b.estimatedCycles) : '–');

function title(head: Results, comparison: Comparison | undefined): string {
  const failed = head.benchmarks.some((b) => b.status !== 'ok');
  const timedRegression = head.timed?.some((t) => t.verdict === 'regression') ?? false;
  const icon = !comparison
    ? failed ? '❌' : timedRegression ? '🔴' : '📊'
    : !comparison.comparable ? '⚠️' : failed ? '❌' : comparison.counts.regression || timedRegression ? '🔴' : comparison.counts.improvement ? '🟢' : '✅';
  return `### ${icon} cg-bench: ${esc(headline(head, comparison))}`;
}

function comparisonTable(comparison: Comparison): string[] {
  const rows = ['| Benchmark | Base | Head | Change | |', '|:--|--:|--:|--:|:--|'];
  for (const c of comparison.benchmarks) {
    rows.push(`| ${esc(c.name)} | ${cycles(c.base)} | ${cycles(c.head)} | ${c.relative === null ? '' : formatPercent(c.relative)} | ${ICON[c.verdict]} ${VERDICT_LABEL[c.verdict]} |`);
  }
  return rows;
}

function resultsTable(head: Results): string[] {
  const rows = ['| Benchmark | Estimated cycles | Instructions | L1 hits | LL hits | RAM hits |', '|:--|--:|--:|--:|--:|--:|'];
  for (const b of head.benchmarks) {
    rows.push(b.events && b.hits
      ? `| ${esc(b.name)} | ${cycles(b)} | ${formatCount(b.events.Ir)} | ${formatCount(b.hits.l1)} | ${formatCount(b.hits.ll)} | ${formatCount(b.hits.ram)} |`
      : `| ${esc(b.name)} | ❌ ${b.status === 'timeout' ? 'timed out' : 'failed'} | | | | |`);
  }
  return rows;
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
  if (c.functions.length) {
    out.push('', 'Functions whose estimated cycles changed most:', '', '| Function | File | Base | Head | Change |', '|:--|:--|--:|--:|--:|');
    for (const f of c.functions) out.push(`| ${esc(f.fn)} | ${esc(f.file)} | ${functionSideText(f, 'base')} | ${functionSideText(f, 'head')} | ${functionChangeText(f)} |`);
  }
  const lines = c.functions.flatMap((f) => (f.lines ?? []).map((l) => ({ fn: f.fn, l })));
  if (lines.length) {
    out.push('', 'Source lines whose estimated cycles changed most (in those functions):', '', '| Line | Function | Code | Base | Head | Change |', '|:--|:--|:--|--:|--:|--:|');
    const shown = lines.sort((a, b) => Math.abs(b.l.change) - Math.abs(a.l.change)).slice(0, 10);
    for (const { fn, l } of shown) {
      out.push(`| ${esc(lineLabel(l))} | ${esc(fn)} | ${l.text !== undefined ? esc(l.text) : ''} | ${lineSideText(l, 'base')} | ${lineSideText(l, 'head')} | ${lineChangeText(l)} |`);
    }
    // An empty Code cell: cg-bench did not read that file (src/run/line-text.ts says when it does not).
    if (shown.some(({ l }) => l.text === undefined)) out.push('', '_No code shown: the file is outside the workspace, reached through a link, or not readable by the benchmark\'s user._');
  }
  out.push(...pythonFunctionsMarkdown(c));
  return out;
}

function failures(head: Results): string[] {
  const failed = head.benchmarks.filter((b) => b.status !== 'ok');
  if (!failed.length) return [];
  const out = ['', '**Failed benchmarks**', ''];
  for (const b of failed) {
    // Messages hold the benchmark's stderr: shown as escaped quoted lines, never as a code block.
    out.push(`- ${esc(b.name)}: ${esc((b.message ?? b.status).split('\n')[0] ?? '')}`);
    for (const line of (b.message ?? '').split('\n').slice(1, 12)) out.push(`  > ${esc(line)}`);
  }
  return out;
}

export function environmentLine(env: Environment): string {
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
  return parts.filter(Boolean).map((p) => esc(String(p))).join(' · ');
}

/** The body shared by the PR comment, the job summary and the GitLab note. */
export const markdownReport: ReportFormat = {
  name: 'markdown',
  render({ head, comparison, baselineSource }: ReportInput): string {
    const lines = [title(head, comparison), ''];
    if (comparison && !comparison.comparable) {
      lines.push('The baseline was measured on a different simulated machine or userland, so changes are not attributed to the code:', '');
      for (const d of comparison.differences) lines.push(`- ${esc(d)}`);
      lines.push('');
    }
    lines.push(...(comparison ? comparisonTable(comparison) : resultsTable(head)));
    const apart = comparison?.benchmarks.filter((c) => c.notComparable) ?? [];
    if (apart.length) {
      lines.push('', 'Not comparable: these ran other programs or libraries than the baseline, so their change is not attributed to the code:', '');
      for (const c of apart) lines.push(`- ${esc(c.name)}: ${esc(c.notComparable!)}`);
    }
    lines.push(...failures(head));
    lines.push(...timedMarkdown(head.timed));
    const details = comparison?.benchmarks.filter((c) => c.change !== null && c.change !== 0).flatMap((c) => ['', ...detail(c)]) ?? [];
    if (details.length) lines.push('', '<details><summary>Details: instructions, cache hits and functions</summary>', ...details, '', '</details>');
    lines.push('');
    const footer = [environmentLine(head.environment)];
    if (baselineSource) footer.push(`baseline: ${esc(baselineSource)}`);
    if (comparison) footer.push(`threshold ${[...new Set(comparison.benchmarks.map((b) => `${b.thresholdPercent}%`))].join('/')}`);
    lines.push(`<sub>${footer.join(' · ')}</sub>`);
    return `${lines.join('\n')}\n`;
  },
};
