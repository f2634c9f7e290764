/** Exit codes are part of the CLI's contract (docs/cli.md, the exit code table; 129/130/143 are 128 + the signal). */
export const ExitCode = {
  ok: 0,
  /** A regression over its threshold, when asked to fail on one (or `check` found nondeterminism). */
  regression: 1,
  /** Bad usage, configuration, baseline file or output directory: nothing was measured. */
  usage: 2,
  /** A benchmark (or a setup command) failed or timed out. */
  benchmarkFailed: 3,
  /** An internal error (a bug in cg-bench): anything thrown that is not a CgBenchError. */
  internal: 70,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An error the user can fix; its message is shown as is, without a stack trace. */
export class CgBenchError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.usage,
  ) {
    super(message);
    this.name = 'CgBenchError';
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
