import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The one rule for paths (README "Paths"): a path on the command line or in an environment variable
 * is relative to the caller's directory, a path in cg-bench.yml to the file's directory, a path
 * inside results.json to results.json. The entry points resolve each path once, by that rule; every
 * layer below them takes an AbsolutePath, so no relative path can reach a process that runs in
 * another directory (Valgrind runs in the benchmark's).
 */
declare const absoluteBrand: unique symbol;
export type AbsolutePath = string & { readonly [absoluteBrand]: true };

/** `path` as seen from `base` (itself absolute): for entry points and cg-bench.yml's own paths. */
export function resolveFrom(base: AbsolutePath, path: string): AbsolutePath {
  return resolve(base, path) as AbsolutePath;
}

/** The caller's directory: the base of every path on the command line and in the environment. */
export function callerDirectory(): AbsolutePath {
  return process.cwd() as AbsolutePath;
}

/**
 * For a path that is absolute by construction (joined onto an AbsolutePath, or a fixed one like
 * /work); a relative one here is a bug in cg-bench, never the user's mistake.
 */
export function absolutePath(path: string, what: string): AbsolutePath {
  if (!isAbsolute(path)) throw new Error(`internal: ${what} "${path}" is not an absolute path; an entry point should have resolved it`);
  return resolve(path) as AbsolutePath;
}

/** How to show a path to the caller: relative to their directory when beneath it, else absolute. */
export function shownPath(path: AbsolutePath, from: AbsolutePath = callerDirectory()): string {
  const rel = relative(from, path);
  if (rel === '') return '.';
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? path : rel;
}

/**
 * A checkout's path as the CI names it, resolved once at the entry to its real path (a link the
 * runner's configuration made, as a CI_PROJECT_DIR that is one stopped the copy to the workspace
 * with an internal error); as given where it does not exist (said later, where it is used).
 */
export function realCheckoutPath(path: string): string {
  try {
    return realpathSync(resolve(path));
  } catch {
    return resolve(path);
  }
}
