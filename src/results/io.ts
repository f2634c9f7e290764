import { closeSync, existsSync, mkdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import resultsSchema from '../../schemas/results.schema.json' with { type: 'json' };
import { CgBenchError, errorMessage } from '../errors.ts';
import { MiB, readTextBeneath, readTextBounded } from '../untrusted/read.ts';
import { openNewFile } from '../untrusted/write.ts';
import { cyclesFromEvents } from '../metric/events.ts';
import { fitToSchema, schemaProblems, type SizedSchema } from '../util/json-schema.ts';
import type { Weights } from '../config/types.ts';
import { type BenchmarkResult, type FunctionResult, type LineResult, RESULTS_SCHEMA_VERSION, type Results, type TimedResult } from './types.ts';
// Compiled at build time (scripts/validators.mjs): compiling the schema cost every run that read a
// baseline ~0.25 s CPU and Ajv's compiler loaded.
import * as generated from './results-validator.generated.js';

/** Far above any results.json cg-bench writes (functions are capped), far below memory trouble. */
const RESULTS_LIMIT = 256 * MiB;

export const RESULTS_SCHEMA: SizedSchema = resultsSchema;
const resultsValidator = () => generated.validateResults as ValidateFunction<Results>;
const timedValidator = () => generated.validateTimed as ValidateFunction<TimedResult[]>;
const benchmarkValidator = () => generated.validateBenchmark as ValidateFunction<BenchmarkResult>;

/** The timed benchmarks of `cg-bench paired` (paired.json's `timed`), checked as results.json's are. */
export function parseTimed(data: unknown, source: string): TimedResult[] {
  const validateTimed = timedValidator();
  if (!validateTimed(data)) {
    const problems = schemaProblems(validateTimed).slice(0, 10);
    throw new CgBenchError(`${source}: invalid timed results:\n${problems.map((p) => `  timed${p.path}: ${p.message}`).join('\n')}`);
  }
  return data;
}

/**
 * Checks that a value is results.json written by this schema version. Results may come from an
 * untrusted place (a fork's artifact), so everything the schema cannot say is checked here too.
 */
export function parseResults(data: unknown, source: string): Results {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new CgBenchError(`${source}: not a cg-bench results file (expected a JSON object)`);
  }
  const record = data as Record<string, unknown>;
  if (record['tool'] !== 'cg-bench') {
    throw new CgBenchError(`${source}: not a cg-bench results file (no "tool": "cg-bench")`);
  }
  if (record['schemaVersion'] !== RESULTS_SCHEMA_VERSION) {
    throw new CgBenchError(
      `${source}: results schemaVersion ${JSON.stringify(record['schemaVersion'])} is not supported (this cg-bench reads ${RESULTS_SCHEMA_VERSION}); measure the baseline again`,
    );
  }
  const validateResults = resultsValidator();
  if (!validateResults(data)) {
    const problems = schemaProblems(validateResults).slice(0, 10);
    throw new CgBenchError(`${source}: invalid results file:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
  }
  for (const b of data.benchmarks) withLineFiles(b);
  const names = new Set<string>();
  for (const [i, b] of data.benchmarks.entries()) {
    if (names.has(b.name)) throw new CgBenchError(`${source}: benchmarks[${i}].name: "${b.name}" appears twice`);
    names.add(b.name);
    if (!cyclesMatch(b, data.environment.weights)) {
      throw new CgBenchError(`${source}: benchmarks[${i}].estimatedCycles does not match its events and weights`);
    }
  }
  return data;
}

const cyclesMatch = (b: BenchmarkResult, weights: Weights) => !b.events || b.estimatedCycles === cyclesFromEvents(b.events, weights);

/**
 * One benchmark of a results file, checked as parseResults checks it among the others (all but its
 * name being the only one of its kind), or undefined when it fails a check: parseResults of the
 * whole file then says which. Already checked (`checked`), it is only made whole again.
 */
export function checkedBenchmark(data: unknown, weights: Weights, checked = false): BenchmarkResult | undefined {
  if (!checked && !(benchmarkValidator()(data) && cyclesMatch(data, weights))) return undefined;
  return withLineFiles(data as BenchmarkResult);
}

/** A line's file is left out of results.json where it is its function's own (nearly always): put back on reading. */
function withLineFiles(b: BenchmarkResult): BenchmarkResult {
  for (const f of b.functions) for (const l of f.lines ?? []) (l as { file?: string }).file ??= f.file;
  return b;
}

/** A benchmark as written: each line's file only where it is not its function's own. */
function withoutLineFiles(b: BenchmarkResult): BenchmarkResult {
  const lean = (f: FunctionResult): FunctionResult =>
    f.lines ? { ...f, lines: f.lines.map(({ file, ...line }) => (file === f.file ? line : { file, ...line }) as LineResult) } : f;
  return { ...b, functions: b.functions.map(lean) };
}

/**
 * results.json's text in pieces, a benchmark at a time, each fitted to the schema on its own:
 * thousands of benchmarks are written without a second copy of them all or one string of the whole
 * file. The same text as JSON.stringify of the whole results fitted at once.
 */
export function* resultsText(results: Results): Generator<string> {
  const list = RESULTS_SCHEMA.properties!['benchmarks']!;
  const top = fitToSchema({ ...results, benchmarks: [] }, RESULTS_SCHEMA) as Record<string, unknown>;
  let comma = '{';
  for (const [key, value] of Object.entries(top)) {
    yield `${comma}${JSON.stringify(key)}:`;
    comma = ',';
    if (key !== 'benchmarks') {
      yield JSON.stringify(value);
      continue;
    }
    yield '[';
    for (const [i, b] of results.benchmarks.slice(0, list.maxItems).entries())
      yield `${i ? ',' : ''}${JSON.stringify(withoutLineFiles(fitToSchema(b, list.items!, RESULTS_SCHEMA) as BenchmarkResult))}`;
    yield ']';
  }
  yield '}\n';
}

/**
 * A results file (a run, a baseline, a part, a hand-over), read through the reader: beneath `root`
 * (default: its own directory) with no link, a regular file, size-limited.
 */
export function readResults(path: string, root: string = dirname(path)): Results {
  return resultsFromText(readResultsText(path, root), path);
}

/** The text of a results file, read as readResults reads it: to be parsed later (resultsFromText). */
export function readResultsText(path: string, root: string = dirname(path)): string {
  try {
    // A byte order mark, as an editor on Windows may save it: not part of the JSON.
    return readTextBeneath(root, resolve(path), RESULTS_LIMIT, 'results file', path).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CgBenchError(`cannot read results ${path}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`);
  }
}

/** Results from the text of the file at `path` (named in messages), checked as readResults checks them. */
export function resultsFromText(text: string, path: string): Results {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // A results file cut short or damaged starts as one; another file (cg-bench.yml given for it) does not.
    if (!text.trimStart().startsWith('{'))
      throw new CgBenchError(
        `${path}: not a results.json (not JSON at all): give a file cg-bench run wrote (its --out directory's results.json, or --save-baseline's)`,
      );
    throw new CgBenchError(`${path}: not valid JSON (${(error as Error).message}); the file is corrupt`);
  }
  return parseResults(data, path);
}

/**
 * The wall time of each benchmark in an earlier results.json, for the progress's "last time" only:
 * read without the schema check (compiling the results schema would cost more CPU than a short
 * benchmark), taking just the names and finite times; nothing when the file is missing or not JSON.
 */
export function readWallTimes(path: string): Map<string, number> {
  const times = new Map<string, number>();
  let data: unknown;
  try {
    data = JSON.parse(readTextBounded(path, RESULTS_LIMIT, 'results file'));
  } catch {
    return times;
  }
  const benchmarks = (data as { benchmarks?: unknown } | null)?.benchmarks;
  if (!Array.isArray(benchmarks)) return times;
  for (const b of benchmarks as { name?: unknown; wallTimeMs?: unknown }[]) {
    if (typeof b?.name === 'string' && typeof b.wallTimeMs === 'number' && Number.isFinite(b.wallTimeMs) && b.wallTimeMs >= 0) times.set(b.name, b.wallTimeMs);
  }
  return times;
}

const WRITE_HINTS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'read-only file system',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  // Also where the directory exists but takes no new file (/proc, /sys).
  ENOENT: 'no file can be made there',
};

/**
 * Writes next to the target and renames over it: a reader sees the old file or the new, never half,
 * and a failed write (a full disk, a file that cannot be replaced) leaves the old one as it was.
 */
export function writeFileAtomic(path: string, text: string | Iterable<string>, realDir?: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    // A new file, never through a link planted at the name (the directory may be in a checkout):
    // the writer gate removes whatever is there and creates the file exclusively, without following.
    // `realDir`: the directory's real path taken before any code ran there (write.ts), so a directory
    // swapped for a link meanwhile is refused, not written through.
    const fd = openNewFile(temporary, realDir === undefined ? undefined : join(realDir, basename(temporary)));
    try {
      for (const piece of typeof text === 'string' ? [text] : text) {
        const bytes = Buffer.from(piece);
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    // Not the file system's (the text's pieces are made while writing): not a write problem.
    if (!(error as NodeJS.ErrnoException).code) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // Only a file still there is "unchanged": a run removes its --out's results.json before it starts.
    const left = existsSync(path) ? 'the file there is unchanged' : 'no file is there now';
    throw new CgBenchError(`cannot write ${path}: ${WRITE_HINTS[code] ? `${WRITE_HINTS[code]} (${code})` : code || errorMessage(error)}; ${left}`);
  }
}

/**
 * The one place results are written (results.json, a saved baseline, CI hand-overs): every text cut
 * to the schema's limit first, so a long command, failure message or symbol never makes a file
 * readResults then refuses. Not indented, a line's file only where it differs from its function's:
 * the file is read by programs (a person reads the report, or `jq .`).
 */
export function writeResults(path: string, results: Results, realDir?: string): void {
  writeFileAtomic(path, resultsText(results), realDir);
}

/**
 * A file-system error the machine caused (a full disk, a read-only mount) where cg-bench writes its
 * output, as the user's problem (exit 2) rather than an internal error; undefined for anything else.
 */
export function outputProblem(error: unknown): CgBenchError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!code || !(code in WRITE_HINTS) || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
  const path = (error as NodeJS.ErrnoException).path;
  return new CgBenchError(
    `cannot write ${path ?? 'the output'}: ${WRITE_HINTS[code]} (${code}); free room or pass another --out. A saved baseline is replaced only by a whole new file, never half`,
  );
}
