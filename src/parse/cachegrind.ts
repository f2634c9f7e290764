import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { openPlainStream } from '../untrusted/read.ts';

/** Costs of one function (one `fl=`/`fn=` pair), one number per event. */
export interface FunctionCosts {
  file: string;
  fn: string;
  costs: number[];
  /**
   * Where its cost lines are, one list per source file (an inlined function's own file, after
   * `fi=`); read them with functionLines.
   */
  lineRuns: LineRuns[];
}

/**
 * Cost lines of one function in one source file: runs of whole lines, each a range of a chunk the
 * parser was given (kept, not copied). The parser keeps where the lines are, not their numbers: a
 * run is noted once per block of cost lines, so the cost lines themselves, nearly all of a file,
 * cost nothing more to read, and only the few functions whose lines are wanted are read again.
 * (Numbers pushed to an array per function and file made the parser 2.1 times slower and its
 * memory 2.9 times larger on bench/parse.ts.)
 */
export interface LineRuns {
  file: string;
  runs: { buffer: Buffer; start: number; end: number }[];
}

/** Files that hold code inlined into functions defined elsewhere: headers, the Rust and C++ toolchains' libraries. */
const INLINED_FROM = /\.(h|hh|hpp|hxx|h\+\+|inl|inc|ipp|tcc)$|^\/rustc\/|^\/rust\/deps\/|\/\.cargo\/registry\/|^\/usr\/include\/|^\/usr\/lib\/gcc\//;
/**
 * Functions of the toolchains' own libraries (Rust's, C++'s): defined in those files, with the
 * caller's code (a closure, a comparator) inlined into them, so a project file is not their home.
 */
const TOOLCHAIN_FUNCTION = /^<?(core|alloc|std|hashbrown|compiler_builtins|std_detect|__gnu_cxx)::/;

/**
 * Cachegrind names a line's function by the symbol its code sits in but its file by the line's own
 * (debug info's, after inlining): code inlined into `main` from `h.h` is written as `fl=h.h`
 * `fn=main`, beside `fl=m.c` `fn=main`, and the costlier part would be shown as "main (h.h)". When
 * exactly one of the files a name appears with is no header or toolchain library file, the name's
 * parts are one function of that file; its lines keep their own files. Otherwise (two static
 * functions of one name in two .c files, a generic of Rust's or C++'s library with the project's
 * closure inlined into it) the parts stay apart.
 */
function withInlinedCode(functions: FunctionCosts[]): FunctionCosts[] {
  const byName = new Map<string, FunctionCosts[]>();
  for (const f of functions) {
    const parts = byName.get(f.fn);
    if (parts) parts.push(f);
    else byName.set(f.fn, [f]);
  }
  const out: FunctionCosts[] = [];
  for (const parts of byName.values()) {
    const home = parts.filter((f) => f.file !== '???' && !INLINED_FROM.test(f.file));
    if (parts.length === 1 || home.length !== 1 || TOOLCHAIN_FUNCTION.test(parts[0]!.fn)) {
      out.push(...parts);
      continue;
    }
    const own = home[0]!;
    const costs = new Array<number>(own.costs.length).fill(0);
    const lineRuns: LineRuns[] = [];
    for (const part of [own, ...parts.filter((f) => f !== own)]) {
      for (let i = 0; i < costs.length; i++) costs[i]! += part.costs[i] ?? 0;
      for (const r of part.lineRuns) {
        const same = lineRuns.find((l) => l.file === r.file);
        if (same) same.runs.push(...r.runs);
        else lineRuns.push({ file: r.file, runs: [...r.runs] });
      }
    }
    out.push({ file: own.file, fn: own.fn, costs, lineRuns });
  }
  return out;
}

/**
 * One function's costs per source file and line, summed (real output lists a line once per block,
 * but a function's block may come back, after `fi=`/`fe=` or a second `fn=` of the same name).
 * Costs a line leaves out at its end are zero. The lines are read again from the kept chunks, so
 * their sum is checked against the function's costs: a stream that reused a chunk it handed over
 * would be caught here, not reported as a change.
 */
