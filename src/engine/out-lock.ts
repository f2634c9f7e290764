import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';
import { resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return () => {};
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new CgBenchError(`--out ${shownPath(outDir)}: another cg-bench run (pid ${holder}) is using this directory; give each run its own --out`);
    }
    rmSync(lock, { force: true });
  }
  return () => {};
}
