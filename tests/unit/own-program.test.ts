// The programs the gates run around the code (setpriv, taskset, unshare, env, rm) are named by their
// absolute path, found once: by name, each exec of one (spawn, then setpriv, taskset, unshare and a
// view's shell in turn) searched PATH again with one failed execve per entry before it (issue 26).
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ownProgram } from '../../src/untrusted/environment.ts';
import { sandboxedCommand, untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { tempDir } from '../helpers.ts';

/** Runs `body` with the own programs' PATH (CG_BENCH_OWN_PATH) set to `path`, then unset. */
function withPath<T>(path: string, body: () => T): T {
  process.env['CG_BENCH_OWN_PATH'] = path;
  try {
    return body();
  } finally {
    delete process.env['CG_BENCH_OWN_PATH'];
  }
}

test('an own program is the first executable regular file of its name on PATH, as execvp would run it', () => {
  const dir = tempDir();
  const [empty, notRunnable, aDirectory, runnable] = ['empty', 'not-runnable', 'a-directory', 'runnable'].map((d) => join(dir, d));
  for (const d of [empty!, notRunnable!, aDirectory!, runnable!]) mkdirSync(d);
  writeFileSync(join(notRunnable!, 'env'), '#!/bin/sh\n');
  chmodSync(join(notRunnable!, 'env'), 0o644);
  mkdirSync(join(aDirectory!, 'env'));
  writeFileSync(join(runnable!, 'env'), '#!/bin/sh\n');
  chmodSync(join(runnable!, 'env'), 0o755);
  const system = existsSync('/usr/bin/env') ? '/usr/bin' : '/bin';
  assert.equal(
    withPath([empty, notRunnable, aDirectory, system].join(':'), () => ownProgram('env')),
    join(system, 'env'),
  );
  // Not found, or a relative entry (the working directory) before it: the name, found at exec as before.
  assert.equal(
    withPath(empty!, () => ownProgram('env')),
    'env',
  );
  assert.equal(
    withPath(`${empty}::${system}`, () => ownProgram('env')),
    'env',
  );
  assert.equal(
    withPath(`${empty}:.:${system}`, () => ownProgram('env')),
    'env',
  );
  // Found in a shared temporary directory (this test's are in /tmp): a view covers it, so the name.
  assert.equal(
    withPath(`${runnable}:${system}`, () => ownProgram('env')),
    'env',
  );
});

test("a measured run's programs around the code are named by absolute path: no PATH search at each exec", () => {
  const root = tempDir();
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: () => true, oneCpu: true, cpus: [0] });
  const { argv } = sandboxedCommand(sandbox, ['valgrind', 'x'], {}, true);
  assert.ok(argv[0]?.startsWith('/'), argv[0]);
  // taskset first, then the view's unshare, the inner one, env.
  for (const name of ['taskset', 'unshare', 'env']) {
    assert.ok(
      argv.some((a) => a.endsWith(`/${name}`)),
      `${name} by absolute path in ${argv.join(' ')}`,
    );
    assert.ok(!argv.includes(name), `${name} not by name`);
  }
});
