// A probe stops at a refusal no retry changes: unshare's of a namespace (EPERM) or of a fresh /proc
// (UNSHARE_REFUSALS), of a view's fixed host name (HOSTNAME_REFUSED); any other failure is tried again,
// as every probe is. A file of its own: the probes are cached per process (the two tests probe other argvs).
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { SYSTEM_PATH, tempDir } from '../helpers.ts';

/** A directory of fake programs first on the sandbox's PATH (CG_BENCH_OWN_PATH) for one test, and a file each appends a line to. */
function ownPath(t: TestContext, programs: Record<string, (count: string) => string>): { root: string; calls: () => number } {
  const bin = tempDir('cg-bench-fake-own-');
  const root = tempDir();
  const count = join(bin, 'count');
  t.after(() => {
    delete process.env['CG_BENCH_OWN_PATH'];
    rmSync(bin, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });
  for (const [name, script] of Object.entries(programs)) writeFileSync(join(bin, name), script(count), { mode: 0o755 });
  writeFileSync(count, '');
  process.env['CG_BENCH_OWN_PATH'] = `${bin}:${SYSTEM_PATH}`;
  return { root, calls: () => readFileSync(count, 'utf8').split('\n').length - 1 };
}

test("a namespace refused with EPERM (a seccomp profile's answer) is tried once, one refused for the load's reasons four times", (t) => {
  // unshare as util-linux says it in C, refusing every namespace, logging each call's arguments.
  const refusing = (error: string) => (count: string) => `#!/bin/sh\necho "$*" >>${count}\necho "unshare: unshare failed: ${error}" >&2\nexit 1\n`;
  // A uid each: a program in a temporary directory is run by name (ownProgram), so the argvs, which
  // the probes are cached by in a process, would be the same in both, and in the tests below.
  const tries = (error: string, uid: number) => {
    const { root, calls } = ownPath(t, { unshare: refusing(error) });
    const sandbox = untrustedSandbox({ root, network: false, env: {}, uid });
    assert.equal(sandbox.seal.pids, 'host');
    return calls();
  };
  // Two namespaces probed (with and without a pid namespace). Before: 4 tries each, 3.4 s of pauses
  // before the first benchmark of every run in a container whose profile refuses unshare.
  assert.equal(tries('Operation not permitted', 1001), 2);
  // The namespace limit reached (ENOSPC) passes with the runs that hold them: tried again.
  assert.equal(tries('No space left on device', 1002), 8);
});

test('a refused fixed host name is tried once, and the rest of the view kept', (t) => {
  // hostname as in a container not started with --hostname: its seccomp profile refuses sethostname.
  const refusal = (count: string) => `#!/bin/sh\necho >>${count}\necho "hostname: you must be root to change the host name" >&2\nexit 1\n`;
  const { root, calls } = ownPath(t, { hostname: refusal });
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000, oneCpu: true, machineHostname: 'b22946b89bdb' });
  if (!sandbox.isolatedPids) return t.skip('no pid namespace here');
  assert.equal(sandbox.seal.hostname, 'host');
  assert.equal(sandbox.seal.entropy, 'fixed');
  assert.equal(sandbox.seal.cpus, 'one');
  // Before: 4 tries (and 1.5 s of pauses) for the one view, in every run in such a container.
  assert.equal(calls(), 1);
});

test('a refused fresh /proc is probed once, whatever language the caller speaks', (t) => {
  // An unshare that refuses --mount-proc as util-linux does, in German unless told C.
  const refusal = (count: string) =>
    [
      '#!/bin/sh',
      'case " $* " in',
      `*" --mount-proc "*) echo >>${count}`,
      '  if [ "$LC_ALL" = C ]; then echo "unshare: mount /proc failed: Operation not permitted" >&2',
      '  else echo "unshare: Einhängen von /proc fehlgeschlagen: Die Operation ist nicht erlaubt" >&2; fi',
      '  exit 1 ;;',
      'esac',
      'exec /usr/bin/unshare "$@"',
      '',
    ].join('\n');
  const { root, calls } = ownPath(t, { unshare: refusal });
  const saved = { LANG: process.env['LANG'] };
  t.after(() => {
    if (saved.LANG === undefined) delete process.env['LANG'];
    else process.env['LANG'] = saved.LANG;
  });
  process.env['LANG'] = 'de_DE.UTF-8';
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000 });
  if (!sandbox.isolatedPids) return t.skip('no pid namespace here');
  assert.equal(sandbox.seal.proc, 'host');
  // Before: 4 tries (and 1.5 s of pauses) for the one probe.
  assert.equal(calls(), 1);
});
