import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { compareResults } from '../compare/compare.ts';
import { loadConfig } from '../config/load.ts';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../config/types.ts';
import { checkDeterminism, differingCount } from '../engine/check.ts';
import { exitCodeFor, measure } from '../engine/measure.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { formatCount, headline } from '../report/format.ts';
import { reportFormat } from '../report/index.ts';
import { tableWidth } from '../report/terminal.ts';
import { escapeTerminal } from '../report/escape.ts';
import { timedSpecs } from '../stopwatch/suite.ts';
import { collectEnvironment } from '../results/environment.ts';
import { checkEvery, resultsByBenchmark, type ResultsByBenchmark } from '../results/by-benchmark.ts';
import { outputProblem, readResults, readResultsText } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { locateValgrind } from '../run/valgrind.ts';
import { cpuView, sandboxFor, type ShardSelection } from '../run/suite.ts';
import { parseShard } from '../shard/plan.ts';
import { callerDirectory, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { VERSION } from '../version.ts';
import { format, help, MEASURE_OPTIONS, parse, positiveInt, progressFor, REPORT_OPTIONS, threshold, type CliIO } from './options.ts';
import { diff } from './diff.ts';
import { history } from './history.ts';
import { merge } from './merge.ts';
import { paired } from './paired.ts';
import { bisectCommand } from './bisect.ts';
import { callerEnvironment, cliPaths, resultsFileOf } from './paths.ts';
import { flushLines, inertStream, workflowCommandSafe } from './terminal.ts';

export type { CliIO };

/** --shard I/N, balanced on the wall times of --durations FILE (default: the --baseline). */
function shardSelection(shard: string | undefined, durations: string | undefined, baseline: AbsolutePath | undefined): ShardSelection | undefined {
  if (shard === undefined) {
    if (durations !== undefined) throw new CgBenchError('--durations: only with --shard (it balances the parts)');
    return undefined;
  }
  const from = durations === undefined ? baseline : resolveFrom(callerDirectory(), durations);
  const durationsMs = new Map(from ? readResults(from).benchmarks.map((b) => [b.name, b.wallTimeMs] as const) : []);
  return { shard: parseShard(shard), durationsMs };
}

async function run(args: string[], io: CliIO): Promise<number> {
  const { values } = parse('run', args, {
    ...MEASURE_OPTIONS,
    ...REPORT_OPTIONS,
    baseline: { type: 'string', short: 'b' },
    'save-baseline': { type: 'string' },
    shard: { type: 'string' },
    durations: { type: 'string' },
    'call-tree': { type: 'boolean' },
  });
  if (values.help) return help('run', io);
  const formatName = format(values.format);
  const thresholdPercent = threshold(values.threshold);
  const jobs = positiveInt('jobs', values.jobs, 1);
  const paths = cliPaths(values);
  const config = loadConfig(paths.config);
  const outcome = await measure({
    config,
    outDir: paths.out,
    jobs,
    filter: values.filter,
    shard: shardSelection(values.shard, values.durations, paths.baseline),
    baseline: paths.baseline,
    saveBaseline: paths.saveBaseline,
    thresholdPercent,
    progress: progressFor(io),
    valgrind: locateValgrind(callerEnvironment(process.env)),
    callTree: values['call-tree'] === true,
  });
  const baselineSource = paths.baseline && shownPath(paths.baseline);
  io.stdout.write(
    reportFormat(formatName, { colour: io.stdout.isTTY === true, width: tableWidth(io.stdout) }).render({
      head: outcome.results,
      comparison: outcome.comparison,
      baselineSource,
      resultsDir: shownPath(paths.out),
    }),
  );
  io.stderr.write(`results: ${shownPath(outcome.resultsFile)}\n`);
  // Left out of run by design: said, so that a configuration of only timed benchmarks is not a silent "0 measured".
  const timed = timedSpecs(config);
  if (timed.length)
    io.stderr.write(
      `${timed.length} timed benchmark(s) (mode: wallclock, cputime or counters: ${timed.map((b) => escapeTerminal(b.name)).join(', ')}) are not measured by run: cg-bench paired BASE times them against a base checkout\n`,
    );
  for (const { file } of outcome.flameGraphs ?? []) io.stderr.write(`flame graph: ${shownPath(file)}\n`);
  if (outcome.flameGraphsMissing && paths.baseline)
    io.stderr.write(
      `no flame graph for ${outcome.flameGraphsMissing.map(escapeTerminal).join(', ')}: the baseline ${shownPath(paths.baseline)} has no call tree beside it for them (measure it with cg-bench run --call-tree too)\n`,
    );
  if (outcome.baselineNotSaved) io.stderr.write(`${outcome.baselineNotSaved}\n`);
  else if (paths.saveBaseline) io.stderr.write(`baseline saved: ${shownPath(paths.saveBaseline)}\n`);
  return exitCodeFor(outcome.results, outcome.comparison, values['fail-on-regression'] === true);
}

async function compare(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse('compare', args, { ...REPORT_OPTIONS, top: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) return help('compare', io);
  if (positionals.length !== 2)
    throw new CgBenchError(
      `cg-bench compare: expected BASE and HEAD (results.json files or their directories), got ${positionals.length}\nSee: cg-bench compare --help`,
    );
  const formatName = format(values.format);
  const [basePath, headPath] = positionals.map((p) => resultsFileOf(resolveFrom(callerDirectory(), p))) as [AbsolutePath, AbsolutePath];
  // The base is read a benchmark at a time while compared (only its figures kept), the head whole (the reports show it).
  const base = resultsByBenchmark(readResultsText(basePath), basePath);
  const head = readHeadResults(headPath, base);
  const comparison = compareResults(base, head, { thresholdPercent: threshold(values.threshold), topFunctions: positiveInt('top', values.top, 5) });
  io.stdout.write(
    reportFormat(formatName, { colour: io.stdout.isTTY === true, width: tableWidth(io.stdout) }).render({
      head,
      comparison,
      baselineSource: shownPath(basePath),
      resultsDir: shownPath(dirname(headPath) as AbsolutePath),
    }),
  );
  return exitCodeFor(head, comparison, values['fail-on-regression'] === true);
}

/** The head of `compare`; when it cannot be read, a base that cannot be read either is named first, as when the base was read whole first. */
function readHeadResults(path: AbsolutePath, base: ResultsByBenchmark): Results {
  try {
    return readResults(path);
  } catch (error) {
    checkEvery(base);
    throw error;
  }
}

async function check(args: string[], io: CliIO): Promise<number> {
  const { values } = parse('check', args, MEASURE_OPTIONS);
  if (values.help) return help('check', io);
  const paths = cliPaths(values);
  const config = loadConfig(paths.config);
  const rows = await checkDeterminism(config, {
    outDir: paths.out,
    jobs: positiveInt('jobs', values.jobs, 1),
    filter: values.filter,
    progress: progressFor(io),
    valgrind: locateValgrind(callerEnvironment(process.env)),
  });
  let unstable = 0;
  let failed = 0;
  for (const row of rows) {
    const name = escapeTerminal(row.name);
    if (row.first.status !== 'ok' || row.second.status !== 'ok') {
      failed++;
      io.stdout.write(`✗ ${name}: failed (${escapeTerminal(headline(row.first.message ?? row.second.message ?? ''))})\n`);
    } else if (row.differing.length) {
      unstable++;
      const diffs = row.differing.map((n) => `${n} ${formatCount(differingCount(row.first, n))} vs ${formatCount(differingCount(row.second, n))}`);
      io.stdout.write(`✗ ${name}: NONDETERMINISTIC — ${diffs.join(', ')}\n`);
    } else io.stdout.write(`✓ ${name}: identical (${formatCount(row.first.estimatedCycles ?? 0)} estimated cycles)\n`);
  }
  io.stdout.write(`${rows.length - unstable - failed} deterministic, ${unstable} nondeterministic, ${failed} failed\n`);
  // Both runs kept every function and line: the diff between them shows where the counts part;
  // heap figures (memory: true) are compare's memory table, diff shows none.
  const runs = `${shownPath(resolveFrom(paths.out, 'check-1'))} ${shownPath(resolveFrom(paths.out, 'check-2'))}`;
  const differing = rows.flatMap((r) => r.differing);
  if (differing.some((n) => !n.startsWith('memory.'))) io.stdout.write(`where they differ: cg-bench diff ${runs}\n`);
  if (differing.some((n) => n.startsWith('memory.'))) io.stdout.write(`where the heap figures differ: cg-bench compare ${runs} (its memory table)\n`);
  return failed ? ExitCode.benchmarkFailed : unstable ? ExitCode.regression : ExitCode.ok;
}

async function env(args: string[], io: CliIO): Promise<number> {
  const { values } = parse('env', args, { json: { type: 'boolean' }, config: { type: 'string', short: 'c' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) return help('env', io);
  // Without --config, a cg-bench.yml in the caller's directory is used when there is one.
  const configFile = cliPaths(values).config;
  const config = values.config !== undefined || existsSync(configFile) ? loadConfig(configFile) : undefined;
  const root = config?.root ?? callerDirectory();
  // What a benchmark of this configuration would see (one CPU by default), as `run` records it.
  const view = cpuView(sandboxFor({ root, network: config?.network ?? false, cpus: config?.cpus ?? 'one' }));
  const environment = await collectEnvironment(
    locateValgrind(callerEnvironment(process.env)),
    root,
    config?.cache ?? DEFAULT_CACHE,
    config?.weights ?? DEFAULT_WEIGHTS,
    view,
  );
  if (values.json) io.stdout.write(`${JSON.stringify(environment, null, 2)}\n`);
  else {
    const rows: [string, string | null][] = [
      ['cg-bench', environment.cgBench],
      ['Valgrind', environment.valgrind],
      ['glibc', environment.glibc],
      ['OS', environment.os],
      ['architecture', environment.arch],
      ['Python', environment.python],
      ['workspace', environment.workspace],
      ['simulated CPU', [environment.cpu.vendor, environment.cpu.brand].filter(Boolean).join(' ') || null],
      ['CPU features', environment.cpu.features.join(' ') || null],
      ['Valgrind hwcaps', environment.cpu.hwcaps],
      [
        'glibc dispatch',
        environment.host
          ? `${environment.host.dispatch ?? '?'} (platform ${environment.host.platform ?? '?'}, hwcaps ${environment.host.hwcapsActive ?? '?'})`
          : null,
      ],
      ['auxv types', environment.host?.auxvTypes ?? null],
      [
        'CPUs',
        environment.host
          ? `online ${environment.host.cpusOnline ?? '?'}, possible ${environment.host.cpusPossible ?? '?'}, affinity ${environment.host.affinity}`
          : null,
      ],
      ['loader files', environment.host?.loaderFiles ?? null],
      ['cache', `I1=${environment.cache.I1} D1=${environment.cache.D1} LL=${environment.cache.LL}`],
      ['weights', `l1=${environment.weights.l1} ll=${environment.weights.ll} ram=${environment.weights.ram}`],
      ['image', environment.image.ref],
      ['image digest', environment.image.digest],
    ];
    for (const [k, v] of rows) io.stdout.write(`${k.padEnd(16)} ${v ?? '(unknown)'}\n`);
  }
  return ExitCode.ok;
}

const COMMANDS: Record<string, (args: string[], io: CliIO) => Promise<number>> = {
  run,
  compare,
  check,
  env,
  merge,
  bisect: bisectCommand,
  diff,
  history,
  paired,
};

/**
 * Every command's stderr (progress, warnings, error messages quoting names, commands and logs) goes
 * through one inert stream: no escape sequence, C1 control or bidi override a configuration or a
 * benchmark wrote reaches the terminal or the CI log (README "Security").
 */
export async function main(argv: string[], streams: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  // In a GitHub Actions step, a line of output could be a workflow command: both streams make them text.
  const actions = process.env['GITHUB_ACTIONS'] === 'true';
  const io: CliIO = actions
    ? { stdout: workflowCommandSafe(streams.stdout), stderr: inertStream(workflowCommandSafe(streams.stderr)) }
    : { stdout: streams.stdout, stderr: inertStream(streams.stderr) };
  try {
    return await dispatch(argv, io);
  } finally {
    flushLines(io.stdout);
    flushLines(io.stderr);
  }
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '-h' || command === '--help') return help('main', io);
    if (command === 'help') return help(rest[0] ?? 'main', io);
    if (command === '-V' || command === '--version') {
      io.stdout.write(`cg-bench ${VERSION}\n`);
      return ExitCode.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new CgBenchError(`unknown command "${command}"; the commands are: ${Object.keys(COMMANDS).join(', ')}\nSee: cg-bench --help`);
    return await handler(rest, io);
  } catch (caught) {
    const error = outputProblem(caught) ?? caught;
    if (error instanceof CgBenchError) {
      // A message naming its command ("cg-bench run: …") is not prefixed again.
      io.stderr.write(`${error.message.startsWith('cg-bench ') ? '' : 'cg-bench: '}${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`cg-bench: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.internal;
  }
}
