import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';

/** Costs of one function (one `fl=`/`fn=` pair), one number per event. */
export interface FunctionCosts {
  file: string;
  fn: string;
  costs: number[];
  /**
   * The same costs by source line, per file (an inlined one's, after `fi=`): cost lines as they come,
   * flat (one line number each, then one cost per event each), since appending is several times
   * cheaper than a map per line; a line may appear more than once.
   */
  lines: Map<string, LineCosts>;
}

export interface LineCosts {
  numbers: number[];
  /** numbers.length × events costs, row by row. */
  costs: number[];
}

/** Each line's costs summed: line number → one number per event. */
export function costsByLine(lines: LineCosts, events: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let row = 0; row < lines.numbers.length; row++) {
    const line = lines.numbers[row]!;
    let sum = out.get(line);
    if (!sum) {
      sum = new Array<number>(events).fill(0);
      out.set(line, sum);
    }
    for (let e = 0; e < events; e++) sum[e]! += lines.costs[row * events + e] ?? 0;
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
const ZERO = 0x30;
const NINE = 0x39;
const SPACE = 0x20;

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
  private readonly desc: string[] = [];
  private events: string[] = [];
  private summary: number[] | undefined;
  private totals: number[] = [];
  private file = '???';
  private readonly byKey = new Map<string, FunctionCosts>();
  private current: number[] | undefined;
  private currentFunction: FunctionCosts | undefined;
  /** The current function's lines in the current file (`fi=`/`fe=` switch it within a function). */
  private currentLines: LineCosts | undefined;

  constructor(source: string) {
    this.source = source;
  }

  push(chunk: Buffer): void {
    let buffer = chunk;
    if (this.leftover) {
      buffer = Buffer.concat([this.leftover, chunk]);
      this.leftover = undefined;
    }
    let start = 0;
    for (;;) {
      const end = buffer.indexOf(NEWLINE, start);
      if (end < 0) break;
      this.line(buffer, start, end);
      start = end + 1;
    }
    if (start < buffer.length) this.leftover = buffer.subarray(start);
  }

  finish(): CachegrindProfile {
    if (this.leftover?.length) {
      const rest = this.leftover;
      this.leftover = undefined;
      this.line(rest, 0, rest.length);
    }
    if (!this.events.length) throw this.error('no "events:" line: not a cachegrind.out file');
    if (!this.summary) throw this.error('no "summary:" line: the file is truncated or the process did not finish');
    for (let i = 0; i < this.events.length; i++) {
      if ((this.summary[i] ?? 0) !== this.totals[i]) {
        throw this.error(
          `the cost lines add up to ${this.events[i]}=${this.totals[i]} but "summary:" says ${this.summary[i] ?? 0}`,
        );
      }
    }
    return {
      cmd: this.cmd,
      desc: this.desc,
      events: this.events,
      totals: this.totals,
      functions: [...this.byKey.values()],
    };
  }

  private error(message: string): CachegrindParseError {
    return new CachegrindParseError(`${this.source}: ${message}`);
  }

  private line(buffer: Buffer, start: number, end: number): void {
    this.lineNumber++;
    if (end > start && buffer[end - 1] === 0x0d) end--;
    if (start === end) return;
    const first = buffer[start]!;
    if (first >= ZERO && first <= NINE) {
      this.costLine(buffer, start, end);
      return;
    }
    const text = buffer.toString('utf8', start, end);
    if (text.startsWith('fn=')) this.startFunction(text.slice(3));
    else if (text.startsWith('fl=')) this.file = text.slice(3);
    else if (text.startsWith('fi=') || text.startsWith('fe=')) {
      this.file = text.slice(3);
      this.currentLines = this.currentFunction ? this.linesIn(this.currentFunction, this.file) : undefined;
    }
    else if (text.startsWith('events:')) {
      this.events = text.slice(7).trim().split(/\s+/);
      this.totals = new Array<number>(this.events.length).fill(0);
    } else if (text.startsWith('summary:')) this.summary = this.numbers(text.slice(8));
    else if (text.startsWith('cmd:')) this.cmd = text.slice(4).trim();
    else if (text.startsWith('desc:')) this.desc.push(text.slice(5).trim());
    else if (text.startsWith('#') || text.startsWith('version:') || text.startsWith('creator:') || text.startsWith('positions:')) return;
    else throw this.error(`line ${this.lineNumber}: unexpected ${JSON.stringify(text.slice(0, 60))}`);
  }

  private startFunction(fn: string): void {
    const key = `${this.file}\u0000${fn}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { file: this.file, fn, costs: new Array<number>(this.events.length).fill(0), lines: new Map() };
      this.byKey.set(key, entry);
    }
    this.current = entry.costs;
    this.currentFunction = entry;
    this.currentLines = this.linesIn(entry, this.file);
  }

  private linesIn(fn: FunctionCosts, file: string): LineCosts {
    let lines = fn.lines.get(file);
    if (!lines) {
      lines = { numbers: [], costs: [] };
      fn.lines.set(file, lines);
    }
    return lines;
  }

  private costLine(buffer: Buffer, start: number, end: number): void {
    const costs = this.current;
    if (!costs) throw this.error(`line ${this.lineNumber}: a cost line before any "fn="`);
    let i = start;
    let lineNumber = 0;
    for (let c = buffer[i]!; i < end && c >= ZERO && c <= NINE; c = buffer[++i]!) lineNumber = lineNumber * 10 + (c - ZERO);
    // Skip anything else in the position (a `-`: no line information).
    while (i < end && buffer[i] !== SPACE) i++;
    const lines = this.currentLines!;
    lines.numbers.push(lineNumber);
    const lineCosts = lines.costs;
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
      lineCosts.push(value);
      this.totals[column] = this.totals[column]! + value;
      column++;
    }
    // A line may leave trailing zero costs out.
    for (; column < costs.length; column++) lineCosts.push(0);
  }

  private numbers(text: string): number[] {
    return text.trim().split(/\s+/).map((part) => {
      const value = Number(part);
      if (!Number.isSafeInteger(value) || value < 0) throw this.error(`line ${this.lineNumber}: "${part}" is not a count`);
      return value;
    });
  }
}

export async function parseCachegrindStream(stream: Readable, source: string): Promise<CachegrindProfile> {
  const parser = new CachegrindParser(source);
  for await (const chunk of stream) parser.push(chunk as Buffer);
  return parser.finish();
}

/** Parses a cachegrind.out file, gzip-compressed when its name ends in `.gz`. */
export async function parseCachegrindFile(path: string): Promise<CachegrindProfile> {
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  const stream = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  return parseCachegrindStream(stream, path);
}
