import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { machine } from 'node:os';
import { join } from 'node:path';
import type { CacheGeometry, Weights } from '../config/types.ts';
import { cpuLists, loaderPath, probeLoader, type LoaderDiagnostics } from './host-probe.ts';
import { LOADER_FILES, loaderFilesDigest } from './loader-files.ts';
import { cachedProbe, probedPrograms, probeKey, probeKeyParts } from './probe-cache.ts';
import { MEASUREMENT_METHOD, VERSION } from '../version.ts';
import { runProcess } from '../untrusted/process.ts';
import { Command } from '../untrusted/command.ts';
import { ownTmpdir } from '../untrusted/environment.ts';
import { SEALED_VALGRIND_OPTIONS } from '../util/valgrind-options.ts';
import { CPU_PROBE_X86_64, decodeCpuid } from './cpu-probe.ts';

/** The Valgrind the fingerprint is taken with (run/valgrind.ts finds it): results need not know more. */
export interface ProbeValgrind {
  bin: string;
  version: string;
}

/** The probes' environment: fixed, like a benchmark's, so that they see what a benchmark sees. */
const PROBE_ENVIRONMENT: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
};
import type { Environment } from './types.ts';

/** A probe of cg-bench's own programs (a version, the CPU under Valgrind): bounded all the same. */
const PROBE_TIMEOUT_MS = 120_000;

async function firstLine(command: string, args: string[]): Promise<string | null> {
  const r = await runProcess({
    command: new Command([command, ...args], PROBE_ENVIRONMENT),
    cwd: '/',
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs: PROBE_TIMEOUT_MS,
  });
  if (r.exitCode !== 0) return null;
  return `${r.stdout}${r.stderr}`.trim().split('\n')[0]?.trim() || null;
}

async function osRelease(): Promise<string | null> {
  const text = await readFile('/etc/os-release', 'utf8').catch(() => '');
  return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)?.[1] ?? null;
}

/** The CPU as Valgrind presents it to the program: its hwcaps line and, on x86-64, CPUID. */
async function probeSimulatedCpu(valgrind: ProbeValgrind): Promise<Environment['cpu']> {
  // Real: runProcess enters a working directory only at its real path (a TMPDIR through a link).
  const dir = await realpath(await mkdtemp(join(ownTmpdir(), 'cg-bench-cpu-')));
  try {
    const log = join(dir, 'valgrind.log');
    const x86 = machine() === 'x86_64';
    const target = x86 ? join(dir, 'cpu-probe') : '/bin/true';
    if (x86) await writeFile(target, CPU_PROBE_X86_64, { mode: 0o755 });
    // CPUID's raw bytes: into a file, read as bytes.
    const stdout = join(dir, 'stdout');
    const r = await runProcess({
      command: new Command([valgrind.bin, '--tool=none', ...SEALED_VALGRIND_OPTIONS, '-v', `--log-file=${log}`, target], PROBE_ENVIRONMENT),
      cwd: dir,
      stdout: { file: stdout },
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    const out = r.exitCode === 0 ? await readFile(stdout).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const logText = await readFile(log, 'utf8').catch(() => '');
    const hwcaps = /Arch and hwcaps: (.*)$/m.exec(logText)?.[1]?.trim() ?? null;
    const cpu = x86 ? decodeCpuid(out) : undefined;
    return { hwcaps, vendor: cpu?.vendor ?? null, brand: cpu?.brand ?? null, features: cpu?.features ?? [] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the probes that run programs found: kept per machine (probe-cache.ts). */
interface MachineProbes {
  glibc: string | null;
  python: string | null;
  cpu: Environment['cpu'];
  loader: LoaderDiagnostics;
}

const nullOrString = (v: unknown) => v === null || typeof v === 'string';

function isMachineProbes(value: unknown): value is MachineProbes {
  const v = value as Partial<MachineProbes> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    nullOrString(v.glibc) &&
    nullOrString(v.python) &&
    typeof v.cpu === 'object' &&
    v.cpu !== null &&
    nullOrString(v.cpu.hwcaps) &&
    nullOrString(v.cpu.vendor) &&
    nullOrString(v.cpu.brand) &&
    Array.isArray(v.cpu.features) &&
    v.cpu.features.every((f) => typeof f === 'string') &&
    typeof v.loader === 'object' &&
    v.loader !== null &&
    (['dispatch', 'platform', 'hwcapsActive', 'auxvTypes'] as const).every((k) => nullOrString(v.loader![k]))
  );
}

/**
 * The files whose change could change a probe's answer, beside Valgrind: the loader and the programs
 * probed, and what the loader reads before main (a library installed since can change python3's).
 */
export function probeKeyFiles(loaderFiles: readonly string[] = LOADER_FILES): Record<string, string | undefined> {
  return { loader: loaderPath(), ...probedPrograms(PROBE_ENVIRONMENT['PATH']!), ...Object.fromEntries(loaderFiles.map((file) => [file, file])) };
}

/** The probes' answers, from the per-machine cache when nothing they depend on has changed. */
function machineProbes(valgrind: ProbeValgrind): Promise<MachineProbes> {
  const probe = async (): Promise<MachineProbes> => {
    const [glibc, python, cpu, loader] = await Promise.all([
      firstLine('getconf', ['GNU_LIBC_VERSION']),
      firstLine('python3', ['--version']),
      probeSimulatedCpu(valgrind),
      probeLoader(valgrind.bin, { ...PROBE_ENVIRONMENT }),
    ]);
    return { glibc, python, cpu, loader };
  };
  const key = probeKey(
    probeKeyParts({
      valgrindBin: valgrind.bin,
      valgrindVersion: valgrind.version,
      files: probeKeyFiles(),
      env: process.env,
    }),
  );
  // A probe that failed (Valgrind could not run it) is not kept: the next run tries again.
  return cachedProbe(key, probe, (v): v is MachineProbes => isMachineProbes(v) && v.cpu.hwcaps !== null);
}

let probed: Promise<Omit<Environment, 'cache' | 'weights' | 'workspace'>> | undefined;

/**
 * The fingerprint of the simulated machine and the userland, probed once per process (and the
 * probes that run programs once per machine: probe-cache.ts). It is async so that the suite can
 * start it beside the first benchmark: the probes under Valgrind take a second or two.
 */
export function collectEnvironment(
  valgrind: ProbeValgrind,
  workspace: string,
  cache: CacheGeometry,
  weights: Weights,
  cpuView?: Pick<NonNullable<Environment['host']>, 'cpusOnline' | 'cpusPossible' | 'affinity'>,
): Promise<Environment> {
  probed ??= (async () => {
    const [{ glibc, python, cpu, loader }, os, lists] = await Promise.all([machineProbes(valgrind), osRelease(), cpuLists()]);
    return {
      cgBench: VERSION,
      method: MEASUREMENT_METHOD,
      valgrind: valgrind.version,
      glibc: glibc?.replace(/^glibc\s*/, '') ?? null,
      os,
      arch: machine(),
      python: python?.replace(/^Python\s*/, '') ?? null,
      cpu,
      image: { ref: process.env['CG_BENCH_IMAGE'] || null, digest: process.env['CG_BENCH_IMAGE_DIGEST'] || null },
      host: { ...loader, ...lists },
    };
  })();
  // What the benchmarks see of the CPUs when the sandbox fixes it, not the host's lists. The loader's
  // files are read on every call, after the setup commands ran: they can install packages.
  return probed.then((p) => ({
    ...p,
    workspace,
    cache,
    weights,
    ...(p.host ? { host: { ...p.host, ...cpuView, loaderFiles: loaderFilesDigest() } } : {}),
  }));
}
