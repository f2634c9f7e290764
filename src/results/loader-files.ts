import { createHash } from 'node:crypto';
import { lstatSync, readlinkSync } from 'node:fs';
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
 * One file as the fingerprint sees it: absent, its sha256, where it links to, or what else it is.
 * Read through the gate (no link followed, no fifo waited on, bounded): a setup command run as
 * root can replace these files before the fingerprint is taken.
 */
function loaderFileState(path: string): string {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return 'absent';
  }
  if (stat.isSymbolicLink()) {
    try {
      return `link to ${readlinkSync(path)}`;
    } catch {
      return 'link';
    }
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
