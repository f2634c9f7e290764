import { accessSync, chmodSync, constants as fsConstants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, platform } from 'node:os';
import { delimiter, join } from 'node:path';
import { CgBenchError, ExitCode } from '../errors.ts';
import { formatDuration } from '../report/format.ts';
import { Command } from '../untrusted/command.ts';
import { ownTmpdir } from '../untrusted/environment.ts';
import { runProcess, runProcessSync, type ProcessOutcome } from '../untrusted/process.ts';
import { STOPWATCH_X86_64 } from './helper.ts';
import { statusHint } from '../run/status-hint.ts';

/** One timed run of a program: its command (already sandboxed) and directory. */
export interface TimedCommand {
  command: Command;
  cwd: string;
  /** What messages call it: the benchmark, its side and configuration (`benchmark "parse" (head, cg-bench.yml)`), never the sandbox's argv. */
  name: string;
  /** The benchmark's `timeout`: a run still going then is killed with all it started. */
  timeoutMs: number;
}

/** One measurement of one run: the number compared (ms, or cycles), and what else was read. */
export interface Sample {
  value: number;
  extra?: Record<string, number>;
}

/** How a run is measured: the seam between the paired schedule and the clock or the counters. */
export interface Executor {
  readonly name: 'wallclock' | 'cputime' | 'counters';
  readonly unit: 'ms' | 'cycles';
  /** The noise controls this executor could apply here, for the report. */
  readonly controls: string[];
  /** One run, through the process gate: rejects (naming the benchmark) when it fails or times out. */
  run(command: TimedCommand): Promise<Sample>;
}

/** The probes run cg-bench's own commands (`taskset … true`), never the benchmark's. */
const PROBE_TIMEOUT_MS = 10_000;
const works = (argv: string[]) => runProcessSync({ argv, timeoutMs: PROBE_TIMEOUT_MS }).exitCode === 0;

/** The CPU timed runs are pinned to: the last, the one least likely to serve interrupts. */
const pinnedCpu = () => availableParallelism() - 1;

/** The niceness timed runs get where allowed (root or CAP_SYS_NICE): other processes preempt them less. */
const TIMED_NICE = -10;

// ── The helper: src/stopwatch/stopwatch.c, static x86-64 ───────────────────────────────────────

let helperFile: string | null | undefined;

/** The stopwatch helper written out once per process (x86-64 Linux), or null where it cannot run. */
function helper(): string | null {
  if (helperFile !== undefined) return helperFile;
  helperFile = null;
  if (platform() !== 'linux' || arch() !== 'x64' || process.env['CG_BENCH_STOPWATCH_HELPER'] === '0') return helperFile;
  try {
    const dir = mkdtempSync(join(ownTmpdir(), 'cg-bench-stopwatch-'));
    const file = join(dir, 'stopwatch');
    writeFileSync(file, STOPWATCH_X86_64);
    chmodSync(file, 0o755);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const probe = runProcessSync({ argv: [file, '-1', '0', '0', '0', '/bin/true'], timeoutMs: PROBE_TIMEOUT_MS, output: 'capture' });
    if (probe.exitCode === 0 && /^wall_ns=\d+ /.test(probe.stdout)) helperFile = file;
  } catch {
    // A read-only or noexec temporary directory: timed through the shell tools instead.
  }
  return helperFile;
}

