import { join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { type InclusiveFigures, parseInclusiveFigures } from '../flame/inclusive.ts';
import { readResults, resultsText } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { KiB, MiB, presentAt, readTextBeneath } from '../untrusted/read.ts';
import type { NewFileWriter } from '../untrusted/write.ts';

/**
 * What a measuring job leaves the job that reports it (GitHub's `mode: report` for a fork's pull
 * request, GitLab's note job), one format for both: report-job.json (the commit and suite measured,
 * where the baseline came from, the pull request when the measuring job knew it), head.json,
 * base.json, and inclusive.json (the costs with callees of the benchmarks a flame graph was drawn for). The report job recomputes the comparison and the report from these; it never posts
 * text the measuring job wrote, and it checks every field: the pull request's code ran there.
 */
const HAND_OVER_FILE = 'report-job.json';
const SCHEMA = 'cg-bench-report-job/1';
const MAX_SOURCE = 500;

export interface ReportHandOver {
  /** The commit measured (a pull request's head commit on GitHub, the pipeline's commit on GitLab). */
  sha: string;
  suite: string;
  baselineSource: string;
  /** The pull request's number, when the measuring job ran for one (GitHub: the report job checks it is the run's). */
  pullRequest?: number | undefined;
  /** The flame graphs the measuring job drew (`flame/NN-<slug>.svg`, relative to its output directory; input call-tree). */
  flameGraphs?: string[] | undefined;
  /** Costs with callees by changed benchmark, from the call trees the graphs were drawn from (inclusive.json; input call-tree). */
  inclusive?: ReadonlyMap<string, InclusiveFigures> | undefined;
}

/** Beside report-job.json (whose 64 KiB long function names could fill): the costs with callees. */
const INCLUSIVE_FILE = 'inclusive.json';
const INCLUSIVE_LIMIT = 4 * MiB;

/** A flame graph's name as ci/flame.ts writes it: nothing else is linked. */
const FLAME_GRAPH_PATH = /^flame\/[0-9]{2,6}-[A-Za-z0-9._-]{1,60}\.svg$/;
/** Within the hand-over's 64 KiB. */
const MAX_FLAME_GRAPHS = 500;

/** Writes the hand-over, each file new through `write` (the pipeline's writer into a directory made afresh: never through a link). */
export function writeReportHandOver(write: NewFileWriter, handOver: ReportHandOver, head: Results, base: Results | undefined): void {
  const { pullRequest, flameGraphs, inclusive, ...rest } = handOver;
  const data = {
    schema: SCHEMA,
    ...rest,
    baselineSource: rest.baselineSource.slice(0, MAX_SOURCE),
    ...(pullRequest ? { pullRequest } : {}),
    ...(flameGraphs?.length ? { flameGraphs: flameGraphs.slice(0, MAX_FLAME_GRAPHS) } : {}),
  };
  write(HAND_OVER_FILE, `${JSON.stringify(data, null, 2)}\n`);
  write('head.json', [...resultsText(head)].join(''));
  if (base) write('base.json', [...resultsText(base)].join(''));
  if (inclusive?.size) write(INCLUSIVE_FILE, `${JSON.stringify(Object.fromEntries(inclusive))}\n`);
}

/** In place of report-job.json when the measuring job could not measure the head: what it was to measure. */
const COULD_NOT_RUN_FILE = 'could-not-run.json';
const COULD_NOT_RUN_SCHEMA = 'cg-bench-could-not-run/1';

/** The measuring job could not measure the head (ci/pipeline.ts cannotRun): the report job says so where people look. */
export function writeCouldNotRun(write: NewFileWriter, handOver: Pick<ReportHandOver, 'sha' | 'suite' | 'pullRequest'>): void {
  const { sha, suite, pullRequest } = handOver;
  write(COULD_NOT_RUN_FILE, `${JSON.stringify({ schema: COULD_NOT_RUN_SCHEMA, sha, suite, ...(pullRequest ? { pullRequest } : {}) })}\n`);
}

/** The commit, suite and pull request a hand-over names, each checked (the pull request's code ran where it was written). */
function identityOf(d: Record<string, unknown>, file: string): Pick<ReportHandOver, 'sha' | 'suite' | 'pullRequest'> {
  if (typeof d['sha'] !== 'string' || !/^[0-9a-f]{40,64}$/.test(d['sha'])) throw new CgBenchError(`${file}: "sha" is not a commit sha`);
  if (typeof d['suite'] !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(d['suite'])) throw new CgBenchError(`${file}: "suite" is not a suite id`);
  const pr = d['pullRequest'];
  if (pr !== undefined && (!Number.isSafeInteger(pr) || (pr as number) < 1)) throw new CgBenchError(`${file}: "pullRequest" is not a pull request number`);
  return { sha: d['sha'], suite: d['suite'], pullRequest: pr as number | undefined };
}

/**
 * The hand-over object in `path` beneath `root` (through the reader), with exactly the `required` keys
 * and any of the `optional` ones, and the schema `schema` (what it is for: `what`); else a
 * CgBenchError naming `file`.
 */
function handOverAt(
  root: string,
  path: string,
  file: string,
  shape: { schema: string; what: string; required: readonly string[]; optional: readonly string[] },
): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(readTextBeneath(root, path, 64 * KiB, 'report hand-over', file));
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    throw new CgBenchError(`${file}: not valid JSON`);
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const keys = Object.keys(d)
    .filter((k) => !shape.optional.includes(k))
    .sort()
    .join(',');
  if (keys !== [...shape.required].sort().join(',') || d['schema'] !== shape.schema)
    throw new CgBenchError(`${file}: not a cg-bench ${shape.what} (${shape.schema})`);
  return d;
}

