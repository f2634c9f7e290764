// The fresh /proc probe stops at the kernel's refusal (PROC_REFUSED), which no retry changes; any
// other failure is tried again, as every probe is. A file of its own: the probes are cached per process.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { SYSTEM_PATH, tempDir } from '../helpers.ts';

test('a refused fresh /proc is probed once, whatever language the caller speaks', (t) => {
  // An unshare that refuses --mount-proc as util-linux does, in German unless told C.
  const bin = tempDir('cg-bench-fake-unshare-');
  const root = tempDir();
  const count = join(bin, 'count');
  const saved = { LANG: process.env['LANG'] };
  t.after(() => {
    delete process.env['CG_BENCH_OWN_PATH'];
    if (saved.LANG === undefined) delete process.env['LANG'];
    else process.env['LANG'] = saved.LANG;
    rmSync(bin, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });
  const refusal = [
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
  writeFileSync(join(bin, 'unshare'), refusal, { mode: 0o755 });
  writeFileSync(count, '');
  process.env['CG_BENCH_OWN_PATH'] = `${bin}:${SYSTEM_PATH}`;
  process.env['LANG'] = 'de_DE.UTF-8';
  const sandbox = untrustedSandbox({ root, network: false, env: {}, uid: 1000 });
  if (!sandbox.isolatedPids) return t.skip('no pid namespace here');
  assert.equal(sandbox.seal.proc, 'host');
  // Before: 4 tries (and 1.5 s of pauses) for the one probe.
  assert.equal(readFileSync(count, 'utf8').length, 1);
});
