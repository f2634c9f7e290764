import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { trackProcessGroup } from '../run/interrupt.ts';

export interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  wallTimeMs: number;
  /** Set when the process could not be started at all. */
  spawnError?: string;
}

/**
 * Runs a command with stdin from /dev/null and stdout/stderr into files, in a process group of its
 * own so that a timeout kills everything it started.
 */
export function runProcess(options: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdoutFile: string;
  stderrFile: string;
  timeoutMs: number;
}): Promise<ProcessOutcome> {
  const out = openSync(options.stdoutFile, 'w');
  const err = openSync(options.stderrFile, 'w');
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', out, err],
      detached: true,
    });
    closeSync(out);
    closeSync(err);
    const untrack = trackProcessGroup(child.pid);
    child.once('exit', untrack);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    // Interrupting cg-bench must not leave orphans measuring away.
    const forward = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    process.once('exit', forward);
    child.once('error', (error) => {
      clearTimeout(timer);
      process.removeListener('exit', forward);
      resolve({ exitCode: null, signal: null, timedOut: false, wallTimeMs: elapsed(), spawnError: error.message });
    });
    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer);
      process.removeListener('exit', forward);
      resolve({ exitCode, signal, timedOut, wallTimeMs: elapsed() });
    });
  });
}
