import { type EventCounts, addEvents, eventsFromVector, zeroEvents } from '../metric/events.ts';

/**
 * Callgrind's profile (callgrind.out.<pid>) of a run with `--separate-callers=N`: every function
 * is split by its chain of callers, and its name carries that chain ("leaf'caller_b'main'…",
 * innermost first). The self cost of each such context is therefore the cost of one call chain,
 * and the call tree is their sum by chain: no call-edge (`calls=`) arithmetic is needed, and the
 * inclusive costs add up to the profile's total by construction.
 */
export interface CallChain {
  /** Outermost caller first, the function that spent the cost last. */
  stack: string[];
  events: EventCounts;
}

export interface CallgrindProfile {
  pid: number;
  cmd: string;
  /** One entry per distinct chain, in the order of the stacks' text (deterministic). */
  chains: CallChain[];
  /** The sum of every chain: the whole process. */
  total: EventCounts;
  /** The file's own `totals:` line, when it has one (it should equal `total`). */
  declared?: EventCounts;
}

/** Callgrind's separator of a context's function names (`--separate-callers`). */
const CALLER_SEPARATOR = "'";

/** Name compression: `fn=(12) name` defines id 12, a later `fn=(12)` refers to it. */
function compressed(value: string, names: Map<string, string>, what: string, shown: string): string {
  const m = /^\((\d+)\)(?: (.*))?$/.exec(value);
  if (!m) return value;
  if (m[2] !== undefined) {
    names.set(m[1]!, m[2]);
    return m[2];
  }
  const known = names.get(m[1]!);
  if (known === undefined) throw new Error(`${shown}: ${what}=(${m[1]}) is used before it is defined`);
  return known;
}

/**
 * A context's name as a stack, outermost caller first. Callgrind marks a function's deeper recursion
 * with a level after its name ("msort'2'qsort_r'…": msort, two or more levels deep, under qsort_r;
 * its `--separate-recs`): that is the function under itself, not a function named "2" (no symbol
 * is all digits). Deeper levels are one context in Callgrind, so one frame under the first here.
 */
function contextStack(context: string): string[] {
  const names = context.split(CALLER_SEPARATOR);
  for (let k = 1; k < names.length; k++) if (/^[0-9]+$/.test(names[k]!)) names[k] = names[k - 1]!;
  return names.reverse();
}

/** The profile's self costs by call chain; throws with what is wrong when the file is not one (the benchmark could write it). */
export function parseCallgrind(text: string, shown: string): CallgrindProfile {
  let events: string[] | undefined;
  let pid = 0;
  let cmd = '';
  let totals: string | undefined;
  const fnNames = new Map<string, string>();
  const byContext = new Map<string, EventCounts>();
  let current: string | undefined;
  // The cost line after `calls=` is the call's inclusive cost, not the caller's own: skipped.
  let skipNext = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '' || line.startsWith('#')) continue;
    const first = line.charCodeAt(0);
    // A cost line: a position (number, +n, -n or *) then the counts.
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (!events) throw new Error(`${shown}:${i + 1}: a cost line before the events: line`);
      if (current === undefined) throw new Error(`${shown}:${i + 1}: a cost line before any fn= line`);
      const fields = line.trim().split(/\s+/).slice(1);
      const costs = fields.map((f) => {
        const n = Number(f);
        if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${shown}:${i + 1}: ${JSON.stringify(f.slice(0, 40))} is not a count`);
        return n;
      });
      const cost = eventsFromVector(events, costs);
      byContext.set(current, addEvents(byContext.get(current) ?? zeroEvents(), cost));
      continue;
    }
    const eq = line.indexOf('=');
    const colon = line.indexOf(':');
    if (eq > 0 && (colon < 0 || eq < colon)) {
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'fn') current = compressed(value, fnNames, 'fn', shown);
      else if (key === 'cfn') compressed(value, fnNames, 'cfn', shown);
      else if (key === 'calls') skipNext = true;
      // ob=, fl=, fi=, fe=, cob=, cfi=, cfl=, jump=, jcnd=: the function's name is all the tree needs.
      continue;
    }
    if (colon > 0) {
      const key = line.slice(0, colon);
      const value = line.slice(colon + 1).trim();
      if (key === 'events') events = value.split(/\s+/);
      else if (key === 'pid') pid = Number(value);
      else if (key === 'cmd') cmd = value;
      else if (key === 'totals') totals = value;
      continue;
    }
    throw new Error(`${shown}:${i + 1}: not a Callgrind profile line: ${JSON.stringify(line.slice(0, 80))}`);
  }
  if (!events) throw new Error(`${shown}: no events: line (is this a Callgrind profile?)`);
  const chains = [...byContext.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((context) => ({ stack: contextStack(context), events: byContext.get(context)! }));
  const total = chains.reduce((sum, c) => addEvents(sum, c.events), zeroEvents());
  const declared = totals === undefined ? undefined : eventsFromVector(events, totals.split(/\s+/).map(Number));
  return { pid, cmd, chains, total, ...(declared ? { declared } : {}) };
}
