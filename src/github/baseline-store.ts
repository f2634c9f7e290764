import * as cache from '@actions/cache';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineRequest, BaselineStore, CiLog } from '../ci/types.ts';
import { errorMessage } from '../errors.ts';
import type { Suite } from '../publish/suite.ts';
import { readResults, writeResults } from '../results/io.ts';
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
export function baselineKey(suite: Suite, sha: string, imageIdentity: string, configText: string, env: Environment): string {
  return `cg-bench-v1-${suite.id}-${sha}-${sha256(`${imageIdentity}\n${configText}`).slice(0, 16)}-${fingerprint(env)}`;
}

function keyFor(suite: Suite, request: BaselineRequest & { configText: string }): string {
  return baselineKey(suite, request.sha, request.imageIdentity, request.configText, request.environment);
}

/**
 * Baselines in the Actions cache: one results.json per exact key. The directory path is part of the
 * cache version, so it is the same on every run.
 */
export function actionsCacheStore(suite: Suite, log: CiLog): BaselineStore {
  // The cache version hashes the path: a fixed one, not RUNNER_TEMP, so every runner agrees.
  const dir = join('/tmp/cg-bench-baseline', suite.id);
  const file = join(dir, 'results.json');
  return {
    async restore(request) {
      if (!cache.isFeatureAvailable()) {
        log.info('The Actions cache is not available here: the baseline will be measured in this job.');
        return undefined;
      }
      const { configText } = request;
      if (configText === undefined) return undefined; // No commit, no configuration, no key.
      const key = keyFor(suite, { ...request, configText });
      rmSync(dir, { recursive: true, force: true });
      try {
        const hit = await cache.restoreCache([dir], key);
        if (!hit) {
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
      if (!cache.isFeatureAvailable()) return 'the Actions cache is not available to this job';
      const key = keyFor(suite, { ...request, configText: request.configText ?? '' });
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeResults(file, results);
      try {
        // saveCache reports most failures by returning -1 after a warning of its own, not by throwing.
        const id = await cache.saveCache([dir], key);
        return id === -1 ? `the cache service did not store ${key} (see the lines above; an entry under the same key may exist already)` : undefined;
      } catch (error) {
        return `${key}: ${errorMessage(error)}`;
      }
    },
  };
}
