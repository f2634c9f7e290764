import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, existsSync, openSync, realpathSync } from 'node:fs';
import type { Command } from './command.ts';
import { openNewFile } from './write.ts';

/**
 * The one gate for running a process: every process a pull request controls (setup commands,
 * benchmarks under Valgrind, their warm-ups and attribution passes, paired timed runs on both sides)
 * is started by runProcess; cg-bench's own short probes by runProcessSync. What runProcess guarantees:
 *
 * - the process runs in a process group of its own (a new session): a limit or an interrupt kills
 *   the whole group with SIGKILL, which ends a process that ignores SIGTERM and one that stopped
 *   itself (a stopped process dies of SIGKILL without a SIGCONT);
 * - the timeout is always enforced (each caller says what bounds a run: `timeoutMs`);
 * - when the process ends, whatever it left running in its group is killed too: nothing it started
 *   outlives it (so no survivor keeps the priority or the CPU a timed run was given);
 * - on SIGINT, SIGTERM and SIGHUP (exitOnInterrupt) and whenever cg-bench's process exits, every
 *   live group is killed;
 * - the process starts in `cwd` itself, a real path known before the code ran: the directory is
 *   opened and must be that one, and the child enters it through the open descriptor, never by a
 *   path a setup command (or a concurrent benchmark) may have swapped for a link since. As root,
 *   entering by path followed such a link anywhere root may go, and the code then worked in a
 *   directory its uid could not reach (one under a root-only directory, bound into its view too);
 * - cg-bench killed by SIGKILL (no handler runs): the run's first process is bound to cg-bench's
 *   life (boundToCgBench; the stopwatch helper binds itself and its command likewise), and in a pid
 *   namespace the rest dies with it.
 *
 * Not covered (no cgroup here): a process that leaves the group (setsid, setpgid) survives the
 * group's kill, unless the sandbox gave the code a pid namespace (unshare --pid --fork --kill-child):
 * then the namespace's init dies with the group, and the kernel kills everything in the namespace.
 * Nor, when cg-bench is killed by SIGKILL, a run that switched uid (as root: the binding is cleared
 * then) or that has no pid namespace (only its first process dies).
 */

/** Where a stream goes: a file (truncated), an open descriptor (written at its offset), kept in memory, or nowhere. */
/** `file` is created anew, never through a link; `real`, when given, is the real path it must have (write.ts). */
type Output = { file: string; real?: string } | { fd: number } | 'capture' | 'ignore';

export interface RunOptions {
  /** What to start, argv and environment together (command.ts). */
  command: Command;
  cwd: string;
  stdout?: Output;
  stderr?: Output;
  /**
   * The limit, after which the whole group is killed. null only where a run is bounded inside (the
   * image's cg-bench enforces each benchmark's own); say so at the call.
   */
  timeoutMs: number | null;
  /** With 'capture': called with each complete line as it comes (progress of long runs). */
  onLine?: (line: string) => void;
}

export interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  wallTimeMs: number;
  /** Set when the process could not be started at all. */
  spawnError?: string;
  /** What the process wrote, for the streams given as 'capture' (else ''); at most CAPTURE_LIMIT bytes each. */
  stdout: string;
  stderr: string;
}

/** Bytes kept of a captured stream: its start (the stopwatch helper's line, `git show` of a file). */
const CAPTURE_LIMIT = 64 << 20;

// ── The live groups ─────────────────────────────────────────────────────────────────────────────

/** The process groups started and not yet ended: killed on SIGINT/SIGTERM and at exit. */
const liveGroups = new Set<number>();
let exitHook = false;

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function track(pgid: number): () => void {
  if (!exitHook) {
    // Whatever way cg-bench's process ends (return, process.exit, an uncaught error), no group it
    // started runs on.
    process.on('exit', () => killTrackedGroups());
    exitHook = true;
  }
  liveGroups.add(pgid);
  return () => liveGroups.delete(pgid);
}

