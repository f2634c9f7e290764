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

/** The benchmarks that failed: simulated ones that failed or timed out, and timed ones that failed while timed. */
export function failedCount(head: Results): number {
  return head.benchmarks.filter((b) => b.status !== 'ok').length + (head.timedFailed?.length ?? 0);
}

/** The timed benchmarks' verdicts, when there are any: "timed: 1 failed, 1 regression, 2 no significant change, 1 inconclusive". */
function timedPhrase(head: Results): string {
  const timed = head.timed ?? [];
  const failed = head.timedFailed?.length ?? 0;
  if (!timed.length && !failed) return '';
  const count = (v: string) => timed.filter((t) => t.verdict === v).length;
  const parts = [
    ...(failed ? [countPhrase('failed', failed)] : []),
    ...(count('regression') ? [countPhrase('regression', count('regression'))] : []),
    ...(count('improvement') ? [countPhrase('improvement', count('improvement'))] : []),
    ...(count('no significant change') ? [`${count('no significant change')} no significant change`] : []),
    ...(count('inconclusive') ? [`${count('inconclusive')} inconclusive`] : []),
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
  const order: Verdict[] = ['regression', 'failed', 'not-comparable', 'improvement', 'new', 'removed', 'unchanged'];
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

/** At most this many regressed benchmarks are named in the failure line; the rest are counted. */
const NAMED_REGRESSIONS = 5;

/** "a, b and 3 more": the first few names of a list that may be long. */
function namesInBrief(names: readonly string[], shown = NAMED_REGRESSIONS): string {
  if (names.length <= shown) return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The failure line: "2 benchmarks regressed beyond the threshold: a and b". */
export function regressedMessage(outcome: { count: number; names: readonly string[] }): string {
  const names = outcome.names.length ? `: ${namesInBrief(outcome.names)}` : '';
  return `${outcome.count} benchmark${outcome.count === 1 ? '' : 's'} regressed beyond the threshold${names}`;
}

/** The benchmarks that regressed: the simulated ones (when comparable), then the timed ones, marked "(timed)". */
export function regressedNames(head: Results, comparison: Comparison | undefined): string[] {
  return [
    ...(comparison?.comparable ? comparison.benchmarks.filter((b) => b.verdict === 'regression').map((b) => b.name) : []),
    ...(head.timed?.filter((t) => t.verdict === 'regression').map((t) => `${t.name} (timed)`) ?? []),
  ];
}

/** The log's word on parallel measuring (input jobs), or undefined for one at a time. */
export function jobsLine(jobs: number): string | undefined {
  return jobs > 1 ? `jobs: ${jobs}: up to ${jobs} benchmarks are measured at a time (the counts are identical to one at a time).` : undefined;
}
