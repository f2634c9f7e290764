import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { ExecutableResult } from '../results/types.ts';
import { readHead } from '../untrusted/read.ts';
import { LOG_OBJECTS, loadedObjects, processFiles } from './valgrind-files.ts';

/** Larger than any program or library; a path the log names beyond it is not hashed (a sparse file, a planted name). */
const MAX_EXECUTABLE = 4 * 1024 * 1024 * 1024;

const hashes = new Map<string, string>();

/**
 * sha256 of a regular file, read in chunks, remembered per path, size and modification time for this
 * cg-bench process. The path comes from a log the benchmark could write: a device, a fifo or a huge
 * file gets no hash rather than a hang.
 */
function contentHash(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_EXECUTABLE) return undefined;
    const key = `${path}\0${stat.size}\0${stat.mtimeMs}`;
    let hash = hashes.get(key);
    if (!hash) {
      const sha = createHash('sha256');
      const buffer = Buffer.alloc(1 << 20);
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) sha.update(buffer.subarray(0, n));
      hash = sha.digest('hex');
      hashes.set(key, hash);
    }
    return hash;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * What the benchmark's processes ran from outside the workspace: the program of each process (an
 * interpreter, a system tool) and the shared libraries, each with its content hash. What lies in the
 * workspace is the code being measured; everything else is the machine, and must match for two
 * results to be comparable (a venv's other interpreter, a libc or a libpython updated in place).
 */
export function executablesOf(logDir: string, workspace: string): ExecutableResult[] {
  const found = new Map<string, ExecutableResult>();
  for (const p of processFiles(logDir)) {
    if (!p.log) continue;
    const text = readHead(join(logDir, p.log), LOG_OBJECTS);
    if (text === undefined) continue;
    loadedObjects(text).forEach((path, i) => {
      if (inside(workspace, path)) return;
      const sha256 = contentHash(path);
      if (!sha256) return;
      const known = found.get(path);
      if (known) known.main ||= i === 0;
      else found.set(path, { path, sha256, main: i === 0 });
    });
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}
