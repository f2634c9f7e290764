import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { BaselineRequest, BaselineStore, CiLog } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import type { Suite } from '../publish/suite.ts';
import { readResults, writeResults } from '../results/io.ts';
import { cacheDirectory } from './cache-directory.ts';
import type { Environment } from '../results/types.ts';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What the simulated machine and userland are, reduced to a short hash for cache keys. */
function fingerprint(env: Environment): string {
  const { cgBench, valgrind, glibc, os, arch, python, cpu, host } = env;
  return sha256(JSON.stringify({ cgBench, valgrind, glibc, os, arch, python, cpu, host })).slice(0, 16);
}

/** Exact: commit + image + configuration + fingerprint. Never a prefix match: no stale baseline. */
function baselineKey(suite: Suite, sha: string, imageIdentity: string, configText: string, env: Environment): string {
  return `cg-bench-v1-${suite.id}-${sha}-${sha256(`${imageIdentity}\n${configText}`).slice(0, 16)}-${fingerprint(env)}`;
}

function keyFor(suite: Suite, request: BaselineRequest & { configText: string }): string {
  return baselineKey(suite, request.sha, request.imageIdentity, request.configText, request.environment);
}

/** Baselines in the Actions cache: one results.json per exact key. */
export function actionsCacheStore(suite: Suite, log: CiLog): BaselineStore {
  const cached = cacheDirectory('cg-bench-baseline', suite.id);
  const file = join(cached.dir, 'results.json');
  return {
    async restore(request) {
      if (!cached.available) {
        log.info('The Actions cache is not available here: the baseline will be measured in this job.');
        return undefined;
      }
      const { configText } = request;
      if (configText === undefined) return undefined; // No commit, no configuration, no key.
      const key = keyFor(suite, { ...request, configText });
      try {
        if (!(await cached.restore(key))) {
          log.info(`No cached baseline for ${key}; measuring it in this job.`);
          return undefined;
        }
        log.info(`Baseline restored from the cache (${key}).`);
        return { results: readResults(file), from: 'restored from the cache' };
      } catch (error) {
        log.warning(`Could not use the cached baseline ${key}: ${errorMessage(error)}`);
        return undefined;
      }
    },
    async save(request, results) {
      if (!cached.available) return 'the Actions cache is not available to this job';
      return cached.save(keyFor(suite, { ...request, configText: request.configText ?? '' }), () => writeResults(file, results));
    },
  };
}
