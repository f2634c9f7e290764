/** Valgrind's files from a staging directory the sandboxed code could write into, copied out within limits. */
import {
  chownSync,
  closeSync,
  fstatSync,
  constants as fsConstants,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { MAX_PROFILE_BYTES } from '../parse/cachegrind.ts';
import { removeAsOwners } from './remove.ts';
import type { Sandbox } from './sandbox.ts';
import { runsDirectory } from './shared-places.ts';

/**
 * Where Cachegrind, in the sandbox, writes its profiles and logs: `dir` itself when the code runs as
 * cg-bench's uid; else a fresh directory of the sandbox user's own (the output directory may sit
 * where that user cannot even look), emptied into `dir` by collectProfiles. `dir` may be a held
 * directory (untrusted/write.ts): Valgrind, another process, is given its real path.
 */
export function profileDirectory(sandbox: Sandbox, dir: string): string {
  if (!sandbox.user) return realpathSync(dir);
  const staging = mkdtempSync(join(runsDirectory(), 'profiles-'));
  chownSync(staging, sandbox.user.uid, sandbox.user.gid);
  return staging;
}

/** What Valgrind writes into a staging directory: a profile and a log per process. */
const VALGRIND_FILE = /^(?:(?:cachegrind|callgrind|dhat)\.out\.\d+|valgrind\.\d+\.log)$/;

/**
 * How much is copied out of a staging directory: the code can make files there (its path is on
 * Valgrind's command line), and a sparse file of terabytes costs it nothing; copied, it filled the
 * output directory's disk with cg-bench's rights. Far above what Valgrind writes for a benchmark
 * (a Python import's profile: 267 KB; the call-tree run's profiles are read up to 256 MiB).
 */
export const COLLECT_LIMITS = { file: MAX_PROFILE_BYTES, total: 4096 * (1 << 20), files: 100_000 };

/** A file of Valgrind's that collectProfiles left uncopied: `limit` names the one of COLLECT_LIMITS it passed. */
export interface UncollectedFile {
  name: string;
  size: number;
  limit: keyof typeof COLLECT_LIMITS;
}

/**
 * Copies the plain files the sandbox wrote into `dir`, then removes its directory. Opened without
 * following links and checked on the open file, so nothing the code swaps in meanwhile is read.
 * Only files the sandbox's user owns, with one link: a hard link it made to another user's file
 * (where fs.protected_hardlinks is 0, to a root-only file) is not read with cg-bench's rights.
 * Only Valgrind's names, and within `limits`: a file above them is not copied, nothing is once the
 * total is reached; those are returned, and the run fails naming them (uncollectedProblem).
 */
export function collectProfiles(staging: string, dir: string, limits: typeof COLLECT_LIMITS = COLLECT_LIMITS): UncollectedFile[] {
  if (staging === realpathSync(dir)) return [];
  const uncollected: UncollectedFile[] = [];
  const owner = lstatSync(staging).uid; // profileDirectory gave it to the sandbox's user
  const buffer = Buffer.alloc(1 << 20);
  let total = 0;
  let files = 0;
  for (const name of readdirSync(staging)) {
    if (!VALGRIND_FILE.test(name)) continue;
    let from: number;
    try {
      from = openSync(join(staging, name), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      continue;
    }
    try {
      const stat = fstatSync(from);
      if (!stat.isFile() || stat.nlink !== 1 || stat.uid !== owner) continue;
      const limit = passedLimit(stat.size, total, files, limits);
      if (limit) {
        uncollected.push({ name, size: stat.size, limit });
        continue;
      }
      files++;
      const to = openSync(join(dir, name), 'wx');
      try {
        // At most the size it had: a file still growing is cut there.
        for (let n, left = stat.size; left > 0 && (n = readSync(from, buffer, 0, Math.min(buffer.length, left), null)) > 0; left -= n)
          writeSync(to, buffer, 0, n);
      } finally {
        closeSync(to);
      }
      total += stat.size;
    } finally {
      closeSync(from);
    }
  }
  // The code's (it can write there): removed with its rights, never root's (remove.ts).
  removeAsOwners([staging]);
  return uncollected;
}

/** The limit a file of `size` passes when `files` files of `total` bytes were copied before it; undefined: none. */
function passedLimit(size: number, total: number, files: number, limits: typeof COLLECT_LIMITS): UncollectedFile['limit'] | undefined {
  if (size > limits.file) return 'file';
  if (total + size > limits.total) return 'total';
  if (files >= limits.files) return 'files';
  return undefined;
}

/** A size in MiB when it is whole ones (the limits), else in bytes. */
function shownSize(bytes: number): string {
  return bytes % (1 << 20) === 0 ? `${(bytes / (1 << 20)).toLocaleString('en-US')} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Why a run fails when collectProfiles left files: each named with the limit it passed. Without them
 * its count would be another (a process without its profile), or unknown.
 */
export function uncollectedProblem(uncollected: readonly UncollectedFile[], limits: typeof COLLECT_LIMITS = COLLECT_LIMITS): string {
  const why = ({ name, size, limit }: UncollectedFile) => {
    switch (limit) {
      case 'file':
        return `${name} is ${shownSize(size)}, above the ${shownSize(limits.file)} cg-bench copies of one file`;
      case 'total':
        return `${name} (${shownSize(size)}) would take the run's files past the ${shownSize(limits.total)} cg-bench copies in all`;
      case 'files':
        return `${name} is past the ${limits.files.toLocaleString('en-US')} files cg-bench copies of one run`;
    }
  };
  return `Valgrind's output was not collected, so the run has no complete count: ${uncollected.map(why).join('; ')}`;
}

/** A file the sandboxed code may have written, safe to read: a plain file, not a link or a device. */
export function isPlainFile(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.nlink === 1;
  } catch {
    return false;
  }
}
