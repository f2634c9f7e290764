import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
  writeSync,
  type ReadStream,
  type Stats,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CgBenchError } from '../errors.ts';

/**
 * THE READER: every file whose path or content a pull request controls (source files named by debug
 * info, logs and parts handed between jobs, runs given to `history`, results, baselines,
 * configurations) is read here, with these guarantees:
 *
 * - beneath a root the caller trusts, with no symbolic link in any component below that root (a
 *   link is refused, never followed), and never outside it (`..`, an absolute path elsewhere);
 * - a regular file only (no fifo, device, socket or directory), opened non-blocking, so a fifo can
 *   never make cg-bench wait;
 * - at most `limit` bytes: a larger file is refused;
 * - a refusal is a CgBenchError whose message names the file. Errors of the file system itself
 *   (no such file, permission denied) are left to the caller, as Node's errors with their `code`.
 *
 * Node has no openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS). The same guarantee, race-free: the
 * file is opened with O_NOFOLLOW | O_NONBLOCK, the open file must be a regular file, and the kernel's
 * name for it (/proc/self/fd/N) must be the path expected from the root's real path and the relative
 * path: a link in any component, swapped in at any moment before the open, makes them differ.
 */

export const MiB = 1 << 20;

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

function kindOf(stat: Stats): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a fifo';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The path of `path` beneath `root` ("a/b.json"), or undefined when it is outside (or root itself). */
function beneath(root: string, realRoot: string, path: string): string | undefined {
  for (const base of [resolve(root), realRoot]) {
    const inside = relative(base, resolve(base, path));
    if (inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside)) return inside;
  }
  return undefined;
}

/**
 * Opens `path` (relative to `root`, or absolute inside it) with the reader's guarantees; returns the
 * descriptor and the file's real path. The caller closes the descriptor.
 */
function openBeneath(root: string, path: string, shown: string = resolve(root, path), what?: string): { fd: number; real: string } {
  if (what) shown = `${what} ${shown}`;
  const realRoot = realpathSync(root);
  const inside = beneath(root, realRoot, path);
  if (inside === undefined) throw new CgBenchError(`${shown}: not a file inside ${root}; cg-bench reads files a pull request controls only from there`);
  const real = join(realRoot, inside);
  // First without opening anything, so that a device is never opened (opening some has effects) and
  // the refusal can say which component is the problem. Racy; the checks on the open file are not.
  const parts = inside.split(sep);
  for (let i = 0; i < parts.length; i++) {
    const component = join(realRoot, ...parts.slice(0, i + 1));
    const stat = lstatSync(component);
    const last = i === parts.length - 1;
    if (stat.isSymbolicLink())
      throw new CgBenchError(
        `${shown}: ${last ? 'is' : `${join(...parts.slice(0, i + 1))} is`} a symbolic link; cg-bench does not follow links in files a pull request controls`,
      );
    if (!last && !stat.isDirectory()) throw new CgBenchError(`${shown}: ${join(...parts.slice(0, i + 1))} is not a directory`);
    if (last && !stat.isFile())
      throw new CgBenchError(`${shown}: is ${kindOf(stat)}, not a regular file; cg-bench reads only regular files a pull request controls`);
  }
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new CgBenchError(`${shown}: is a symbolic link; cg-bench does not follow links in files a pull request controls`);
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new CgBenchError(`${shown}: is ${kindOf(stat)}, not a regular file; cg-bench reads only regular files a pull request controls`);
    let opened: string | undefined;
    try {
      opened = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      opened = undefined; // No /proc (not Linux): the component checks above are all there is.
    }
    if (opened !== undefined && opened !== real)
      throw new CgBenchError(
        `${shown}: a component of its path is a symbolic link (it opened as ${opened}); cg-bench does not follow links in files a pull request controls`,
      );
    return { fd, real };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Something is at `path`, a link included (lstat): a caller that skips what is absent hands a link
 * to the reader, which refuses it naming it, instead of passing over it as "missing".
 */
export function presentAt(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function tooLarge(what: string, shown: string, limit: number): CgBenchError {
  const size = limit >= MiB ? `${Math.round(limit / MiB)} MiB` : `${limit} bytes`;
  return new CgBenchError(`${what} ${shown}: larger than ${size}; that is not a ${what} cg-bench wrote or can use`);
}

/** Reads at most `limit` bytes of an open descriptor; more is refused. */
function readAll(fd: number, limit: number, what: string, shown: string): Buffer {
  // Sized by the file, read in place: a 30 MB results.json costs 30 MB, not a 64 MiB scratch buffer
  // and two copies. A file that grows while it is read (or says 0, as /proc does) grows the buffer.
  let buffer = Buffer.allocUnsafe(Math.min(limit + 1, fstatSync(fd).size + 1));
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(2 * buffer.length, MiB)));
      buffer.copy(larger, 0, 0, total);
      buffer = larger;
    }
    const n = readSync(fd, buffer, total, buffer.length - total, null);
    if (n === 0) break;
    total += n;
    if (total > limit) throw tooLarge(what, shown, limit);
  }
  return buffer.subarray(0, total);
}