export function functionLines(profile: CachegrindProfile, f: FunctionCosts): { file: string; line: number; costs: number[] }[] {
  const events = profile.events.length;
  const out: { file: string; line: number; costs: number[] }[] = [];
  for (const { file, runs } of f.lineRuns) {
    const byLine = new Map<number, number[]>();
    const add = (buffer: Buffer, start: number, end: number) => {
      let i = start;
      let line = 0;
      for (let c = buffer[i]!; i < end && c >= ZERO && c <= NINE; c = buffer[++i]!) line = line * 10 + (c - ZERO);
      while (i < end && buffer[i] !== SPACE) i++;
      let sum = byLine.get(line);
      if (!sum) {
        sum = new Array<number>(events).fill(0);
        byLine.set(line, sum);
        out.push({ file, line, costs: sum });
      }
      // The parser checked these lines: numbers separated by spaces, no more than there are events.
      for (let column = 0; i < end; column++) {
        while (i < end && buffer[i] === SPACE) i++;
        if (i >= end) break;
        let value = 0;
        for (let c = buffer[i]!; i < end && c >= ZERO && c <= NINE; c = buffer[++i]!) value = value * 10 + (c - ZERO);
        sum[column]! += value;
      }
    };
    for (const { buffer, start: from, end: to } of runs) {
      for (let start = from; start < to; ) {
        let end = buffer.indexOf(NEWLINE, start);
        if (end < 0 || end > to) end = to;
        const next = end + 1;
        if (end > start && buffer[end - 1] === CR) end--;
        if (end > start) add(buffer, start, end);
        start = next;
      }
    }
  }
  const sums = new Array<number>(events).fill(0);
  for (const l of out) for (let e = 0; e < events; e++) sums[e]! += l.costs[e]!;
  if (sums.some((v, e) => v !== f.costs[e])) {
    throw new CachegrindParseError(
      `the cost lines of ${f.fn} (${f.file}), read again, add up to ${sums.join(' ')}, not ${f.costs.join(' ')}: the input changed while it was parsed`,
    );
  }
  return out;
}

/** One cachegrind.out file: one process. */
export interface CachegrindProfile {
  cmd: string;
  desc: string[];
  events: string[];
  /** Sum of every cost line; checked against `summary:`. */
  totals: number[];
  functions: FunctionCosts[];
}

export class CachegrindParseError extends Error {
  override name = 'CachegrindParseError';
}

const NEWLINE = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
const NINE = 0x39;
const SPACE = 0x20;
/**
 * The `events:` line Valgrind writes after the command: Ir, then events Cachegrind counts. A line of
 * a command such as "events: d" is not one, so it stays the command's; one that copies it exactly is
 * caught when the real one follows (a second "events:" line).
 */
const EVENTS_LINE = /^events: Ir(?: (?:I1mr|ILmr|Dr|D1mr|DLmr|Dw|D1mw|DLmw|Bc|Bcm|Bi|Bim))* ?\r?$/;

function isEventsLine(text: string): boolean {
  return EVENTS_LINE.test(text);
}

/**
 * A streaming parser for the cachegrind.out format. Cost lines, which are nearly all of a large
 * file, are read straight from the bytes without making strings; only header and name lines are
 * decoded. Feed it chunks with `push`, then call `finish`.
 */
export class CachegrindParser {
  private readonly source: string;
  private leftover: Buffer | undefined;
  private lineNumber = 0;
  private cmd = '';
  /**
   * Where in the file the parser is. Valgrind writes `desc:` lines, then `cmd:` with the argv
   * joined by spaces as it is, newlines included, then `events:`, then the body. So every line after
   * `cmd:` up to the `events:` line belongs to the command, whatever it looks like (a digit, a blank).
   */
  private part: 'header' | 'cmd' | 'body' = 'header';
  private readonly desc: string[] = [];
  private events: string[] = [];
  private summary: number[] | undefined;
  private totals: number[] = [];
  private file = '???';
  private readonly byKey = new Map<string, FunctionCosts>();
  private current: number[] | undefined;
  private currentFunction: FunctionCosts | undefined;
  /** The current function's runs in the current file (`fi=`/`fe=` switch them within a function). */
  private currentRuns: LineRuns | undefined;
  /** Where in the buffer being read the current run of cost lines began. */
  private runStart = 0;

  constructor(source: string) {
    this.source = source;
  }

