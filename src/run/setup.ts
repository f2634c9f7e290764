import { closeSync, openSync, appendFileSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { Command } from '../config/types.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { BENCHMARK_HOME } from './environment.ts';
import type { Progress } from './progress.ts';
import { NO_SANDBOX, sandboxed, setupEnvironment, type Sandbox } from './untrusted.ts';

export function describeCommand(command: Command): string {
  return typeof command === 'string' ? command : command.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/**
 * Setup commands (builds) run natively, in the configuration directory, their output appended to one
 * log, in the untrusted-code sandbox, with an allow-listed part of the caller's environment
 * (toolchains live on the user's PATH; tokens live in CI's environment too).
 */
export async function runSetup(commands: Command[], cwd: string, logFile: string, progress: Progress, sandbox: Sandbox = NO_SANDBOX): Promise<void> {
  const env = setupEnvironment(process.env, sandbox, BENCHMARK_HOME);
  for (const command of commands) {
    progress.setup(describeCommand(command));
    appendFileSync(logFile, `$ ${describeCommand(command)}\n`);
    const fd = openSync(logFile, 'a');
    const [program, ...args] = sandboxed(sandbox, typeof command === 'string' ? ['/bin/sh', '-c', command] : command);
    const status = await new Promise<string | undefined>((resolve) => {
      const child = spawn(program!, args, { cwd, env, stdio: ['ignore', fd, fd] });
      child.once('error', (error) => resolve(error.message));
      child.once('exit', (code, signal) => resolve(code === 0 ? undefined : signal ? `killed by ${signal}` : `exited with status ${code}`));
    });
    closeSync(fd);
    if (status) {
      const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
      throw new CgBenchError(`setup command failed (${status}): ${describeCommand(command)}\nlast lines of ${logFile}:\n${tail}`, ExitCode.benchmarkFailed);
    }
  }
}
