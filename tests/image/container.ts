// How the tests start containers. The engine and the extra flags come from the environment so the
// product never carries this sandbox's needs: here podman wants `--runtime runc` and explicit
// ulimits, a machine with Docker needs neither.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers.ts';

const split = (value: string | undefined, fallback: string) => (value ?? fallback).split(/\s+/).filter(Boolean);

/**
 * Every container start and build of the test suite goes through one readers-writer lock
 * (engine-lock.sh). A Python benchmark's count depends on the device number of the image's root
 * filesystem, an anonymous number the kernel gives each overlay mount from those free at the time
 * (measured: 40 alone, 62 with two other containers running). Test files run in parallel, so a file
 * that compares Python counts across containers takes the lock exclusively (EXCLUSIVE_ENGINE): its
 * containers run alone. Every other container shares it and runs beside the others: waiting for
 * each other's containers one by one made most of the suite's wall time.
 */
const LOCKED = (mode: 'shared' | 'exclusive') => ['sh', join(ROOT, 'tests', 'image', 'engine-lock.sh'), mode];
/** The engine alone, without the lock. */
export const BARE_ENGINE = split(process.env['CG_BENCH_TEST_ENGINE'], 'podman --runtime runc');
export const ENGINE = [...LOCKED('shared'), ...BARE_ENGINE];
const EXCLUSIVE_ENGINE = [...LOCKED('exclusive'), ...BARE_ENGINE];
export const RUN_FLAGS = split(process.env['CG_BENCH_TEST_RUN_FLAGS'], '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024');
export const BUILD_FLAGS = split(process.env['CG_BENCH_TEST_BUILD_FLAGS'], '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024');
export const IMAGE = process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test';

/**
 * Takes the lock and holds it until the returned function is called, for a test that starts its
 * containers with BARE_ENGINE meanwhile: exclusively when they must be the only ones running, shared
 * when they may run beside others' but not beside an exclusive user (an image build among them).
 */
export async function holdEngine(mode: 'shared' | 'exclusive'): Promise<() => void> {
  const lock = LOCKED(mode);
  const holder = spawn(lock[0]!, [...lock.slice(1), 'sh', '-c', 'echo held; cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('close', (code) => reject(new Error(`the engine lock was not taken (exit ${code})`)));
  });
  return () => holder.stdin.end();
}

/** holdEngine('exclusive'). */
export const holdEngineAlone = () => holdEngine('exclusive');

export interface Completed {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The engine under the shared lock, or the exclusive one for a file that compares Python counts across containers. */
export function engine(args: string[], lock: 'shared' | 'exclusive' = 'shared', timeoutMs = 20 * 60_000): Completed {
  const command = lock === 'exclusive' ? EXCLUSIVE_ENGINE : ENGINE;
  const r = spawnSync(command[0]!, [...command.slice(1), ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** `docker run --rm <flags> IMAGE <args>` */
export function runImage(flags: string[], args: string[], lock: 'shared' | 'exclusive' = 'shared'): Completed {
  return engine(['run', '--rm', ...RUN_FLAGS, ...flags, IMAGE, ...args], lock);
}

/**
 * Builds the base (debootstrap, cached) and then the real Dockerfile on top of it, under a lock;
 * nothing when the suite's stamp (CG_BENCH_TEST_IMAGE_STAMP, set by scripts/test.sh, written by
 * build-image.sh) says this run has built IMAGE already. Every image test file asks for the image,
 * and a build, cached or not, takes the engine lock exclusively: each file's request waited for every
 * running container to end and kept new ones waiting (a cached build took 36 s at load 8).
 */
export function buildImage(): { seconds: number } {
  const stamp = process.env['CG_BENCH_TEST_IMAGE_STAMP'];
  if (stamp && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === IMAGE) return { seconds: 0 };
  const started = Date.now();
  const r = spawnSync('bash', [join(ROOT, 'tests', 'image', 'build-image.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, CG_BENCH_TEST_ENGINE: BARE_ENGINE.join(' '), CG_BENCH_TEST_BUILD_FLAGS: BUILD_FLAGS.join(' '), CG_BENCH_TEST_IMAGE: IMAGE },
  });
  if (r.status !== 0) throw new Error(`image build failed:\n${r.stderr}`);
  return { seconds: (Date.now() - started) / 1000 };
}

/**
 * Removes this one name of an image, and the image only if it has no other. (`podman untag IMAGE`
 * without a name removes every name the image has: two suites build the examples' image with the
 * same content, so one image carried both suites' names, and the first suite's dogfood test, ending,
 * took the second's pipeline image from under it: gitlab-ci-local, not finding it, tried to pull it.)
 */
export function removeName(name: string): Completed {
  return engine(['rmi', name]);
}

/** The examples' derived image (examples/derived-image/Dockerfile on the test image), as a user builds it. */
export const DERIVED_IMAGE = `${IMAGE}-examples`;

/** Builds DERIVED_IMAGE on the test image (cached by the engine between runs; kept, like the image). */
export function buildDerivedImage(): void {
  buildImage();
  const context = mkdtempSync(join(tmpdir(), 'cg-bench-derived-context-'));
  try {
    const built = engine([
      'build',
      ...BUILD_FLAGS,
      '--build-arg',
      `CG_BENCH_IMAGE=${IMAGE}`,
      '-f',
      join(ROOT, 'examples', 'derived-image', 'Dockerfile'),
      '-t',
      DERIVED_IMAGE,
      context,
    ]);
    if (built.status !== 0) throw new Error(`the derived image (examples/derived-image/Dockerfile) did not build:\n${built.stdout}\n${built.stderr}`);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}
