import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { machine, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CacheGeometry, Weights } from '../config/types.ts';
import { BASE_ENVIRONMENT } from '../run/environment.ts';
import type { ValgrindInstall } from '../run/valgrind.ts';
import { VERSION } from '../version.ts';
import { CPU_PROBE_PY } from './cpu-probe.ts';
import type { Environment } from './types.ts';

function firstLine(command: string, args: string[]): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...BASE_ENVIRONMENT } });
  if (result.status !== 0) return null;
  return `${result.stdout}${result.stderr}`.trim().split('\n')[0]?.trim() || null;
}

function osRelease(): string | null {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The CPU as Valgrind presents it to the program: its hwcaps line and, on x86-64, CPUID. */
export function probeSimulatedCpu(valgrind: ValgrindInstall): Environment['cpu'] {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-cpu-'));
  try {
    const log = join(dir, 'valgrind.log');
    const script = join(dir, 'probe.py');
    const python = firstLine('sh', ['-c', 'command -v python3']);
    const target = python ? [python, script] : ['/bin/true'];
    writeFileSync(script, CPU_PROBE_PY);
    const probe = spawnSync(valgrind.bin, ['--tool=none', '-v', '--trace-children=yes', `--log-file=${log}`, ...target], {
      encoding: 'utf8',
      env: { ...BASE_ENVIRONMENT },
    });
    const logText = safeRead(log);
    const hwcaps = /Arch and hwcaps: (.*)$/m.exec(logText)?.[1]?.trim() ?? null;
    const out = probe.status === 0 ? probe.stdout : '';
    const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(out)?.[1]?.trim() || null;
    return { hwcaps, vendor: field('vendor'), brand: field('brand'), features: field('features')?.split(',') ?? [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

let cached: Omit<Environment, 'cache' | 'weights' | 'workspace'> | undefined;

/** The fingerprint of the simulated machine and the userland. Probed once per process. */
export function collectEnvironment(valgrind: ValgrindInstall, workspace: string, cache: CacheGeometry, weights: Weights): Environment {
  cached ??= {
    cgBench: VERSION,
    valgrind: valgrind.version,
    glibc: firstLine('getconf', ['GNU_LIBC_VERSION'])?.replace(/^glibc\s*/, '') ?? null,
    os: osRelease(),
    arch: machine(),
    python: firstLine('python3', ['--version'])?.replace(/^Python\s*/, '') ?? null,
    cpu: probeSimulatedCpu(valgrind),
    image: { ref: process.env['CG_BENCH_IMAGE'] || null, digest: process.env['CG_BENCH_IMAGE_DIGEST'] || null },
  };
  return { ...cached, workspace, cache, weights };
}
