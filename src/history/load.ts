// The runs `cg-bench history` draws: which results files a path names, in which order, with which
// label. Each file is read through the reader (src/untrusted/read.ts: beneath the directory given,
// no link, a regular file, never waiting on a fifo, size-limited) and checked by parseResults; what the
// picture does not need (functions, lines, logs, per-process counts) is dropped as soon as it is read,
// so the memory held is bounded by the runs' benchmark counts, not by their files' sizes.
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { readResults } from '../results/io.ts';
import { presentAt } from '../untrusted/read.ts';
import type { Results } from '../results/types.ts';
import { resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import type { HistoryPoint } from './series.ts';

/** More runs than fit side by side in one picture; more than this is refused rather than drawn unreadably. */
const MAX_RUNS = 200;
/** Entries of one directory looked at for runs. */
const MAX_ENTRIES = 10_000;

export type HistoryOrder = 'given' | 'created';
export const ORDERS: readonly HistoryOrder[] = ['given', 'created'];

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);

/** A run's results file, and the directory given (read beneath it: no link inside it is followed). */
interface RunFile {
  file: AbsolutePath;
  root: AbsolutePath;
}

/**
 * The results files a path names: a file itself; a directory's own results.json; else its runs,
 * in name order (numbers by value: 2 before 10): each subdirectory's results.json and each *.json.
 */
function expandRuns(path: AbsolutePath): RunFile[] {
  if (!existsSync(path)) throw new CgBenchError(`${shownPath(path)}: no such file or directory`);
  if (!statSync(path).isDirectory()) return [{ file: path, root: dirname(path) as AbsolutePath }];
  const run = (file: AbsolutePath): RunFile => ({ file, root: path });
  if (presentAt(join(path, 'results.json'))) return [run(resolveFrom(path, 'results.json'))];
  const names = readdirSync(path);
  if (names.length > MAX_ENTRIES) throw new CgBenchError(`${shownPath(path)}: ${names.length} entries; a directory of runs may hold at most ${MAX_ENTRIES}`);
  // lstat: a link is never looked through. A link to a directory (`latest -> 10`) is no run; one
  // named *.json (or a directory's results.json that is one) is refused by the reader, naming it.
  const found = names.sort(byName).flatMap((name) => {
    const entry = resolveFrom(path, name);
    if (lstatSync(entry).isDirectory()) return presentAt(join(entry, 'results.json')) ? [run(resolveFrom(entry, 'results.json'))] : [];
    return name.endsWith('.json') ? [run(entry)] : [];
  });
  if (!found.length) throw new CgBenchError(`${shownPath(path)}: holds no results.json (neither itself, nor in its subdirectories, nor *.json)`);
  return found;
}

/**
 * A run's label. Results record no commit, so the label is the run's name as stored: the directory's
 * name for …/results.json, else the file's name without .json; a full commit hash (40 or 64 hex
 * digits) is cut to its first 7, as git shows it.
 */
export function runLabel(file: string): string {
  const name = basename(file) === 'results.json' ? basename(dirname(file)) : basename(file).replace(/\.json$/, '');
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(name) ? name.slice(0, 7) : name;
}

/** Only what the history needs of a run: the environment, and each benchmark's count, status, threshold and executables. */
export function slimForHistory(results: Results): Results {
  return {
    ...results,
    benchmarks: results.benchmarks.map((b) => {
      const { python: _python, ...rest } = b;
      return { ...rest, functions: [], processes: [], logs: { stdout: '', stderr: '' } };
    }),
  };
}

/** When the run was made, from its createdAt; a run that does not say cannot be put in that order. */
function createdAt(point: HistoryPoint & { source: string }): number {
  const t = Date.parse(point.results.createdAt);
  if (Number.isNaN(t))
    throw new CgBenchError(
      `${point.source}: createdAt ${JSON.stringify(point.results.createdAt)} is not a date; --order created needs one (or give the files in order)`,
    );
  return t;
}

/**
 * The runs the paths name, oldest first: `given` keeps the order of the paths (a directory's runs
 * in name order), `created` sorts by each run's createdAt (equal times keep the given order).
 * A file that is not results, or is unreadable (a link, a fifo), is an error naming it (exit 2).
 * Asynchronous between files only so that SIGINT and SIGTERM are handled while many runs are read.
 */
export async function loadHistory(paths: readonly AbsolutePath[], order: HistoryOrder): Promise<HistoryPoint[]> {
  const files = paths.flatMap(expandRuns);
  if (files.length > MAX_RUNS) throw new CgBenchError(`cg-bench history: ${files.length} runs; draw at most ${MAX_RUNS} (give the latest ones)`);
  const points: (HistoryPoint & { source: string })[] = [];
  for (const { file, root } of files) {
    await new Promise((resolve) => setImmediate(resolve));
    const source = shownPath(file);
    let results: Results;
    try {
      results = readResults(file, root);
    } catch (error) {
      // readResults names the file as given to it (absolute); name it as the user would.
      if (error instanceof CgBenchError) throw new CgBenchError(error.message.split(file).join(source), error.exitCode);
      throw error;
    }
    points.push({ label: runLabel(file), results: slimForHistory(results), source });
  }
  if (order === 'created') {
    const times = new Map(points.map((p) => [p, createdAt(p)]));
    points.sort((a, b) => times.get(a)! - times.get(b)!);
  }
  return points.map(({ label, results }) => ({ label, results }));
}
