import { CgBenchError, ExitCode } from '../errors.ts';
import { VERSION } from '../version.ts';
import { help, type CliIO } from './options.ts';
import { flushLines, inertStream, workflowCommandSafe } from './terminal.ts';

export type { CliIO };

type Command = (args: string[], io: CliIO) => Promise<number>;

// Each command's module is loaded when it is asked for (a chunk of its own in dist/): a run loads
// neither the report-only commands nor, for `--help`, the engine (issue 26: Node's start-up cost).
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./commands.ts')).run,
  compare: async () => (await import('./commands.ts')).compare,
  check: async () => (await import('./commands.ts')).check,
  env: async () => (await import('./commands.ts')).env,
  merge: async () => (await import('./merge.ts')).merge,
  bisect: async () => (await import('./bisect.ts')).bisectCommand,
  diff: async () => (await import('./diff.ts')).diff,
  history: async () => (await import('./history.ts')).history,
  paired: async () => (await import('./paired.ts')).paired,
};

/**
 * Every command's stderr (progress, warnings, error messages quoting names, commands and logs) goes
 * through one inert stream: no escape sequence, C1 control or bidi override a configuration or a
 * benchmark wrote reaches the terminal or the CI log (README "Security").
 */
export async function main(argv: string[], streams: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  // In a GitHub Actions step, a line of output could be a workflow command: both streams make them text.
  const actions = process.env['GITHUB_ACTIONS'] === 'true';
  const io: CliIO = actions
    ? { stdout: workflowCommandSafe(streams.stdout), stderr: inertStream(workflowCommandSafe(streams.stderr)) }
    : { stdout: streams.stdout, stderr: inertStream(streams.stderr) };
  try {
    return await dispatch(argv, io);
  } finally {
    flushLines(io.stdout);
    flushLines(io.stderr);
  }
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '-h' || command === '--help') return help('main', io);
    if (command === 'help') return help(rest[0] ?? 'main', io);
    if (command === '-V' || command === '--version') {
      io.stdout.write(`cg-bench ${VERSION}\n`);
      return ExitCode.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new CgBenchError(`unknown command "${command}"; the commands are: ${Object.keys(COMMANDS).join(', ')}\nSee: cg-bench --help`);
    return await (await handler())(rest, io);
  } catch (caught) {
    // Loaded only when something failed: results/io.ts is part of the engine's chunk.
    const error = (await import('../results/io.ts')).outputProblem(caught) ?? caught;
    if (error instanceof CgBenchError) {
      io.stderr.write(`cg-bench: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`cg-bench: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.internal;
  }
}
