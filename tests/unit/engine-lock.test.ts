// The image tests' engine lock (tests/image/engine-lock.sh): shared users run side by side, an
// exclusive one runs alone, and an exclusive user that is waiting goes before shared users that
// come after it. Each holder here is `sh -c` writing to a log, on a private lock file.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { ROOT, tempDir } from '../helpers.ts';
import { eventually } from '../engine/processes.ts';
import { buildImage, holdEngineAlone, IMAGE } from '../image/container.ts';

const SCRIPT = join(ROOT, 'tests', 'image', 'engine-lock.sh');

const started: ChildProcess[] = [];
/** A failed check leaves holders waiting: ended after each test, and when the file ends however it ends. */
function endHolders(): void {
  for (const child of started.splice(0)) {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
afterEach(endHolders);
process.once('exit', endHolders);

function holder(dir: string, mode: 'shared' | 'exclusive', script: string): { done: Promise<number | null> } {
  const child = spawn('sh', [SCRIPT, mode, 'sh', '-c', script], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, CG_BENCH_TEST_ENGINE_LOCK: join(dir, 'engine.lock') },
  });
  started.push(child);
  return { done: new Promise((resolve) => child.on('close', resolve)) };
}

/** Holds the lock until `release` exists, logging `name in` on entry. */
const holdUntil = (name: string, release: string) => `echo "${name} in" >> log; while [ ! -e ${release} ]; do sleep 0.05; done; echo "${name} out" >> log`;

test('two shared users hold the lock at once', { timeout: 120_000 }, async () => {
  const dir = tempDir('cg-bench-engine-lock-');
  const a = holder(dir, 'shared', holdUntil('a', 'release-a'));
  assert.ok(await eventually(() => existsSync(join(dir, 'log'))), 'a never got the lock');
  // b enters while a still holds it (with an exclusive lock it would wait for release-a, never made).
  const b = holder(dir, 'shared', 'echo "b in" >> log');
  assert.equal(await b.done, 0);
  assert.deepEqual(readFileSync(join(dir, 'log'), 'utf8').split('\n').filter(Boolean), ['a in', 'b in']);
  writeFileSync(join(dir, 'release-a'), '');
  assert.equal(await a.done, 0);
});

test('a waiting exclusive user goes before a shared user that comes later, and runs alone', { timeout: 120_000 }, async () => {
  const dir = tempDir('cg-bench-engine-lock-');
  const lock = join(dir, 'engine.lock');
  const first = holder(dir, 'shared', holdUntil('first', 'release-first'));
  assert.ok(await eventually(() => existsSync(join(dir, 'log'))), 'first never got the lock');
  const exclusive = holder(dir, 'exclusive', 'echo "exclusive in" >> log; echo "exclusive out" >> log');
  // The exclusive user is waiting once it holds the gate.
  assert.ok(await eventually(() => spawnSync('flock', ['-n', `${lock}.gate`, 'true']).status !== 0), 'the exclusive user never took the gate');
  const later = holder(dir, 'shared', 'echo "later in" >> log');
  writeFileSync(join(dir, 'release-first'), '');
  assert.deepEqual(await Promise.all([first.done, exclusive.done, later.done]), [0, 0, 0]);
  assert.deepEqual(readFileSync(join(dir, 'log'), 'utf8').split('\n').filter(Boolean), ['first in', 'first out', 'exclusive in', 'exclusive out', 'later in']);
});

test('a mode that is neither shared nor exclusive is refused', () => {
  const r = spawnSync('sh', [SCRIPT, 'sometimes', 'true'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /shared or exclusive, not 'sometimes'/);
});

test('holdEngineAlone keeps shared users out until it is released', { timeout: 120_000 }, async () => {
  const dir = tempDir('cg-bench-engine-lock-');
  process.env['CG_BENCH_TEST_ENGINE_LOCK'] = join(dir, 'engine.lock');
  try {
    const release = await holdEngineAlone();
    writeFileSync(join(dir, 'log'), 'alone in\n');
    const shared = holder(dir, 'shared', 'echo "shared in" >> log');
    // Given time to get in, were the lock not held.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(join(dir, 'log'), 'alone out\n', { flag: 'a' });
    release();
    assert.equal(await shared.done, 0);
    assert.deepEqual(readFileSync(join(dir, 'log'), 'utf8').split('\n').filter(Boolean), ['alone in', 'alone out', 'shared in']);
  } finally {
    delete process.env['CG_BENCH_TEST_ENGINE_LOCK'];
  }
});

test('only a container start or a build waits: `image inspect` runs while an exclusive user holds the lock', { timeout: 120_000 }, async () => {
  const dir = tempDir('cg-bench-engine-lock-');
  const alone = holder(dir, 'exclusive', holdUntil('alone', 'release-alone'));
  assert.ok(await eventually(() => existsSync(join(dir, 'log'))), 'the exclusive user never got the lock');
  const env = { ...process.env, CG_BENCH_TEST_ENGINE_LOCK: join(dir, 'engine.lock') };
  // The "engine" is echo: it prints what it was given, once it may run.
  const inspect = spawnSync('sh', [SCRIPT, 'shared', 'echo', '--runtime', 'runc', 'image', 'inspect', 'x'], { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(inspect.stdout, '--runtime runc image inspect x\n', 'image inspect waited for the lock');
  const run = spawn('sh', [SCRIPT, 'shared', 'sh', '-c', 'echo "run in" >> log', 'run'], { cwd: dir, env, detached: true, stdio: 'ignore' });
  started.push(run);
  // Listened to from the start: once alone lets go, run may end before alone's end is seen, and a
  // listener added then would wait for nothing (the event loop drained: a fresh-clone run failed so).
  const runDone = new Promise((resolve) => run.on('close', resolve));
  writeFileSync(join(dir, 'release-alone'), '');
  assert.equal(await alone.done, 0);
  assert.equal(await runDone, 0);
  assert.deepEqual(readFileSync(join(dir, 'log'), 'utf8').split('\n').filter(Boolean), ['alone in', 'alone out', 'run in']);
});

test("with the suite's stamp naming the image, buildImage builds nothing: a build holds the lock exclusively, waiting for every running container", () => {
  const dir = tempDir('cg-bench-stamp-');
  const stamp = join(dir, 'image-built');
  // A build here fails at once: its lock's gate is a directory it cannot open.
  mkdirSync(join(dir, 'engine.lock.gate'));
  const saved = { lock: process.env['CG_BENCH_TEST_ENGINE_LOCK'], stamp: process.env['CG_BENCH_TEST_IMAGE_STAMP'] };
  process.env['CG_BENCH_TEST_ENGINE_LOCK'] = join(dir, 'engine.lock');
  process.env['CG_BENCH_TEST_IMAGE_STAMP'] = stamp;
  try {
    assert.throws(() => buildImage(), /image build failed/, 'no stamp yet: it builds');
    writeFileSync(stamp, `${IMAGE}-other\n`);
    assert.throws(() => buildImage(), /image build failed/, 'a stamp naming another image: it builds');
    writeFileSync(stamp, `${IMAGE}\n`);
    assert.deepEqual(buildImage(), { seconds: 0 });
  } finally {
    for (const [name, value] of [
      ['CG_BENCH_TEST_ENGINE_LOCK', saved.lock],
      ['CG_BENCH_TEST_IMAGE_STAMP', saved.stamp],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
