import { mkdirSync } from 'node:fs';
import type { Config } from '../config/types.ts';
import { realPathBeforeRuns } from '../untrusted/write.ts';
import { EVENT_NAMES } from '../metric/events.ts';
import { HEAP_FIGURES } from '../parse/dhat.ts';
import { writeResults } from '../results/io.ts';
import type { BenchmarkResult, Results } from '../results/types.ts';
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
  const measureInto = async (name: string, previous?: Results) => {
    const outDir = resolveFrom(options.outDir, name);
    mkdirSync(outDir, { recursive: true });
    // Taken before the code runs (it may swap the directory for a link): the write is checked against it.
    const realOut = realPathBeforeRuns(outDir);
    // Every function and line kept: `cg-bench diff check-1 check-2` then shows where they differ.
    const results = await runSuite(config, {
      ...options,
      outDir,
      previousWallTimesMs: previous && new Map(previous.benchmarks.map((b) => [b.name, b.wallTimeMs])),
      everyFunction: true,
    });
    // Each run's results.json beside its logs, so a difference can be looked into with compare.
    writeResults(resolveFrom(outDir, 'results.json'), results, realOut);
    return results;
  };
  const first = await measureInto('check-1');
  const second = await measureInto('check-2', first);
  return first.benchmarks.map((a, i) => {
    const b = second.benchmarks[i]!;
    return { name: a.name, first: a, second: b, differing: differingEvents(a, b) };
  });
}

/**
 * Event names whose counts differ between two runs of one benchmark, then its heap figures that do
 * (`memory.totalBytes`, with memory: true); none when either run has no counts.
 */
function differingEvents(a: BenchmarkResult, b: BenchmarkResult): string[] {
  const events = a.events && b.events ? EVENT_NAMES.filter((n) => a.events![n] !== b.events![n]) : [];
  const heap = a.memory && b.memory ? HEAP_FIGURES.filter((f) => a.memory![f] !== b.memory![f]).map((f) => `memory.${f}`) : [];
  return [...events, ...heap];
}

/** The count a name of `differing` names in one run: an event, or `memory.<figure>`. */
export function differingCount(r: BenchmarkResult, name: string): number {
  const figure = HEAP_FIGURES.find((f) => name === `memory.${f}`);
  return (figure ? r.memory?.[figure] : r.events?.[name as 'Ir']) ?? 0;
}

/** The benchmarks (by name) whose events differ between two runs of the same commit. */
export function notRepeating(first: Results, second: Results): string[] {
  const again = new Map(second.benchmarks.map((b) => [b.name, b]));
  return first.benchmarks
    .filter((a) => {
      const b = again.get(a.name);
      return b !== undefined && differingEvents(a, b).length > 0;
    })
    .map((a) => a.name);
}
