// cg-bench's own paths in the shared temporary directories (the seal files, a benchmark's HOME, a
// project in /tmp) are bound back into a view's private ones by the view's one `mount --all`, their
// mount points made by one `mkdir -p`: a `mkdir -p` and a `mount` each before (issue 26). A path with
// a blank in it is still bound, one at a time, as before.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, scriptAnswer } from '../helpers.ts';

test("a view binds cg-bench's own paths in /tmp by its table: one mount and one mkdir for all, and each shows what it held", (t) => {
  if (spawnSync('strace', ['-V']).status !== 0) return t.skip('no strace');
  const base = mkdtempSync('/tmp/cg-bench-own-binds-');
  chmodSync(base, 0o755);
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const own = ['plain-one', 'plain-two', 'with blank'].map((name) => join(base, name));
  for (const [i, dir] of own.entries()) {
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'file'), `content ${i}\n`);
    chmodSync(join(dir, 'file'), 0o644);
  }
  const trace = join(base, 'trace');
  const script = `
    import { sandboxedCommand, untrustedSandbox } from ${JSON.stringify(join(ROOT, 'src/untrusted/sandbox.ts'))};
    import { endStrays } from ${JSON.stringify(join(ROOT, 'src/untrusted/strays.ts'))};
    import { spawnSync } from 'node:child_process';
    const sandbox = untrustedSandbox({ root: ${JSON.stringify(ROOT)}, network: false, oneCpu: true, cpus: [0], env: process.getuid() === 0 ? { CG_BENCH_RUN_AS: '65534:65534' } : {} });
    const own = ${JSON.stringify(own)};
    // Run from /: a working directory in /tmp (a clone made with mktemp -d) is bound back by a mount of its own.
    const { argv, env } = sandboxedCommand(sandbox, ['/bin/cat', ...own.map((d) => d + '/file')], { PATH: process.env.PATH }, true, 0, own, '/');
    const r = spawnSync('strace', ['-f', '-qq', '-e', 'trace=execve', '-o', ${JSON.stringify(trace)}, ...argv], { encoding: 'utf8', cwd: '/', env });
    endStrays(sandbox);
    console.log(JSON.stringify({ seal: sandbox.seal, status: r.status, out: r.stdout, err: r.stderr }));
  `;
  const seen = scriptAnswer<{ seal: { tmp: string }; status: number; out: string; err: string }>(script);
  if (seen.seal.tmp !== 'private') return t.skip(`no view with private temporary directories here: ${JSON.stringify(seen.seal)}`);
  assert.equal(seen.status, 0, seen.err);
  assert.equal(seen.out, 'content 0\ncontent 1\ncontent 2\n');
  const programs = readFileSync(trace, 'utf8')
    .split('\n')
    .filter((line) => / execve\(.*= 0$/.test(line))
    .map((line) => /execve\("[^"]*\/([^/"]+)"/.exec(line)?.[1]);
  const count = (name: string) => programs.filter((p) => p === name).length;
  // The table, and the path with a blank bound by itself; before: one more mount per plain path
  // (the seal files' directory and the two here: 5 in all).
  assert.equal(count('mount'), 2, programs.join(' '));
  // The private directories' tmp, the plain paths' mount points together, the blank one's.
  assert.equal(count('mkdir'), 3, programs.join(' '));
});
