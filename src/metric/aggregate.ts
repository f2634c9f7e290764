import type { Weights } from '../config/types.ts';
import type { CachegrindProfile } from '../parse/cachegrind.ts';
import type { FunctionResult, ProcessResult } from '../results/types.ts';
import { addEvents, cyclesFromEvents, eventsFromVector, hitsFromEvents, zeroEvents, type EventCounts, type Hits } from './events.ts';

/** Functions below this share of the benchmark's estimated cycles are left out of results.json. */
export const FUNCTION_SHARE = 1e-4;
export const MAX_FUNCTIONS = 500;

export interface ProcessProfile {
  pid: number;
  /** Where the compressed file is kept, relative to results.json. */
  file: string;
  profile: CachegrindProfile;
}

export interface BenchmarkCost {
  estimatedCycles: number;
  events: EventCounts;
  hits: Hits;
  processes: ProcessResult[];
  functions: FunctionResult[];
}

/** A benchmark's cost is the sum over every process it started; the breakdown is kept. */
export function aggregateProfiles(profiles: ProcessProfile[], weights: Weights): BenchmarkCost {
  let events = zeroEvents();
  const processes: ProcessResult[] = [];
  const functions = new Map<string, { fn: string; file: string; events: EventCounts }>();
  for (const { pid, file, profile } of [...profiles].sort((a, b) => a.pid - b.pid)) {
    const processEvents = eventsFromVector(profile.events, profile.totals);
    events = addEvents(events, processEvents);
    processes.push({ pid, cmd: profile.cmd, estimatedCycles: cyclesFromEvents(processEvents, weights), events: processEvents, file });
    for (const f of profile.functions) {
      const key = `${f.file}\u0000${f.fn}`;
      const fnEvents = eventsFromVector(profile.events, f.costs);
      const entry = functions.get(key);
      if (entry) entry.events = addEvents(entry.events, fnEvents);
      else functions.set(key, { fn: f.fn, file: f.file, events: fnEvents });
    }
  }
  const hits = hitsFromEvents(events);
  const estimatedCycles = cyclesFromEvents(events, weights);
  const floor = estimatedCycles * FUNCTION_SHARE;
  const ranked = [...functions.values()]
    .map((f) => ({ fn: f.fn, file: f.file, estimatedCycles: cyclesFromEvents(f.events, weights), Ir: f.events.Ir }))
    .filter((f) => f.estimatedCycles >= floor && f.estimatedCycles > 0)
    .sort((a, b) => b.estimatedCycles - a.estimatedCycles || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file))
    .slice(0, MAX_FUNCTIONS);
  return { estimatedCycles, events, hits, processes, functions: ranked };
}

/**
 * The most a function left out of `functions` can cost: below the recorded share of the total or, when
 * the list was cut at MAX_FUNCTIONS, no more than the cheapest one kept. Derived, not stored,
 * so results written before this existed answer too.
 */
export function unrecordedAtMost(result: { estimatedCycles: number | null; functions: readonly { estimatedCycles: number }[] }): number {
  const shareFloor = (result.estimatedCycles ?? 0) * FUNCTION_SHARE;
  const cheapest = result.functions.at(-1)?.estimatedCycles;
  return result.functions.length >= MAX_FUNCTIONS && cheapest !== undefined ? Math.max(shareFloor, cheapest) : shareFloor;
}
