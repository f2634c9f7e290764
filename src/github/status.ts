import type { Comparison } from '../compare/compare.ts';
import type { Results } from '../results/types.ts';
import { countPhrase } from '../report/headline.ts';

export interface CommitStatus {
  state: 'success' | 'failure';
  description: string;
}

function thresholds(comparison: Comparison): string {
  return [...new Set(comparison.benchmarks.map((b) => `${b.thresholdPercent}%`))].join('/');
}

/** The status check: red for broken benchmarks, and for regressions only when asked. */
export function commitStatus(head: Results, comparison: Comparison | undefined, failOnRegression: boolean): CommitStatus {
  const failed = head.benchmarks.filter((b) => b.status !== 'ok').length;
  if (failed) return { state: 'failure', description: `${countPhrase('failed', failed)} benchmark${failed === 1 ? '' : 's'}` };
  if (!comparison) return { state: 'success', description: `${head.benchmarks.length} measured, no baseline to compare with` };
  if (!comparison.comparable) return { state: 'success', description: `not comparable with the baseline: ${comparison.differences.join('; ')}` };
  const { regression, improvement } = comparison.counts;
  const over = `over ${thresholds(comparison)}`;
  if (regression)
    return {
      state: failOnRegression ? 'failure' : 'success',
      description: `${countPhrase('regression', regression)} ${over}${improvement ? `, ${countPhrase('improvement', improvement)}` : ''}`,
    };
  return { state: 'success', description: improvement ? `${countPhrase('improvement', improvement)} ${over}, no regressions` : `no change ${over}` };
}
