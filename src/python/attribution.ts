// The attribution pass: after measuring a Python benchmark, cg-bench runs it once more, natively and
// unmeasured, counting executed bytecode per Python function through a sitecustomize.py it puts
// first on PYTHONPATH for that run only. After the measured run, so nothing of it reaches the count,
// and its failure or timeout only loses the attribution. CG_BENCH_PYTHON_ATTRIBUTION=0 skips it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTRUMENT_VARIABLE } from '../run/environment.ts';
import { readTextBeneath } from '../untrusted/read.ts';
import { isPlainFile } from '../untrusted/collect-profiles.ts';
import { makeRunDirectory, removeRunDirectory } from '../untrusted/given-directories.ts';
import type { Sandbox } from '../untrusted/sandbox.ts';
import type { PythonAttribution, PythonFunctionResult } from './types.ts';

/** Functions below this share of the bytecodes are left out of results.json, as for C functions. */
export const PYTHON_FUNCTION_SHARE = 1e-4;
export const MAX_PYTHON_FUNCTIONS = 2000;
/** A process's counts file larger than this is not read (a benchmark wrote it, not the counter). */
const MAX_COUNTS_BYTES = 64 << 20;

/** python/cg_bench/_bytecode.py, found from src/python/ (tsx) or dist/ (the bundle, the image). */
function bytecodeCounterSource(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'python', 'cg_bench', '_bytecode.py');
    if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
    dir = dirname(dir);
  }
  throw new Error('internal: python/cg_bench/_bytecode.py is not installed beside cg-bench');
}

interface CountsFile {
  method: string;
  python: string;
  functions: { module: string; qualname: string; file: string; line: number; bytecodes: number }[];
}

function isCountsFile(value: unknown): value is CountsFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v['version'] !== 1 || typeof v['method'] !== 'string' || typeof v['python'] !== 'string' || !Array.isArray(v['functions'])) return false;
  return v['functions'].every((f: unknown) => {
    if (typeof f !== 'object' || f === null) return false;
    const r = f as Record<string, unknown>;
    return (
      typeof r['module'] === 'string' &&
      typeof r['qualname'] === 'string' &&
      typeof r['file'] === 'string' &&
      Number.isSafeInteger(r['line']) &&
      Number.isSafeInteger(r['bytecodes']) &&
      (r['bytecodes'] as number) >= 0 &&
      (r['line'] as number) >= 0
    );
  });
}

/** A source file as the report shows it: relative to the benchmark's directory when beneath it. */
function shownFile(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  return rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel) ? rel : file;
}

/** Every process's counts, summed per function (module:qualname in one file), the small ones left out. */
function readAttribution(outDir: string, cwd: string, scope: PythonAttribution['scope']): PythonAttribution | undefined {
  let names: string[];
  try {
    names = readdirSync(outDir)
      .filter((n) => /^bytecode\.\d+\.json$/.test(n))
      .sort();
  } catch {
    return undefined;
  }
  const methods = new Set<string>();
  const versions = new Set<string>();
  const byKey = new Map<string, PythonFunctionResult>();
  for (const name of names) {
    const path = join(outDir, name);
    if (!isPlainFile(path)) continue;
    let parsed: unknown;
    try {
      // The benchmark wrote it: through the reader (no link, a regular file, never a fifo waited on, bounded).
      parsed = JSON.parse(readTextBeneath(outDir, name, MAX_COUNTS_BYTES, 'counts file'));
    } catch {
      continue;
    }
    if (!isCountsFile(parsed)) continue;
    methods.add(parsed.method);
    versions.add(parsed.python);
    for (const f of parsed.functions) {
      const fn = `${f.module}:${f.qualname}`;
      const file = shownFile(f.file, cwd);
      const key = `${file}\u0000${fn}`;
      const entry = byKey.get(key);
      if (entry) {
        entry.bytecodes += f.bytecodes;
        entry.line = Math.min(entry.line, f.line);
      } else byKey.set(key, { fn, file, line: f.line, bytecodes: f.bytecodes });
    }
  }
  if (!methods.size) return undefined;
  const all = [...byKey.values()];
  const bytecodes = all.reduce((sum, f) => sum + f.bytecodes, 0);
  const floor = bytecodes * PYTHON_FUNCTION_SHARE;
  const functions = all
    .filter((f) => f.bytecodes > 0 && f.bytecodes >= floor)
    .sort((a, b) => b.bytecodes - a.bytecodes || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file))
    .slice(0, MAX_PYTHON_FUNCTIONS);
  return { method: [...methods].sort().join(', '), python: [...versions].sort().join(', '), scope, bytecodes, functions };
}

/** Whether to make the attribution pass: unless the caller sets CG_BENCH_PYTHON_ATTRIBUTION=0. */
export function attributionWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['CG_BENCH_PYTHON_ATTRIBUTION'] !== '0';
}

/**
 * Runs `run` (the benchmark, natively) with the counter loaded, and returns its counts; files removed
 * after. The counter and what it writes live in a directory of cg-bench's own (makeRunDirectory),
 * which `run` must hand the code among its own paths.
 */
export async function countingBytecode(options: {
  cwd: string;
  env: Record<string, string>;
  scope: PythonAttribution['scope'];
  sandbox: Sandbox;
  run: (env: Record<string, string>, dir: string) => Promise<unknown>;
}): Promise<PythonAttribution | undefined> {
  const counting = makeRunDirectory(options.sandbox, 'bytecode-', { 'site/sitecustomize.py': bytecodeCounterSource() });
  const site = join(counting.dir, 'site');
  const inherited = options.env['PYTHONPATH'];
  // Without the early import of cg_bench (a .pth file in the image): the counter loads first.
  const { [INSTRUMENT_VARIABLE]: _early, ...measuredEnv } = options.env;
  const env = {
    ...measuredEnv,
    PYTHONPATH: inherited ? `${site}:${inherited}` : site,
    CG_BENCH_BYTECODE_DIR: counting.out,
    CG_BENCH_BYTECODE_SCOPE: options.scope,
  };
  try {
    await options.run(env, counting.dir);
    return readAttribution(counting.out, options.cwd, options.scope);
  } finally {
    removeRunDirectory(counting);
  }
}