/** A file beneath `root`, read through the gate: its bytes, at most `limit`. */
function readBeneath(root: string, path: string, limit: number, what: string, shown: string = resolve(root, path)): Buffer {
  const { fd } = openBeneath(root, path, shown, what);
  try {
    return readAll(fd, limit, what, shown);
  } finally {
    closeSync(fd);
  }
}

/** A file the caller named itself, read through the gate beneath its own directory (as readTextBounded), as bytes. */
export function readBytesBounded(path: string, limit: number, what: string, shown: string = path): Buffer {
  return readBeneath(dirname(resolve(path)), basename(path), limit, what, shown);
}

/** A file beneath `root`, read through the gate, as UTF-8 text. */
export function readTextBeneath(root: string, path: string, limit: number, what: string, shown: string = resolve(root, path)): string {
  return readBeneath(root, path, limit, what, shown).toString('utf8');
}

/**
 * A file the caller named itself (a --config, a results.json, a hand-over), read through the gate
 * beneath its own directory: the file itself must not be a link, a fifo or a device, and is at most
 * `limit` bytes (`--config /dev/zero` or a planted huge baseline end in a clear message, not in memory
 * exhaustion). Errors from the file system are left to the caller.
 */
export function readTextBounded(path: string, limit: number, what: string, shown: string = path): string {
  return readTextBeneath(dirname(resolve(path)), basename(path), limit, what, shown);
}

/**
 * Copies a file beneath `root` through the gate into `to`, a new file cg-bench writes (replacing
 * one there, never following a link there): the copy of a part's log is the bytes of a regular
 * file of that part, never of what a link names. At most `limit` bytes; more is refused.
 */
export function copyBeneath(root: string, path: string, to: string, limit: number, what: string, shown: string = resolve(root, path)): void {
  const { fd } = openBeneath(root, path, shown, what);
  try {
    const out = openSync(to, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
    try {
      const buffer = Buffer.alloc(MiB);
      let total = 0;
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
        total += n;
        if (total > limit) throw tooLarge(what, shown, limit);
        for (let written = 0; written < n; ) written += writeSync(out, buffer, written, n - written);
      }
    } finally {
      closeSync(out);
    }
  } finally {
    closeSync(fd);
  }
}

/** Whom a file is read as: the uid and gid the sandbox runs pull-request code as. */
export interface ReaderIdentity {
  uid: number;
  gid: number;
}

/**
 * Run as `identity` with the verified file as its stdin: succeeds only if that identity can reach the
 * same file by its path (search permission on every directory) and read it. Reopening
 * /proc/self/fd/0 is checked by the kernel against the reader's own uid, so the bytes come from the
 * very file the gate opened, and only if that uid could have read it itself. The reopened file
 * replaces cg-bench's descriptor as stdin before the reading program starts: no process of that uid
 * ever holds a descriptor opened with cg-bench's rights.
 */
const READER_SCRIPT = 'test "$1" -ef /proc/self/fd/0 && exec head -c "$2" </proc/self/fd/0';

/**
 * A file beneath `root` read through the gate AND with another identity (the sandbox's user, when
 * cg-bench is root): nothing that user could not read itself is returned. Undefined when the file is
 * refused, unreadable to that user, or larger than `limit`; never an error.
 */
