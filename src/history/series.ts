import { compareResults } from '../compare/compare.ts';
import { CgBenchError } from '../errors.ts';
import type { Results } from '../results/types.ts';

/** One run in the history: its label (a commit or a file name) and its results. */
export interface HistoryPoint {
  label: string;
  results: Results;
}

export type Mark = 'regression' | 'improvement' | 'not-comparable' | 'none';

/** One benchmark over the runs: its estimated cycles (null where it failed or was absent) and how each run compares with the previous. */
export interface BenchmarkSeries {
  name: string;
  values: (number | null)[];
  /** marks[i]: run i against run i−1 (marks[0] is 'none'). */
  marks: Mark[];
  /** Its heap over the same runs (null where not measured), when some run measured it (`memory: true`). */
  heap?: { totalBytes: (number | null)[]; peakBytes: (number | null)[] };
}

/** Panels in one picture: more is not a picture anyone reads (and its size would have no bound). */
const MAX_BENCHMARKS = 500;

/**
 * Every benchmark's series, in the order benchmarks first appear. Consecutive runs are compared as
 * `cg-bench compare` does (each benchmark's own threshold): a regression or improvement is marked;
 * where the runs are not comparable (another machine, image or metric, or the benchmark ran other
 * executables) the mark is 'not-comparable': a break in the line, never a change.
 */
export function historySeries(points: readonly HistoryPoint[]): BenchmarkSeries[] {
  const series = new Map<string, BenchmarkSeries>();
  for (const p of points) {
    for (const b of p.results.benchmarks) {
      if (series.has(b.name)) continue;
      if (series.size === MAX_BENCHMARKS) throw new CgBenchError(`cg-bench history: more than ${MAX_BENCHMARKS} benchmarks; draw at most ${MAX_BENCHMARKS}`);
      series.set(b.name, { name: b.name, values: [], marks: [] });
    }
  }
  points.forEach((point, i) => {
    let verdicts = new Map<string, Mark>();
    let comparable = true;
    if (i > 0) {
      try {
        const c = compareResults(points[i - 1]!.results, point.results);
        comparable = c.comparable;
        verdicts = new Map(
          c.benchmarks.map((b) => [b.name, b.verdict === 'regression' || b.verdict === 'improvement' || b.verdict === 'not-comparable' ? b.verdict : 'none']),
        );
      } catch {
        comparable = false; // Another metric (cache geometry, weights): not comparable at all.
      }
    }
    const byName = new Map(point.results.benchmarks.map((b) => [b.name, b]));
    for (const s of series.values()) {
      const b = byName.get(s.name);
      s.values.push(b && b.status === 'ok' ? b.estimatedCycles : null);
      s.marks.push(i === 0 ? 'none' : !comparable ? 'not-comparable' : (verdicts.get(s.name) ?? 'none'));
    }
  });
  // The heap, for the benchmarks that measured it in some run: bytes allocated and peak live bytes.
  for (const s of series.values()) {
    const memory = points.map((p) => p.results.benchmarks.find((b) => b.name === s.name && b.status === 'ok')?.memory);
    if (memory.some((m) => m !== undefined))
      s.heap = { totalBytes: memory.map((m) => m?.totalBytes ?? null), peakBytes: memory.map((m) => m?.peakBytes ?? null) };
  }
  return [...series.values()];
}
