import { statSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { realPathBeforeRuns } from '../untrusted/write.ts';
import { loadConfig } from '../config/load.ts';
import { MAX_BUDGET_MS } from '../config/types.ts';
import { parseDuration } from '../config/values.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { escapeTerminal } from '../report/escape.ts';
import { timedFailuresMarkdown, timedMarkdown, timedTerminalTable } from '../report/stopwatch.ts';
import { readResults, writeResults } from '../results/io.ts';
import { COUNTERS_FALLBACKS, PAIRED_FILE, timeSuite } from '../stopwatch/suite.ts';
import { callerDirectory, resolveFrom, shownPath } from '../util/paths.ts';
import { help, parse, progressFor, threshold, type CliIO } from './options.ts';
import { cliPaths } from './paths.ts';

/**
 * `cg-bench paired BASE_DIR`: the timed benchmarks (mode: wallclock, cputime or counters) of this checkout
 * and of the base checkout, run paired and interleaved on this machine; the verdict from the paired
 * differences with a confidence interval.
 */
export async function paired(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    'paired',
    args,
    {
      config: { type: 'string', short: 'c' },
      out: { type: 'string', short: 'o' },
      benchmark: { type: 'string' },
      budget: { type: 'string' },
      threshold: { type: 'string' },
      'fail-on-regression': { type: 'boolean' },
      'counters-fallback': { type: 'string' },
      results: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return help('paired', io);
  if (positionals.length !== 1)
    throw new CgBenchError("cg-bench paired: expected the base checkout's directory (e.g. a git worktree of main)\nSee: cg-bench paired --help");
  const budgetMs = values.budget === undefined ? undefined : parseBudget(values.budget);
  const fallback = COUNTERS_FALLBACKS.find((f) => f === (values['counters-fallback'] ?? 'fail'));
  if (!fallback) throw new CgBenchError(`--counters-fallback ${values['counters-fallback']}: must be fail, cputime or wallclock`);
  const shown = values.format ?? 'terminal';
  if (shown !== 'terminal' && shown !== 'markdown' && shown !== 'json')
    throw new CgBenchError(`--format ${shown}: cg-bench paired prints terminal, markdown or json`);
  // Read first: a results file that is not one fails before minutes of timing, not after.
  const resultsFile = values.results === undefined ? undefined : resolveFrom(callerDirectory(), values.results);
  const before = resultsFile ? readResults(resultsFile) : undefined;
  // Taken before the code runs (it may swap the directory for a link): the write is checked against it.
  const resultsDir = resultsFile ? realPathBeforeRuns(dirname(resultsFile)) : undefined;
  const paths = cliPaths(values);
  const head = loadConfig(paths.config);
  const baseDir = resolveFrom(callerDirectory(), positionals[0]!);
  // Said as what it is, not as a configuration file missing there that --config would not help with.
  const baseEntry = statSync(baseDir, { throwIfNoEntry: false });
  if (!baseEntry)
    throw new CgBenchError(
      `cg-bench paired: the base checkout ${shownPath(baseDir)} does not exist (make one with: git worktree add --detach ${positionals[0]} main)`,
    );
  if (!baseEntry.isDirectory())
    throw new CgBenchError(`cg-bench paired: the base checkout ${shownPath(baseDir)} is not a directory (give the base checkout's directory)`);
  const baseConfigPath = resolveFrom(baseDir, relative(callerDirectory(), paths.config));
  const base = loadConfig(baseConfigPath);
  const out = resolveFrom(callerDirectory(), values.out ?? '.cg-bench/paired');
  const outcome = await timeSuite({
    head: { config: head, file: paths.config },
    base: { config: base, file: baseConfigPath },
    outDir: out,
    budgetMs,
    benchmark: values.benchmark,
    thresholdPercent: threshold(values.threshold),
    countersFallback: fallback,
    progress: progressFor(io),
    log: (line) => io.stderr.write(`${line}\n`),
  });
  const results = outcome.timed;
  const pairedFile = resolveFrom(out, PAIRED_FILE);
  if (resultsFile && before) {
    // Into the head's results.json (cg-bench run's), so its report and comment show them, failures
    // too; a benchmark timed again replaces its old entry, timed or failed. As read before the code
    // ran, never re-read after.
    const now = new Set([...results, ...outcome.failed].map((r) => r.name));
    before.timed = [...(before.timed ?? []).filter((t) => !now.has(t.name)), ...results];
    const failed = [...(before.timedFailed ?? []).filter((f) => !now.has(f.name)), ...outcome.failed];
    if (failed.length) before.timedFailed = failed;
    else delete before.timedFailed;
    writeResults(resultsFile, before, resultsDir);
  }
  io.stdout.write(
    shown === 'json'
      ? `${JSON.stringify(results, null, 2)}\n`
      : shown === 'markdown'
        ? `${[...timedMarkdown(results).slice(1), ...timedFailuresMarkdown(outcome.failed)].join('\n').trimStart()}\n`
        : `${timedTerminalTable(results).join('\n')}\n`,
  );
  io.stderr.write(`raw samples: ${shownPath(pairedFile)}${resultsFile ? ` and ${shownPath(resultsFile)}` : ''}\n`);
  // As `cg-bench run`: the others timed and reported, the failures said last, exit 3.
  for (const failure of outcome.failed) io.stderr.write(`${escapeTerminal(failure.name)}: failed\n  ${failure.message}\n`);
  if (outcome.failed.length) {
    io.stderr.write(`${results.length} benchmark(s) timed, ${outcome.failed.length} failed\n`);
    return ExitCode.benchmarkFailed;
  }
  return values['fail-on-regression'] === true && results.some((r) => r.verdict === 'regression') ? ExitCode.regression : ExitCode.ok;
}

function parseBudget(text: string): number {
  let ms = NaN;
  try {
    ms = parseDuration(text);
  } catch {
    // Said below.
  }
  if (!(ms > 0 && ms <= MAX_BUDGET_MS)) throw new CgBenchError(`--budget ${text}: is not a duration from 1ms to 1h (write 60s or 2m)`);
  return ms;
}
