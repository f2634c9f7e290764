import { createWriteStream, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openPlainStream } from '../untrusted/read.ts';

/** Compresses a profile the benchmark's processes wrote into `<path>.gz`, and removes it. */
export async function gzipAndRemove(path: string): Promise<void> {
  // The directory is the benchmark's too: never write through a link it may have put at the name.
  rmSync(`${path}.gz`, { force: true });
  let from;
  try {
    from = openPlainStream(path, 'profile');
  } catch {
    rmSync(path, { force: true }); // Swapped for a fifo or a link meanwhile: not kept.
    return;
  }
  await pipeline(from, createGzip({ level: 6 }), createWriteStream(`${path}.gz`, { flags: 'wx' }));
  rmSync(path);
}
