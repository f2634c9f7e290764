import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { readResults, writeResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { presentAt, readTextBounded } from '../untrusted/read.ts';

/**
 * What the measuring job leaves for the note job, beside head/results.json: which commit and suite
 * it measured, the baseline's results and where they came from. The note job recomputes the
 * comparison and the report from these; it never posts text the measuring job wrote.
 */
const HAND_OVER_FILE = 'note.json';
const BASELINE_FILE = 'baseline.json';
const SCHEMA = 'cg-bench-gitlab-note/1';
const MAX_SOURCE = 500;

export interface HandOver {
  sha: string;
  suite: string;
  baselineSource: string;
}

export function writeHandOver(outRoot: string, handOver: HandOver, baseline: Results | undefined): void {
  writeFileSync(
    join(outRoot, HAND_OVER_FILE),
    `${JSON.stringify({ schema: SCHEMA, ...handOver, baselineSource: handOver.baselineSource.slice(0, MAX_SOURCE) }, null, 2)}\n`,
  );
  if (baseline) writeResults(join(outRoot, BASELINE_FILE), baseline);
}

/** The measuring job's hand-over, checked field by field: the merge request's code ran in that job. */
export function readHandOver(outRoot: string, shown: string): { handOver: HandOver; head: Results; baseline: Results | undefined } {
  const path = join(outRoot, HAND_OVER_FILE);
  if (!presentAt(path))
    throw new CgBenchError(
      `${shown}/${HAND_OVER_FILE}: missing; the note job needs the measuring job's artifacts (needs: with artifacts: true), and that job must have measured the head`,
    );
  let data: unknown;
  try {
    data = JSON.parse(readTextBounded(path, 64 * 1024, 'hand-over file', `${shown}/${HAND_OVER_FILE}`));
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    throw new CgBenchError(`${shown}/${HAND_OVER_FILE}: not valid JSON`);
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (Object.keys(d).sort().join(',') !== 'baselineSource,schema,sha,suite' || d['schema'] !== SCHEMA)
    throw new CgBenchError(`${shown}/${HAND_OVER_FILE}: not a cg-bench hand-over (${SCHEMA})`);
  if (typeof d['sha'] !== 'string' || !/^[0-9a-f]{40,64}$/.test(d['sha'])) throw new CgBenchError(`${shown}/${HAND_OVER_FILE}: "sha" is not a commit`);
  if (typeof d['suite'] !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(d['suite']))
    throw new CgBenchError(`${shown}/${HAND_OVER_FILE}: "suite" is not a suite id`);
  if (typeof d['baselineSource'] !== 'string' || d['baselineSource'].length > MAX_SOURCE)
    throw new CgBenchError(`${shown}/${HAND_OVER_FILE}: "baselineSource" is not a short text`);
  const baselinePath = join(outRoot, BASELINE_FILE);
  return {
    handOver: { sha: d['sha'], suite: d['suite'], baselineSource: d['baselineSource'] },
    // Beneath outRoot: a `head` that is a link (the measuring job ran the merge request's code) is refused.
    head: readResults(join(outRoot, 'head', 'results.json'), outRoot),
    baseline: presentAt(baselinePath) ? readResults(baselinePath, outRoot) : undefined,
  };
}
