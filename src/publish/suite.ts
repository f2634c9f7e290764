import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { commentMarker } from './sticky.ts';

/** One configuration file's benchmarks: its own comment, status context and cache keys. */
export interface Suite {
  id: string;
  /** Shown in the status context and logs. */
  name: string;
  marker: string;
  statusContext: string;
  /** The configuration file relative to the repository root. */
  configPath: string;
  /** In the report's heading: the name the suite input gave (a project with several suites); undefined for the default suite. */
  heading?: string | undefined;
}

/** A suite is one configuration file; `name` (the action's or component's suite input) overrides its id. */
export function suiteFor(workingDirectory: string, config: string, name: string): Suite {
  const configPath = posix.normalize(posix.join(workingDirectory, config));
  // The id names directories (the cache's): never '.', '..' or hidden.
  const id = name ? name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^\./, '-') : createHash('sha256').update(configPath).digest('hex').slice(0, 12);
  return {
    id,
    name: name || configPath,
    marker: commentMarker(id),
    statusContext: name ? `cg-bench/${name}` : 'cg-bench',
    configPath,
    ...(name ? { heading: name } : {}),
  };
}
