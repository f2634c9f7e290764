import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CgBenchError, ExitCode } from '../errors.ts';
import { historySeries, type HistoryPoint } from '../history/series.ts';
import { historySvg } from '../history/svg.ts';
import { readResults } from '../results/io.ts';
import { callerDirectory, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { help, parse, type CliIO } from './options.ts';

const MAX_RUNS = 200;

/** The results files a path names: itself, a directory's results.json, or its runs (dir/*\/results.json, dir/*.json) by name. */
function expand(path: AbsolutePath): AbsolutePath[] {
  if (!existsSync(path)) throw new CgBenchError(`${shownPath(path)}: no such file or directory`);
  if (!statSync(path).isDirectory()) return [path];
  if (existsSync(join(path, 'results.json'))) return [resolveFrom(path, 'results.json')];
  const found = readdirSync(path)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .flatMap((name) => {
      const entry = resolveFrom(path, name);
      if (statSync(entry).isDirectory()) return existsSync(join(entry, 'results.json')) ? [resolveFrom(entry, 'results.json')] : [];
      return name.endsWith('.json') ? [entry] : [];
    });
  if (!found.length) throw new CgBenchError(`${shownPath(path)}: holds no results.json (neither itself, nor in its subdirectories, nor *.json)`);
  return found;
}

/** A run's label: its directory's name for …/results.json, else the file's name without .json. */
function labelOf(file: string): string {
  return basename(file) === 'results.json' ? basename(dirname(file)) : basename(file).replace(/\.json$/, '');
}

/** `cg-bench history RESULTS…`: estimated cycles per benchmark over successive runs, as an SVG. */
export async function history(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse('history', args, { out: { type: 'string', short: 'o' }, order: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) return help('history', io);
  if (!positionals.length) throw new CgBenchError('cg-bench history: give the results.json files (or a directory of them), oldest first\nSee: cg-bench history --help');
  const order = values.order ?? 'given';
  if (order !== 'given' && order !== 'created') throw new CgBenchError(`--order ${order}: must be given or created`);
  const files = positionals.flatMap((p) => expand(resolveFrom(callerDirectory(), p)));
  if (files.length > MAX_RUNS) throw new CgBenchError(`cg-bench history: ${files.length} runs; draw at most ${MAX_RUNS} (give the latest ones)`);
  const points: HistoryPoint[] = files.map((file) => ({ label: labelOf(file), results: readResults(file) }));
  if (order === 'created') points.sort((a, b) => (a.results.createdAt < b.results.createdAt ? -1 : a.results.createdAt > b.results.createdAt ? 1 : 0));
  const svg = historySvg(historySeries(points), points.map((p) => p.label));
  if (values.out === undefined) io.stdout.write(svg);
  else {
    const out = resolveFrom(callerDirectory(), values.out);
    try {
      writeFileSync(out, svg);
    } catch (error) {
      throw new CgBenchError(`--out ${shownPath(out)}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    io.stderr.write(`history of ${points.length} run(s): ${shownPath(out)}\n`);
  }
  return ExitCode.ok;
}
