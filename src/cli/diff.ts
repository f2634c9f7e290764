import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Comparison, compareResults } from '../compare/compare.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { callTreesIn, type SavedCallTree } from '../flame/load.ts';
import { flameSvg } from '../flame/svg.ts';
import { differentialTree } from '../flame/tree.ts';
import { slugify } from '../run/slug.ts';
import { diffTerminal } from '../report/diff-terminal.ts';
import { markdownReport } from '../report/markdown.ts';
import { readResults, writeFileAtomic } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { type AbsolutePath, callerDirectory, resolveFrom, shownPath } from '../util/paths.ts';
import { help, parse, positiveInt, type CliIO } from './options.ts';

interface Side {
  results: Results;
  file: AbsolutePath;
  shown: string;
}

/** A results.json, or a directory holding one. */
function resultsAt(path: string): Side {
  let file = resolveFrom(callerDirectory(), path);
  if (existsSync(file) && statSync(file).isDirectory()) file = resolveFrom(file, 'results.json');
  return { results: readResults(file), file, shown: shownPath(file) };
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
  io.stdout.write(
    format === 'markdown' ? markdownReport.render({ head: pick(head.results), comparison, baselineSource: base.shown }) : diffTerminal(comparison),
  );
  if (values.flame !== undefined) {
    const drawn = writeFlameGraphs({ base, head, comparison, only, outDir: resolveFrom(callerDirectory(), values.flame) });
    for (const file of drawn) io.stderr.write(`flame graph: ${shownPath(file)}\n`);
  }
  return ExitCode.ok;
}

/**
 * One differential flame graph per benchmark that changed (or the one --benchmark names), from the
 * call trees `cg-bench run --call-tree` kept beside each results.json; returns the files written.
 */
function writeFlameGraphs(options: { base: Side; head: Side; comparison: Comparison; only: string | undefined; outDir: AbsolutePath }): AbsolutePath[] {
  const { base, head } = options;
  const baseTrees = callTreesIn(dirname(base.file));
  const headTrees = callTreesIn(dirname(head.file));
  const wanted = options.comparison.benchmarks.filter((b) =>
    options.only === undefined ? b.verdict === 'regression' || b.verdict === 'improvement' : b.name === options.only,
  );
  const missing = (trees: Map<string, SavedCallTree>, side: Side) =>
    wanted.filter((b) => !trees.has(b.name)).map((b) => `${b.name} has no call tree beside ${side.shown}`);
  const problems = [...missing(baseTrees, base), ...missing(headTrees, head)];
  if (problems.length) throw new CgBenchError(`--flame: ${problems.join('; ')} (measure both with cg-bench run --call-tree)`);
  mkdirSync(options.outDir, { recursive: true });
  const files: AbsolutePath[] = [];
  for (const b of wanted) {
    const before = baseTrees.get(b.name)!;
    const after = headTrees.get(b.name)!;
    const w = (t: SavedCallTree) => `${t.weights.l1}/${t.weights.ll}/${t.weights.ram}`;
    if (w(before) !== w(after)) throw new CgBenchError(`--flame: ${b.name}: the call trees were weighted differently (${w(before)} and ${w(after)})`);
    const index = head.results.benchmarks.findIndex((r) => r.name === b.name);
    const file = resolveFrom(options.outDir, `${slugify(b.name, Math.max(0, index))}.svg`);
    const tree = differentialTree(before.chains, after.chains, b.name);
    writeFileAtomic(file, flameSvg(tree, { benchmark: b.name, baseLabel: base.shown, headLabel: head.shown }));
    files.push(file);
  }
  return files;
}
