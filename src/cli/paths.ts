import { existsSync, statSync } from 'node:fs';
import { DEFAULT_CONFIG_FILE } from '../config/types.ts';
import { callerDirectory, resolveFrom, type AbsolutePath } from '../util/paths.ts';

const DEFAULT_OUT_DIR = '.cg-bench';

/** The command line's paths, resolved once from the caller's directory (README "Paths"). */
export interface CliPaths {
  config: AbsolutePath;
  out: AbsolutePath;
  baseline?: AbsolutePath;
  saveBaseline?: AbsolutePath;
}

export function cliPaths(
  values: { config?: string | undefined; out?: string | undefined; baseline?: string | undefined; 'save-baseline'?: string | undefined },
  caller: AbsolutePath = callerDirectory(),
): CliPaths {
  const paths: CliPaths = {
    config: resolveFrom(caller, values.config ?? DEFAULT_CONFIG_FILE),
    out: resolveFrom(caller, values.out ?? DEFAULT_OUT_DIR),
  };
  if (values.baseline !== undefined) paths.baseline = resolveFrom(caller, values.baseline);
  if (values['save-baseline'] !== undefined) paths.saveBaseline = resolveFrom(caller, values['save-baseline']);
  return paths;
}

/**
 * The environment with its path variables resolved from the caller's directory: CG_BENCH_VALGRIND is
 * started from the benchmark's directory, where a relative path would name another file or none.
 */
export function callerEnvironment(env: NodeJS.ProcessEnv, caller: AbsolutePath = callerDirectory()): NodeJS.ProcessEnv {
  const valgrind = env['CG_BENCH_VALGRIND'];
  return valgrind ? { ...env, CG_BENCH_VALGRIND: resolveFrom(caller, valgrind) } : env;
}

/** A results.json the command line names, or the one in the directory it names (an output directory). */
export function resultsFileOf(path: AbsolutePath): AbsolutePath {
  return existsSync(path) && statSync(path).isDirectory() ? resolveFrom(path, 'results.json') : path;
}