/** Kills every live group at once; returns how many there were. */
export function killTrackedGroups(): number {
  const count = liveGroups.size;
  for (const pgid of liveGroups) killGroup(pgid);
  liveGroups.clear();
  return count;
}

// ── Running ─────────────────────────────────────────────────────────────────────────────────────

let binding: readonly string[] | undefined;

/**
 * `setpriv --pdeathsig KILL --` where util-linux has it (probed once): a run's first process dies
 * with cg-bench even when cg-bench is killed by SIGKILL, and a pid namespace's --kill-child then
 * takes the rest. A run that switches uid (the sandbox's own setpriv, as root) loses the binding:
 * the kernel clears it then.
 */
function boundToCgBench(): readonly string[] {
  if (binding === undefined) {
    binding = [];
    for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
      const setpriv = `${dir}/setpriv`;
      const prefix = [setpriv, '--pdeathsig', 'KILL', '--'];
      if (existsSync(setpriv) && runProcessSync({ argv: [...prefix, setpriv, '--version'], timeoutMs: 10_000 }).exitCode === 0) {
        binding = prefix;
        break;
      }
    }
  }
  return binding;
}

function openOutput(output: Output | undefined): number | 'pipe' | 'ignore' {
  if (output === undefined || output === 'ignore') return 'ignore';
  if (output === 'capture') return 'pipe';
  if ('fd' in output) return output.fd;
  // A log in the output directory, which the code run may reach: never opened through a link (write.ts).
  return openNewFile(output.file, output.real);
}

/** Keeps the start of a stream, up to CAPTURE_LIMIT bytes, and hands complete lines to onLine. */
function collector(onLine: ((line: string) => void) | undefined) {
  const chunks: Buffer[] = [];
  let size = 0;
  let partial = '';
  return {
    add(chunk: Buffer) {
      if (size < CAPTURE_LIMIT) {
        chunks.push(chunk.subarray(0, CAPTURE_LIMIT - size));
        size += Math.min(chunk.length, CAPTURE_LIMIT - size);
      }
      if (onLine) {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop()!;
        for (const line of lines) onLine(line);
      }
    },
    text() {
      if (onLine && partial) onLine(partial);
      partial = '';
      return Buffer.concat(chunks).toString();
    },
  };
}

/**
 * Runs one process with stdin from /dev/null in a process group of its own, killed whole on timeout,
 * interrupt and exit, and whatever it left behind killed when it ends (see the top of this file).
 */
export function runProcess(options: RunOptions): Promise<ProcessOutcome> {
  const cwd = holdCwd(options.cwd);
  if (typeof cwd === 'string')
    return Promise.resolve({ exitCode: null, signal: null, timedOut: false, wallTimeMs: 0, spawnError: cwd, stdout: '', stderr: '' });
  try {
    return runIn(options, cwd);
  } finally {
    // The child entered it before spawn returned (chdir precedes exec).
    closeSync(cwd.fd);
  }
}

/**
 * `cwd` opened (a directory), when its real path is `cwd` itself; else one message, whatever is
 * there. cg-bench opens it with its own rights after the code ran (setup, other benchmarks): the code
 * may have put a link on its way, and an error code or the path it now leads to would tell the code
 * what lies where it cannot look (a root-only directory, a file, nothing). The child enters `path`,
 * the descriptor in cg-bench's /proc: no path of the code's is walked again.
 */
