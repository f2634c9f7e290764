import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { runProcess } from '../untrusted/process.ts';
import { Command } from '../untrusted/command.ts';
import { SEALED_VALGRIND_OPTIONS } from '../util/valgrind-options.ts';
import type { Environment } from './types.ts';

/** What glibc's dynamic loader saw and chose, as it reports under Valgrind: the dispatch state. */
export interface LoaderDiagnostics {
  /** sha256 (16 hex) over every `x86.*` line: CPU features as glibc decoded them, and what it prefers. */
  dispatch: string | null;
  platform: string | null;
  hwcapsActive: string | null;
  /** The auxiliary vector's entry types in order (values vary): a kernel update can add one. */
  auxvTypes: string | null;
}

/** Pure: `ld.so --list-diagnostics` output in, the parts that can change a count out. */
export function parseLoaderDiagnostics(text: string): LoaderDiagnostics {
  const lines = text.split('\n');
  const value = (key: string) =>
    lines
      .find((l) => l.startsWith(`${key}=`))
      ?.slice(key.length + 1)
      .replace(/^"|"$/g, '') ?? null;
  const x86 = lines.filter((l) => l.startsWith('x86.'));
  const auxv = lines.filter((l) => /^auxv\[0x[0-9a-f]+\]\.a_type=/.test(l)).map((l) => l.split('=')[1]);
  return {
    dispatch: x86.length ? createHash('sha256').update(x86.join('\n')).digest('hex').slice(0, 16) : null,
    platform: value('dl_platform'),
    hwcapsActive: value('dl_hwcaps_subdirs_active'),
    auxvTypes: auxv.length ? auxv.join(',') : null,
  };
}

const LOADERS: Record<string, string> = { x64: '/lib64/ld-linux-x86-64.so.2', arm64: '/lib/ld-linux-aarch64.so.1' };

/** glibc's dispatch state as its loader reports it under Valgrind (glibc ≥ 2.33 prints it); nulls elsewhere. */
export async function probeLoader(valgrindBin: string, env: Record<string, string>): Promise<LoaderDiagnostics> {
  const loader = LOADERS[process.arch];
  const probe = loader
    ? await runProcess({
        command: new Command([valgrindBin, '--tool=none', ...SEALED_VALGRIND_OPTIONS, '-q', loader, '--list-diagnostics'], env),
        cwd: '/',
        stdout: 'capture',
        timeoutMs: 120_000,
      })
    : undefined;
  const text = probe?.exitCode === 0 ? probe.stdout : '';
  return parseLoaderDiagnostics(text);
}

/** The loader whose diagnostics are probed on this architecture (its file changes with glibc). */
export function loaderPath(): string | undefined {
  return LOADERS[process.arch];
}

/** The CPU lists and the affinity count: read each time (a container's --cpus or taskset changes them). */
export async function cpuLists(): Promise<Pick<NonNullable<Environment['host']>, 'cpusOnline' | 'cpusPossible' | 'affinity'>> {
  const list = (path: string) =>
    readFile(path, 'utf8').then(
      (t) => t.trim(),
      () => null,
    );
  const [cpusOnline, cpusPossible] = await Promise.all([list('/sys/devices/system/cpu/online'), list('/sys/devices/system/cpu/possible')]);
  return { cpusOnline, cpusPossible, affinity: availableParallelism() };
}
