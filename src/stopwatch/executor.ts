import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CgBenchError, ExitCode } from '../errors.ts';

/** One timed run of a program: its argv (already sandboxed), directory and environment. */
export interface TimedCommand {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
}

/** One measurement of one run: the number compared (ms, or cycles), and what else was read. */
export interface Sample {
  value: number;
  extra?: Record<string, number>;
}

/** How a run is measured: the seam between the paired schedule and the clock or the counters. */
export interface Executor {
  readonly name: 'wallclock' | 'counters';
  readonly unit: string;
  /** The noise controls this executor could apply here, for the report. */
  readonly controls: string[];
  run(command: TimedCommand): Sample;
}

const works = (argv: string[]) => spawnSync(argv[0]!, argv.slice(1), { stdio: 'ignore' }).status === 0;

/**
 * The noise controls of seeds/001 that the runner allows: one CPU (the last, the one least likely
 * to serve interrupts), address-space randomisation off. Each is probed, and said when missing.
 */
export function noiseControls(): { prefix: string[]; controls: string[] } {
  const prefix: string[] = [];
  const controls: string[] = [];
  const cpu = String(availableParallelism() - 1);
  if (works(['taskset', '-c', cpu, 'true'])) {
    prefix.push('taskset', '-c', cpu);
    controls.push(`pinned to CPU ${cpu}`);
  } else controls.push('not pinned (taskset missing or refused)');
  if (works([...prefix, 'setarch', '-R', 'true'])) {
    prefix.push('setarch', '-R');
    controls.push('ASLR off');
  } else controls.push('ASLR on (setarch -R refused)');
  return { prefix, controls };
}

function fail(command: TimedCommand, status: number | null, signal: NodeJS.Signals | null): never {
  throw new CgBenchError(`${command.argv.join(' ')}: ${signal ? `killed by ${signal}` : `exited with status ${status}`} while timed; a timed benchmark must succeed every run`, ExitCode.benchmarkFailed);
}

/** Native wall time of each run, in milliseconds, with the noise controls as a prefix. */
export function wallclockExecutor(): Executor {
  const { prefix, controls } = noiseControls();
  return {
    name: 'wallclock',
    unit: 'ms',
    controls,
    run(command) {
      const argv = [...prefix, ...command.argv];
      const start = process.hrtime.bigint();
      const r = spawnSync(argv[0]!, argv.slice(1), { cwd: command.cwd, env: command.env, stdio: 'ignore' });
      const ns = process.hrtime.bigint() - start;
      if (r.status !== 0) fail(command, r.status, r.signal);
      return { value: Number(ns) / 1e6 };
    },
  };
}

/** Why hardware counters cannot be read here, or undefined when they can. */
export function countersProblem(): string | undefined {
  if (!existsSync('/sys/bus/event_source/devices/cpu') && !existsSync('/sys/bus/event_source/devices/cpu_core')) {
    return 'this machine exposes no hardware performance counters (/sys/bus/event_source/devices/cpu is absent: a VM without a virtual PMU, or a container that hides it)';
  }
  try {
    const paranoid = Number(readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8').trim());
    if (paranoid > 2) return `kernel.perf_event_paranoid is ${paranoid}: user-space counters need 2 or less (sysctl kernel.perf_event_paranoid=2)`;
  } catch {
    return 'perf_event_open is not available (no /proc/sys/kernel/perf_event_paranoid)';
  }
  if (!works(['perf', 'stat', '-x', ',', '-e', 'instructions:u', '--', 'true'])) return '`perf stat -e instructions:u true` fails here (perf missing, or the counters refused in this container)';
  return undefined;
}

/** User-space cycles (compared) and instructions of each run, from `perf stat`. */
export function countersExecutor(): Executor {
  const problem = countersProblem();
  if (problem) throw new CgBenchError(`mode: counters: ${problem}; use mode: wallclock, or --counters-fallback wallclock`);
  const { prefix, controls } = noiseControls();
  return {
    name: 'counters',
    unit: 'cycles',
    controls,
    run(command) {
      const argv = ['perf', 'stat', '-x', ',', '-e', 'cycles:u,instructions:u', '--', ...prefix, ...command.argv];
      const r = spawnSync(argv[0]!, argv.slice(1), { cwd: command.cwd, env: command.env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      if (r.status !== 0) fail(command, r.status, r.signal);
      const counts = new Map<string, number>();
      for (const line of r.stderr.split('\n')) {
        const [value, , event] = line.split(',');
        if (event && /^\d+$/.test(value ?? '')) counts.set(event.replace(/:u$/, ''), Number(value));
      }
      const cycles = counts.get('cycles');
      if (cycles === undefined) throw new CgBenchError(`perf stat gave no user-space cycle count for ${command.argv.join(' ')}`, ExitCode.benchmarkFailed);
      return { value: cycles, extra: { instructions: counts.get('instructions') ?? 0 } };
    },
  };
}
