import type { Config } from '../config/types.ts';
import { EVENT_NAMES } from '../metric/events.ts';
import type { BenchmarkResult } from '../results/types.ts';
import type { Progress } from '../run/progress.ts';
import { runSuite } from '../run/suite.ts';
import type { ValgrindInstall } from '../run/valgrind.ts';
import { resolveFrom, type AbsolutePath } from '../util/paths.ts';

export interface DeterminismRow {
  name: string;
  first: BenchmarkResult;
  second: BenchmarkResult;
  /** Event names whose counts differ between the two runs. */
  differing: string[];
}

/** Measures every benchmark twice: any difference in any count is a nondeterministic benchmark. */
export async function checkDeterminism(
  config: Config,
  options: { outDir: AbsolutePath; jobs: number; filter?: string | undefined; progress: Progress; valgrind?: ValgrindInstall },
): Promise<DeterminismRow[]> {
  const first = await runSuite(config, { ...options, outDir: resolveFrom(options.outDir, 'check-1') });
  const second = await runSuite(config, { ...options, outDir: resolveFrom(options.outDir, 'check-2'), previous: first });
  return first.benchmarks.map((a, i) => {
    const b = second.benchmarks[i]!;
    const differing = a.events && b.events ? EVENT_NAMES.filter((n) => a.events![n] !== b.events![n]) : [];
    return { name: a.name, first: a, second: b, differing };
  });
}
