import { join, relative, sep } from 'node:path';
import { compareWithBaseline, type Comparison } from '../compare/compare.ts';
import type { Measurer } from '../container/measurer.ts';
import { drawnFor, FLAME_DIRECTORY, type FlameGraph, writeFlameGraphs } from '../flame/graphs.ts';
import { errorMessage } from '../errors.ts';
import type { FlameGraphLink } from '../report/types.ts';
import type { Results } from '../results/types.ts';
import { carryCallTrees } from '../shard/call-trees.ts';
import { absolutePath } from '../util/paths.ts';
import type { Baseline } from './baseline.ts';
import type { BaseCheckout } from './base-checkout.ts';
import type { ReadShardHandOver } from './shard-hand-over.ts';
import type { CiAdapter } from './types.ts';
import type { NewFileWriter } from '../untrusted/write.ts';
import { filterFor } from './verify-sample.ts';

/** Where the base's call trees are measured when the baseline was stored (results only, no call trees). */
const BASE_CALL_TREES = 'base-call-tree';
/** Within a part's hand-over: the changed benchmarks' call trees, head/ and base/ laid out as beside their results.json. */
const HANDED_OVER_CALL_TREES = 'call-trees';

/** Where the base's call trees of some changed benchmarks are (`only`: that one; else all of them). */
interface BaseCallTrees {
  dir: string;
  results: Results;
  only?: string | undefined;
}

/** The benchmarks that regressed or improved against the baseline, with the comparison; undefined when none did. */
function changedBenchmarks(ci: CiAdapter, head: Results, baseline: Baseline): { comparison: Comparison; changed: string[] } | undefined {
  const { comparison } = compareWithBaseline(baseline.results, head, { thresholdPercent: ci.thresholdPercent });
  const changed = comparison?.benchmarks.filter(drawnFor).map((b) => b.name) ?? [];
  return comparison && changed.length && baseline.results ? { comparison, changed } : undefined;
}

/**
 * Where the base's call trees of the changed benchmarks are: the base's measurement in this job, or,
 * when the baseline was stored (results only), the base commit measured again for each changed
 * benchmark alone, with `--call-tree` (the same gates as any count), each into a directory of its own.
 * All measured before anything is written from them: no code runs once the caller's writes begin.
 */
async function baseCallTrees(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  baseline: Baseline & { results: Results },
  changed: string[],
): Promise<BaseCallTrees[]> {
  if (baseline.dir !== undefined) return [{ dir: baseline.dir, results: baseline.results }];
  const found: BaseCallTrees[] = [];
  for (const [i, name] of changed.entries()) {
    ci.log.info(`Measuring ${name} at ${ci.shortSha(checkout.sha)} again for its call tree (the stored baseline keeps none).`);
    const dir = join(ci.outRoot, BASE_CALL_TREES, String(i + 1));
    const m = await measurer.measure(join(checkout.fresh(), ci.workingDirectory), ci.config, dir, { filter: filterFor(name), callTree: true });
    if (m.results) found.push({ dir, results: m.results, only: name });
  }
  return found;
}

/** The links to the graphs drawn, each named in the log; the changed benchmarks without one named too. */
function linksTo(ci: CiAdapter, drawn: FlameGraph[], changed: string[]): FlameGraphLink[] {
  const missing = changed.filter((name) => !drawn.some((d) => d.benchmark === name));
  if (missing.length) ci.log.info(`No flame graph for ${missing.join(', ')}: no call tree on both sides.`);
  return drawn.map((d) => {
    const path = relative(ci.outRoot, d.file).split(sep).join('/');
    ci.log.info(`flame graph: ${path}`);
    return { benchmark: d.benchmark, path, url: ci.flameGraphUrl(path), ...(d.inclusive ? { inclusive: d.inclusive } : {}) };
  });
}

const baseLabel = (ci: CiAdapter, sha: string) => `base ${ci.shortSha(sha)}`;

/**
 * The differential flame graphs of a change (input call-tree): one for each benchmark that regressed or
 * improved, in outRoot/flame. The head was measured with its call trees; the base's come from
 * changedWithBaseTrees.
 * A picture that cannot be drawn is a warning, never the pipeline's failure: the numbers stand.
 */
