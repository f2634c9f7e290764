// A namespace import: `hash` is not in every Node 20 (20.12 on), and a named import of it would not link there.
import * as crypto from 'node:crypto';
import { lstatSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { probeCacheFile } from '../results/probe-cache.ts';
import { readBytesBounded } from './read.ts';
import { holdKeptDirectory, replaceKeptFile } from './write.ts';

/** The size of the fixed entropy stream /dev/urandom and /dev/random read as: more than programs ask for at start. */
export const ENTROPY_BYTES = 1 << 20;

/**
 * The fixed entropy stream: SHA-256 in counter mode over a fixed label, so that every run, every
 * cg-bench and every host reads the same bytes, and no two blocks repeat (OpenSSL's continuous
 * test refuses a stream of zeros).
 */
export function fixedEntropy(size = ENTROPY_BYTES): Buffer {
  const out = Buffer.alloc(size);
  for (let block = 0, at = 0; at < size; block++, at += 32) out.set(sha256(`cg-bench fixed entropy ${block}`), at);
  return out;
}

/**
 * SHA-256: Node's one-shot crypto.hash where it has one (20.12 on), half the CPU of a Hash object
 * per block (measured in the image: 63-88 ms against 121-170 ms for the stream, made in every fresh
 * container, as a CI job's is).
 */
const sha256: (data: string | Buffer) => Buffer =
  typeof crypto.hash === 'function' ? (data) => crypto.hash('sha256', data, 'buffer') : (data) => crypto.createHash('sha256').update(data).digest();

/** SHA-256 of fixedEntropy(): a kept copy is used only when it is exactly these bytes. */
export const FIXED_ENTROPY_SHA256 = '359f9af6d81290ede7e1ac7b3f170f682d6cf5547ff7054ce83e828ed41a5d2f';

/** Where the stream is kept: beside the probe cache (none when that is off), named by its hash. */
export function keptEntropyFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const probes = probeCacheFile(env);
  return probes === undefined ? undefined : join(dirname(probes), `entropy-${FIXED_ENTROPY_SHA256.slice(0, 16)}`);
}

/**
 * The fixed entropy stream, from the copy kept in `file` when it is ours, written by no one else and
 * has the stream's hash (1 ms); otherwise made (32,768 SHA-256 blocks: 0.15-0.4 s CPU, most of
 * what a run cost before its first benchmark) and kept for the next run. A damaged or planted copy
 * is never used: it is made again and replaced. No `file` (the probe cache off): made every time.
 */
export function keptFixedEntropy(file: string | undefined, make: () => Buffer = fixedEntropy): Buffer {
  // Kept only in a directory no one else can change (the writer gate), read and written through it.
  const dir = file === undefined ? undefined : holdKeptDirectory(dirname(file));
  if (file === undefined || dir === undefined) return make();
  try {
    const held = join(dir.path, basename(file));
    try {
      const s = lstatSync(held);
      const ours = typeof process.getuid !== 'function' || s.uid === process.getuid();
      if (s.isFile() && ours && (s.mode & 0o022) === 0 && s.size === ENTROPY_BYTES) {
        const kept = readBytesBounded(held, ENTROPY_BYTES, 'kept entropy');
        if (sha256(kept).toString('hex') === FIXED_ENTROPY_SHA256) return kept;
      }
    } catch {
      // Missing or unreadable: made below.
    }
    const made = make();
    try {
      replaceKeptFile(dir, basename(file), made);
    } catch {
      // A read-only home or a full disk: the next run makes it again.
    }
    return made;
  } finally {
    dir.release();
  }
}
