import { join, relative, sep } from 'node:path';
import { compareWithBaseline, type Comparison } from '../compare/compare.ts';
import type { Measurer } from '../container/measurer.ts';
import { FLAME_DIRECTORY, type FlameGraph, writeFlameGraphs } from '../flame/graphs.ts';
import { errorMessage } from '../errors.ts';
import type { FlameGraphLink } from '../report/types.ts';
import type { Results } from '../results/types.ts';
import { carryCallTrees } from '../shard/call-trees.ts';
import { absolutePath } from '../util/paths.ts';
import type { Baseline } from './baseline.ts';
import type { BaseCheckout } from './base-checkout.ts';
import type { ReadShardHandOver } from './shard-hand-over.ts';
import type { CiAdapter } from './types.ts';
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
  const changed = comparison?.benchmarks.filter((b) => b.verdict === 'regression' || b.verdict === 'improvement').map((b) => b.name) ?? [];
  return comparison && changed.length && baseline.results ? { comparison, changed } : undefined;
}

/**
 * The base's call trees of the changed benchmarks, handed to `use`: from the base's measurement in
 * this job, or, when the baseline was stored (results only), from measuring the base commit again for
 * each changed benchmark alone, with `--call-tree` (the same gates as any count; each such run
 * replaces the last, so `use` takes each before the next).
 */
async function withBaseCallTrees(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  baseline: Baseline & { results: Results },
  changed: string[],
  use: (base: BaseCallTrees) => void,
): Promise<void> {
  if (baseline.dir !== undefined) return use({ dir: baseline.dir, results: baseline.results });
  for (const name of changed) {
    ci.log.info(`Measuring ${name} at ${ci.shortSha(checkout.sha)} again for its call tree (the stored baseline keeps none).`);
    const dir = join(ci.outRoot, BASE_CALL_TREES);
    const m = await measurer.measure(join(checkout.fresh(), ci.workingDirectory), ci.config, dir, { filter: filterFor(name), callTree: true });
    if (m.results) use({ dir, results: m.results, only: name });
  }
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
    await withBaseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, changed, (base) =>
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
      ),
    );
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  return linksTo(ci, drawn, changed);
}

/**
 * A part of a sharded change (input call-tree): the call trees of its benchmarks that changed, head
 * and base, put into its hand-over (`dir`/call-trees/{head,base}/…, beside where their results.json
 * would be), for the merge job to draw them as one machine would (drawMergedFlameGraphs). The part's
 * verdicts are the whole run's: each benchmark is compared with its own base alone. A tree that
 * cannot be handed over is a warning.
 */
export async function handOverCallTrees(
  ci: CiAdapter,
  measurer: Measurer,
  checkout: BaseCheckout,
  head: Results,
  baseline: Baseline,
  dir: string,
): Promise<void> {
  const found = changedBenchmarks(ci, head, baseline);
  if (!found || !baseline.results) return;
  const changed = new Set(found.changed);
  const to = (side: string) => join(dir, HANDED_OVER_CALL_TREES, side);
  try {
    const headDir = join(ci.outRoot, 'head');
    carryCallTrees(head.benchmarks, { root: headDir, dir: headDir, shown: 'head' }, to('head'), changed);
    await withBaseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, found.changed, (base) =>
      carryCallTrees(
        base.results.benchmarks,
        { root: base.dir, dir: base.dir, shown: 'base' },
        to('base'),
        base.only === undefined ? changed : new Set([base.only]),
      ),
    );
  } catch (error) {
    ci.log.warning(`The call trees could not be handed over (no flame graph for this part): ${errorMessage(error)}`);
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
  flameDirectory: () => (name: string, text: string) => void,
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
      carryCallTrees(part.head.benchmarks, from('head'), join(ci.outRoot, 'head'));
      if (part.base) carryCallTrees(part.base.benchmarks, from('base'), join(ci.outRoot, 'base'));
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
