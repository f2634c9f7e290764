// The view mounts the seal's binds and its private temporary directories by one `mount --all` of a
// table (view.ts): what a path with blanks in it (cg-bench's TMPDIR, which holds the seal files) needs there.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { untrustedSandbox } from '../../src/untrusted/sandbox.ts';
import { ROOT, scriptAnswer } from '../helpers.ts';

test('a TMPDIR with a blank and a backslash in its path: the view still binds one CPU, the fixed entropy and a private /tmp', (t) => {
  const tmp = mkdtempSync('/tmp/cg-bench view \\ mounts-');
  chmodSync(tmp, 0o1777);
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const script = `
    import { sandboxedCommand, untrustedSandbox } from ${JSON.stringify(join(ROOT, 'src/untrusted/sandbox.ts'))};
    import { endStrays } from ${JSON.stringify(join(ROOT, 'src/untrusted/strays.ts'))};
    import { spawnSync } from 'node:child_process';
    const sandbox = untrustedSandbox({ root: ${JSON.stringify(ROOT)}, network: false, oneCpu: true, cpus: [0], env: process.getuid() === 0 ? { CG_BENCH_RUN_AS: '65534:65534' } : {} });
    const { argv, env } = sandboxedCommand(sandbox, ['/bin/sh', '-c', 'cat /sys/devices/system/cpu/online; head -c 8 /dev/urandom | od -An -tx1; ls -A /tmp'], { PATH: process.env.PATH }, true, 0, [], ${JSON.stringify(ROOT)});
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', cwd: ${JSON.stringify(ROOT)}, env });
    endStrays(sandbox);
    console.log(JSON.stringify({ seal: sandbox.seal, status: r.status, out: r.stdout, err: r.stderr }));
  `;
  const seen = scriptAnswer<{
    seal: { cpus: string; entropy: string; tmp: string };
    status: number;
    out: string;
    err: string;
  }>(script, { TMPDIR: tmp });
  // Where a TMPDIR of plain names gives a sealed view, this one must too (a broken table only loses it).
  const here = untrustedSandbox({
    root: ROOT,
    network: false,
    oneCpu: true,
    cpus: [0],
    env: process.getuid?.() === 0 ? { CG_BENCH_RUN_AS: '65534:65534' } : {},
  });
  if (here.seal.tmp !== 'private' || here.seal.cpus !== 'one') return t.skip(`no sealed view here: ${JSON.stringify(here.seal)}`);
  assert.equal(seen.seal.tmp, 'private');
  assert.equal(seen.seal.cpus, 'one');
  assert.equal(seen.status, 0, seen.err);
  const [cpus, entropy] = seen.out.split('\n');
  assert.equal(cpus, '0');
  assert.equal(seen.seal.entropy, 'fixed');
  // The first bytes of the fixed stream (sandbox.ts, fixedEntropy), not the system's.
  assert.equal(entropy?.trim(), '8d 9f 41 b6 39 b6 ee 01');
});
