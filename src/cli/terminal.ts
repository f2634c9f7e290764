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
