import { escapeTerminalLines } from '../report/escape.ts';

// The CLI's stderr carries text a pull request or a configuration wrote (benchmark names, commands,
// setup and benchmark output, error messages that quote them). It is written through one stream
// that makes every line of it inert (report/escape.ts); only the terminal progress display, which
// draws with control sequences of its own, holds the raw stream and escapes its text itself.

const RAW = Symbol('raw stream');

interface Inert {
  [RAW]?: NodeJS.WriteStream;
}

function text(chunk: unknown): string | undefined {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
  return undefined;
}

/** `stream`, but every string or buffer written to it has its terminal controls removed, line by line. */
export function inertStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if ((stream as Inert)[RAW]) return stream;
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const plain = text(chunk);
    return Reflect.apply(stream.write, stream, [plain === undefined ? chunk : escapeTerminalLines(plain), ...rest]) as boolean;
  };
  return new Proxy(stream, {
    get(target, property) {
      if (property === RAW) return target;
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(target);
      return bound;
    },
  });
}

/** The stream under an inertStream: only for writers that escape untrusted text themselves. */
export function rawStream(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  return (stream as Inert)[RAW] ?? stream;
}

const PENDING = Symbol('pending line');

interface LineSafe {
  [PENDING]?: { text: string; stream: NodeJS.WriteStream };
}

/**
 * A line the GitHub Actions runner would run as a workflow command, made text: `::name::` at the
 * start (the runner trims leading blanks first) and the older `##[name]` anywhere in a line get a
 * backslash, so `::error::…` or `::add-mask::…` a setup command or a benchmark printed (and the CLI
 * shows, in a log tail or as a name) is shown, not run. The action stops commands around its log
 * lines instead; a plain `cg-bench` in a workflow step has no such wrapper around it.
 */
export function workflowCommandText(line: string): string {
  return line.replace(/^(\s*)::/, '$1\\::').replaceAll('##[', '##\\[');
}

/**
 * `stream` for a GitHub Actions log (GITHUB_ACTIONS=true): written whole lines at a time, each through
 * workflowCommandText, so that no command can be put together from two writes. The rest of a line
 * waits for its newline or for flushLines.
 */
export function workflowCommandSafe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  const pending = { text: '', stream };
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const plain = text(chunk);
    if (plain === undefined) return Reflect.apply(stream.write, stream, [chunk, ...rest]) as boolean;
    const all = pending.text + plain;
    const end = all.lastIndexOf('\n') + 1;
    pending.text = all.slice(end);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (!end) {
      callback?.();
      return true;
    }
    return stream.write(all.slice(0, end).split('\n').map(workflowCommandText).join('\n'), callback);
  };
  return new Proxy(stream, {
    get(target, property) {
      if (property === PENDING) return pending;
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(target);
      return bound;
    },
  });
}

/** Writes out what a workflowCommandSafe stream (under any inertStream) holds of an unfinished line. */
export function flushLines(stream: NodeJS.WriteStream): void {
  const pending = (rawStream(stream) as LineSafe)[PENDING];
  if (!pending?.text) return;
  const rest = pending.text;
  pending.text = '';
  pending.stream.write(workflowCommandText(rest));
}
