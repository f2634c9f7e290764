import type { Weights } from '../config/types.ts';
import { functionLines, type CachegrindProfile, type FunctionCosts } from '../parse/cachegrind.ts';
import type { FunctionResult, LineResult, ProcessResult } from '../results/types.ts';
import { byCodeUnits } from '../util/order.ts';
import { addEvents, cyclesFromEvents, eventsFromVector, hitsFromEvents, zeroEvents, type EventCounts, type Hits } from './events.ts';

/**
 * Functions below this share of the benchmark's estimated cycles are left out of results.json: a
 * trivial benchmark's hundreds of ld.so and libc functions would otherwise make it ~100 KB. What they
 * leave of a change is still exact (the "other functions" row), and every function and line stays in
 * the kept cachegrind.out files.
 */
export const FUNCTION_SHARE = 1e-3;
export const MAX_FUNCTIONS = 500;
/** Source lines are kept for the costliest functions only, and their costliest lines: results stay small. */
const LINE_FUNCTIONS = 10;
export const LINES_PER_FUNCTION = 10;
/** With every function kept (check, bisect): the schema's limits, which no real benchmark reaches. */
const ALL_FUNCTIONS_LIMIT = 100_000;
const ALL_LINES_LIMIT = 1000;

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
  /** Every function and line was kept, not only the costliest (`everyFunction`). */
  allFunctions?: true;
}

/**
 * A benchmark's cost is the sum over every process it started; the breakdown is kept: the functions
 * above FUNCTION_SHARE and their costliest lines, or with `everyFunction` (check and bisect, whose two
 * runs `cg-bench diff` must be able to tell apart to the last instruction) every function and line.
 */
export function aggregateProfiles(profiles: ProcessProfile[], weights: Weights, everyFunction = false): BenchmarkCost {
  let events = zeroEvents();
  const processes: ProcessResult[] = [];
  const functions = new Map<string, { fn: string; file: string; events: EventCounts; parts: { profile: CachegrindProfile; costs: FunctionCosts }[] }>();
  for (const { pid, file, profile } of [...profiles].sort((a, b) => a.pid - b.pid)) {
    const processEvents = eventsFromVector(profile.events, profile.totals);
    events = addEvents(events, processEvents);
    processes.push({ pid, cmd: profile.cmd, estimatedCycles: cyclesFromEvents(processEvents, weights), events: processEvents, file });
    for (const f of profile.functions) {
      const key = `${f.file}\u0000${f.fn}`;
      const fnEvents = eventsFromVector(profile.events, f.costs);
      const entry = functions.get(key);
      if (entry) {
        entry.events = addEvents(entry.events, fnEvents);
        entry.parts.push({ profile, costs: f });
      } else functions.set(key, { fn: f.fn, file: f.file, events: fnEvents, parts: [{ profile, costs: f }] });
    }
  }
  const hits = hitsFromEvents(events);
  const estimatedCycles = cyclesFromEvents(events, weights);
  const floor = everyFunction ? 0 : estimatedCycles * FUNCTION_SHARE;
  const ranked = [...functions.values()]
    .map((f) => ({ fn: f.fn, file: f.file, estimatedCycles: cyclesFromEvents(f.events, weights), Ir: f.events.Ir }))
    .filter((f) => f.estimatedCycles >= floor && f.estimatedCycles > 0)
    .sort((a, b) => b.estimatedCycles - a.estimatedCycles || byCodeUnits(a.fn, b.fn) || byCodeUnits(a.file, b.file))
    .slice(0, everyFunction ? ALL_FUNCTIONS_LIMIT : MAX_FUNCTIONS);
  for (const f of everyFunction ? ranked : ranked.slice(0, LINE_FUNCTIONS)) {
    const lines = linesOf(functions.get(`${f.file}\u0000${f.fn}`)!.parts, weights, everyFunction ? ALL_LINES_LIMIT : LINES_PER_FUNCTION);
    if (lines.length) (f as FunctionResult).lines = lines;
  }
  return { estimatedCycles, events, hits, processes, functions: ranked, ...(everyFunction ? { allFunctions: true as const } : {}) };
}

/** A function's costliest lines, summed over every process that ran it. */
function linesOf(parts: { profile: CachegrindProfile; costs: FunctionCosts }[], weights: Weights, limit: number): LineResult[] {
  const byLine = new Map<string, { file: string; line: number; events: EventCounts }>();
  for (const { profile, costs } of parts) {
    for (const { file, line, costs: vector } of functionLines(profile, costs)) {
      const key = `${file}\u0000${line}`;
      const lineEvents = eventsFromVector(profile.events, vector);
      const entry = byLine.get(key);
      if (entry) entry.events = addEvents(entry.events, lineEvents);
      else byLine.set(key, { file, line, events: lineEvents });
    }
  }
  return [...byLine.values()]
    .map((l) => ({ file: l.file, line: l.line, estimatedCycles: cyclesFromEvents(l.events, weights), Ir: l.events.Ir }))
    .filter((l) => l.estimatedCycles > 0 && l.line > 0)
    .sort((a, b) => b.estimatedCycles - a.estimatedCycles || byCodeUnits(a.file, b.file) || a.line - b.line)
    .slice(0, limit);
}

/**
 * The most a function left out of `functions` can cost: below the recorded share of the total or, when
 * the list was cut at MAX_FUNCTIONS, no more than the cheapest one kept; nothing when every function was kept. Derived, not stored,
 * so results written before this existed answer too.
 */
export function unrecordedAtMost(result: { estimatedCycles: number | null; functions: readonly { estimatedCycles: number }[]; allFunctions?: true }): number {
  if (result.allFunctions) return 0;
  const shareFloor = (result.estimatedCycles ?? 0) * FUNCTION_SHARE;
  const cheapest = result.functions.at(-1)?.estimatedCycles;
  return result.functions.length >= MAX_FUNCTIONS && cheapest !== undefined ? Math.max(shareFloor, cheapest) : shareFloor;
}
