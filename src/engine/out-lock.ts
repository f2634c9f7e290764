import { mkdirSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';
import { resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { tryLock, unlock } from '../util/pid-lock.ts';

/**
 * One run per output directory: two runs writing the same benchmark directories would read each
 * other's profiles. Taken before anything is measured; a lock whose process is gone is taken over.
 * Returns the release function.
 */
export function lockOutputDirectory(outDir: AbsolutePath): () => void {
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
  if (holder !== undefined) throw new CgBenchError(`--out ${shownPath(outDir)}: another cg-bench run (pid ${holder}) is using this directory; give each run its own --out`);
  return () => unlock(lock);
}
