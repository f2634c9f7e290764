// The timed benchmarks in reports: their own table (interval and pairs) in the terminal and the
// Markdown comment, their raw samples accepted by the results schema, names escaped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeReport, outcomeOf } from '../../src/ci/report-job.ts';
import { ExitCode } from '../../src/errors.ts';
import { jsonReport } from '../../src/report/json.ts';
import { junitReport } from '../../src/report/junit.ts';
import { markdownReport } from '../../src/report/markdown.ts';
import { terminalReport } from '../../src/report/terminal.ts';
import { timedMarkdown, timedTerminalTable } from '../../src/report/stopwatch.ts';
import { parseResults } from '../../src/results/io.ts';
import type { TimedResult } from '../../src/results/types.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

function timed(name: string, verdict: TimedResult['verdict'], relative: number): TimedResult {
  return {
    name,
    mode: 'wallclock',
    unit: 'ms',
    controls: ['pinned to CPU 1', 'ASLR off'],
    thresholdPercent: 1,
    budgetMs: 60_000,
    warmups: 3,
    verdict,
    estimate: {
      relative,
      low: relative - 0.005,
      high: relative + 0.005,
      confidence: 0.95,
      pairs: 4,
      dropped: 1,
      method: 'mean log ratio, percentile bootstrap',
    },
    base: [10, 10.5, 10.2, 10.1, 10],
    head: [10.5, 11, 10.7, 10.6, 30],
    order: ['base', 'head', 'head', 'base', 'base', 'head', 'head', 'base', 'base', 'head'],
    extra: { cpuMs: { base: [9, 9, 9, 9, 9], head: [9.5, 9.5, 9.5, 9.5, 9.5] } },
  };
}

test('results.json with timed benchmarks passes the schema; without them it still does', () => {
  const head = resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timed: [timed('io', 'regression', 0.05)] });
  assert.deepEqual(parseResults(JSON.parse(JSON.stringify(head)), 'x').timed, head.timed);
  assert.equal(parseResults(JSON.parse(JSON.stringify(resultsOf([benchmarkResult('simulated', { Ir: 100 })]))), 'x').timed, undefined);
  const bad = JSON.parse(JSON.stringify(head)) as { timed: { base: unknown[] }[] };
  bad.timed[0]!.base.push('fast');
  assert.throws(() => parseResults(bad, 'x'), /timed/);
});

test('terminal: their own table after the counts, with pairs (and dropped), medians, change, interval, verdict', () => {
  const rows = timedTerminalTable([timed('io', 'regression', 0.05), timed('net\u001b[31m', 'no significant change', 0.001)]);
  assert.deepEqual(rows, [
    'benchmark  mode        pairs      base      head  change     95% interval  verdict',
    'io         wallclock  4 (−1)  10.10 ms  10.70 ms  +5.00%  +4.50% … +5.50%  regression',
    'net [31m   wallclock  4 (−1)  10.10 ms  10.70 ms  +0.10%  -0.40% … +0.60%  no significant change (±1%)',
  ]);
  const text = terminalReport({ colour: false }).render({
    head: resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timed: [timed('io', 'regression', 0.05)] }),
  });
  assert.match(text, /simulated[\s\S]*timed natively \(paired base and head, not simulated\):\nbenchmark +mode +pairs[\s\S]*io +wallclock +4 \(−1\)/);
  assert.doesNotMatch(terminalReport({ colour: false }).render({ head: resultsOf([benchmarkResult('simulated', { Ir: 100 })]) }), /timed natively/);
});

test('markdown: a section of its own, escaped names, the rule and the controls', () => {
  const lines = timedMarkdown([timed('a|b @x', 'regression', 0.05)]);
  assert.equal(lines[1], '#### Timed natively (paired base and head, not simulated)');
  assert.equal(lines[5], '| a\\|b @\u200bx | wallclock | 4 (−1) | 10.10 ms | 10.70 ms | +5.00% | +4.50% … +5.50% | 🔴 regression |');
  assert.match(lines.at(-1)!, /ABBA.*3 warm-up pairs.*whole interval is beyond the threshold.*pinned to CPU 1, ASLR off/);
  const comment = markdownReport.render({ head: resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timed: [timed('io', 'improvement', -0.05)] }) });
  assert.match(comment, /\| simulated \|[\s\S]*#### Timed natively[\s\S]*\| io \| wallclock \|.*🟢 improvement \|/);
  assert.deepEqual(timedMarkdown(undefined), []);
});

