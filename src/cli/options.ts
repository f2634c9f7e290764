import { parseArgs, type ParseArgsConfig } from 'node:util';
import { cliFlag, countOption, formatOption, thresholdOption } from '../config/option-text.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import type { FormatName } from '../report/index.ts';
import { lineProgress, terminalProgress, type Progress } from '../run/progress.ts';
import { HELP } from './help.ts';
import { rawStream } from './terminal.ts';

// What every subcommand shares: its streams, the common options and their checks.

export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export const MEASURE_OPTIONS = {
  config: { type: 'string', short: 'c' },
  out: { type: 'string', short: 'o' },
  filter: { type: 'string', short: 'f' },
  jobs: { type: 'string', short: 'j' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export const REPORT_OPTIONS = {
  threshold: { type: 'string' },
  'fail-on-regression': { type: 'boolean' },
  format: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: T, positionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true });
  } catch (error) {
    throw new CgBenchError(`cg-bench ${command}: ${errorMessage(error).replace(/^TypeError \[\w+\]: /, '')}\nSee: cg-bench ${command} --help`);
  }
}

// The checks themselves are src/config/option-text.ts's, shared with the action and the GitLab job.
export function positiveInt(name: string, value: string | undefined, fallback: number): number {
  return countOption(cliFlag(name), value, fallback);
}

export function threshold(value: string | undefined): number | undefined {
  return thresholdOption(cliFlag('threshold'), value);
}

export function format(value: string | undefined): FormatName {
  return formatOption(cliFlag('format'), value);
}

export function progressFor(io: CliIO): Progress {
  return io.stderr.isTTY ? terminalProgress(rawStream(io.stderr)) : lineProgress((t) => io.stderr.write(t));
}

export function help(topic: string, io: CliIO): number {
  io.stdout.write(`${HELP[topic] ?? HELP['main']}\n`);
  return ExitCode.ok;
}
