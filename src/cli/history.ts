import { writeFileSync } from 'node:fs';
import { CgBenchError, ExitCode } from '../errors.ts';
import { loadHistory, ORDERS, type HistoryOrder } from '../history/load.ts';
import { historySeries } from '../history/series.ts';
import { historySvg } from '../history/svg.ts';
import { callerDirectory, resolveFrom, shownPath } from '../util/paths.ts';
import { help, parse, type CliIO } from './options.ts';

const isOrder = (text: string): text is HistoryOrder => (ORDERS as readonly string[]).includes(text);

/** `cg-bench history RESULTS…`: estimated cycles per benchmark over successive runs, as an SVG. */
export async function history(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    'history',
    args,
    { out: { type: 'string', short: 'o' }, order: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    true,
  );
  if (values.help) return help('history', io);
  if (!positionals.length)
    throw new CgBenchError('cg-bench history: give the results.json files (or a directory of them), oldest first\nSee: cg-bench history --help');
  const order = values.order ?? 'given';
  if (!isOrder(order)) throw new CgBenchError(`--order ${order}: must be ${ORDERS.join(' or ')}`);
  const points = await loadHistory(
    positionals.map((p) => resolveFrom(callerDirectory(), p)),
    order,
  );
  const svg = historySvg(
    historySeries(points),
    points.map((p) => p.label),
  );
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
