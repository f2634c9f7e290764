// A report too long for where it goes (a 65,536-character comment, a 1 MiB job summary) is cut so
// that nothing a reviewer must see is hidden: regressions and failures first, the footer always, and
// a line that says how many rows were left out and where the whole report is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quietActionIO } from '../action-io.ts';
import type { Report } from '../../src/ci/types.ts';
import { compareResults } from '../../src/compare/compare.ts';
import { gitHubAdapter, type GitHubContext } from '../../src/github/adapter.ts';
import type { GitHubApi } from '../../src/github/api.ts';
import { noteBody } from '../../src/gitlab/adapter.ts';
import { readInputs } from '../../src/github/inputs.ts';
import { GITHUB_SUMMARY_LIMIT, reportBody, summaryBody } from '../../src/publish/report-body.ts';
import { GITHUB_COMMENT_LIMIT, GITLAB_NOTE_LIMIT } from '../../src/publish/sticky.ts';
import { suiteFor } from '../../src/publish/suite.ts';
import { utf8Bytes } from '../../src/report/fit.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import type { ReportInput } from '../../src/report/types.ts';
import type { BenchmarkResult, FunctionResult } from '../../src/results/types.ts';
import { tempDir } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const N = 2_000;
const REGRESSIONS = 25;
const FAILED = [700, 1_400];
const name = (i: number) => `suite/module-${String(i).padStart(4, '0')}/a-rather-long-descriptive-benchmark-name`;

function functionsOf(ir: number): FunctionResult[] {
  return Array.from({ length: 5 }, (_, f) => ({
    fn: `namespace::Class<T>::function_${f}(int, char const*)`,
    file: `/src/file_${f}.cc`,
    estimatedCycles: Math.round(ir / (f + 2)),
    Ir: 1,
    lines: Array.from({ length: 5 }, (_, l) => ({
      file: `/src/file_${f}.cc`,
      line: 10 + l,
      estimatedCycles: Math.round(ir / (f + 2) / (l + 2)),
      Ir: 1,
      text: `value = compute(value, ${l}); // ünïcödé`,
    })),
  }));
}

/** 2,000 benchmarks, every one a little changed (below its threshold), the last 25 regressed, two failed. */
let fixture: ReportInput | undefined;
function comparison(): ReportInput {
  fixture ??= makeComparison();
  return fixture;
}

function makeComparison(): ReportInput {
  const bench = (i: number, side: 'base' | 'head'): BenchmarkResult => {
    const ir = 1_000_000 + i * 1_000;
    const factor = side === 'base' ? 1 : i >= N - REGRESSIONS ? 1.05 : 1.001;
    if (side === 'head' && FAILED.includes(i)) return benchmarkResult(name(i), null, { message: `exit 1\nline two of stderr\nline three` });
    return benchmarkResult(name(i), { Ir: Math.round(ir * factor) }, { functions: functionsOf(Math.round(ir * factor)) });
  };
  const base = resultsOf(Array.from({ length: N }, (_, i) => bench(i, 'base')));
  const head = resultsOf(Array.from({ length: N }, (_, i) => bench(i, 'head')));
  const input: ReportInput = { head, comparison: compareResults(base, head), baselineSource: 'merge-base 0123abc, measured in this job' };
  return input;
}

const regressed = Array.from({ length: REGRESSIONS }, (_, i) => name(N - REGRESSIONS + i));
const marker = '<!-- cg-bench:s -->';

function assertNothingHidden(text: string, where: string): void {
  for (const n of regressed) assert.ok(text.includes(`| ${n.replace(/[-/]/g, (c) => (c === '-' ? '\\-' : c))} |`), `${where}: the regression ${n} is listed`);
  for (const i of FAILED) assert.ok(text.includes(name(i).replace(/-/g, '\\-')), `${where}: the failed ${name(i)} is listed`);
  assert.match(text, /\*\*Failed benchmarks\*\*/, `${where}: the failures section`);
  assert.match(
    text,
    /<sub>cg\\-bench 0\.0\.0 · Valgrind 3\.24\.0 .*baseline: merge\\-base 0123abc, measured in this job · threshold 1%<\/sub>\n/,
    `${where}: the footer`,
  );
}

test('a 2,000-benchmark comparison with its regressions at the end: the comment holds every regression, the failures and the footer, and says what was left out', () => {
  const input = comparison();
  const whole = reportBody(marker, input);
  assert.ok(whole.length > 10 * GITHUB_COMMENT_LIMIT, `the whole report is ${whole.length} characters`);
  const comment = reportBody(marker, input, { limit: GITHUB_COMMENT_LIMIT, fullReport: 'report.md in the artifact' });
  assert.ok(comment.length <= GITHUB_COMMENT_LIMIT, `${comment.length} characters`);
  assert.ok(comment.startsWith(`${marker}\n### ❌ cg-bench: 25 regressions, 2 failed, 1973 unchanged`));
  assertNothingHidden(comment, 'comment');
  const shown = comment.split('\n').filter((l) => l.startsWith('| suite/')).length;
  const left =
    /_([\d,]+) of 2,000 rows left out to fit \(([^)]*)\); regressions and failures are listed first\. The full report: report\.md in the artifact\._/.exec(
      comment,
    );
  assert.ok(left, 'a line says how many rows were left out and where the full report is');
  assert.equal(Number(left[1]!.replace(/,/g, '')), N - shown);
  assert.equal(left[2], `${(N - shown).toLocaleString('en-US')} unchanged`);
  // Regressions and failures come first in a cut table.
  const rows = comment.split('\n').filter((l) => l.startsWith('| suite/'));
  assert.ok(rows.slice(0, REGRESSIONS + FAILED.length).every((r) => /regression|FAILED/.test(r)));
  assert.match(comment, /_Details of 1,998 changed benchmarks left out to fit/);
});

