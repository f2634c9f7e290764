import { escapeTerminal } from '../report/escape.ts';
import { formatCount, formatDuration, headline } from '../report/format.ts';
import type { BenchmarkResult } from '../results/types.ts';

/**
 * What a long run tells the person waiting for it. Names, commands and messages come from the
 * configuration and the benchmarks (a pull request): both displays show them escaped.
 */
export interface Progress {
  setup(command: string): void;
  start(name: string, index: number, total: number, previousMs: number | undefined): void;
  finish(result: BenchmarkResult): void;
  /**
   * What was shown of the benchmarks is started over (a kept sandbox probe no longer works: run/suite.ts):
   * says `reason`, once, and counts from none again. Nothing of the first attempt is shown after it.
   */
  again(reason: string): void;
  close(): void;
}

function outcome(result: BenchmarkResult): string {
  if (result.status === 'ok') return `${formatCount(result.estimatedCycles ?? 0)} estimated cycles in ${formatDuration(result.wallTimeMs)}`;
  return `${result.status === 'timeout' ? 'TIMED OUT' : 'FAILED'}: ${escapeTerminal(headline(result.message ?? ''))}`;
}

/** One line per event: for logs and CI. */
export function lineProgress(write: (text: string) => void): Progress {
  return {
    setup: (command) => write(`setup: ${escapeTerminal(command)}\n`),
    start: (name, index, total, previousMs) =>
      write(`[${index + 1}/${total}] ${escapeTerminal(name)}: running${previousMs ? ` (last time ${formatDuration(previousMs)})` : ''}\n`),
    finish: (result) => write(`${result.status === 'ok' ? '✓' : '✗'} ${escapeTerminal(result.name)}: ${outcome(result)}\n`),
    again: (reason) => write(`${reason}\n`),
    close() {},
  };
}

/**
 * A status line redrawn every second under the finished lines: for a terminal. It writes control
 * sequences of its own, so it is given the raw stream (cli/terminal.ts) and escapes all it shows.
 * `now` is the clock (tests fix it).
 */
export function terminalProgress(stream: NodeJS.WriteStream, now: () => number = Date.now): Progress {
  const running = new Map<string, { started: number; previousMs: number | undefined }>();
  let done = 0;
  let total = 0;
  const clear = () => stream.write('\r\x1b[K');
  const draw = () => {
    clear();
    if (!running.size) return;
    const at = now();
    const parts = [...running].map(
      ([name, r]) => `${escapeTerminal(name)} ${formatDuration(at - r.started)}${r.previousMs ? `/~${formatDuration(r.previousMs)}` : ''}`,
    );
    const line = `[${done}/${total} done] running ${parts.join(', ')}`;
    stream.write(line.slice(0, Math.max(20, (stream.columns || 100) - 1)));
  };
  const timer = setInterval(draw, 1000);
  timer.unref();
  return {
    setup: (command) => {
      clear();
      stream.write(`setup: ${escapeTerminal(command)}\n`);
    },
    start: (name, _index, count, previousMs) => {
      total = count;
      running.set(name, { started: now(), previousMs });
      draw();
    },
    finish: (result) => {
      running.delete(result.name);
      done++;
      clear();
      stream.write(`${result.status === 'ok' ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m'} ${escapeTerminal(result.name)}: ${outcome(result)}\n`);
      draw();
    },
    again: (reason) => {
      running.clear();
      done = 0;
      clear();
      stream.write(`${reason}\n`);
    },
    close: () => {
      clearInterval(timer);
      clear();
    },
  };
}
