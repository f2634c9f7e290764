import { CgBenchError, ExitCode } from '../errors.ts';
import { VERSION } from '../version.ts';
import { help, type CliIO } from './options.ts';
import { flushLines, inertStream, workflowCommandSafe } from './terminal.ts';

export type { CliIO };

type Command = (args: string[], io: CliIO) => Promise<number>;

// The commands' code is evaluated when one is asked for (in dist/cli.js, esbuild wraps what is
// import()ed in an initialiser): `--help` and `--version` evaluate no engine, no YAML parser (issue 26).
const commands = () => import('./commands.ts');
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await commands()).run,
  compare: async () => (await commands()).compare,
  check: async () => (await commands()).check,
  env: async () => (await commands()).env,
  merge: async () => (await commands()).merge,
  bisect: async () => (await commands()).bisectCommand,
  diff: async () => (await commands()).diff,
  history: async () => (await commands()).history,
  paired: async () => (await commands()).paired,
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
    // A failed command has loaded the commands' chunk already (or the import fails with a usage error).
    const error = (await commands()).outputProblem(caught) ?? caught;
    if (error instanceof CgBenchError) {
      io.stderr.write(`cg-bench: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`cg-bench: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.internal;
  }
}
