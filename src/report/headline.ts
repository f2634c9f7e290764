import type { Comparison, Verdict } from '../compare/compare.ts';
import type { Results } from '../results/types.ts';

const NOUNS: Record<Verdict, [string, string]> = {
  regression: ['regression', 'regressions'],
  improvement: ['improvement', 'improvements'],
  unchanged: ['unchanged', 'unchanged'],
  new: ['new', 'new'],
  removed: ['removed', 'removed'],
  failed: ['failed', 'failed'],
  'not-comparable': ['not comparable', 'not comparable'],
};

export function countPhrase(verdict: Verdict, n: number): string {
  const [one, many] = NOUNS[verdict];
  return `${n} ${n === 1 ? one : many}`;
}

/** The timed benchmarks' verdicts, when there are any: "timed: 1 regression, 2 no significant change". */
function timedPhrase(head: Results): string {
  const timed = head.timed ?? [];
  if (!timed.length) return '';
  const count = (v: string) => timed.filter((t) => t.verdict === v).length;
  const parts = [
    ...(count('regression') ? [countPhrase('regression', count('regression'))] : []),
    ...(count('improvement') ? [countPhrase('improvement', count('improvement'))] : []),
    ...(count('no significant change') ? [`${count('no significant change')} no significant change`] : []),
  ];
  return `; timed: ${parts.join(', ')}`;
}

/** One sentence for a title, a status description or a log line. */
export function headline(head: Results, comparison: Comparison | undefined): string {
  return simulatedPhrase(head, comparison) + timedPhrase(head);
}

function simulatedPhrase(head: Results, comparison: Comparison | undefined): string {
  const failed = head.benchmarks.filter((b) => b.status !== 'ok').length;
  if (!comparison) {
    const ok = head.benchmarks.length - failed;
    return `${ok} benchmark${ok === 1 ? '' : 's'} measured${failed ? `, ${failed} failed` : ''}`;
  }
  if (!comparison.comparable) return `not comparable with the baseline (${comparison.differences.join('; ')})`;
  const order: Verdict[] = ['regression', 'failed', 'improvement', 'new', 'removed', 'unchanged'];
  const parts = order.filter((v) => comparison.counts[v] > 0).map((v) => countPhrase(v, comparison.counts[v]));
  return parts.join(', ') || 'no benchmarks';
}

export const VERDICT_LABEL: Record<Verdict, string> = {
  regression: 'regression',
  improvement: 'improvement',
  unchanged: 'unchanged',
  new: 'new',
  removed: 'removed',
  failed: 'FAILED',
  'not-comparable': 'not comparable',
};
