import { closeSync, openSync, readSync } from 'node:fs';
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