/** What one helper run printed: "wall_ns=… utime_us=… status=… pin=0 aslr=0 nice=0 [cycles=… | counters=-E]". */
export function parseHelperLine(line: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const token of line.trim().split(/\s+/)) {
    const m = /^([a-z_]+)=(-?\d+)$/.exec(token);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** A program name as execve needs it: a path, searched in the command's PATH like the shell does. */
export function resolveProgram(name: string, path: string | undefined): string {
  if (name.includes('/')) return name;
  for (const dir of (path ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  throw new CgBenchError(`${name}: not found in PATH (${path ?? ''}); a timed benchmark's program must exist on this machine`, ExitCode.benchmarkFailed);
}

interface HelperOptions {
  cpu: number;
  noAslr: boolean;
  counters: boolean;
  nice: number;
}

/** `command` under the stopwatch helper, which runs its program by path: resolved on the command's PATH. */
function helperCommand(file: string, command: Command, options: HelperOptions): Command {
  const [program, ...args] = command.argv;
  const resolved = new Command([resolveProgram(program!, command.env['PATH'] ?? process.env['PATH']), ...args], command.env);
  return resolved.behind([file, String(options.cpu), options.noAslr ? '1' : '0', options.counters ? '1' : '0', String(options.nice)]);
}

function helperFields(r: ProcessOutcome, command: TimedCommand): Record<string, number> {
  if (r.exitCode !== 0)
    throw new CgBenchError(`${command.name}: the stopwatch helper failed (${r.spawnError ?? r.signal ?? `status ${r.exitCode}`}): ${r.stderr.trim()}`);
  const fields = parseHelperLine(r.stdout);
  if (fields['status'] !== 0)
    fail(command, fields['status'] === -1 ? null : (fields['status'] ?? null), fields['signal'] === undefined ? null : `signal ${fields['signal']}`);
  return fields;
}

/** One timed run of the benchmark under the helper, through the process gate. */
async function runHelper(file: string, command: TimedCommand, options: HelperOptions): Promise<Record<string, number>> {
  const r = await runProcess({
    command: helperCommand(file, command.command, options),
    cwd: command.cwd,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: command.timeoutMs,
  });
  if (r.timedOut) timedOut(command);
  return helperFields(r, command);
}

/** The helper on /bin/true: what its controls achieve here. */
function probeHelper(file: string, options: HelperOptions): Record<string, number> {
  const probe: TimedCommand = {
    command: new Command(['/bin/true'], { PATH: '/usr/bin:/bin' }),
    cwd: '/',
    name: "the stopwatch helper's probe",
    timeoutMs: PROBE_TIMEOUT_MS,
  };
  const helped = helperCommand(file, probe.command, options);
  const r = runProcessSync({
    argv: helped.argv,
    cwd: probe.cwd,
    env: { ...helped.env },
    timeoutMs: probe.timeoutMs,
    output: 'capture',
  });
  return helperFields(r, probe);
}

const ERRNO: Record<number, string> = { 1: 'EPERM', 2: 'ENOENT', 13: 'EACCES', 19: 'ENODEV', 22: 'EINVAL', 38: 'ENOSYS', 95: 'EOPNOTSUPP' };

/** What the helper's sched_setaffinity, personality and setpriority calls achieved, probed once; the options that work here. */
function helperControls(file: string, counters: boolean): { options: HelperOptions; controls: string[] } {
  const cpu = pinnedCpu();
  const probe = probeHelper(file, { cpu, noAslr: true, counters: false, nice: TIMED_NICE });
  const pin = probe['pin'] === 0;
  const noAslr = probe['aslr'] === 0;
  const niced = probe['nice'] === 0;
  return {
    options: { cpu: pin ? cpu : -1, noAslr, counters, nice: niced ? TIMED_NICE : 0 },
    controls: [
      pin ? `pinned to CPU ${cpu}` : `not pinned (sched_setaffinity: ${ERRNO[-probe['pin']!] ?? probe['pin']})`,
      noAslr ? 'ASLR off' : `ASLR on (personality(ADDR_NO_RANDOMIZE) refused: ${ERRNO[-probe['aslr']!] ?? probe['aslr']}, e.g. a container's seccomp profile)`,
      niced ? `priority raised (nice ${TIMED_NICE})` : `normal priority (setpriority refused: ${ERRNO[-probe['nice']!] ?? probe['nice']})`,
      'timed from exec to exit by the stopwatch helper',
    ],
  };
}

// ── Without the helper: taskset, setarch and perf stat ──────────────────────────────────────────

/**
 * The noise controls of seeds/001 that the runner allows, as commands before the benchmark's: one
 * CPU, address-space randomisation off. Each is probed, and said when missing.
 */
function noiseControls(): { prefix: string[]; controls: string[] } {
  const prefix: string[] = [];
  const controls: string[] = [];
  const cpu = String(pinnedCpu());
  if (works(['taskset', '-c', cpu, 'true'])) {
    prefix.push('taskset', '-c', cpu);
    controls.push(`pinned to CPU ${cpu}`);
  } else controls.push('not pinned (taskset missing or refused)');
  if (works([...prefix, 'setarch', '-R', 'true'])) {
    prefix.push('setarch', '-R');
    controls.push('ASLR off');
  } else controls.push('ASLR on (setarch -R refused)');
  controls.push('timed around the spawn (no stopwatch helper on this platform)');
  return { prefix, controls };
}

function timedOut(command: TimedCommand): never {
  throw new CgBenchError(
    `${command.name}: timed out after ${formatDuration(command.timeoutMs)} in a timed run, and was killed with everything it started (set "timeout" on the benchmark to allow longer)`,
    ExitCode.benchmarkFailed,
  );
}

function fail(command: TimedCommand, status: number | null, signal: string | null): never {
  throw new CgBenchError(
    `${command.name}: ${signal ? `killed by ${signal}` : `exited with status ${status}${statusHint(status)}`} while timed; a timed benchmark must succeed every run`,
    ExitCode.benchmarkFailed,
  );
}

// ── The executors ───────────────────────────────────────────────────────────────────────────────

/**
 * Native wall time of each run, in milliseconds; `extra.cpuMs` is its user + system CPU time. With
 * the helper: pinned and without ASLR from inside, timed from exec to exit. Else through taskset and
 * setarch, timed around the spawn.
 */
export function wallclockExecutor(experiment: { unpinned?: boolean; normalPriority?: boolean } = {}): Executor {
  const file = helper();
  if (file) {
    const probed = helperControls(file, false);
    // bench/stopwatch.ts switches controls off to measure what each is worth.
    const options = { ...probed.options, ...(experiment.unpinned ? { cpu: -1 } : {}), ...(experiment.normalPriority ? { nice: 0 } : {}) };
    const controls = probed.controls.map((c, i) =>
      i === 0 && experiment.unpinned ? 'not pinned (experiment)' : i === 2 && experiment.normalPriority ? 'normal priority (experiment)' : c,
    );
    return {
      name: 'wallclock',
      unit: 'ms',
      controls,
      async run(command) {
        const f = await runHelper(file, command, options);
        return { value: f['wall_ns']! / 1e6, extra: { cpuMs: (f['utime_us']! + f['stime_us']!) / 1000 } };
      },
    };
  }
  const { prefix, controls } = noiseControls();
  return {
    name: 'wallclock',
    unit: 'ms',
    controls,
    async run(command) {
      const r = await runProcess({ command: command.command.behind(prefix), cwd: command.cwd, timeoutMs: command.timeoutMs });
      if (r.timedOut) timedOut(command);
      if (r.spawnError) fail(command, 127, null);
      if (r.exitCode !== 0) fail(command, r.exitCode, r.signal);
      return { value: r.wallTimeMs };
    },
  };
}

/**
 * User + system CPU time of each run, in milliseconds (wait4's rusage: the process and every child
 * it waited for); `extra.wallMs` is its wall time. Time spent waiting (for the CPU another process
 * holds, for I/O, for a lock) is not in it: far less noise on a shared machine, blind to waits.
 * Needs the helper: Node cannot read a child's rusage.
 */
export function cputimeExecutor(): Executor {
  const file = helper();
  if (!file)
    throw new CgBenchError(
      `mode: cputime needs cg-bench's stopwatch helper, which runs on x86-64 Linux only (this is ${platform()} ${arch()}${process.env['CG_BENCH_STOPWATCH_HELPER'] === '0' ? ', and CG_BENCH_STOPWATCH_HELPER=0' : ''}); use mode: wallclock`,
    );
  const { options, controls } = helperControls(file, false);
  return {
    name: 'cputime',
    unit: 'ms',
    controls: [...controls.slice(0, 3), 'user+system CPU time from wait4'],
    async run(command) {
      const f = await runHelper(file, command, options);
      return { value: (f['utime_us']! + f['stime_us']!) / 1000, extra: { wallMs: f['wall_ns']! / 1e6 } };
    },
  };
}

/** Why hardware counters cannot be read here, or undefined when they can. */
export function countersProblem(): string | undefined {
  let paranoid: number | undefined;
  try {
    paranoid = Number(readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8').trim());
  } catch {
    return 'this kernel has no perf events (/proc/sys/kernel/perf_event_paranoid is absent)';
  }
  const file = helper();
  if (file) {
    const probe = probeHelper(file, { cpu: -1, noAslr: false, counters: true, nice: 0 });
    const errno = -(probe['counters'] ?? 0);
    if (!errno) return undefined;
    const call = `perf_event_open(PERF_COUNT_HW_CPU_CYCLES, user space only) fails with ${ERRNO[errno] ?? `errno ${errno}`}`;
    if (errno === 2 || errno === 19 || errno === 95) {
      const pmu = existsSync('/sys/bus/event_source/devices/cpu') || existsSync('/sys/bus/event_source/devices/cpu_core');
      return `${call}: this machine exposes no hardware performance counters (${pmu ? 'the CPU has no such event' : '/sys/bus/event_source/devices/cpu is absent: a VM without a virtual PMU'})`;
    }
    if (errno === 1 || errno === 13)
      return `${call}: kernel.perf_event_paranoid is ${paranoid}${paranoid > 2 ? ' (user-space counters need 2 or less: sysctl kernel.perf_event_paranoid=2)' : ''}, or a container's seccomp profile refuses perf_event_open`;
    if (errno === 38) return `${call}: a seccomp profile (Docker's default) or the kernel refuses perf_event_open`;
    return call;
  }
  if (!existsSync('/sys/bus/event_source/devices/cpu') && !existsSync('/sys/bus/event_source/devices/cpu_core')) {
    return 'this machine exposes no hardware performance counters (/sys/bus/event_source/devices/cpu is absent: a VM without a virtual PMU, or a container that hides it)';
  }
  if (paranoid > 2) return `kernel.perf_event_paranoid is ${paranoid}: user-space counters need 2 or less (sysctl kernel.perf_event_paranoid=2)`;
  if (!works(['perf', 'stat', '-x', ',', '-e', 'instructions:u', '--', 'true']))
    return '`perf stat -e instructions:u true` fails here (perf missing, or the counters refused in this container)';
  return undefined;
}

/** User-space cycles (compared) and instructions of each run, from perf_event_open (helper) or `perf stat`. */
export function countersExecutor(): Executor {
  const problem = countersProblem();
  if (problem) throw new CgBenchError(`mode: counters: ${problem}; use mode: cputime or mode: wallclock, or --counters-fallback cputime (or wallclock)`);
  const file = helper();
  if (file) {
    const { options, controls } = helperControls(file, true);
    return {
      name: 'counters',
      unit: 'cycles',
      controls: [...controls.slice(0, 3), 'user-space cycles and instructions from perf_event_open'],
      async run(command) {
        const f = await runHelper(file, command, options);
        if (!(f['cycles']! >= 0)) throw new CgBenchError(`${command.name}: perf_event_open gave no user-space cycle count`, ExitCode.benchmarkFailed);
        return { value: f['cycles']!, extra: { instructions: f['instructions'] ?? 0, wallMs: f['wall_ns']! / 1e6 } };
      },
    };
  }
  const { prefix, controls } = noiseControls();
  return {
    name: 'counters',
    unit: 'cycles',
    controls: [...controls.slice(0, 2), 'user-space cycles and instructions from perf stat'],
    async run(command) {
      const perf = ['perf', 'stat', '-x', ',', '-e', 'cycles:u,instructions:u', '--', ...prefix];
      const r = await runProcess({ command: command.command.behind(perf), cwd: command.cwd, stderr: 'capture', timeoutMs: command.timeoutMs });
      if (r.timedOut) timedOut(command);
      if (r.spawnError) fail(command, 127, null);
      if (r.exitCode !== 0) fail(command, r.exitCode, r.signal);
      const counts = new Map<string, number>();
      for (const line of r.stderr.split('\n')) {
        const [value, , event] = line.split(',');
        if (event && /^\d+$/.test(value ?? '')) counts.set(event.replace(/:u$/, ''), Number(value));
      }
      const cycles = counts.get('cycles');
      if (cycles === undefined) throw new CgBenchError(`${command.name}: perf stat gave no user-space cycle count`, ExitCode.benchmarkFailed);
      return { value: cycles, extra: { instructions: counts.get('instructions') ?? 0 } };
    },
  };
}
