import { join, relative, isAbsolute } from 'node:path';
import type { ExecutableResult } from '../results/types.ts';
import { contentHash, readHead } from '../untrusted/read.ts';
import { LOG_OBJECTS, loadedObjects, processFiles } from './valgrind-files.ts';

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