export function readAsIdentity(root: string, path: string, limit: number, identity: ReaderIdentity | undefined): Buffer | undefined {
  let opened: { fd: number; real: string };
  try {
    opened = openBeneath(root, path);
  } catch {
    return undefined;
  }
  try {
    if (!identity) {
      try {
        return readAll(opened.fd, limit, 'file', opened.real);
      } catch {
        return undefined;
      }
    }
    const reader = spawnSync('/bin/sh', ['-c', READER_SCRIPT, 'cg-bench-read', opened.real, String(limit + 1)], {
      stdio: [opened.fd, 'pipe', 'ignore'],
      uid: identity.uid,
      gid: identity.gid,
      env: { PATH: '/usr/bin:/bin' },
      cwd: '/',
      maxBuffer: limit + 2,
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    if (reader.status !== 0 || reader.error || reader.stdout.length > limit) return undefined;
    return reader.stdout;
  } finally {
    closeSync(opened.fd);
  }
}

/** As READER_SCRIPT, but the reader prints the file's sha256. */
const HASHER_SCRIPT = 'test "$1" -ef /proc/self/fd/0 && exec sha256sum </proc/self/fd/0';

/**
 * The sha256 of a file a pull request's code named (an object its Valgrind log says it loaded: the
 * log is in a directory the code can write, so the path can be anything): a regular file only,
 * checked before it is opened (no device is ever opened, opening some has effects) and on the open
 * file, at most `limit` bytes; and with `identity`, only a file that user can read itself, hashed
 * by a reader process as that user reopening the verified file, so no root-only file's digest is
 * ever published. Undefined otherwise; never an error. `known` gives a digest already computed for
 * this very file (device, inode, size, modification time), which is not computed again.
 */
export function hashAsIdentity(
  path: string,
  limit: number,
  identity: ReaderIdentity | undefined,
  known?: { get(key: string): string | undefined; set(key: string, sha256: string): unknown },
): string | undefined {
  let before: Stats;
  try {
    before = statSync(path);
  } catch {
    return undefined;
  }
  if (!before.isFile() || before.size > limit) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > limit || stat.dev !== before.dev || stat.ino !== before.ino) return undefined;
    const key = `${identity ? `${identity.uid}:${identity.gid}` : 'self'}\0${stat.dev}\0${stat.ino}\0${stat.size}\0${stat.mtimeMs}`;
    const cached = known?.get(key);
    if (cached) return cached;
    let sha256: string | undefined;
    if (identity) {
      const hasher = spawnSync('/bin/sh', ['-c', HASHER_SCRIPT, 'cg-bench-hash', path], {
        stdio: [fd, 'pipe', 'ignore'],
        uid: identity.uid,
        gid: identity.gid,
        env: { PATH: '/usr/bin:/bin' },
        cwd: '/',
        encoding: 'latin1',
        timeout: 120_000,
        killSignal: 'SIGKILL',
      });
      sha256 = hasher.status === 0 && !hasher.error ? /^([0-9a-f]{64}) /.exec(hasher.stdout)?.[1] : undefined;
    } else {
      const sha = createHash('sha256');
      const buffer = Buffer.alloc(MiB);
      let total = 0;
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
        total += n;
        if (total > limit) return undefined;
        sha.update(buffer.subarray(0, n));
      }
      sha256 = sha.digest('hex');
    }
    if (sha256) known?.set(key, sha256);
    return sha256;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export const KiB = 1 << 10;

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

/**
 * A stream over a plain file code cg-bench ran could have written or swapped meanwhile (a profile in
 * the benchmark's directory): no link followed, a fifo never waited on (opened non-blocking, then
 * refused), checked on the open file. A refusal is a CgBenchError naming the file.
 */
export function openPlainStream(path: string, what: string): ReadStream {
  const fd = openPlain(path);
  if (fd === undefined)
    throw new CgBenchError(`${what} ${path}: not a plain file (a link, a fifo, a device, or gone); cg-bench reads only plain files the code it ran wrote`);
  return createReadStream('', { fd, highWaterMark: MiB });
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

/** How much of a log's end logTail reads. */
export const LOG_TAIL_BYTES = 16 * KiB;

/**
 * The last lines of a log written by code cg-bench ran, for a message: read from its last
 * LOG_TAIL_BYTES only, each line cut to 400 characters, so the message stays short whatever the log holds.
 */
export function logTail(path: string, lines = 20): string {
  return lastLines(readTail(path, LOG_TAIL_BYTES) ?? '', lines);
}

/** logTail's lines of a log's end already read (readTail(path, LOG_TAIL_BYTES)). */
export function lastLines(end: string, lines = 20): string {
  return end
    .trimEnd()
    .split('\n')
    .slice(-lines)
    .map((line) => (line.length > 400 ? `${line.slice(0, 400)} … (${line.length - 400} more characters)` : line))
    .join('\n');
}
