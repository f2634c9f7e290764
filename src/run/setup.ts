import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import type { Command } from '../config/types.ts';
import { CgBenchError, ExitCode } from '../errors.ts';
import { formatDuration } from '../report/format.ts';
import { logTail } from '../untrusted/read.ts';
import { shownPath, type AbsolutePath } from '../util/paths.ts';
import { SETUP_HOME } from './environment.ts';
import type { Progress } from './progress.ts';
import { runProcess } from '../untrusted/process.ts';
import { makeSetupHome } from '../untrusted/given-directories.ts';
import { NO_SANDBOX, sandboxedCommand, type Sandbox } from '../untrusted/sandbox.ts';
import { setupEnvironment } from '../untrusted/setup-environment.ts';
import { unlock, waitForLock } from '../util/pid-lock.ts';

/**
 * The setup log, opened for appending before each command, never through a link: the log may sit in
 * the checkout, which a setup command may be able to write (the checkout's owner, when cg-bench is
 * root), and one that put a link there would have cg-bench append its output wherever it points.
 */
function openLog(path: AbsolutePath, openedAt: string = path, during = 'the setup commands ran'): number {
  const replaced = (what: string) =>
    new CgBenchError(
      `${shownPath(path)}: replaced by ${what} while ${during}; cg-bench never writes through a link or into anything but a plain file`,
      ExitCode.benchmarkFailed,
    );
  let fd: number;
  try {
    fd = openSync(openedAt, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw replaced('a symbolic link');
    if (code === 'ENXIO' || code === 'EISDIR') throw replaced('something else');
    throw error;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw replaced('something else');
  }
  return fd;
}

/** Appends `text` to the setup log, opened as runSetup opens it (never through a link). */
export function appendSetupLog(text: string, path: AbsolutePath, openedAt: string = path): void {
  const fd = openLog(path, openedAt, 'the benchmarks ran');
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function describeCommand(command: Command): string {
  return typeof command === 'string' ? command : command.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

export interface SetupOptions {
  /** The configuration's directory. */
  cwd: AbsolutePath;
  logFile: AbsolutePath;
  /** Where the log is opened when not at logFile: beneath a held output directory (untrusted/write.ts). */
  logOpenedAt?: string;
  /** Limit for each command; on expiry its whole process group is killed. */
  timeoutMs: number;
  progress: Progress;
  /** Pull-request code: run in the untrusted-code sandbox (untrusted.ts). */
  sandbox?: Sandbox;
}

/** Runs one command (through the process gate); resolves to why it failed, or undefined. */
async function runOne(command: Command, fd: number, env: Record<string, string>, options: SetupOptions): Promise<string | undefined> {
  const argv = typeof command === 'string' ? ['/bin/sh', '-c', command] : command;
  const sandboxed = sandboxedCommand(options.sandbox ?? NO_SANDBOX, argv, env, false, 0, [], options.cwd);
  const outcome = await runProcess({ command: sandboxed, cwd: options.cwd, stdout: { fd }, stderr: { fd }, timeoutMs: options.timeoutMs });
  if (outcome.spawnError) return outcome.spawnError;
  if (outcome.timedOut) return `timed out after ${formatDuration(options.timeoutMs)}; set "setup-timeout" in cg-bench.yml to allow longer`;
  return outcome.exitCode === 0 ? undefined : outcome.signal ? `killed by ${outcome.signal}` : `exited with status ${outcome.exitCode}`;
}

/**
 * Setup commands (builds) run natively, in the configuration directory, their output appended to one
 * log, in the untrusted-code sandbox, with an allow-listed part of the caller's environment
 * (toolchains live on the user's PATH; tokens live in CI's environment too).
 */
export async function runSetup(commands: Command[], options: SetupOptions): Promise<void> {
  if (!commands.length) return;
  // One setup home for every cg-bench on the machine (a fixed path, as a build may keep it), each run
  // making it afresh for its code's uid: one run's setup at a time (two at once, as root for two
  // uids, removed each other's, and the second stopped: "what is there cannot be removed").
  const lock = `${SETUP_HOME}.lock`;
  await waitForLock(lock);
  try {
    const sandbox = options.sandbox ?? NO_SANDBOX;
    // Never through a link (an earlier run's setup owned it), afresh for another user (untrusted/given-directories.ts).
    makeSetupHome(sandbox, SETUP_HOME);
    await runCommands(commands, setupEnvironment(process.env, sandbox, SETUP_HOME), options);
  } finally {
    unlock(lock);
  }
}

async function runCommands(commands: Command[], env: Record<string, string>, options: SetupOptions): Promise<void> {
  for (const command of commands) {
    options.progress.setup(describeCommand(command));
    const fd = openLog(options.logFile, options.logOpenedAt);
    writeSync(fd, `$ ${describeCommand(command)}\n`);
    let status: string | undefined;
    try {
      status = await runOne(command, fd, env, options);
    } finally {
      closeSync(fd);
    }
    if (status) {
      // The log holds whatever the command printed (a build can print gigabytes): its tail only.
      const tail = logTail(options.logOpenedAt ?? options.logFile);
      // From this command's own line, when the tail reaches back to it: not the sandbox's notes and earlier commands above it.
      const own = tail.lastIndexOf(`$ ${describeCommand(command)}\n`);
      throw new CgBenchError(
        `setup command failed (${status}): ${describeCommand(command)}\nlast lines of ${shownPath(options.logFile)}:\n${own >= 0 ? tail.slice(own) : tail}`,
        ExitCode.benchmarkFailed,
      );
    }
  }
}
