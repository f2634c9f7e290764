// What the Python files in the image share (python.test.ts, python-libraries.test.ts): shell lines
// of cg-bench runs in one container, and the counts a claim compares.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Results } from '../../src/results/types.ts';
import { readJson } from '../helpers.ts';
import { engine, RUN_FLAGS } from './container.ts';

/** Per benchmark: its status, estimated cycles and instructions. */
export const counts = (r: Results) => Object.fromEntries(r.benchmarks.map((b) => [b.name, [b.status, b.estimatedCycles, b.events?.Ir]]));

const CLI = 'node /opt/cg-bench/dist/cli.js';
/** A word the in-container shell script may carry unquoted. */
const word = (s: string) => {
  assert.match(s, /^[\w./=-]+$/);
  return s;
};

/**
 * Shell commands run in ONE container of `image` on `work` (at /work), results outside it (files
 * beside a script reach the count). Every count one claim compares is measured in one container:
 * a Python count follows the device numbers of the filesystems it reads (results' `seal.devices`),
 * which the kernel gives each container's root from those free, so counts taken in containers
 * started beside other test files' could differ for that reason alone (cg-bench calls such runs
 * "not comparable"). In one container they are the same, and the files share the engine with the
 * others (python.test.ts held it alone for 425 s of a 1,097 s run).
 */
export function inOneContainer(image: string, work: string, results: string, script: string[]): void {
  const r = engine(['run', '--rm', ...RUN_FLAGS, '-v', `${work}:/work`, '-v', `${results}:/results`, '--entrypoint', 'sh', image, '-c', script.join('\n')]);
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
}

/** A `cg-bench run` line for inOneContainer: exit 0 or 1 (a regression) goes on, anything else stops. */
export const cgBenchRun = (args: string[]) => `${CLI} run ${args.map(word).join(' ')} || [ $? -eq 1 ] || exit 9`;

/** results.json of a run that wrote to /results/OUT. */
export const resultsOf = (results: string, out: string): Results => readJson(join(results, out, 'results.json'));
