import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { compareResults } from '../compare/compare.ts';
import { exitCodeFor } from '../engine/measure.ts';
import { lockOutputDirectory } from '../engine/out-lock.ts';
import { CgBenchError } from '../errors.ts';
import { jsonReport } from '../report/json.ts';
import { markdownReport } from '../report/markdown.ts';
import { reportFormat } from '../report/index.ts';
import { tableWidth } from '../report/terminal.ts';
import { readResults, writeFileAtomic, writeResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { carryCallTrees } from '../shard/call-trees.ts';
import { mergeShards } from '../shard/merge.ts';
import { copyBeneath, MiB, presentAt } from '../untrusted/read.ts';
import { writerByPath } from '../untrusted/write.ts';
import { callerDirectory, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { resultsFileOf } from './paths.ts';
import { format, help, parse, REPORT_OPTIONS, threshold, type CliIO } from './options.ts';

/** Far above any log or profile a benchmark leaves, far below a disk filled by one copy. */
const COPY_LIMIT = 4096 * MiB;

/** The files a result names (logs, cachegrind.out, DHAT profiles), each relative to its results.json and inside its directory. */
function filesOf(results: Results, source: string): string[] {
  const files = results.benchmarks
    .flatMap((b) => [b.logs.stdout, b.logs.stderr, ...b.processes.map((p) => p.file), ...(b.memory?.files ?? [])])
    .filter((f) => f !== '');
  for (const file of files) {
    const normal = normalize(file);
    if (isAbsolute(file) || normal === '..' || normal.startsWith(`..${sep}`))
      throw new CgBenchError(`${source}: names a file outside its directory (${JSON.stringify(file)})`);
  }
  return files;
}

/** `cg-bench merge PART…`: the parts of a sharded run joined into one results.json with the files they name and their call trees. */
export async function merge(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(
    'merge',
    args,
    {
      ...REPORT_OPTIONS,
      out: { type: 'string', short: 'o' },
      baseline: { type: 'string', short: 'b' },
      'save-baseline': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return help('merge', io);
  if (!positionals.length) throw new CgBenchError('cg-bench merge: give the results.json (or output directory) of every part\nSee: cg-bench merge --help');
  const formatName = format(values.format);
  const here = callerDirectory();
  const files = positionals.map((p) => resultsFileOf(resolveFrom(here, p)));
  const parts = files.map((file) => ({ file, results: readResults(file), source: shownPath(file) }));
  const merged = mergeShards(parts);

  const out = resolveFrom(here, values.out ?? '.cg-bench');
  if (parts.some((p) => dirname(p.file) === out)) throw new CgBenchError(`--out ${shownPath(out)}: is one of the parts' directories; merge into another`);
  const baselinePath = values.baseline === undefined ? undefined : resolveFrom(here, values.baseline);
  const baseline = baselinePath ? readResults(baselinePath) : undefined;
  const release = lockOutputDirectory(out);
  try {
    mkdirSync(out, { recursive: true });
    for (const part of parts) {
      for (const file of filesOf(part.results, part.source)) {
        const from = resolveFrom(dirname(part.file) as AbsolutePath, file);
        if (!presentAt(from)) continue; // A failed benchmark may have no profile; results.json says so.
        const to = resolveFrom(out, file);
        const shown = join(dirname(part.source), file);
        try {
          mkdirSync(dirname(to), { recursive: true });
          // A part is another job's output: read through the gate (no link followed, a regular file).
          copyBeneath(dirname(part.file), file, to, COPY_LIMIT, 'part file', shown);
        } catch (error) {
          if (error instanceof CgBenchError) throw error;
          // The part names a file whose path another part's file already takes (a.log and a.log/x), or one the file system refuses.
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          throw new CgBenchError(
            `${part.source}: names ${JSON.stringify(file)}, which cannot be copied to ${shownPath(to)} (${code}); another part names a file at the same place, or the part is corrupt`,
          );
        }
      }
      // The trees of `run --shard --call-tree`, where `diff --flame` finds them (results.json does not name them).
      const partDir = dirname(part.file);
      carryCallTrees(part.results.benchmarks, { root: partDir, dir: partDir, shown: dirname(part.source) }, writerByPath(out));
    }
    const comparison = baseline ? compareResults(baseline, merged, { thresholdPercent: threshold(values.threshold) }) : undefined;
    const baselineSource = baselinePath && shownPath(baselinePath);
    const input = { head: merged, comparison, baselineSource };
    writeResults(resolveFrom(out, 'results.json'), merged);
    writeFileAtomic(resolveFrom(out, 'report.md'), markdownReport.render(input));
    if (comparison) writeFileAtomic(resolveFrom(out, 'comparison.json'), jsonReport.render(input));
    io.stdout.write(
      reportFormat(formatName, { colour: io.stdout.isTTY === true, width: tableWidth(io.stdout) }).render({ ...input, resultsDir: shownPath(out) }),
    );
    io.stderr.write(`merged ${parts.length} part(s): ${shownPath(resolveFrom(out, 'results.json'))}\n`);
    const failed = merged.benchmarks.filter((b) => b.status !== 'ok').length;
    if (values['save-baseline'] !== undefined) {
      const target = resolveFrom(here, values['save-baseline']);
      if (failed) io.stderr.write(`not saving the baseline to ${shownPath(target)}: ${failed} benchmark(s) failed\n`);
      else {
        writeResults(target, merged);
        io.stderr.write(`baseline saved: ${shownPath(target)}\n`);
      }
    }
    return exitCodeFor(merged, comparison, values['fail-on-regression'] === true);
  } finally {
    release();
  }
}
