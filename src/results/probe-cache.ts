import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir, machine, release, version } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { readTextBounded, KiB } from '../untrusted/read.ts';
import { holdKeptDirectory, replaceKeptFile } from '../untrusted/write.ts';
import { VERSION } from '../version.ts';

/**
 * The fingerprint's costly probes (two runs under Valgrind, python3 --version, getconf) give the
 * same answers until something they depend on changes. Their answers are kept per machine, in
 * $XDG_CACHE_HOME/cg-bench (else ~/.cache/cg-bench), under a key made of everything that could
 * change them: the Valgrind binary, the loader (glibc), python3 and what the loader reads before
 * main, /etc/ld.so.cache and /etc/ld.so.preload (path, size, mtime), the kernel,
 * the CPU as /proc/cpuinfo names it, the image, the architecture and cg-bench's version. A change of
 * any of them is a new key and a new probe. CG_BENCH_PROBE_CACHE=0 turns the cache off.
 */

/** Bumped when what is cached changes shape or meaning. */
const FORMAT = 1;
/** A machine alternating between a few Valgrinds or images keeps each; older entries go. */
const MAX_ENTRIES = 8;
/** Far above a few entries of a fingerprint. */
const FILE_LIMIT = 256 * KiB;

/** A file as the key sees it: where it resolves, its size and mtime; null when absent. */
export function fileIdentity(path: string | undefined): string | null {
  if (!path) return null;
  try {
    const real = realpathSync(path);
    const s = statSync(real);
    return `${real}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

function onPath(program: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      if (statSync(join(dir, program)).isFile()) return join(dir, program);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The lines of /proc/cpuinfo's first CPU that name it (not its clock or its number). */
function cpuIdentity(cpuinfo: string): string {
  const first = cpuinfo.split(/\n\s*\n/)[0] ?? '';
  const wanted =
    /^(vendor_id|cpu family|model|model name|stepping|microcode|flags|CPU implementer|CPU architecture|CPU variant|CPU part|CPU revision|Features)\s*:/;
  return first
    .split('\n')
    .filter((l) => wanted.test(l))
    .join('\n');
}

export interface ProbeKeyInputs {
  valgrindBin: string;
  valgrindVersion: string;
  /** The files whose change could change a probe's answer, beside Valgrind (the loader, python3, getconf). */
  files: Record<string, string | undefined>;
  env: NodeJS.ProcessEnv;
}

/** The key's parts, readable: what a probe's answers depend on. */
export function probeKeyParts(inputs: ProbeKeyInputs, cpuinfo?: string): Record<string, string | null> {
  let info = cpuinfo;
  if (info === undefined) {
    try {
      info = readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      info = '';
    }
  }
  return {
    format: String(FORMAT),
    cgBench: VERSION,
    arch: machine(),
    kernel: `${release()} ${version()}`,
    cpu: createHash('sha256').update(cpuIdentity(info)).digest('hex'),
    valgrind: fileIdentity(inputs.valgrindBin),
    valgrindVersion: inputs.valgrindVersion,
    image: `${inputs.env['CG_BENCH_IMAGE'] ?? ''}@${inputs.env['CG_BENCH_IMAGE_DIGEST'] ?? ''}`,
    ...Object.fromEntries(
      Object.entries(inputs.files)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, path]) => [`file:${name}`, fileIdentity(path)]),
    ),
  };
}

export function probeKey(parts: Record<string, string | null>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The cache file, or undefined when there is no cache directory (or the cache is turned off). */
export function probeCacheFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const off = env['CG_BENCH_PROBE_CACHE'];
  if (off === '0' || off === 'false') return undefined;
  const xdg = env['XDG_CACHE_HOME'];
  let base: string;
  if (xdg && isAbsolute(xdg)) base = xdg;
  else {
    try {
      base = join(homedir(), '.cache');
    } catch {
      return undefined;
    }
  }
  return join(base, 'cg-bench', 'probes.json');
}

interface Entry {
  key: string;
  value: unknown;
}

/**
 * The entries of the cache file; none when it is missing, unreadable, not ours, writable by others,
 * or not what this code writes (a stale or damaged cache is a miss, never an error).
 */
function readEntries(file: string): Entry[] {
  try {
    const s = lstatSync(file);
    if (!s.isFile() || (typeof process.getuid === 'function' && s.uid !== process.getuid()) || (s.mode & 0o022) !== 0) return [];
    const data: unknown = JSON.parse(readTextBounded(file, FILE_LIMIT, 'probe cache'));
    if (!Array.isArray(data)) return [];
    return data.filter((e): e is Entry => typeof e === 'object' && e !== null && typeof (e as Entry).key === 'string' && 'value' in e);
  } catch {
    return [];
  }
}

/**
 * `probe()`'s answer, from the cache when it holds one for this key and `isValue` accepts it;
 * otherwise probed and kept. With no cache file, just `probe()`.
 */
export async function cachedProbe<T>(
  key: string,
  probe: () => Promise<T>,
  isValue: (value: unknown) => value is T,
  file: string | undefined = probeCacheFile(),
): Promise<T> {
  // Kept only in a directory no one else can change (the writer gate), read and written through it.
  const dir = file === undefined ? undefined : holdKeptDirectory(dirname(file));
  if (file === undefined || dir === undefined) return probe();
  try {
    const held = join(dir.path, basename(file));
    const hit = readEntries(held).find((e) => e.key === key);
    if (hit && isValue(hit.value)) return hit.value;
    const value = await probe();
    const entries = [{ key, value }, ...readEntries(held).filter((e) => e.key !== key)];
    try {
      replaceKeptFile(dir, basename(file), JSON.stringify(entries.slice(0, MAX_ENTRIES)));
    } catch {
      // A read-only home or a full disk: the next run probes again.
    }
    return value;
  } finally {
    dir.release();
  }
}

/** Kept keys of the sandbox's probes that worked (untrusted/kept-probes.ts), beside the fingerprint's probes. */
export function sandboxProbesFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const probes = probeCacheFile(env);
  return probes === undefined ? undefined : join(dirname(probes), 'sandbox-probes.json');
}

/** A probe per view tried, a few views per configuration: room for several projects and machines' worth. */
const MAX_KEYS = 64;

/** The keys kept in `file` (sandboxProbesFile); none when it is missing, damaged or not ours (readEntries). */
export function keptKeys(file: string): Set<string> {
  const dir = holdKeptDirectory(dirname(file));
  if (dir === undefined) return new Set();
  try {
    return new Set(readEntries(join(dir.path, basename(file))).map((e) => e.key));
  } finally {
    dir.release();
  }
}

/** Adds the keys `add` to `file`, newest first, and takes `drop` out; a write that fails is let go (probed again next run). */
export function updateKeptKeys(file: string, add: readonly string[], drop: readonly string[] = []): void {
  const dir = holdKeptDirectory(dirname(file));
  if (dir === undefined) return;
  try {
    const held = join(dir.path, basename(file));
    const gone = new Set([...add, ...drop]);
    const entries = [...add.map((key) => ({ key, value: true })), ...readEntries(held).filter((e) => !gone.has(e.key))];
    replaceKeptFile(dir, basename(file), JSON.stringify(entries.slice(0, MAX_KEYS)));
  } catch {
    // A read-only home or a full disk.
  } finally {
    dir.release();
  }
}

/** Where python3 and getconf are found on the probes' PATH: their files are part of the key. */
export function probedPrograms(path: string): Record<string, string | undefined> {
  return { python3: onPath('python3', path), getconf: onPath('getconf', path) };
}
