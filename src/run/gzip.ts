import { createWriteStream, rmSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openPlainStream } from '../untrusted/read.ts';

/**
 * Compresses a profile the benchmark's processes wrote into `<path>.gz`, and removes it. `read`, when
 * given, sees every chunk on the way (the parser: the file is read once, not once to parse and again
 * to keep; issue 26); what it throws stops it seeing more, never the compression, and is returned.
 * A file that cannot be opened as a plain file is removed, not kept, and its refusal returned.
 */
export async function gzipAndRemove(path: string, read?: (chunk: Buffer) => void): Promise<{ problem: unknown } | undefined> {
  // The directory is the benchmark's too: never write through a link it may have put at the name.
  rmSync(`${path}.gz`, { force: true });
  let from;
  try {
    from = openPlainStream(path, 'profile');
  } catch (error) {
    rmSync(path, { force: true }); // Swapped for a fifo or a link meanwhile: not kept.
    return { problem: error };
  }
  let problem: { problem: unknown } | undefined;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (read && !problem) {
        try {
          read(chunk);
        } catch (error) {
          problem = { problem: error };
        }
      }
      done(null, chunk);
    },
  });
  await pipeline(from, tap, createGzip({ level: 6 }), createWriteStream(`${path}.gz`, { flags: 'wx' }));
  rmSync(path);
  return problem;
}
