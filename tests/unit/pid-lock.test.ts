// A lock names its holder by pid and start time: a killed run's lock is taken over even when its pid
// now belongs to another live process, a live holder is respected, and a clean or interrupted exit
// removes the lock.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { tryLock, unlock } from '../../src/util/pid-lock.ts';
import { eventually } from '../engine/processes.ts';
import { tempDir } from '../helpers.ts';

const LOCK_MODULE = resolve(import.meta.dirname, '../../src/util/pid-lock.ts');
const fresh = () => join(tempDir('cg-bench-lock-'), 'x.lock');

test('a lock naming a live pid that started at another moment is stale, and so is a pid alone', () => {
  for (const text of [`${process.ppid} 00000000-0000-0000-0000-000000000000/1\n`, `${process.ppid}\n`]) {
    const lock = fresh();
    writeFileSync(lock, text);
    assert.equal(tryLock(lock), undefined, text);
    assert.match(readFileSync(lock, 'utf8'), new RegExp(`^${process.pid} `));
    unlock(lock);
    assert.equal(existsSync(lock), false);
  }
});

test('a live holder keeps its lock; once it is killed the lock is taken over', async () => {
  const lock = fresh();
  const holder = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const { tryLock } = await import(${JSON.stringify(LOCK_MODULE)}); tryLock(${JSON.stringify(lock)}); console.log('held'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    let out = '';
    holder.stdout.on('data', (d: Buffer) => (out += d.toString()));
    assert.ok(await eventually(() => out.includes('held'), 30_000));
    assert.equal(tryLock(lock), holder.pid);
  } finally {
    holder.kill('SIGKILL');
  }
  await new Promise((r) => holder.on('exit', r));
  assert.equal(tryLock(lock), undefined);
  unlock(lock);
});

test('process.exit (as on SIGINT/SIGTERM) removes the locks the process held', () => {
  const lock = fresh();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', `const { tryLock } = await import(${JSON.stringify(LOCK_MODULE)}); tryLock(${JSON.stringify(lock)}); process.exit(143);`],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 143, r.stderr);
  assert.equal(existsSync(lock), false);
});

test('ten processes taking and releasing one lock 1,000 times each: never two holders at once', async () => {
  const lock = fresh();
  const marker = `${lock}.held`;
  // Each holder makes a marker file only one can make (wx); a second holder at the same moment fails to.
  const script = `const { tryLock, unlock } = await import(${JSON.stringify(LOCK_MODULE)});
const { writeFileSync, rmSync } = await import('node:fs');
let both = 0;
for (let held = 0; held < 1000; ) {
  if (tryLock(${JSON.stringify(lock)}) !== undefined) continue;
  held++;
  try { writeFileSync(${JSON.stringify(marker)}, '', { flag: 'wx' }); } catch { both++; }
  rmSync(${JSON.stringify(marker)}, { force: true });
  unlock(${JSON.stringify(lock)});
}
console.log(both);`;
  const counts = await Promise.all(
    Array.from(
      { length: 10 },
      () =>
        new Promise<string>((done) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('close', () => done(out.trim()));
        }),
    ),
  );
  assert.deepEqual(counts, Array(10).fill('0'));
  assert.equal(existsSync(lock), false);
});
