// How the tests start containers. The engine and the extra flags come from the environment so the
// product never carries this sandbox's needs: here podman wants `--runtime runc` and explicit
// ulimits, a machine with Docker needs neither.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers.ts';

const split = (value: string | undefined, fallback: string) => (value ?? fallback).split(/\s+/).filter(Boolean);

/**
 * Every container start and build of the test suite goes through one lock. A Python benchmark's
 * count depends on the device number of the image's root filesystem, an anonymous number the
 * kernel gives each overlay mount from those free at the time (measured: 40 alone, 62 with two other
 * containers running). Test files run in parallel, so without the lock one container's number would
 * depend on what another test file happens to be running.
 */
const ENGINE_LOCK = '/tmp/cg-bench-test-engine.lock';
export const ENGINE = ['flock', ENGINE_LOCK, ...split(process.env['CG_BENCH_TEST_ENGINE'], 'podman --runtime runc')];
export const RUN_FLAGS = split(process.env['CG_BENCH_TEST_RUN_FLAGS'], '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024');
export const BUILD_FLAGS = split(process.env['CG_BENCH_TEST_BUILD_FLAGS'], '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024');
export const IMAGE = process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test';

export interface Completed {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function engine(args: string[], timeoutMs = 20 * 60_000): Completed {
  const r = spawnSync(ENGINE[0]!, [...ENGINE.slice(1), ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** `docker run --rm <flags> IMAGE <args>` */
export function runImage(flags: string[], args: string[]): Completed {
  return engine(['run', '--rm', ...RUN_FLAGS, ...flags, IMAGE, ...args]);
}

/** Builds the base (debootstrap, cached) and then the real Dockerfile on top of it, under a lock. */
export function buildImage(): { seconds: number } {
  const started = Date.now();
  const r = spawnSync('bash', [join(ROOT, 'tests', 'image', 'build-image.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, CG_BENCH_TEST_ENGINE: ENGINE.slice(2).join(' '), CG_BENCH_TEST_BUILD_FLAGS: BUILD_FLAGS.join(' '), CG_BENCH_TEST_IMAGE: IMAGE },
  });
  if (r.status !== 0) throw new Error(`image build failed:\n${r.stderr}`);
  return { seconds: (Date.now() - started) / 1000 };
}
