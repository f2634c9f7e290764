/**
 * The search of `cg-bench bisect`, with no git and no Valgrind in it: which commit to measure next,
 * and what the measurements so far prove.
 *
 * The commits are GOOD..BAD on the first-parent line, oldest first: index 0 is GOOD's child, the last
 * is BAD. GOOD itself is the reference (measured by the caller, not part of the list). A probe says
 * of one commit whether its count is GOOD's (`same`, within the threshold), `differs`, or cannot be
 * told (`skip`: the benchmark failed or is missing there), as `git bisect good|bad|skip` would.
 *
 * BAD is taken to differ, as `git bisect` takes it; the search itself asks for BAD only when it ends
 * on it (the caller, cli/bisect.ts, measures GOOD and BAD twice first and hands its answer in).
 * Each step measures the commit that leaves at most half the candidates (the larger half when it
 * differs, so that "same" all the way leaves one more step, the measurement of BAD): GOOD and at most
 * ⌈log2 (N+1)⌉ of the N commits after it (tested for every N up to 40: 5 in all for 16 commits). A skipped commit is replaced by the untried one nearest to the middle.
 * When counts go up and back down, the search names a commit whose first parent is GOOD's count and
 * which is not (a transition, as `git bisect` finds one), not necessarily the earliest.
 */

export type Verdict = 'same' | 'differs' | 'skip';

export type BisectOutcome =
  /** The first commit that differs: `index` differs, and its first parent is GOOD or measured `same`. */
  | { kind: 'found'; index: number }
  /** The first commit that differs is one of these (skipped commits, then the one that differs, last). */
  | { kind: 'ambiguous'; candidates: number[] }
  /** BAD was measured and is GOOD's count: nothing differs between them (that the search can see). */
  | { kind: 'none' }
  /** BAD cannot be measured, and no measured commit differs: the change, if any, is in these skipped commits. */
  | { kind: 'unknown'; candidates: number[] };

export interface BisectRun {
  outcome: BisectOutcome;
  /** Every commit probed, in order, with what it said. */
  probes: { index: number; verdict: Verdict }[];
}

/** What is known after some probes: everything the next choice and the outcome depend on. */
export interface SearchState {
  /** Commits in GOOD..BAD. */
  count: number;
  /** The last commit known to be GOOD's count (-1: GOOD itself). */
  good: number;
  /** The first commit known (or, while `badMeasured` is false, taken) to differ. */
  bad: number;
  badMeasured: boolean;
  skipped: ReadonlySet<number>;
}

export function initialState(count: number): SearchState {
  if (!Number.isInteger(count) || count < 1) throw new Error(`internal: bisect needs at least one commit after GOOD, got ${count}`);
  return { count, good: -1, bad: count - 1, badMeasured: false, skipped: new Set() };
}

/** The next commit to measure, or undefined when the measurements so far settle it. */
export function nextProbe(state: SearchState): number | undefined {
  const { good, bad, skipped } = state;
  const untried: number[] = [];
  for (let i = good + 1; i < bad; i++) if (!skipped.has(i)) untried.push(i);
  if (untried.length) {
    // Candidates for the first that differs: (good, bad]. Probing `ideal` leaves ⌈k/2⌉ of them when it
    // differs and ⌊k/2⌋ when it is the same.
    const ideal = good + Math.ceil((bad - good) / 2);
    return untried.reduce((best, i) => (Math.abs(i - ideal) < Math.abs(best - ideal) ? i : best));
  }
  if (!state.badMeasured && good < bad && !skipped.has(bad)) return bad;
  return undefined;
}

/** The state after measuring `index`. */
export function record(state: SearchState, index: number, verdict: Verdict): SearchState {
  if (index <= state.good || index > state.bad) throw new Error(`internal: commit ${index} is outside the candidates (${state.good}, ${state.bad}]`);
  if (verdict === 'skip') return { ...state, skipped: new Set([...state.skipped, index]) };
  if (verdict === 'same') return { ...state, good: index };
  return { ...state, bad: index, badMeasured: true };
}

/** What the measurements prove, once nextProbe has nothing more to measure. */
export function outcomeOf(state: SearchState): BisectOutcome {
  const { good, bad, skipped } = state;
  const between: number[] = [];
  for (let i = good + 1; i < bad; i++) if (skipped.has(i)) between.push(i);
  if (state.badMeasured) return between.length ? { kind: 'ambiguous', candidates: [...between, bad] } : { kind: 'found', index: bad };
  // Only BAD was left to measure, unmeasured: it was the same as GOOD (good moved onto it), or skipped.
  if (good === state.count - 1) return { kind: 'none' };
  return { kind: 'unknown', candidates: [...between, bad] };
}

/** Runs the whole search, measuring through `probe` (one call per commit, never two for one). */
export async function bisect(count: number, probe: (index: number) => Promise<Verdict>): Promise<BisectRun> {
  let state = initialState(count);
  const probes: BisectRun['probes'] = [];
  for (let next = nextProbe(state); next !== undefined; next = nextProbe(state)) {
    const verdict = await probe(next);
    probes.push({ index: next, verdict });
    state = record(state, next, verdict);
  }
  return { outcome: outcomeOf(state), probes };
}
