import { commandArgv, viaShell } from '../config/command.ts';
import type { BenchmarkSpec } from '../config/types.ts';
import { CgBenchError } from '../errors.ts';
import { HANDED_VARIABLES, handedPathProblem } from '../untrusted/view.ts';

/**
 * Stops, before any setup command runs, at the first path a benchmark hands its run that the view
 * would not bind back into its private temporary directories (untrusted/view.ts, handedPathProblem): a
 * variable of its `env:`, its `cwd:` or a path its `run:` names that lies in cg-bench-runs (every
 * job's Valgrind output) or the homes, or is written with "." or "..". Such a path named the other
 * job's staging; left out unsaid, the run would fail on a missing file. One of those directories or
 * one above (TMPDIR: TMPDIR/cg-bench-runs) is narrowed to an empty private directory instead.
 */
export function refuseHandedPaths(specs: readonly BenchmarkSpec[]): void {
  for (const spec of specs) {
    const named: [string, string][] = [
      ...Object.entries(HANDED_VARIABLES).flatMap(([variable, list]): [string, string][] => {
        const value = spec.env[variable];
        if (value === undefined) return [];
        return (list ? value.split(':') : [value]).map((path) => [`env: ${variable}`, path]);
      }),
      ...(viaShell(spec.run)
        ? []
        : commandArgv(spec.run)
            .filter((arg) => arg.startsWith('/'))
            .map((arg): [string, string] => ['run', arg])),
    ];
    const cwd = handedPathProblem(spec.cwd, true);
    if (cwd) throw new CgBenchError(`benchmark "${spec.name}": cwd: ${spec.cwd} ${cwd}`);
    for (const [field, path] of named) {
      const problem = handedPathProblem(path);
      if (problem) throw new CgBenchError(`benchmark "${spec.name}": ${field}: ${path} ${problem}`);
    }
  }
}