export async function drawChangeFlameGraphs(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  head: Results,
  baseline: Baseline,
  /** Makes outRoot/flame afresh and writes a picture into it by name (the pipeline's writer: never through a link). */
  flameDirectory: () => (name: string, text: string) => void,
): Promise<FlameGraphLink[]> {
  const found = changedBenchmarks(ci, head, baseline);
  if (!found || !baseline.results) return [];
  const { comparison, changed } = found;
  const outDir = absolutePath(join(ci.outRoot, FLAME_DIRECTORY), 'flame graph directory');
  const headSide = { dir: join(ci.outRoot, 'head'), shown: 'head', results: head };
  const drawn: FlameGraph[] = [];
  const write = flameDirectory();
  try {
    for (const base of await baseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, changed))
      drawn.push(
        ...writeFlameGraphs({
          base: { dir: base.dir, shown: baseLabel(ci, checkout.sha) },
          head: headSide,
          comparison,
          only: base.only,
          outDir,
          missing: 'skip',
          write,
        }),
      );
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  return linksTo(ci, drawn, changed);
}

/**
 * A part of a sharded change (input call-tree), before its hand-over is written: the changed
 * benchmarks, and where the base's call trees of them are (measured now, when the baseline was
 * stored). A base that cannot be measured is a warning (no flame graph from this part).
 */
export async function partCallTrees(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  head: Results,
  baseline: Baseline,
): Promise<PartCallTrees | undefined> {
  const found = changedBenchmarks(ci, head, baseline);
  if (!found || !baseline.results) return undefined;
  try {
    return { changed: new Set(found.changed), bases: await baseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, found.changed) };
  } catch (error) {
    ci.log.warning(`The base's call trees could not be measured (no flame graph from this part): ${errorMessage(error)}`);
    return undefined;
  }
}

interface PartCallTrees {
  changed: ReadonlySet<string>;
  bases: BaseCallTrees[];
}

/**
 * The part's changed benchmarks' call trees, head and base, put into its hand-over (through `write`,
 * its writer, once no code runs any more; call-trees/{head,base}/…, laid out as beside
 * their results.json), for the merge job to draw them as one machine would (drawMergedFlameGraphs).
 * The part's verdicts are the whole run's: each benchmark is compared with its own base alone. A tree
 * that cannot be handed over is a warning.
 */
export function handOverCallTrees(ci: CiAdapter, head: Results, trees: PartCallTrees, write: NewFileWriter): void {
  const to =
    (side: string): NewFileWriter =>
    (name, text) =>
      write(`${HANDED_OVER_CALL_TREES}/${side}/${name}`, text);
  try {
    const headDir = join(ci.outRoot, 'head');
    carryCallTrees(head.benchmarks, { root: headDir, dir: headDir, shown: 'head' }, to('head'), trees.changed);
    for (const base of trees.bases)
      carryCallTrees(
        base.results.benchmarks,
        { root: base.dir, dir: base.dir, shown: 'base' },
        to('base'),
        base.only === undefined ? trees.changed : new Set([base.only]),
      );
  } catch (error) {
    ci.log.warning(`The call trees could not be handed over (no flame graph from this part): ${errorMessage(error)}`);
  }
}

/**
 * The merge job of a sharded change: each part's handed-over call trees carried (through the gates:
 * another job's files) to outRoot/head and outRoot/base, where a one-machine run keeps them, and the
 * flame graphs drawn from them exactly as drawChangeFlameGraphs draws them: the same SVGs.
 */
export function drawMergedFlameGraphs(
  ci: CiAdapter,
  parts: readonly ReadShardHandOver[],
  partsDir: string,
  head: Results,
  baseline: Baseline,
  baseSha: string,
  outRoot: NewFileWriter,
  flameDirectory: () => NewFileWriter,
): FlameGraphLink[] {
  const found = changedBenchmarks(ci, head, baseline);
  if (!found) return [];
  const drawn: FlameGraph[] = [];
  try {
    for (const part of parts) {
      const from = (side: string) => ({
        root: partsDir,
        dir: join(part.dir, HANDED_OVER_CALL_TREES, side),
        shown: `${part.shown}/${HANDED_OVER_CALL_TREES}/${side}`,
      });
      const to =
        (side: string): NewFileWriter =>
        (name, text) =>
          outRoot(`${side}/${name}`, text);
      carryCallTrees(part.head.benchmarks, from('head'), to('head'));
      if (part.base) carryCallTrees(part.base.benchmarks, from('base'), to('base'));
    }
    drawn.push(
      ...writeFlameGraphs({
        base: { dir: join(ci.outRoot, 'base'), shown: baseLabel(ci, baseSha) },
        head: { dir: join(ci.outRoot, 'head'), shown: 'head', results: head },
        comparison: found.comparison,
        outDir: absolutePath(join(ci.outRoot, FLAME_DIRECTORY), 'flame graph directory'),
        missing: 'skip',
        write: flameDirectory(),
      }),
    );
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  return linksTo(ci, drawn, found.changed);
}
