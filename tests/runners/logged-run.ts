// One runner run (act, gitlab-ci-local) as the runners' tests start it: its output kept as one log.
import { spawn } from 'node:child_process';

const RUN_TIMEOUT_MS = 10 * 60_000;

/**
 * `command args` to its end, stdout and stderr in one log in the order they came. A run that hangs
 * is ended, and says so, instead of holding the suite until its timeout.
 */
export async function loggedRun(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ code: number | null; log: string }> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const timer = setTimeout(() => {
    log += `\n[test] killed after ${RUN_TIMEOUT_MS / 60_000} minutes\n`;
    child.kill('SIGKILL');
  }, RUN_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, log };
}
