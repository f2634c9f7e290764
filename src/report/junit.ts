import type { BenchmarkComparison } from '../compare/compare.ts';
import type { BenchmarkResult, TimedFailure, TimedResult } from '../results/types.ts';
import { formatCount, formatPercent, headline } from './format.ts';
import { heapChangeText, heapSummary, verdictFromMemory } from './memory.ts';
import type { ReportFormat, ReportInput } from './types.ts';

/** XML 1.0 text: escaped, and without the characters XML cannot carry. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function summary(b: BenchmarkResult | undefined): string {
  if (!b?.events || !b.hits) return '';
  const heap = b.memory ? `; heap: ${heapSummary(b.memory)}` : '';
  return `estimated cycles ${formatCount(b.estimatedCycles ?? 0)}; Ir ${formatCount(b.events.Ir)}; L1 hits ${formatCount(b.hits.l1)}; LL hits ${formatCount(b.hits.ll)}; RAM hits ${formatCount(b.hits.ram)}${heap}`;
}

function testcase(name: string, seconds: number, body: string): string {
  return `    <testcase classname="cg-bench" name="${escapeXml(name)}" time="${seconds.toFixed(3)}">${body ? `\n${body}\n    ` : ''}</testcase>`;
}

/** What regressed: the cycles, the heap (memory: true), or both. */
function regressionMessage(c: BenchmarkComparison, change: string): string {
  const heap = c.memory?.verdict === 'regression' ? `heap ${heapChangeText(c)}, over the ${c.memory.thresholdPercent}% memory threshold` : '';
  if (verdictFromMemory(c)) return heap;
  return `estimated cycles ${change}, over the ${c.thresholdPercent}% threshold${heap ? `; ${heap}` : ''}`;
}

function fromComparison(c: BenchmarkComparison): { xml: string; kind: 'failure' | 'error' | 'skipped' | 'ok' } {
  const time = (c.head?.wallTimeMs ?? 0) / 1000;
  const change =
    c.relative === null ? '' : `${formatPercent(c.relative)} (${formatCount(c.base?.estimatedCycles ?? 0)} → ${formatCount(c.head?.estimatedCycles ?? 0)})`;
  const out = (text: string) => `      <system-out>${escapeXml(text)}</system-out>`;
  switch (c.verdict) {
    case 'regression':
      return {
        kind: 'failure',
        xml: testcase(
          c.name,
          time,
          `      <failure type="regression" message="${escapeXml(regressionMessage(c, change))}">${escapeXml(summary(c.head))}</failure>`,
        ),
      };
    case 'failed':
      return {
        kind: 'error',
        xml: testcase(
          c.name,
          time,
          `      <error type="${c.head?.status ?? 'failed'}" message="${escapeXml(headline(c.head?.message ?? 'failed'))}">${escapeXml(c.head?.message ?? '')}</error>`,
        ),
      };
    case 'removed':
      return { kind: 'skipped', xml: testcase(c.name, 0, '      <skipped message="removed: not in this commit"/>') };
    default:
      return { kind: 'ok', xml: testcase(c.name, time, out(`${c.verdict}${change ? ` ${change}` : ''}; ${summary(c.head)}`)) };
  }
}

function fromResult(b: BenchmarkResult): { xml: string; kind: 'error' | 'ok' } {
  const time = b.wallTimeMs / 1000;
  if (b.status !== 'ok')
    return {
      kind: 'error',
      xml: testcase(
        b.name,
        time,
        `      <error type="${b.status}" message="${escapeXml(headline(b.message ?? b.status))}">${escapeXml(b.message ?? '')}</error>`,
      ),
    };
  return { kind: 'ok', xml: testcase(b.name, time, `      <system-out>${escapeXml(summary(b))}</system-out>`) };
}

/** A timed benchmark (cg-bench paired), "name (timed)": its regression a failure, its failure an error. */
function fromTimed(t: TimedResult): { xml: string; kind: 'failure' | 'ok' } {
  const change = `${formatPercent(t.estimate.relative)} (${Math.round(t.estimate.confidence * 100)}% interval ${formatPercent(t.estimate.low)} … ${formatPercent(t.estimate.high)}, ${t.estimate.pairs} pairs, ${t.mode})`;
  if (t.verdict === 'regression')
    return {
      kind: 'failure',
      xml: testcase(
        `${t.name} (timed)`,
        0,
        `      <failure type="regression" message="${escapeXml(`${change}, over the ${t.thresholdPercent}% threshold`)}"></failure>`,
      ),
    };
  return { kind: 'ok', xml: testcase(`${t.name} (timed)`, 0, `      <system-out>${escapeXml(`${t.verdict} ${change}`)}</system-out>`) };
}

function fromTimedFailure(f: TimedFailure): { xml: string; kind: 'error' } {
  return {
    kind: 'error',
    xml: testcase(`${f.name} (timed)`, 0, `      <error type="failed" message="${escapeXml(headline(f.message))}">${escapeXml(f.message)}</error>`),
  };
}

/** JUnit XML: each benchmark a test case (timed ones too), a regression over its threshold a failure (GitLab's MR widget). */
export const junitReport: ReportFormat = {
  name: 'junit',
  render({ head, comparison }: ReportInput): string {
    const cases = [
      ...(comparison ? comparison.benchmarks.map(fromComparison) : head.benchmarks.map(fromResult)),
      ...(head.timed ?? []).map(fromTimed),
      ...(head.timedFailed ?? []).map(fromTimedFailure),
    ];
    const count = (k: string) => cases.filter((c) => c.kind === k).length;
    const time = head.benchmarks.reduce((s, b) => s + b.wallTimeMs, 0) / 1000;
    const attrs = `tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${time.toFixed(3)}"`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="cg-bench" ${attrs}>`,
      `  <testsuite name="cg-bench" ${attrs}>`,
      ...cases.map((c) => c.xml),
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n');
  },
};
