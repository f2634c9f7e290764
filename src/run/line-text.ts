import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { FunctionResult } from '../results/types.ts';

const MAX_FILE = 4 << 20;
const MAX_TEXT = 200;

/** The file's lines, when it is a regular file of the workspace no larger than MAX_FILE. */
function readLines(path: string, root: string): string[] | undefined {
  const inside = relative(root, path);
  if (inside.startsWith('..') || isAbsolute(inside)) return undefined;
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_FILE) return undefined;
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(stat.size);
      readSync(fd, buffer, 0, stat.size, 0);
      return buffer.toString('utf8').split('\n');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * Adds each recorded line's text, read from the source file where it was measured (a file of the
 * workspace only: cachegrind.out names system headers too). Cachegrind names files as the compiler
 * was given them: absolute, or relative to where it ran, which is tried as the benchmark's working
 * directory, then the configuration's. Files inside the workspace are then named relative to it.
 */
export function attachLineText(functions: FunctionResult[], cwd: string, root: string): void {
  const cache = new Map<string, string[] | undefined>();
  const linesOf = (file: string): string[] | undefined => {
    if (!cache.has(file)) {
      const candidates = isAbsolute(file) ? [file] : [resolve(cwd, file), resolve(root, file)];
      cache.set(file, candidates.map((c) => readLines(c, root)).find((l) => l !== undefined));
    }
    return cache.get(file);
  };
  for (const f of functions) {
    for (const l of f.lines ?? []) {
      const text = linesOf(l.file)?.[l.line - 1]?.trim();
      if (text) l.text = [...text].slice(0, MAX_TEXT).join('').replace(/[\u0000-\u001f\u007f]/g, ' ');
      // Shown relative to the workspace: "src/sort.c:42", not the path of the checkout.
      const inside = isAbsolute(l.file) ? relative(root, l.file) : undefined;
      if (inside && !inside.startsWith('..') && !isAbsolute(inside)) l.file = inside;
    }
  }
}