  push(chunk: Buffer): void {
    let start = 0;
    if (this.leftover) {
      // Only the line split between chunks is copied, so that runs can point into the chunk itself.
      const end = chunk.indexOf(NEWLINE);
      if (end < 0) {
        this.leftover = Buffer.concat([this.leftover, chunk]);
        return;
      }
      const joined = Buffer.concat([this.leftover, chunk.subarray(0, end + 1)]);
      this.leftover = undefined;
      this.runStart = 0;
      this.line(joined, 0, joined.length - 1);
      this.closeRun(joined, joined.length);
      start = end + 1;
    }
    this.runStart = start;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      this.line(chunk, start, end);
      start = end + 1;
    }
    this.closeRun(chunk, start);
    if (start < chunk.length) this.leftover = Buffer.from(chunk.subarray(start));
  }

  finish(): CachegrindProfile {
    if (this.leftover?.length) {
      const rest = this.leftover;
      this.leftover = undefined;
      this.runStart = 0;
      this.line(rest, 0, rest.length);
      this.closeRun(rest, rest.length);
    }
    if (!this.events.length) throw this.error('no "events:" line: not a cachegrind.out file');
    if (!this.summary) throw this.error('no "summary:" line: the file is truncated or the process did not finish');
    for (let i = 0; i < this.events.length; i++) {
      if ((this.summary[i] ?? 0) !== this.totals[i]) {
        throw this.error(`the cost lines add up to ${this.events[i]}=${this.totals[i]} but "summary:" says ${this.summary[i] ?? 0}`);
      }
    }
    return {
      cmd: this.cmd,
      desc: this.desc,
      events: this.events,
      totals: this.totals,
      functions: withInlinedCode([...this.byKey.values()]),
    };
  }

  private error(message: string): CachegrindParseError {
    return new CachegrindParseError(`${this.source}: ${message}`);
  }

  /** Ends the current run of cost lines where the line at `at` begins. */
  private closeRun(buffer: Buffer, at: number): void {
    if (this.currentRuns && at > this.runStart) this.currentRuns.runs.push({ buffer, start: this.runStart, end: at });
    this.runStart = at;
  }

  private line(buffer: Buffer, start: number, end: number): void {
    this.lineNumber++;
    const next = end + 1;
    if (this.part === 'cmd' && !isEventsLine(buffer.toString('latin1', start, Math.min(end, start + 200)))) {
      // A line of a command that had a newline in an argument: kept as Valgrind wrote it.
      this.runStart = next;
      this.cmd += `\n${buffer.toString('utf8', start, end)}`;
      return;
    }
    if (end > start && buffer[end - 1] === CR) end--;
    if (start === end) return;
    const first = buffer[start]!;
    if (first >= ZERO && first <= NINE) {
      this.costLine(buffer, start, end);
      return;
    }
    // Any other line ends a run of cost lines; the next begins after it.
    this.closeRun(buffer, start);
    this.runStart = next;
    const text = buffer.toString('utf8', start, end);
    if (text.startsWith('fn=')) this.startFunction(text.slice(3));
    else if (text.startsWith('fl=')) this.file = text.slice(3);
    else if (text.startsWith('fi=') || text.startsWith('fe=')) {
      this.file = text.slice(3);
      if (this.currentFunction) this.currentRuns = this.runsIn(this.currentFunction, this.file);
    } else if (text.startsWith('events:')) {
      // Valgrind writes one, right after the command. A second one means the first was a line of
      // the command (an argument with "\nevents:" in it): what came between cannot be told from
      // costs, so the file is refused rather than read wrongly.
      if (this.part === 'body')
        throw this.error(`line ${this.lineNumber}: a second "events:" line (does the command have an argument with a newline followed by "events:"?)`);
      this.part = 'body';
      this.events = text.slice(7).trim().split(/\s+/);
      this.totals = new Array<number>(this.events.length).fill(0);
    } else if (text.startsWith('summary:')) {
      if (this.summary) throw this.error(`line ${this.lineNumber}: a second "summary:" line`);
      this.summary = this.numbers(text.slice(8));
    } else if (this.part === 'header' && text.startsWith('cmd:')) {
      this.part = 'cmd';
      this.cmd = text.slice(4).trim();
    } else if (this.part === 'header' && text.startsWith('desc:')) this.desc.push(text.slice(5).trim());
    else if (text.startsWith('#') || text.startsWith('version:') || text.startsWith('creator:') || text.startsWith('positions:')) return;
    else throw this.error(`line ${this.lineNumber}: unexpected ${JSON.stringify(text.slice(0, 60))}`);
  }

  private startFunction(fn: string): void {
    const key = `${this.file}\u0000${fn}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { file: this.file, fn, costs: new Array<number>(this.events.length).fill(0), lineRuns: [{ file: this.file, runs: [] }] };
      this.byKey.set(key, entry);
    }
    this.current = entry.costs;
    this.currentFunction = entry;
    this.currentRuns = entry.lineRuns[0];
  }

  private runsIn(fn: FunctionCosts, file: string): LineRuns {
    let runs = fn.lineRuns.find((r) => r.file === file);
    if (!runs) {
      runs = { file, runs: [] };
      fn.lineRuns.push(runs);
    }
    return runs;
  }

  private costLine(buffer: Buffer, start: number, end: number): void {
    const costs = this.current;
    if (!costs) throw this.error(`line ${this.lineNumber}: a cost line before any "fn="`);
    let i = start;
    // Skip the source line number (functionLines reads it when it is wanted).
    while (i < end && buffer[i] !== SPACE) i++;
    let column = 0;
    while (i < end) {
      while (i < end && buffer[i] === SPACE) i++;
      if (i >= end) break;
      let value = 0;
      let c = buffer[i]!;
      if (c < ZERO || c > NINE) throw this.error(`line ${this.lineNumber}: a cost is not a number`);
      while (i < end && (c = buffer[i]!) >= ZERO && c <= NINE) {
        value = value * 10 + (c - ZERO);
        i++;
      }
      if (column >= costs.length) throw this.error(`line ${this.lineNumber}: more costs than events`);
      costs[column] = costs[column]! + value;
      this.totals[column] = this.totals[column]! + value;
      column++;
    }
  }

  private numbers(text: string): number[] {
    return text
      .trim()
      .split(/\s+/)
      .map((part) => {
        const value = Number(part);
        if (!Number.isSafeInteger(value) || value < 0) throw this.error(`line ${this.lineNumber}: "${part}" is not a count`);
        return value;
      });
  }
}

/**
 * The parser keeps the chunks it was given (LineRuns): a file the benchmark wrote, or one in a
 * fork's artifact (a .gz that inflates without end), is refused beyond this, decompressed. The same
 * limit as a profile copied out of a staging directory (COLLECT_LIMITS.file): one rule whichever uid
 * the code runs as (before: 2 GiB when Valgrind wrote into the output directory itself).
 */
export const MAX_PROFILE_BYTES = 512 * (1 << 20);

/** A parser that refuses more than `limit` bytes in all: for a caller that reads the file itself (and keeps it, run/gzip.ts). */
export function boundedParser(source: string, limit: number = MAX_PROFILE_BYTES): Pick<CachegrindParser, 'push' | 'finish'> {
  const parser = new CachegrindParser(source);
  let total = 0;
  return {
    push(chunk: Buffer): void {
      total += chunk.length;
      if (total > limit) throw new CachegrindParseError(`${source}: larger than ${Math.round(limit / (1024 * 1024))} MiB; that is no profile Cachegrind wrote`);
      parser.push(chunk);
    },
    finish: () => parser.finish(),
  };
}

export async function parseCachegrindStream(stream: Readable, source: string, limit: number = MAX_PROFILE_BYTES): Promise<CachegrindProfile> {
  const parser = boundedParser(source, limit);
  for await (const chunk of stream) {
    try {
      parser.push(chunk as Buffer);
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }
  return parser.finish();
}

/**
 * Parses a cachegrind.out file, gzip-compressed when its name ends in `.gz`. The benchmark wrote it
 * where it can write: opened as a plain file only (a fifo swapped in is refused, never waited on).
 */
export async function parseCachegrindFile(path: string): Promise<CachegrindProfile> {
  const raw = openPlainStream(path, 'profile');
  const stream = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  try {
    return await parseCachegrindStream(stream, path);
  } finally {
    raw.destroy();
  }
}
