import { booleanFromText, percentFromText, positiveIntegerFromText } from '../config/option-text.ts';
import { DEFAULT_CONFIG_FILE } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { exportsFromText, type ExportFormat } from '../report/exports.ts';
import { parseShard, type Shard } from '../shard/plan.ts';

export type CommentMode = 'always' | 'on-change' | 'never';
export type ActionMode = 'auto' | 'measure' | 'report' | 'merge';

export interface ActionInputs {
  config: string;
  token: string;
  image: string;
  thresholdPercent: number | undefined;
  failOnRegression: boolean;
  comment: CommentMode;
  status: boolean;
  cache: boolean;
  workingDirectory: string;
  mode: ActionMode;
  suite: string;
  jobs: number;
  artifactDir: string;
  /** Part I of N of a sharded run; undefined for the whole suite. */
  shard: Shard | undefined;
  exports: ExportFormat[];
  /** How many default-branch runs to keep for the trend in the job summary; 0 keeps none. */
  history: number;
}

/** Runs of the default branch kept for the trend by default: a month of daily merges. */
export const DEFAULT_HISTORY = 30;
/** At most this many: the picture has room for them, the cache entry stays small. */
export const MAX_HISTORY = 200;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new CgBenchError(`input "${name}": "${value}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

function bool(name: string, value: string): boolean {
  const b = booleanFromText(value);
  if (b === null) throw new CgBenchError(`input "${name}": "${value}" is not true or false`);
  return b;
}

/** Reads and checks the action's inputs; `get` returns the raw input ('' when unset), as core.getInput does. */
export function readInputs(get: (name: string) => string): ActionInputs {
  const or = (name: string, fallback: string) => get(name).trim() || fallback;
  const threshold = get('threshold').trim();
  const thresholdPercent = threshold ? percentFromText(threshold) : undefined;
  if (thresholdPercent === null) throw new CgBenchError(`input "threshold": "${threshold}" is not a percentage (write 1% or 0.5%)`);
  const jobs = positiveIntegerFromText(or('jobs', '1'));
  if (jobs === null) throw new CgBenchError(`input "jobs": "${get('jobs')}" must be a whole number from 1 to 1024, in digits`);
  const historyText = or('history', String(DEFAULT_HISTORY));
  const history = historyText === '0' ? 0 : positiveIntegerFromText(historyText, MAX_HISTORY);
  if (history === null) throw new CgBenchError(`input "history": "${get('history')}" must be a whole number from 0 to ${MAX_HISTORY}, in digits (0 keeps no history)`);
  const exports = exportsFromText(get('exports'), '"exports"');
  if (typeof exports === 'string') throw new CgBenchError(exports);
  return {
    config: or('config', DEFAULT_CONFIG_FILE),
    token: get('github-token').trim(),
    image: get('image').trim(),
    thresholdPercent,
    failOnRegression: bool('fail-on-regression', or('fail-on-regression', 'false')),
    comment: oneOf('comment', or('comment', 'on-change'), ['always', 'on-change', 'never'] as const),
    status: bool('status', or('status', 'true')),
    cache: bool('cache', or('cache', 'true')),
    workingDirectory: or('working-directory', '.'),
    mode: oneOf('mode', or('mode', 'auto'), ['auto', 'measure', 'report', 'merge'] as const),
    suite: get('suite').trim(),
    jobs,
    artifactDir: get('artifact-dir').trim(),
    shard: get('shard').trim() ? parseShard(get('shard'), 'input "shard":') : undefined,
    exports,
    history,
  };
}
