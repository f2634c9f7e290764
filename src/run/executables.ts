import { join, relative, isAbsolute } from 'node:path';
import type { ExecutableResult } from '../results/types.ts';
import { hashAsIdentity, readHead, type ReaderIdentity } from '../untrusted/read.ts';
import { LOG_OBJECTS, loadedObjects, processFiles } from './valgrind-files.ts';
import { byCodeUnits } from '../util/order.ts';

/** Larger than any program or library; a path the log names beyond it is not hashed (a sparse file, a planted name). */
const MAX_EXECUTABLE = 4 * 1024 * 1024 * 1024;

/** Digests already computed in this cg-bench process, per identity and file (device, inode, size, modification time). */
const hashes = new Map<string, string>();

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * What the benchmark's processes ran from outside the workspace: the program of each process (an
 * interpreter, a system tool) and the shared libraries, each with its content hash. What lies in the
 * workspace is the code being measured; everything else is the machine, and must match for two
 * results to be comparable (a venv's other interpreter, a libc or a libpython updated in place).
 * The log is the code's to write, so a path in it may name anything: a file is hashed only through
 * the reader, and only if the benchmark's user (`identity`, when cg-bench is root) can read it itself.
 */
export function executablesOf(logDir: string, workspace: string, identity?: ReaderIdentity): ExecutableResult[] {
  const found = new Map<string, ExecutableResult>();
  for (const p of processFiles(logDir)) {
    if (!p.log) continue;
    const text = readHead(join(logDir, p.log), LOG_OBJECTS);
    if (text === undefined) continue;
    loadedObjects(text).forEach((path, i) => {
      if (inside(workspace, path)) return;
      const sha256 = hashAsIdentity(path, MAX_EXECUTABLE, identity, hashes);
      if (!sha256) return;
      const known = found.get(path);
      if (known) known.main ||= i === 0;
      else found.set(path, { path, sha256, main: i === 0 });
    });
  }
  return [...found.values()].sort((a, b) => byCodeUnits(a.path, b.path));
}
