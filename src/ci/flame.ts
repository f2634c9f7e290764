import { join, relative, sep } from 'node:path';
import { compareWithBaseline } from '../compare/compare.ts';
import type { Measurer } from '../container/measurer.ts';
import { FLAME_DIRECTORY, type FlameGraph, writeFlameGraphs } from '../flame/graphs.ts';
import { errorMessage } from '../errors.ts';
import type { FlameGraphLink } from '../report/types.ts';
import type { Results } from '../results/types.ts';
import { absolutePath } from '../util/paths.ts';
import type { Baseline } from './baseline.ts';
import type { BaseCheckout } from './base-checkout.ts';
import type { CiAdapter } from './types.ts';
import { filterFor } from './verify-sample.ts';

/** Where the base's call trees are measured when the baseline was stored (results only, no call trees). */
const BASE_CALL_TREES = 'base-call-tree';

/**
 * The differential flame graphs of a change (input call-tree): one for each benchmark that regressed or
 * improved, in outRoot/flame. The head was measured with its call trees; the base's come from its
 * measurement in this job, or, when the baseline was stored (results only), from measuring the base
 * commit again for each changed benchmark alone, with `--call-tree` (the same gates as any count).
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
  const { comparison } = compareWithBaseline(baseline.results, head, { thresholdPercent: ci.thresholdPercent });
  const changed = comparison?.benchmarks.filter((b) => b.verdict === 'regression' || b.verdict === 'improvement') ?? [];
  if (!comparison || !changed.length) return [];
  const outDir = absolutePath(join(ci.outRoot, FLAME_DIRECTORY), 'flame graph directory');
  const headSide = { dir: join(ci.outRoot, 'head'), shown: 'head', results: head };
  const baseShown = `base ${ci.shortSha(checkout.sha)}`;
  const drawn: FlameGraph[] = [];
  const write = flameDirectory();
  try {
    if (baseline.dir !== undefined)
      drawn.push(...writeFlameGraphs({ base: { dir: baseline.dir, shown: baseShown }, head: headSide, comparison, outDir, missing: 'skip', write }));
    else
      for (const b of changed) {
        ci.log.info(`Measuring ${b.name} at ${ci.shortSha(checkout.sha)} again for its call tree (the stored baseline keeps none).`);
        const dir = join(ci.outRoot, BASE_CALL_TREES);
        await measurer.measure(join(checkout.fresh(), ci.workingDirectory), ci.config, dir, { filter: filterFor(b.name), callTree: true });
        drawn.push(...writeFlameGraphs({ base: { dir, shown: baseShown }, head: headSide, comparison, only: b.name, outDir, missing: 'skip', write }));
      }
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  const missing = changed.filter((b) => !drawn.some((d) => d.benchmark === b.name)).map((b) => b.name);
  if (missing.length) ci.log.info(`No flame graph for ${missing.join(', ')}: no call tree on both sides.`);
  return drawn.map((d) => {
    const path = relative(ci.outRoot, d.file).split(sep).join('/');
    ci.log.info(`flame graph: ${path}`);
    return { benchmark: d.benchmark, path, url: ci.flameGraphUrl(path) };
  });
}
