import { parseArgs, type ParseArgsConfig } from 'node:util';
import { percentFromText, positiveIntegerFromText } from '../config/option-text.ts';
import { CgBenchError, ExitCode, errorMessage } from '../errors.ts';
import { FORMAT_NAMES, type FormatName } from '../report/index.ts';
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

export function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = positiveIntegerFromText(value);
  if (n === null) throw new CgBenchError(`--${name} ${value}: must be a whole number from 1 to 1024, in digits`);
  return n;
}

export function threshold(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const percent = percentFromText(value);
  if (percent === null) throw new CgBenchError(`--threshold ${value}: is not a percentage (write 1% or 0.5%)`);
  return percent;
}

export function format(value: string | undefined): FormatName {
  const name = (value ?? 'terminal') as FormatName;
  if (!FORMAT_NAMES.includes(name)) throw new CgBenchError(`--format ${value}: must be one of ${FORMAT_NAMES.join(', ')}`);
  return name;
}

export function progressFor(io: CliIO): Progress {
  return io.stderr.isTTY ? terminalProgress(rawStream(io.stderr)) : lineProgress((t) => io.stderr.write(t));
}

export function help(topic: string, io: CliIO): number {
  io.stdout.write(`${HELP[topic] ?? HELP['main']}\n`);
  return ExitCode.ok;
}
