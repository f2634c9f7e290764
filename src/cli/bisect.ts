import { compareResults, functionChanges } from '../compare/compare.ts';
import { firstParentRange, locateConfig, refuseUncommittedConfig, resolveCommit, type Commit } from '../bisect/commits.ts';
import { bisect, type BisectOutcome, type Verdict } from '../bisect/search.ts';
import { loadConfig } from '../config/load.ts';
import type { Config } from '../config/types.ts';
import { measure } from '../engine/measure.ts';
import { lockOutputDirectory } from '../engine/out-lock.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { topLinesTerminal } from '../report/diff-terminal.ts';
import { NOT_REPEATING_HELP } from '../report/markdown.ts';
import { escapeTerminal } from '../report/escape.ts';
import { formatCount, formatPercent } from '../report/format.ts';
import { tableWidth, terminalReport } from '../report/terminal.ts';
import type { BenchmarkResult, Results } from '../results/types.ts';
import { locateValgrind } from '../run/valgrind.ts';
import { resolveFrom, shownPath } from '../util/paths.ts';
import { addWorktree, removeWorktree } from '../vcs/git.ts';
import { bisectUser } from '../untrusted/bisect-user.ts';
import { giveTree } from '../untrusted/given-directories.ts';
import { NO_SANDBOX } from '../untrusted/sandbox.ts';
import { help, parse, positiveInt, progressFor, threshold, type CliIO } from './options.ts';
import { callerEnvironment, cliPaths } from './paths.ts';

/** One commit measured: its results, or why it is skipped (failed, or no such benchmark there). */
type Measured = Counted | { skipped: string; exitCode: ExitCode };
type Counted = { results: Results; benchmark: BenchmarkResult & { estimatedCycles: number } };

const short = (sha: string) => sha.slice(0, 12);
const named = (c: Commit) => `${short(c.sha)} ${escapeTerminal(c.subject)}`;
const firstLine = (text: string) => text.split('\n').find((l) => l.trim()) ?? '';

/**
 * Why two measurements of one commit do not repeat (their counts differ by `thresholdPercent` or
 * more; with 0, by anything), naming the events and the functions that differ; undefined when they repeat.
 */
function doesNotRepeat(
  first: BenchmarkResult & { estimatedCycles: number },
  second: BenchmarkResult & { estimatedCycles: number },
  thresholdPercent: number,
  top: number,
): string | undefined {
  const events =
    first.events && second.events ? (Object.keys(first.events) as (keyof typeof first.events)[]).filter((e) => first.events![e] !== second.events![e]) : [];
  const change = second.estimatedCycles - first.estimatedCycles;
  if (!events.length && change === 0) return undefined;
  const relative = first.estimatedCycles === 0 ? (change === 0 ? 0 : Infinity) : Math.abs(change) / first.estimatedCycles;
  if (thresholdPercent > 0 && relative * 100 < thresholdPercent) return undefined;
  const eventText = events.map((e) => `${e} ${formatCount(first.events![e])} → ${formatCount(second.events![e])}`).join(', ');
  const functions = functionChanges(first, second, top, 0).map(
    (f) =>
      `  ${escapeTerminal(f.fn)} (${escapeTerminal(f.file)}): ${f.base === null ? 'absent' : formatCount(f.base)} → ${f.head === null ? 'absent' : formatCount(f.head)}`,
  );
  return [
    `two runs measured ${formatCount(first.estimatedCycles)} and ${formatCount(second.estimatedCycles)} estimated cycles (${eventText || 'no event differs'})`,
    ...(functions.length ? ['the functions that differ:', ...functions] : []),
  ].join('\n');
}

/**
 * cg-bench bisect GOOD BAD --benchmark NAME: the first commit on BAD's first-parent line whose count
 * differs from GOOD's by more than the threshold. Every commit is checked out in turn at one path,
 * OUT/bisect/worktree (the path reaches the counts), built by its own `setup` and measured once: the
 * count is exact, so one run says it all, once GOOD and BAD, each measured twice, have shown that it
 * repeats (a benchmark that seeds itself from the time, a hash seed or threads would otherwise blame
 * a random commit).
 */