function holdCwd(cwd: string): { fd: number; path: string } | string {
  const changed = `cannot enter the working directory ${cwd}: it is no longer the directory the configuration named (removed, or a link put on its way, after the configuration was read)`;
  let fd: number;
  try {
    fd = openSync(cwd, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch {
    return changed;
  }
  const path = `/proc/${process.pid}/fd/${fd}`;
  let real: string | undefined;
  try {
    real = realpathSync(path);
  } catch {
    // Said as any other change.
  }
  if (real === cwd) return { fd, path };
  closeSync(fd);
  return changed;
}

function runIn(options: RunOptions, cwd: { path: string }): Promise<ProcessOutcome> {
  const out = openOutput(options.stdout);
  let err: ReturnType<typeof openOutput>;
  try {
    err = openOutput(options.stderr);
  } catch (error) {
    if (typeof out === 'number' && typeof options.stdout === 'object' && 'file' in options.stdout) closeSync(out);
    throw error;
  }
  const opened = [options.stdout, options.stderr]
    .map((o, i) => (typeof o === 'object' && 'file' in o ? [out, err][i] : undefined))
    .filter((fd): fd is number => typeof fd === 'number');
  const argv = [...boundToCgBench(), ...options.command.argv];
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(argv[0]!, argv.slice(1), {
        cwd: cwd.path,
        env: options.command.env,
        stdio: ['ignore', out, err],
        detached: true,
      });
    } catch (error) {
      // Refused before any process existed (a NUL byte in an argument, say).
      resolve({ exitCode: null, signal: null, timedOut: false, wallTimeMs: 0, spawnError: (error as Error).message, stdout: '', stderr: '' });
      return;
    } finally {
      for (const fd of opened) closeSync(fd);
    }
    const stdout = collector(options.onLine);
    const stderr = collector(options.onLine);
    child.stdout?.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.add(chunk));
    const pgid = child.pid;
    const untrack = pgid === undefined ? () => false : track(pgid);
    let timedOut = false;
    const timer =
      options.timeoutMs === null || pgid === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(pgid);
          }, options.timeoutMs);
    let settled = false;
    const finish = (outcome: Omit<ProcessOutcome, 'stdout' | 'stderr' | 'wallTimeMs'>, wallTimeMs: number) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, wallTimeMs, stdout: stdout.text(), stderr: stderr.text() });
    };
    child.once('error', (error) => {
      if (timer) clearTimeout(timer);
      untrack();
      finish({ exitCode: null, signal: null, timedOut: false, spawnError: error.message }, elapsed());
    });
    child.once('exit', (exitCode, signal) => {
      const wallTimeMs = elapsed();
      if (timer) clearTimeout(timer);
      // What it left running in its group ends with it (a background job, a stopped child).
      if (pgid !== undefined) killGroup(pgid);
      untrack();
      const outcome = { exitCode, signal, timedOut };
      if (!child.stdout && !child.stderr) return finish(outcome, wallTimeMs);
      // The pipes close once every holder is gone; one that left the group may hold them on: read
      // what is there and stop waiting after a moment.
      const late = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(outcome, wallTimeMs);
      }, 2000);
      child.once('close', () => {
        clearTimeout(late);
        finish(outcome, wallTimeMs);
      });
    });
  });
}

/**
 * For short runs of cg-bench's own programs (`valgrind --version`, `taskset … true`, the engine's
 * `image inspect`, git with hooks off: vcs/git.ts), never code a pull request wrote: synchronous,
 * the direct child killed with SIGKILL at the limit (spawnSync cannot make or kill a group).
 */
export function runProcessSync(options: {
  argv: readonly string[];
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs: number;
  output?: 'ignore' | 'capture' | 'inherit';
}): ProcessOutcome {
  const output = options.output ?? 'ignore';
  const started = process.hrtime.bigint();
  const r = spawnSync(options.argv[0]!, options.argv.slice(1), {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    stdio: ['ignore', output === 'capture' ? 'pipe' : output, output === 'capture' ? 'pipe' : output],
    encoding: 'utf8',
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: CAPTURE_LIMIT,
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return {
    exitCode: r.status,
    signal: r.signal,
    timedOut,
    wallTimeMs: Number(process.hrtime.bigint() - started) / 1e6,
    ...(r.error && !timedOut ? { spawnError: r.error.message } : {}),
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
  };
}
