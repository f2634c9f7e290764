import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';

export const MiB = 1 << 20;

/**
 * A file's text, read up to `limit` bytes: `--config /dev/zero` or a planted huge baseline must end
 * in a clear message, not in memory exhaustion. Errors from the file system are left to the caller.
 */
export function readTextBounded(path: string, limit: number, what: string, shown: string = path): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(limit + 1, 64 * MiB));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      total += n;
      if (total > limit) throw new CgBenchError(`${what} ${shown}: larger than ${Math.round(limit / MiB)} MiB; that is not a ${what} cg-bench wrote or can use`);
      chunks.push(Buffer.from(buffer.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const KiB = 1 << 10;

/** Opens a file a benchmark or a setup command could have written: no link followed, no fifo waited on, a plain file or nothing. */
function openPlain(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  return undefined;
}

function readAt(path: string, bytes: number, from: 'start' | 'end'): string | undefined {
  const fd = openPlain(path);
  if (fd === undefined) return undefined;
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    for (let n; read < length && (n = readSync(fd, buffer, read, length - read, (from === 'end' ? size - length : 0) + read)) > 0; ) read += n;
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The first `bytes` of a plain file (undefined for a link, a device, a fifo or no file): the head of a log that may have grown without end. */
export function readHead(path: string, bytes: number): string | undefined {
  return readAt(path, bytes, 'start');
}

/** The last `bytes` of a plain file (undefined for a link, a device, a fifo or no file). */
export function readTail(path: string, bytes: number): string | undefined {
  return readAt(path, bytes, 'end');
}

/**
 * The last lines of a log written by code cg-bench ran, for a message: read from its last 16 KiB
 * only, each line cut to 400 characters, so the message stays short whatever the log holds.
 */
export function logTail(path: string, lines = 20): string {
  const text = readTail(path, 16 * KiB)?.trimEnd() ?? '';
  return text
    .split('\n')
    .slice(-lines)
    .map((line) => (line.length > 400 ? `${line.slice(0, 400)} … (${line.length - 400} more characters)` : line))
    .join('\n');
}
