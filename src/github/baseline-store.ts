import * as cache from '@actions/cache';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../errors.ts';
import { readResults, writeResults } from '../results/io.ts';
import type { Results } from '../results/types.ts';

/** Where baselines live between workflow runs. */
export interface BaselineStore {
  restore(key: string): Promise<Results | undefined>;
  /** Undefined when saved; else why not, for a warning. */
  save(key: string, results: Results): Promise<string | undefined>;
}

/**
 * Baselines in the Actions cache: one results.json per exact key. The directory path is part of the
 * cache version, so it is the same on every run.
 */
export function actionsCacheStore(dir: string, log: { info(m: string): void; warning(m: string): void }): BaselineStore {
  const file = join(dir, 'results.json');
  return {
    async restore(key) {
      if (!cache.isFeatureAvailable()) {
        log.info('The Actions cache is not available here: the baseline will be measured in this job.');
        return undefined;
      }
      rmSync(dir, { recursive: true, force: true });
      try {
        const hit = await cache.restoreCache([dir], key);
        if (!hit) return undefined;
        return readResults(file);
      } catch (error) {
        log.warning(`Could not use the cached baseline ${key}: ${errorMessage(error)}`);
        return undefined;
      }
    },
    async save(key, results) {
      if (!cache.isFeatureAvailable()) return 'the Actions cache is not available to this job';
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeResults(file, results);
      try {
        // saveCache reports most failures by returning -1 after a warning of its own, not by throwing.
        const id = await cache.saveCache([dir], key);
        return id === -1 ? 'the cache service did not store it (see the lines above; an entry under the same key may exist already)' : undefined;
      } catch (error) {
        return errorMessage(error);
      }
    },
  };
}