export async function bisectCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    'bisect',
    args,
    {
      benchmark: { type: 'string' },
      threshold: { type: 'string' },
      config: { type: 'string', short: 'c' },
      out: { type: 'string', short: 'o' },
      top: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return help('bisect', io);
  if (positionals.length !== 2)
    throw new CgBenchError(`cg-bench bisect: expected GOOD and BAD commits, got ${positionals.length} argument(s)\nSee: cg-bench bisect --help`);
  const name: string = values.benchmark ?? '';
  if (!name) throw new CgBenchError('cg-bench bisect: --benchmark NAME is required (bisect follows one benchmark)\nSee: cg-bench bisect --help');
  const thresholdPercent = threshold(values.threshold) ?? 0;
  const topFunctions = positiveInt('top', values.top, 5);
  const paths = cliPaths(values);
  const say = (line: string) => io.stderr.write(`bisect: ${line}\n`);

  const { top, configPath } = locateConfig(paths.config);
  // Before any commit's code runs, and before git writes in the repository (its index): as root,
  // whom that code runs as, and that it cannot write the repository.
  const user = bisectUser(top, process.env);
  const good = resolveCommit(top, 'GOOD', positionals[0]!);
  const bad = resolveCommit(top, 'BAD', positionals[1]!);
  const range = firstParentRange(top, good, bad);
  refuseUncommittedConfig(top, configPath);

  const bisectDir = resolveFrom(paths.out, 'bisect');
  const worktree = resolveFrom(bisectDir, 'worktree');
  // The worktree a killed bisect left is replaced whole (addWorktree); the project's own links are in it.
  const release = lockOutputDirectory(bisectDir, ['worktree']);
  // An interrupt exits at once: the worktree goes with it (the next bisect would replace it anyway).
  const cleanup = () => removeWorktree(worktree);
  process.once('exit', cleanup);
  try {
    const valgrind = locateValgrind(callerEnvironment(process.env));
    const progress = progressFor(io);
    /** Stops, naming the events and functions that differ, when two runs of `commit` do not repeat. */
    const refuseUnrepeated = (which: 'GOOD' | 'BAD', commit: Commit, first: Counted, second: Counted) => {
      const noise = doesNotRepeat(first.benchmark, second.benchmark, thresholdPercent, topFunctions);
      if (!noise) return;
      throw new CgBenchError(
        `cg-bench bisect: ${escapeTerminal(name)} does not repeat at ${which} ${short(commit.sha)}: ${noise}\n` +
          `A commit's change cannot be told from this, so bisect stops before blaming one. Make the benchmark repeat (${NOT_REPEATING_HELP}: hash seeds, time, threads), ` +
          `or give a --threshold above the difference. Both runs: ${shownPath(resolveFrom(bisectDir, `commits/${commit.sha}`))} and …-repeat (cg-bench diff shows every function and line)`,
        ExitCode.regression,
      );
    };
    /** Checks `commit` out at the one path, and its configuration with only the benchmark (or why not). */
    const checkout = (commit: Commit): Config | string => {
      addWorktree(top, worktree, commit.sha);
      // Root's git made it: the code's user builds in it (nothing of the code's has run in it yet).
      if (user) giveTree({ ...NO_SANDBOX, user }, worktree);
      let config: Config;
      try {
        config = loadConfig(resolveFrom(worktree, configPath), worktree);
      } catch (error) {
        if (error instanceof CgBenchError) return errorMessage(error);
        throw error;
      }
      const spec = config.benchmarks.find((b) => b.name === name);
      if (!spec) return `no benchmark ${JSON.stringify(name)} in ${configPath} there (it has: ${config.benchmarks.map((b) => b.name).join(', ') || 'none'})`;
      return { ...config, benchmarks: [spec] };
    };
    const run = async (commit: Commit, config: Config, dir = commit.sha): Promise<Measured> => {
      let results: Results;
      try {
        // Every function kept: two runs that differ show where (GOOD's repeat, and `cg-bench diff`).
        results = (await measure({ config, outDir: resolveFrom(bisectDir, `commits/${dir}`), jobs: 1, progress, valgrind, everyFunction: true })).results;
      } catch (error) {
        // A setup command that fails (a broken build), a configuration this cg-bench cannot run: the
        // commit's problem, skipped (at GOOD, the caller's: rethrown there).
        if (error instanceof CgBenchError) return { skipped: firstLine(error.message), exitCode: error.exitCode };
        throw error;
      }
      const b = results.benchmarks[0];
      if (b?.status !== 'ok' || b.estimatedCycles === null) {
        return { skipped: `benchmark ${b?.status === 'timeout' ? 'timed out' : 'failed'}: ${firstLine(b?.message ?? '')}`, exitCode: ExitCode.benchmarkFailed };
      }
      return { results, benchmark: { ...b, estimatedCycles: b.estimatedCycles } };
    };

    // GOOD first: the reference. Its problems are the caller's (exit 2 or 3), never a skip.
    say(`${range.commits.length} commit(s) in ${short(good.sha)}..${short(bad.sha)} on the first-parent line; measuring GOOD ${named(good)}`);
    const goodConfig = checkout(good);
    if (typeof goodConfig === 'string') throw new CgBenchError(`cg-bench bisect: at GOOD ${short(good.sha)}: ${goodConfig}`);
    const reference = await run(good, goodConfig);
    if ('skipped' in reference) {
      throw new CgBenchError(
        `cg-bench bisect: ${name} cannot be measured at GOOD ${short(good.sha)} (${reference.skipped}); there is nothing to compare with`,
        reference.exitCode,
      );
    }
    const base = reference.benchmark.estimatedCycles;
    say(`GOOD ${short(good.sha)}: ${formatCount(base)} estimated cycles; measuring it again: a count that does not repeat cannot be bisected`);
    const repeat = await run(good, goodConfig, `${good.sha}-repeat`);
    if ('skipped' in repeat) {
      throw new CgBenchError(`cg-bench bisect: ${name} cannot be measured a second time at GOOD ${short(good.sha)} (${repeat.skipped})`, repeat.exitCode);
    }
    refuseUnrepeated('GOOD', good, reference, repeat);

    // BAD twice too: a count that repeats at GOOD may not at BAD (a hash seeded from the OS that a
    // later commit brings in), and the search would then blame whichever commit it measured there.
    const last = range.commits.length - 1;
    const measured = new Map<number, Measured>();
    say(`measuring BAD ${named(bad)} twice`);
    const badConfig = checkout(bad);
    const badRun: Measured = typeof badConfig === 'string' ? { skipped: badConfig, exitCode: ExitCode.usage } : await run(bad, badConfig);
    // BAD that cannot be measured is left to the search, as any commit (it then names candidates).
    if ('skipped' in badRun || typeof badConfig === 'string') say(`BAD ${short(bad.sha)}: cannot be measured`);
    else {
      const again = await run(bad, badConfig, `${bad.sha}-repeat`);
      if ('skipped' in again) {
        throw new CgBenchError(`cg-bench bisect: ${name} cannot be measured a second time at BAD ${short(bad.sha)} (${again.skipped})`, again.exitCode);
      }
      refuseUnrepeated('BAD', bad, badRun, again);
      say(`BAD ${short(bad.sha)}: ${formatCount(badRun.benchmark.estimatedCycles)} estimated cycles, twice`);
    }
    measured.set(last, badRun);

    const differs = (cycles: number) => cycles !== base && (base === 0 || (Math.abs(cycles - base) / base) * 100 > thresholdPercent);
    const search = await bisect(range.commits.length, async (index): Promise<Verdict> => {
      const commit = range.commits[index]!;
      // BAD was measured (twice) above: its first run is its verdict.
      const known = measured.get(index);
      if (!known) say(`measuring ${named(commit)} (commit ${index + 1} of ${range.commits.length})`);
      const config = known ? undefined : checkout(commit);
      const m: Measured = known ?? (typeof config === 'string' ? { skipped: config, exitCode: ExitCode.usage } : await run(commit, config!));
      measured.set(index, m);
      if ('skipped' in m) {
        say(`${short(commit.sha)}: skipped (${escapeTerminal(m.skipped)})`);
        return 'skip';
      }
      const cycles = m.benchmark.estimatedCycles;
      const verdict = differs(cycles) ? 'differs' : 'same';
      say(
        `${short(commit.sha)}: ${formatCount(cycles)} estimated cycles: ${verdict === 'same' ? "GOOD's" : 'differs'} (${formatPercent((cycles - base) / (base || 1))})`,
      );
      return verdict;
    });

    const skipped = [...measured].flatMap(([index, m]) => ('skipped' in m ? [[index, m.skipped] as const] : []));
    const lines: string[] = [];
    const code = describe(search.outcome, lines);
    const skipNote = skipped.length ? `, ${skipped.length} skipped` : '';
    const between = range.commits.length - 1;
    const twice = 'skipped' in badRun ? 'GOOD twice, BAD once' : 'GOOD and BAD twice each';
    const betweenNote = between ? `, ${measured.size - 1} of the ${between} between them once` : '';
    lines.push('', `measured ${measured.size + 1} commit(s): ${twice}${betweenNote}${skipNote}${thresholdPercent ? ` (threshold ${thresholdPercent}%)` : ''}`);
    for (const [index, why] of skipped) lines.push(`  skipped ${named(range.commits[index]!)}: ${escapeTerminal(why)}`);
    lines.push(`results of each commit: ${shownPath(resolveFrom(bisectDir, 'commits'))}/<sha>/`);
    io.stdout.write(`${lines.join('\n')}\n`);
    return code;

    /** The outcome for people; returns the exit code. */
    function describe(outcome: BisectOutcome, out: string[]): number {
      const cyclesAt = (index: number) => {
        const m = measured.get(index);
        return m && !('skipped' in m) ? formatCount(m.benchmark.estimatedCycles) : 'not measured';
      };
      const list = (indices: number[]) => indices.map((i) => `  ${named(range.commits[i]!)} (${cyclesAt(i)})`);
      switch (outcome.kind) {
        case 'found': {
          const commit = range.commits[outcome.index]!;
          const found = measured.get(outcome.index)!;
          const parentIndex = outcome.index - 1;
          const parent = parentIndex < 0 ? reference : measured.get(parentIndex)!;
          if ('skipped' in found || 'skipped' in parent) throw new Error('internal: bisect found a commit without its measurements');
          const cycles = found.benchmark.estimatedCycles;
          out.push(`first commit whose ${escapeTerminal(name)} differs from GOOD ${short(good.sha)}: ${named(commit)}`);
          out.push(`  ${formatCount(base)} → ${formatCount(cycles)} estimated cycles (${formatPercent((cycles - base) / (base || 1))} against GOOD)`, '');
          // The commit against its first parent: what this commit itself changed, down to functions.
          const comparison = compareResults(parent.results, found.results, { thresholdPercent, topFunctions, topLines: topFunctions });
          const parentName = parentIndex < 0 ? `GOOD ${short(good.sha)}` : short(range.commits[parentIndex]!.sha);
          out.push(
            terminalReport({ colour: io.stdout.isTTY === true, width: tableWidth(io.stdout) })
              .render({ head: found.results, comparison, baselineSource: `its parent ${parentName}` })
              .trimEnd(),
          );
          // And down to source lines (as `cg-bench diff` shows them), where both sides recorded them.
          const changed = comparison.benchmarks.find((b) => b.name === name);
          const lineRows = changed ? topLinesTerminal(changed, topFunctions, tableWidth(io.stdout)) : [];
          if (lineRows.length)
            out.push(
              '',
              `${escapeTerminal(name)}: lines that changed most (against its parent; matched by their text, so code that only moved is not listed)`,
              ...lineRows,
            );
          return ExitCode.ok;
        }
        case 'none':
          out.push(
            `BAD ${short(bad.sha)} measures ${cyclesAt(range.commits.length - 1)} estimated cycles, GOOD ${formatCount(base)}: no change${thresholdPercent ? ` beyond ${thresholdPercent}%` : ''} to find`,
          );
          return ExitCode.regression;
        case 'ambiguous':
          out.push(
            `the first commit whose ${escapeTerminal(name)} differs from GOOD ${short(good.sha)} is one of these (the ones before the last could not be measured):`,
            ...list(outcome.candidates),
          );
          return ExitCode.benchmarkFailed;
        case 'unknown':
          out.push(
            `no measured commit differs from GOOD ${short(good.sha)}, and BAD cannot be measured: the change, if any, is in one of these:`,
            ...list(outcome.candidates),
          );
          return ExitCode.benchmarkFailed;
      }
    }
  } finally {
    process.removeListener('exit', cleanup);
    cleanup();
    release();
  }
}