/** What the measuring job could not measure (writeCouldNotRun), when it left that instead of a report. */
export function readCouldNotRun(root: string, sub: string, shown: string): Pick<ReportHandOver, 'sha' | 'suite' | 'pullRequest'> | undefined {
  const path = join(root, sub, COULD_NOT_RUN_FILE);
  if (!presentAt(path)) return undefined;
  const file = `${sub ? `${shown}/${sub}` : shown}/${COULD_NOT_RUN_FILE}`;
  const d = handOverAt(root, path, file, { schema: COULD_NOT_RUN_SCHEMA, what: 'hand-over', required: ['schema', 'sha', 'suite'], optional: ['pullRequest'] });
  return identityOf(d, file);
}

/**
 * The hand-over in `root`/`sub` (sub '' for root itself), read through the reader beneath `root`:
 * a link anywhere beneath it is refused naming the file. `shown` names `root` in messages; `missing`
 * says what to do when there is no hand-over at all.
 */
export function readReportHandOver(
  root: string,
  sub: string,
  shown: string,
  missing: string,
): { handOver: ReportHandOver; head: Results; base: Results | undefined } {
  const dir = join(root, sub);
  const where = sub ? `${shown}/${sub}` : shown;
  const file = `${where}/${HAND_OVER_FILE}`;
  if (!presentAt(join(dir, HAND_OVER_FILE))) throw new CgBenchError(`${file}: missing; ${missing}`);
  const d = handOverAt(root, join(dir, HAND_OVER_FILE), file, {
    schema: SCHEMA,
    what: 'report hand-over',
    required: ['baselineSource', 'schema', 'sha', 'suite'],
    optional: ['pullRequest', 'flameGraphs'],
  });
  const identity = identityOf(d, file);
  if (typeof d['baselineSource'] !== 'string' || d['baselineSource'].length > MAX_SOURCE)
    throw new CgBenchError(`${file}: "baselineSource" is not a short text`);
  const flame = d['flameGraphs'];
  if (
    flame !== undefined &&
    (!Array.isArray(flame) || flame.length > MAX_FLAME_GRAPHS || !flame.every((f): f is string => typeof f === 'string' && FLAME_GRAPH_PATH.test(f)))
  )
    throw new CgBenchError(`${file}: "flameGraphs" is not a list of flame/NN-<benchmark>.svg`);
  const basePath = join(dir, 'base.json');
  const inclusivePath = join(dir, INCLUSIVE_FILE);
  let inclusive: Map<string, InclusiveFigures> | undefined;
  if (presentAt(inclusivePath)) {
    const shownInclusive = `${where}/${INCLUSIVE_FILE}`;
    let figures: unknown;
    try {
      figures = JSON.parse(readTextBeneath(root, inclusivePath, INCLUSIVE_LIMIT, 'report hand-over', shownInclusive));
    } catch (error) {
      if (error instanceof CgBenchError) throw error;
      throw new CgBenchError(`${shownInclusive}: not valid JSON`);
    }
    inclusive = parseInclusiveFigures(figures, shownInclusive);
  }
  return {
    handOver: {
      ...identity,
      baselineSource: d['baselineSource'],
      ...(flame ? { flameGraphs: flame as string[] } : {}),
      ...(inclusive ? { inclusive } : {}),
    },
    head: readResults(join(dir, 'head.json'), root),
    base: presentAt(basePath) ? readResults(basePath, root) : undefined,
  };
}
