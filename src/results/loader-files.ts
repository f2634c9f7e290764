import { createHash } from 'node:crypto';
import { lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { MiB, readBytesBounded } from '../untrusted/read.ts';

/**
 * The files glibc's dynamic loader reads before main: the library search cache (ld.so's
 * `_dl_cache_libcmp` walks it to find each library, so its content reaches the count: an
 * `apt install` moved a benchmark by 14 Ir) and the preload list. /etc/ld.so.conf* are not among
 * them: ldconfig turns them into the cache, and the loader never reads them.
 */
export const LOADER_FILES: readonly string[] = ['/etc/ld.so.cache', '/etc/ld.so.preload'];

/** Far above a real cache (tens to hundreds of KB); a larger file is recorded as such, not read. */
const LOADER_FILE_LIMIT = 64 * MiB;

/**
 * One file as the fingerprint sees it: absent, its sha256, or what else it is; a link as its text
 * and the state of what it resolves to. The loader opens these fixed paths following links (some
 * systems link the cache elsewhere), so what it reads is the target's content: recorded by the link
 * text alone, a rewritten target changed the count and not the fingerprint. Following the link is
 * safe here because the path is the host's, not a pull request's file: only root can put a link in
 * /etc, and code running as root can read any file itself; the target is resolved once (realpath)
 * and then read through the gate like any other (no link left to follow, a link swapped in meanwhile
 * refused, no fifo waited on, no device opened, bounded), and only its digest is kept.
 */
function loaderFileState(path: string): string {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch {
    return 'absent';
  }
  if (stat.isSymbolicLink()) {
    let text: string;
    let target: string;
    try {
      text = readlinkSync(path);
    } catch {
      return 'link';
    }
    try {
      target = realpathSync(path);
    } catch {
      return `link to ${text}, to nothing`;
    }
    return `link to ${text}, ${target}: ${fileState(target)}`;
  }
  return fileState(path, stat);
}

/** A path that is no link as the fingerprint sees it: its sha256, or what else it is. */
function fileState(path: string, known?: Stats): string {
  let stat: Stats | undefined = known;
  try {
    stat ??= lstatSync(path);
  } catch {
    return 'absent';
  }
  if (!stat.isFile()) return `not a regular file (type ${(stat.mode & 0o170000).toString(8)})`;
  try {
    return createHash('sha256')
      .update(readBytesBounded(path, LOADER_FILE_LIMIT, 'loader file'))
      .digest('hex');
  } catch (error) {
    return `unreadable (${(error as NodeJS.ErrnoException).code ?? 'refused'})`;
  }
}

/**
 * sha256 (16 hex) over what the loader reads before main (LOADER_FILES): equal only when each file is
 * in the same state. Read on every run (not kept in the probe cache): a package installed between
 * two runs, or by a setup command, changes it.
 */
export function loaderFilesDigest(files: readonly string[] = LOADER_FILES): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\u0000${loaderFileState(file)}\n`);
  return hash.digest('hex').slice(0, 16);
}
