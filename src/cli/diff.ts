import { dirname } from 'node:path';
import { type Comparison, compareResults } from '../compare/compare.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { writeFlameGraphs } from '../flame/graphs.ts';
import { withInclusiveCosts } from '../flame/inclusive.ts';
import { diffTerminal } from '../report/diff-terminal.ts';
import { markdownReport } from '../report/markdown.ts';
import { readResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { type AbsolutePath, callerDirectory, resolveFrom, shownPath } from '../util/paths.ts';
import { resultsFileOf } from './paths.ts';
import { help, parse, positiveInt, type CliIO } from './options.ts';

interface Side {
  results: Results;
  file: AbsolutePath;
  shown: string;
}

/** A results.json, or a directory holding one. */
function resultsAt(path: string): Side {
  const file = resultsFileOf(resolveFrom(callerDirectory(), path));
  return { results: readResults(file), file, shown: shownPath(file) };
}

/**
 * The comparison with costs with callees, where both sides kept call trees (`run --call-tree`). A
 * call tree that cannot be read is said and left out, unless the flame graphs were asked for (then
 * writeFlameGraphs refuses it, naming the file).
 */
function withCallees(comparison: Comparison, base: Side, head: Side, io: CliIO, flame: boolean): Comparison {
  try {
    return withInclusiveCosts(comparison, dirname(base.file), dirname(head.file));
  } catch (error) {
    if (flame || !(error instanceof CgBenchError)) throw error;
    io.stderr.write(`cg-bench diff: call trees not used: ${error.message}\n`);
    return comparison;
  }
}

/** `cg-bench diff BASE HEAD`: every recorded function and source line whose cost changed. */
export async function diff(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    'diff',
    args,
    {
      benchmark: { type: 'string' },
      format: { type: 'string' },
      top: { type: 'string' },
      flame: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return help('diff', io);
  if (positionals.length !== 2)
    throw new CgBenchError(
      `cg-bench diff: expected BASE and HEAD (results.json files or their directories), got ${positionals.length}\nSee: cg-bench diff --help`,
    );
  const format = values.format ?? 'terminal';
  if (format !== 'terminal' && format !== 'markdown') throw new CgBenchError(`--format ${format}: must be terminal or markdown`);
  const [base, head] = positionals.map(resultsAt) as [Side, Side];
  const only = values.benchmark;
  if (only !== undefined && !head.results.benchmarks.some((b) => b.name === only) && !base.results.benchmarks.some((b) => b.name === only)) {
    throw new CgBenchError(
      `--benchmark ${only}: no such benchmark in ${head.shown} or ${base.shown}; the benchmarks are: ${head.results.benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  const pick = (r: Results): Results => (only === undefined ? r : { ...r, benchmarks: r.benchmarks.filter((b) => b.name === only) });
  const top = positiveInt('top', values.top, 20);
  const comparison = compareResults(pick(base.results), pick(head.results), { topFunctions: top, topLines: top });
  const shown = withCallees(comparison, base, head, io, values.flame !== undefined);
  io.stdout.write(
    format === 'markdown' ? markdownReport.render({ head: pick(head.results), comparison: shown, baselineSource: base.shown }) : diffTerminal(shown),
  );
  if (values.flame !== undefined) {
    const drawn = writeFlameGraphs({
      base: { dir: dirname(base.file), shown: base.shown },
      head: { dir: dirname(head.file), shown: head.shown, results: head.results },
      comparison,
      only,
      outDir: resolveFrom(callerDirectory(), values.flame),
      missing: 'refuse',
    });
    for (const { file } of drawn) io.stderr.write(`flame graph: ${shownPath(file)}\n`);
  }
  return ExitCode.ok;
}