test('the job summary of the same comparison is within 1 MiB (bytes), with the regressions, failures, footer and trend', () => {
  const input = comparison();
  assert.ok(utf8Bytes(reportBody(marker, input)) > GITHUB_SUMMARY_LIMIT, 'the whole report is larger than a job summary may be');
  const trend = '### Default branch history\n\n| Benchmark | Trend |\n|---|---|\n| x | ▁█ |\n';
  const summary = summaryBody(marker, input, 'report.md in the artifact', trend);
  assert.ok(utf8Bytes(summary) <= GITHUB_SUMMARY_LIMIT, `${utf8Bytes(summary)} bytes`);
  assert.ok(utf8Bytes(summary) > GITHUB_SUMMARY_LIMIT - 20_000, 'it is filled, not cut short');
  assertNothingHidden(summary, 'summary');
  assert.ok(summary.endsWith(`\n---\n\n${trend}`), 'the trend follows the report');
  // Room enough for every row: only details are left out, and the regressions' details come first.
  assert.doesNotMatch(summary, /rows left out/);
  assert.match(summary, /<details><summary>Details[\s\S]*#### suite\/module\\-1975/);
});

test('a report that fits is not changed by fitting; even the regressions alone too long for a comment keep the footer and say so', () => {
  const small = comparison();
  const head = { ...small.head, benchmarks: small.head.benchmarks.slice(0, 3) };
  const few = { ...small, head, comparison: compareResults(head, head) };
  assert.equal(renderMarkdown(few, { limit: GITHUB_COMMENT_LIMIT, fullReport: 'x' }), renderMarkdown(few));
  const input = comparison();
  const body = reportBody(marker, input, { limit: 4_000, fullReport: 'report.md in the artifact' });
  assert.ok(body.length <= 4_000, `${body.length}`);
  assert.match(body, /rows left out to fit \(\d+ regressions, [\d,]+ unchanged\)/);
  assert.match(body, /<sub>cg\\-bench 0\.0\.0 .*<\/sub>\n$/);
});

test("the action: the comment and the job summary it writes are fitted (GitHub's limits), the whole report stays in report.md", async () => {
  const input = comparison();
  const comments: string[] = [];
  const summaries: string[] = [];
  const api: GitHubApi = {
    mergeBase: async () => '',
    findComment: async () => undefined,
    createComment: async (_issue, body) => {
      comments.push(body);
      return { id: 1, url: 'u' };
    },
    updateComment: async () => ({ id: 1, url: 'u' }),
    setStatus: async () => undefined,
    pullRequestHead: async () => ({ sha: '', repository: '', branch: '' }),
  };
  const io = quietActionIO({ writeSummary: async (m) => void summaries.push(m) });
  const suite = suiteFor('.', 'cg-bench.yml', '');
  const ctx: GitHubContext = {
    io,
    env: { GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '42' },
    inputs: readInputs((n) => (n === 'github-token' ? 'ghs_test' : '')),
    suite,
    repoRoot: tempDir('cg-bench-fit-repo-'),
    outRoot: tempDir('cg-bench-fit-out-'),
    api,
  };
  const report: Report = {
    head: input.head,
    headCode: 3,
    baseline: undefined,
    baselineSource: input.baselineSource!,
    comparison: input.comparison,
    body: reportBody(suite.marker, input),
    input,
    trend: undefined,
  };
  await gitHubAdapter(ctx, { kind: 'pull_request', number: 1, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), baseRef: 'main', fork: false }).publish(report);
  assert.equal(comments.length, 1);
  assert.ok(comments[0]!.length <= GITHUB_COMMENT_LIMIT);
  assertNothingHidden(comments[0]!, 'comment');
  assert.match(
    comments[0]!,
    /The full report: \[this run's job summary\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/42\) and `report\.md` in the action's `output-dir`/,
  );
  assert.equal(summaries.length, 1);
  assert.ok(utf8Bytes(summaries[0]!) <= GITHUB_SUMMARY_LIMIT);
  assertNothingHidden(summaries[0]!, 'summary');
});

test("the GitLab note of the same comparison is within GitLab's limit, with everything a reviewer must see and where the whole report is", () => {
  const input = comparison();
  const note = noteBody(suiteFor('.', 'cg-bench.yml', ''), input, 'https://gitlab.example/g/p/-/jobs/9');
  assert.ok(note.length <= GITLAB_NOTE_LIMIT, `${note.length} characters`);
  assertNothingHidden(note, 'note');
  assert.match(
    note,
    /_Details of [\d,]+ changed benchmarks left out to fit\. The full report: `cg-bench-results\/report\.md` in \[the measuring job's artifacts\]\(https:\/\/gitlab\.example\/g\/p\/-\/jobs\/9\/artifacts\/browse\/cg-bench-results\/\)\._/,
  );
});
