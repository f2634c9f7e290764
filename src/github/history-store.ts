import { join } from 'node:path';
import type { CiLog, HistoryStore } from '../ci/types.ts';
import { CgBenchError, errorMessage } from '../errors.ts';
import type { HistoryPoint } from '../history/series.ts';
import type { Suite } from '../publish/suite.ts';
import { parseResults, writeFileAtomic } from '../results/io.ts';
import { cacheDirectory } from './cache-directory.ts';
import { MiB, readTextBounded } from '../untrusted/read.ts';

const FORMAT = 'cg-bench-history/1';
/** Slimmed runs (no functions, lines, logs): far below this for any suite we would draw. */
const HISTORY_LIMIT = 64 * MiB;

/** The kept runs as stored; every run is checked as results.json is. */
function parseHistory(text: string, source: string): HistoryPoint[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CgBenchError(`${source}: not valid JSON (${errorMessage(error)})`);
  }
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (record['format'] !== FORMAT || !Array.isArray(record['runs'])) throw new CgBenchError(`${source}: not a cg-bench history (${FORMAT})`);
  return record['runs'].map((run: unknown, i) => {
    const r = (typeof run === 'object' && run !== null ? run : {}) as Record<string, unknown>;
    if (typeof r['label'] !== 'string' || r['label'].length > 100) throw new CgBenchError(`${source}: runs[${i}].label is not a short text`);
    return { label: r['label'], results: parseResults(r['results'], `${source}: runs[${i}].results`) };
  });
}

/**
 * The default branch's last runs in the Actions cache. Entries cannot be overwritten, so each run of
 * the default branch saves a new one under a key unique to the run, and a later run restores the
 * newest by prefix (a pull request's run reads its base branch's entries; it saves none).
 */
export function actionsCacheHistory(suite: Suite, env: NodeJS.ProcessEnv, log: CiLog): HistoryStore {
  const cached = cacheDirectory('cg-bench-history', suite.id);
  const file = join(cached.dir, 'history.json');
  const prefix = `cg-bench-history-v1-${suite.id}-`;
  const key = `${prefix}${env['GITHUB_RUN_ID'] ?? 'local'}-${env['GITHUB_RUN_ATTEMPT'] ?? '1'}`;
  return {
    async load() {
      if (!cached.available) {
        log.info('The Actions cache is not available here: no trend.');
        return [];
      }
      const hit = await cached.restore(key, [prefix]);
      if (!hit) {
        log.info('No history of the default branch in the cache yet.');
        return [];
      }
      return parseHistory(readTextBounded(file, HISTORY_LIMIT, 'history file'), `cached history ${hit}`);
    },
    async save(points) {
      if (!cached.available) return 'the Actions cache is not available to this job';
      return cached.save(key, () => writeFileAtomic(file, `${JSON.stringify({ format: FORMAT, runs: points })}\n`));
    },
  };
}
