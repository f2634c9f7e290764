import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { machine, release, version } from 'node:os';
import { fileIdentity, keptKeys, sandboxProbesFile, updateKeptKeys } from '../results/probe-cache.ts';
import { VERSION } from '../version.ts';
import { ownProgram, ownProgramsPath } from './environment.ts';

/**
 * The sandbox's probes (sandbox.ts and probes.ts: a namespace, a view, each run with `true`) that worked, kept per
 * machine beside the fingerprint's (results/probe-cache.ts), so that a run on a machine that made
 * them before starts none (two views and two namespaces: ~26 processes before the first benchmark).
 * Only a yes is kept: a stale no would lose a seal without a word, a stale yes fails the run that
 * uses it, which then probes again (keptProbesStillWork, run/suite.ts). Every probe's yes picks a
 * stronger seal than its no (sandbox.ts tries the strongest first), so a yes that a benchmark of
 * the same uid forged into the file can only fail a run, which then probes again, never weaken its
 * seal. The key is the probe's working directory and argv (what is new each run, the seal files'
 * directory and names with cg-bench's pid, as placeholders) and all the answer could depend on that
 * a run can see: cg-bench's version, the kernel, the architecture, cg-bench's uid and gid, its user,
 * mount and pid namespaces, the kernel's settings for user namespaces, the image, the PATH its
 * programs are found on and those programs (unshare, taskset, setpriv, mount, the shell). Off with
 * the probe cache (CG_BENCH_PROBE_CACHE=0).
 */

/** Settings that allow or refuse user namespaces without a new kernel (sysctl, AppArmor). */
const USERNS_SETTINGS = [
  '/proc/sys/user/max_user_namespaces',
  '/proc/sys/kernel/unprivileged_userns_clone',
  '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
];

function readOrNull(read: () => string): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

let machinePart: string | undefined;
/** What a probe's answer could depend on beside its argv, once per process. */
function machineIdentity(env: NodeJS.ProcessEnv): string {
  machinePart ??= JSON.stringify({
    format: 1,
    cgBench: VERSION,
    arch: machine(),
    kernel: `${release()} ${version()}`,
    ids: `${process.getuid?.()}:${process.getgid?.()}`,
    namespaces: ['user', 'mnt', 'pid'].map((ns) => readOrNull(() => readlinkSync(`/proc/self/ns/${ns}`))),
    settings: USERNS_SETTINGS.map((file) => readOrNull(() => readFileSync(file, 'utf8').trim())),
    image: `${env['CG_BENCH_IMAGE'] ?? ''}@${env['CG_BENCH_IMAGE_DIGEST'] ?? ''}`,
    // Where the programs are looked up (inside a view, by name: ownProgram), and what they are.
    path: ownProgramsPath(),
    programs: ['unshare', 'taskset', 'setpriv', 'mount', 'mkdir', 'mktemp', 'hostname', 'env']
      .map((p) => fileIdentity(ownProgram(p)))
      .concat(fileIdentity('/bin/sh')),
  });
  return machinePart;
}

/** The key of the probe `argv`, with what is new each run (`perRun`: the seal files' directory, names with cg-bench's pid) as placeholders. */
function keyOf(argv: readonly string[], perRun: readonly string[], env: NodeJS.ProcessEnv): string {
  const stable = argv.map((a) => perRun.reduce((text, part, i) => text.split(part).join(`<run-${i}>`), a));
  // The working directory too: a view binds back the probe's (cg-bench's), as it does a run's.
  return createHash('sha256')
    .update(machineIdentity(env))
    .update('\0')
    .update(JSON.stringify([process.cwd(), stable]))
    .digest('hex');
}

/** The probes this process answered from the file, with their keys: what keptProbesStillWork tries again. */
const answeredFromFile: { argv: string[]; key: string }[] = [];

/**
 * `probe`, answered from the kept file when it holds this argv's key (no process started), else
 * probed, and a yes kept. Without a cache file (turned off, no home), just `probe`.
 */
export function keptProbe(probe: (argv: string[]) => boolean, perRun: () => string[], env: NodeJS.ProcessEnv = process.env): (argv: string[]) => boolean {
  const file = sandboxProbesFile(env);
  if (file === undefined) return probe;
  let kept: Set<string> | undefined;
  return (argv) => {
    const key = keyOf(argv, perRun(), env);
    kept ??= keptKeys(file);
    if (kept.has(key)) {
      if (!answeredFromFile.some((a) => a.key === key)) answeredFromFile.push({ argv, key });
      return true;
    }
    const works = probe(argv);
    if (works) {
      updateKeptKeys(file, [key]);
      kept.add(key);
    }
    return works;
  };
}

/**
 * After a run that failed: whether the probes answered from the kept file still work, each probed
 * again (`probe`). When one does not, every key this process took from the file is dropped from it,
 * so the next sandbox made (the run again, run/suite.ts) probes them all.
 */
export function keptProbesStillWork(probe: (argv: string[]) => boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!answeredFromFile.length || answeredFromFile.every(({ argv }) => probe(argv))) return true;
  const file = sandboxProbesFile(env);
  if (file !== undefined)
    updateKeptKeys(
      file,
      [],
      answeredFromFile.map((a) => a.key),
    );
  answeredFromFile.length = 0;
  return false;
}
