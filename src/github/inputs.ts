import { actionInput, booleanOption, choiceOption, countOption, exportsOption, thresholdOption } from '../config/option-text.ts';
import { DEFAULT_CONFIG_FILE } from '../config/types.ts';
import type { ExportFormat } from '../report/index.ts';
import { parseShard, type Shard } from '../shard/plan.ts';

type CommentMode = 'always' | 'on-change' | 'never';
type ActionMode = 'auto' | 'measure' | 'report' | 'merge';

export interface ActionInputs {
  config: string;
  token: string;
  image: string;
  thresholdPercent: number | undefined;
  failOnRegression: boolean;
  /** On pushes to the default branch, measure the head twice and name the benchmarks whose counts differ. */
  checkDeterminism: boolean;
  /** On pull requests, keep call trees and draw a differential flame graph of each changed benchmark. */
  callTree: boolean;
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
const DEFAULT_HISTORY = 30;
/** At most this many: the picture has room for them, the cache entry stays small. */
const MAX_HISTORY = 200;

const COMMENT_MODES: readonly CommentMode[] = ['always', 'on-change', 'never'];
const ACTION_MODES: readonly ActionMode[] = ['auto', 'measure', 'report', 'merge'];

/** Reads and checks the action's inputs; `get` returns the raw input ('' when unset), as core.getInput does. */
export function readInputs(get: (name: string) => string): ActionInputs {
  // Each value's check and wording is option-text.ts's, the same as the CLI's and the GitLab job's.
  const input = (name: string) => get(name).trim() || undefined;
  const or = (name: string, fallback: string) => input(name) ?? fallback;
  const bool = (name: string, fallback: boolean) => booleanOption(actionInput(name), input(name), fallback);
  return {
    config: or('config', DEFAULT_CONFIG_FILE),
    token: get('github-token').trim(),
    image: get('image').trim(),
    thresholdPercent: thresholdOption(actionInput('threshold'), input('threshold')),
    failOnRegression: bool('fail-on-regression', false),
    checkDeterminism: bool('check-determinism', false),
    callTree: bool('call-tree', false),
    comment: choiceOption(actionInput('comment'), input('comment'), COMMENT_MODES, 'on-change'),
    status: bool('status', true),
    cache: bool('cache', true),
    workingDirectory: or('working-directory', '.'),
    mode: choiceOption(actionInput('mode'), input('mode'), ACTION_MODES, 'auto'),
    suite: get('suite').trim(),
    jobs: countOption(actionInput('jobs'), input('jobs'), 1),
    artifactDir: get('artifact-dir').trim(),
    shard: input('shard') === undefined ? undefined : parseShard(get('shard'), actionInput('shard')),
    exports: exportsOption(actionInput('exports'), input('exports')),
    history: countOption(actionInput('history'), input('history'), DEFAULT_HISTORY, { max: MAX_HISTORY, zero: '0 keeps no history' }),
  };
}