test('a timed benchmark that failed: results.json carries it (schema-checked), the terminal names it, and the report fails the job in the measuring job and the report job alike', () => {
  const timedFailed = [{ name: 'crashes', message: 'benchmark "crashes" (head, cg-bench.yml): exited with status 139 while timed\nSegmentation fault' }];
  const head = resultsOf([benchmarkResult('simulated', { Ir: 100 })], { timed: [timed('io', 'no significant change', 0)], timedFailed });
  assert.deepEqual(parseResults(JSON.parse(JSON.stringify(head)), 'x').timedFailed, timedFailed);
  assert.throws(() => parseResults(JSON.parse(JSON.stringify({ ...head, timedFailed: [{ name: 'x'.repeat(101), message: '' }] })), 'x'));
  const text = terminalReport({ colour: false }).render({ head });
  assert.match(
    text,
    /\ncrashes \(timed\): failed\n {2}benchmark "crashes" \(head, cg-bench\.yml\): exited with status 139 while timed\n {2}Segmentation fault\n/,
  );
  assert.match(text, /1 benchmark measured; timed: 1 failed, 1 no significant change/);
  // The report job has no exit code of the run: the results alone say it failed.
  const view = {
    log: { info: () => {}, warning: () => {} },
    thresholdPercent: 1,
    shortSha: (s: string) => s,
    commitUrl: () => undefined,
    suite: { id: 's', name: 's', marker: '<!-- s -->', statusContext: 'cg-bench', configPath: 'cg-bench.yml' },
  };
  for (const code of [ExitCode.ok, ExitCode.benchmarkFailed])
    assert.deepEqual(outcomeOf(makeReport(view, head, code, { results: head, source: 'merge-base' }, { commit: undefined }), false), {
      kind: 'benchmarks-failed',
      count: 1,
    });
});

test("JUnit (GitLab MR widget) and JSON carry the timed benchmarks: a timed regression a failure, a timed failure an error (a new user's trial r13: neither was there)", () => {
  const timedFailed = [{ name: 'crashes', message: 'benchmark "crashes" (head, cg-bench.yml): exited with status 7 while timed' }];
  const head = resultsOf([benchmarkResult('simulated', { Ir: 100 })], {
    timed: [timed('io <&>', 'regression', 0.05), timed('calm', 'no significant change', 0)],
    timedFailed,
  });
  const xml = junitReport.render({ head });
  assert.match(xml, /<testsuite name="cg-bench" tests="4" failures="1" errors="1" skipped="0"/);
  assert.match(
    xml,
    /<testcase classname="cg-bench" name="io &lt;&amp;&gt; \(timed\)" time="0.000">\n {6}<failure type="regression" message="\+5\.00% \(95% interval \+4\.50% … \+5\.50%, 4 pairs, wallclock\), over the 1% threshold">/,
  );
  assert.match(
    xml,
    /name="crashes \(timed\)"[^\n]*\n {6}<error type="failed" message="benchmark &quot;crashes&quot; \(head, cg-bench\.yml\): exited with status 7 while timed">/,
  );
  assert.match(xml, /name="calm \(timed\)"[^\n]*\n {6}<system-out>no significant change 0\.00% \(95% interval/);
  const json = JSON.parse(jsonReport.render({ head })) as { timed: { name: string; verdict: string }[]; timedFailed: { name: string }[] };
  assert.deepEqual(
    json.timed.map((t) => [t.name, t.verdict]),
    [
      ['io <&>', 'regression'],
      ['calm', 'no significant change'],
    ],
  );
  assert.deepEqual(json.timedFailed, timedFailed);
  assert.equal('timed' in (JSON.parse(jsonReport.render({ head: resultsOf([benchmarkResult('simulated', { Ir: 100 })]) })) as object), false);
});
