import { mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { BenchmarkSpec, Config } from '../config/types.ts';
import { parseDuration } from '../config/values.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { escapeTerminal } from '../report/escape.ts';
import { timedMarkdown, timedTerminalTable } from '../report/timed.ts';
import { readResults, writeFileAtomic, writeResults } from '../results/io.ts';
import type { TimedResult } from '../results/types.ts';
import { SETUP_HOME, benchmarkEnvironment } from '../run/environment.ts';
import { runSetup } from '../run/setup.ts';
import { giveDirectory, sandboxed, untrustedSandbox } from '../run/untrusted.ts';
import { countersExecutor, countersProblem, cputimeExecutor, wallclockExecutor, type Executor, type TimedCommand } from '../stopwatch/executor.ts';
import { runPaired } from '../stopwatch/paired.ts';
import { INTERVAL_METHOD, pairedEstimate, timedVerdict } from '../stopwatch/stats.ts';
import { callerDirectory, resolveFrom, shownPath } from '../util/paths.ts';
import { help, parse, progressFor, threshold, type CliIO } from './options.ts';
import { cliPaths } from './paths.ts';

const argvOf = (spec: BenchmarkSpec) => (typeof spec.run === 'string' ? ['/bin/sh', '-c', spec.run] : spec.run);

async function prepare(config: Config, outDir: string, side: string, io: CliIO): Promise<ReturnType<typeof untrustedSandbox>> {
  const sandbox = untrustedSandbox({ root: config.root, network: config.network });
  mkdirSync(SETUP_HOME, { recursive: true });
  giveDirectory(sandbox, SETUP_HOME);
  const log = resolveFrom(resolveFrom(callerDirectory(), outDir), `setup-${side}.log`);
  writeFileAtomic(log, '');
  await runSetup(config.setup, { cwd: config.root, logFile: log, timeoutMs: config.setupTimeoutMs, progress: progressFor(io), sandbox });
  return sandbox;
}

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
  if (positionals.length !== 1) throw new CgBenchError('cg-bench paired: expected the base checkout\'s directory (e.g. a git worktree of main)\nSee: cg-bench paired --help');
  const budgetMs = values.budget === undefined ? 60_000 : parseBudget(values.budget);
  const fallback = values['counters-fallback'] ?? 'fail';
  if (fallback !== 'fail' && fallback !== 'wallclock' && fallback !== 'cputime') throw new CgBenchError(`--counters-fallback ${fallback}: must be fail, cputime or wallclock`);
  const shown = values.format ?? 'terminal';
  if (shown !== 'terminal' && shown !== 'markdown' && shown !== 'json') throw new CgBenchError(`--format ${shown}: cg-bench paired prints terminal, markdown or json`);
  // Read first: a results file that is not one fails before minutes of timing, not after.
  const resultsFile = values.results === undefined ? undefined : resolveFrom(callerDirectory(), values.results);
  if (resultsFile) readResults(resultsFile);
  const paths = cliPaths(values);
  const head = loadConfig(paths.config);
  const baseConfigPath = resolveFrom(resolveFrom(callerDirectory(), positionals[0]!), relative(callerDirectory(), paths.config));
  const base = loadConfig(baseConfigPath);
  const timed = head.benchmarks.filter((b) => b.mode !== 'cachegrind' && (values.benchmark === undefined || b.name === values.benchmark));
  if (!timed.length) {
    throw new CgBenchError(`${shownPath(paths.config)}: no benchmark with mode: wallclock, cputime or counters${values.benchmark === undefined ? '' : ` named "${values.benchmark}"`}; the timed benchmarks are measured by cg-bench paired, the others by cg-bench run`);
  }
  const missing = timed.filter((t) => !base.benchmarks.some((b) => b.name === t.name));
  if (missing.length) throw new CgBenchError(`${shownPath(baseConfigPath)}: has no benchmark ${missing.map((m) => JSON.stringify(m.name)).join(', ')}: nothing to pair it with`);

  const out = values.out ?? '.cg-bench/paired';
  mkdirSync(resolveFrom(callerDirectory(), out), { recursive: true });
  const sandboxes = { base: await prepare(base, out, 'base', io), head: await prepare(head, out, 'head', io) };
  const command = (spec: BenchmarkSpec, sandbox: ReturnType<typeof untrustedSandbox>): TimedCommand => ({
    argv: sandboxed(sandbox, argvOf(spec)),
    cwd: spec.cwd,
    env: benchmarkEnvironment(spec.cwd, spec.env, '/tmp'),
  });

  const results: TimedResult[] = [];
  for (const spec of timed) {
    const baseSpec = base.benchmarks.find((b) => b.name === spec.name)!;
    let executor: Executor;
    if (spec.mode === 'counters') {
      const problem = countersProblem();
      if (problem && fallback !== 'fail') {
        io.stderr.write(`cg-bench: ${escapeTerminal(spec.name)}: no hardware counters (${problem}); timed by ${fallback === 'cputime' ? 'its CPU time' : 'the wall clock'} instead (--counters-fallback ${fallback})\n`);
        executor = fallback === 'cputime' ? cputimeExecutor() : wallclockExecutor();
      } else executor = countersExecutor();
    } else executor = spec.mode === 'cputime' ? cputimeExecutor() : wallclockExecutor();
    io.stderr.write(`${escapeTerminal(spec.name)}: ${executor.name}, paired runs for up to ${Math.round(budgetMs / 1000)} s (${executor.controls.join(', ')})\n`);
    const warmups = 3;
    const samples = runPaired(executor, command(baseSpec, sandboxes.base), command(spec, sandboxes.head), {
      budgetMs,
      warmups,
      minPairs: 10,
      maxPairs: 2000,
      onPair: (n) => {
        if (n % 20 === 0) io.stderr.write(`  ${n} pairs\n`);
      },
    });
    const thresholdPercent = threshold(values.threshold) ?? spec.thresholdPercent;
    const estimate = pairedEstimate(samples.base.map((s) => s.value), samples.head.map((s) => s.value), 0.95, INTERVAL_METHOD);
    const result: TimedResult = {
      name: spec.name,
      mode: executor.name,
      unit: executor.unit,
      controls: executor.controls,
      thresholdPercent,
      budgetMs,
      warmups,
      verdict: timedVerdict(estimate, thresholdPercent),
      estimate,
      base: samples.base.map((s) => s.value),
      head: samples.head.map((s) => s.value),
      order: samples.order,
    };
    const extraNames = [...new Set(samples.base.flatMap((s) => Object.keys(s.extra ?? {})))];
    if (extraNames.length) {
      result.extra = Object.fromEntries(extraNames.map((n) => [n, { base: samples.base.map((s) => s.extra?.[n] ?? 0), head: samples.head.map((s) => s.extra?.[n] ?? 0) }]));
    }
    results.push(result);
  }
  const pairedFile = resolveFrom(resolveFrom(callerDirectory(), out), 'paired.json');
  writeFileAtomic(pairedFile, `${JSON.stringify({ tool: 'cg-bench', kind: 'paired', createdAt: new Date().toISOString(), timed: results }, null, 2)}\n`);
  if (resultsFile) {
    // Into the head's results.json (cg-bench run's), so its report and comment show them; a
    // benchmark timed again replaces its old entry.
    const into = readResults(resultsFile);
    into.timed = [...(into.timed ?? []).filter((t) => !results.some((r) => r.name === t.name)), ...results];
    writeResults(resultsFile, into);
  }
  io.stdout.write(shown === 'json' ? `${JSON.stringify(results, null, 2)}\n` : shown === 'markdown' ? `${timedMarkdown(results).slice(1).join('\n')}\n` : `${timedTerminalTable(results).join('\n')}\n`);
  io.stderr.write(`raw samples: ${shownPath(pairedFile)}${resultsFile ? ` and ${shownPath(resultsFile)}` : ''}\n`);
  return values['fail-on-regression'] === true && results.some((r) => r.verdict === 'regression') ? ExitCode.regression : ExitCode.ok;
}

function parseBudget(text: string): number {
  let ms = NaN;
  try {
    ms = parseDuration(text);
  } catch {
    // Said below.
  }
  if (!(ms > 0 && ms <= 3_600_000)) throw new CgBenchError(`--budget ${text}: is not a duration from 1ms to 1h (write 60s or 2m)`);
  return ms;
}
