import { compareResults } from '../compare/compare.ts';
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
}

/**
 * Every benchmark's series, in the order benchmarks first appear. A change beyond the benchmark's
 * threshold is marked; runs that are not comparable (another machine, image or metric) break the
 * line: a difference there is never drawn as a change.
 */
export function historySeries(points: readonly HistoryPoint[]): BenchmarkSeries[] {
  const names: string[] = [];
  for (const p of points) for (const b of p.results.benchmarks) if (!names.includes(b.name)) names.push(b.name);
  const series = names.map((name) => ({ name, values: [] as (number | null)[], marks: [] as Mark[] }));
  points.forEach((point, i) => {
    let byName = new Map<string, Mark>();
    let comparable = true;
    if (i > 0) {
      try {
        const c = compareResults(points[i - 1]!.results, point.results);
        comparable = c.comparable;
        byName = new Map(c.benchmarks.map((b) => [b.name, b.verdict === 'regression' || b.verdict === 'improvement' || b.verdict === 'not-comparable' ? b.verdict : 'none']));
      } catch {
        comparable = false; // Another metric (cache geometry, weights): not comparable at all.
      }
    }
    for (const s of series) {
      const b = point.results.benchmarks.find((x) => x.name === s.name);
      s.values.push(b && b.status === 'ok' ? b.estimatedCycles : null);
      s.marks.push(i === 0 ? 'none' : !comparable ? 'not-comparable' : (byName.get(s.name) ?? 'none'));
    }
  });
  return series;
}
