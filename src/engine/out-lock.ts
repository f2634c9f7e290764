import { lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { callerDirectory, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { tryLock, unlock } from '../util/pid-lock.ts';

/** Entries of an output directory looked at for links; far more than a run leaves. */
const MAX_ENTRIES = 1_000_000;

/**
 * What in an output directory cg-bench must not write through: the directory itself, or a directory
 * between the caller's directory and it, being a link; or a link, fifo, socket or device inside it.
 * The default --out (.cg-bench) lies in the checkout, where a pull request can commit
 * `.cg-bench/setup.log -> /etc/passwd` or `.cg-bench -> /etc`: cg-bench, as root in CI, then wrote
 * setup output and reports through them. Undefined when there is nothing of the kind.
 */
function unsafeEntry(outDir: AbsolutePath, notWalked: readonly string[]): string | undefined {
  const here = callerDirectory();
  // The directory itself, and its parents below the caller's directory (a path given relative to it).
  for (let dir: string = outDir; ; dir = dirname(dir)) {
    try {
      if (lstatSync(dir).isSymbolicLink()) return `${shownPath(dir as AbsolutePath)} is a symbolic link`;
    } catch {
      // Not there yet: made by cg-bench.
    }
    const inside = relative(here, dirname(dir));
    if (dir === dirname(dir) || inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || inside.startsWith(sep)) break;
  }
  let seen = 0;
  const walk = (dir: string): string | undefined => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return undefined;
    }
    for (const name of names) {
      if (++seen > MAX_ENTRIES) return `${shownPath(outDir)} holds more than ${MAX_ENTRIES} entries`;
      const path = join(dir, name);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isSymbolicLink()) return `${shownPath(path as AbsolutePath)} is a symbolic link`;
      if (stat.isDirectory()) {
        if (dir === outDir && notWalked.includes(name)) continue;
        const found = walk(path);
        if (found) return found;
      } else if (!stat.isFile()) return `${shownPath(path as AbsolutePath)} is not a regular file`;
    }
    return undefined;
  };
  return walk(outDir);
}

/**
 * One run per output directory: two runs writing the same benchmark directories would read each
 * other's profiles. Taken before anything is measured; a lock whose process is gone is taken over.
 * A directory with a link in it (unsafeEntry) is refused first; `notWalked` names directories in it
 * that are not looked into (a git worktree cg-bench replaces whole, whose tree may hold links).
 * Returns the release function.
 */
export function lockOutputDirectory(outDir: AbsolutePath, notWalked: readonly string[] = []): () => void {
  const unsafe = unsafeEntry(outDir, notWalked);
  if (unsafe) {
    throw new CgBenchError(
      `--out ${shownPath(outDir)}: ${unsafe}; cg-bench writes its output there and never through a link (a pull request can commit one in the checkout). Remove it, or give another --out`,
    );
  }
  try {
    mkdirSync(outDir, { recursive: true });
  } catch {
    return () => {}; // Not writable: the suite says so, naming --out.
  }
  const lock = resolveFrom(outDir, '.cg-bench.lock');
  let holder: number | undefined;
  try {
    holder = tryLock(lock);
  } catch {
    return () => {}; // Not writable: the suite says so, naming --out.
  }
  if (holder !== undefined)
    throw new CgBenchError(`--out ${shownPath(outDir)}: another cg-bench run (pid ${holder}) is using this directory; give each run its own --out`);
  return () => unlock(lock);
}
