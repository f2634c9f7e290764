import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { FunctionResult } from '../results/types.ts';
import { readAsIdentity, type ReaderIdentity } from '../untrusted/read.ts';

const MAX_FILE = 4 << 20;
const MAX_TEXT = 200;

/**
 * The file's lines, when the reader gives them: a regular file of the workspace reached without a
 * link, no larger than MAX_FILE, and readable by `identity` (the uid the benchmark ran as) itself.
 * Never a git directory's files: they hold CI credentials and are no benchmark's source.
 */
function readLines(path: string, root: string, identity: ReaderIdentity | undefined): string[] | undefined {
  const inside = relative(root, path);
  if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('.git')) return undefined;
  return readAsIdentity(root, inside, MAX_FILE, identity)?.toString('utf8').split('\n');
}

/**
 * Adds each recorded line's text, read from the source file where it was measured (a file of the
 * workspace only: cachegrind.out names system headers too). Cachegrind names files as the compiler
 * was given them: absolute, or relative to where it ran, which is tried as the benchmark's working
 * directory, then the configuration's. Files inside the workspace, the functions' and the lines', are
 * then named relative to it.
 * A line whose file the benchmark's own user could not have read (`identity`: the sandbox's user when
 * cg-bench is root and runs the code as another uid), or that is reached through a link, gets no text.
 */
export function attachLineText(functions: FunctionResult[], cwd: string, root: string, identity?: ReaderIdentity): void {
  const cache = new Map<string, string[] | undefined>();
  const linesOf = (file: string): string[] | undefined => {
    if (!cache.has(file)) {
      const candidates = isAbsolute(file) ? [file] : [resolve(cwd, file), resolve(root, file)];
      cache.set(
        file,
        candidates.map((c) => readLines(c, root, identity)).find((l) => l !== undefined),
      );
    }
    return cache.get(file);
  };
  /** "src/sort.c", not the path of the checkout (a bisect worktree, a CI runner's directory). */
  const shown = (file: string) => {
    const inside = isAbsolute(file) ? relative(root, file) : undefined;
    return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
  };
  for (const f of functions) {
    f.file = shown(f.file);
    for (const l of f.lines ?? []) {
      const text = linesOf(l.file)?.[l.line - 1]?.trim();
      if (text)
        l.text = [...text]
          .slice(0, MAX_TEXT)
          .join('')
          .replace(/[\u0000-\u001f\u007f]/g, ' ');
      l.file = shown(l.file);
    }
  }
}
