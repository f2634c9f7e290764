import { createWriteStream, rmSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openPlainStream } from '../untrusted/read.ts';

/**
 * Compressing is part of every run's CPU (issue 26): level 1 took a third of level 6's CPU on a
 * Python import's 267 KB profile (3.0 ms against 9.1 ms) for a file 26 % larger (77 KB against 61 KB).
 */
const GZIP_LEVEL = 1;

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
  await pipeline(from, tap, createGzip({ level: GZIP_LEVEL }), createWriteStream(`${path}.gz`, { flags: 'wx' }));
  rmSync(path);
  return problem;
}
