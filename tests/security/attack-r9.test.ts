// Round 9's adversarial pass: each test failed on the main of then (3ec2c8a) and shows one finding.
// Their common cause: cg-bench found the programs it runs itself (setpriv, taskset, unshare, the view's
// mount and hostname, rm, git, Valgrind) on its caller's PATH, which can name the checkout (npx puts
// node_modules/.bin first) or a directory the code can make; now on ownProgramsPath() only.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CgBenchError } from '../../src/errors.ts';
import { ownProgram, ownProgramsPath } from '../../src/untrusted/environment.ts';
import { sandboxedCommand, untrustedSandbox, untrustedUser } from '../../src/untrusted/sandbox.ts';
import { tempDir } from '../helpers.ts';

/** Runs `body` with the caller's PATH set to `path`, then puts it back. */
function withPath<T>(path: string, body: () => T): T {
  const before = process.env['PATH'];
  process.env['PATH'] = path;
  try {
    return body();
  } finally {
    process.env['PATH'] = before;
  }
}

test('finding 01: CG_BENCH_RUN_AS names no id setpriv takes as "leave unchanged" ((uid_t)-1) nor one out of range', () => {
  const root = tempDir();
  // setpriv --reuid=4294967295 is setresuid(-1, -1, -1): the code kept real uid 0 (read a 0600 file of root's, wrote /root).
  // 65534:0 (finding 07): another uid but root's group: the code read a root:root 0640 file.
  for (const asked of ['4294967295:4294967295', '65534:4294967295', '4294967296:0', '65534:0']) {
    assert.throws(
      () => untrustedUser(root, { CG_BENCH_RUN_AS: asked }),
      (e: unknown) => e instanceof CgBenchError && e.message.includes(asked),
      `CG_BENCH_RUN_AS=${asked} is refused as configuration, not run (as root) or crashed on later (exit 70)`,
    );
  }
});

test("finding 03: a program root runs around the code is never found through a relative PATH entry (the working directory is the code's)", () => {
  // PATH=node_modules/.bin:... : spawn searched the project (the code's) for setpriv; a setup command's planted one ran as root.
  const found = withPath('node_modules/.bin:/usr/local/bin:/usr/bin:/bin', () => ownProgram('setpriv'));
  assert.ok(found.startsWith('/'), `setpriv found as ${found}: searched relative to cg-bench's working directory at each exec`);
});

test("findings 02, 04/05: the programs a view and the removals run by name are found on the own programs' PATH, none of whose entries comes from the caller's PATH", () => {
  // By name, a directory on PATH the code may write (or make) chose them: a planted `hostname` set the BASE's
  // host name while seal.hostname said fixed (148,767,422 -> 150,763,176 cycles), a planted `mount` read the
  // machine's /tmp on fd 7, a planted `rm` ran outside every namespace after the setup commands.
  const planted = join(tempDir(), 'home', '.local', 'bin');
  mkdirSync(planted, { recursive: true });
  const root = tempDir();
  withPath(`${planted}:node_modules/.bin:${process.env['PATH']}`, () => {
    const path = ownProgramsPath().split(':');
    assert.ok(!path.includes(planted) && !path.includes('node_modules/.bin'), path.join(':'));
    assert.ok(
      path.every((dir) => dir.startsWith('/usr/') || dir === '/bin' || dir === '/sbin'),
      path.join(':'),
    );
    const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000, probe: () => true, oneCpu: true, cpus: [0] });
    assert.equal(sandboxedCommand(sandbox, ['valgrind', 'x'], {}, true).env['PATH'], ownProgramsPath());
  });
});

test("finding 08: no program root runs is taken from a PATH directory another uid owns (the checkout's node_modules/.bin, as npx puts it)", (t) => {
  if (process.getuid?.() !== 0) return t.skip('needs root (chown)');
  // README's host setup (npx cg-bench run in the checkout): the pull request commits node_modules/.bin/setpriv, root ran it at the first probe.
  const bin = join(tempDir(), 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'setpriv'), '#!/bin/sh\n');
  chmodSync(join(bin, 'setpriv'), 0o755);
  chownSync(bin, 4343, 4343);
  chownSync(join(bin, 'setpriv'), 4343, 4343);
  // By name (as ownProgram leaves one in /tmp, where tempDir() is) spawn's PATH search finds the same file: absolute, and not that one.
  const found = withPath(`${bin}:/usr/local/bin:/usr/bin:/bin`, () => ownProgram('setpriv'));
  assert.ok(found.startsWith('/') && !found.startsWith(bin), `setpriv found as ${found}: uid 4343's file (or a PATH search that finds it), which root runs`);
});
