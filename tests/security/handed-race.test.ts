// A path a run is handed in /tmp is checked for links, then bound into its view: two steps. A process
// that swaps a component for a link between them (another uid owning a directory on the path) would
// have the mount follow it. Played here by the `mount` the view runs (CG_BENCH_OWN_PATH): it makes
// the swap just before it binds, the worst moment.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, SYSTEM_PATH, scriptAnswer, tempDir } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const CODE = 65534;

test("a link swapped into a handed path between the view's check and its mount is not followed: a directory binds what was checked, a file fails the run", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, (t) => {
  // The mount program must lie outside the shared directories, which the view covers, and where the
  // view's root (the code's uid outside) may reach it: not below the checkout, which a fresh clone in
  // a mkdtemp directory of root's (0700) hides, and the view's shell then ran the system's mount.
  const scratch = mkdtempSync('/run/cg-bench-race-');
  chmodSync(scratch, 0o755);
  const root = tempDir('cg-bench-race-project-');
  chmodSync(root, 0o755);
  // The handed directory's parent belongs to the code's uid (as another uid's would to it), and
  // what a link could lead to lies in the machine's /tmp, as another run's staging does.
  const name = `cg-bench-race-${process.pid}`;
  const parent = join('/tmp', name);
  const other = join('/tmp', `${name}-other`);
  t.after(() => {
    for (const dir of [scratch, root, parent, other]) rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(parent, 'lib'), { recursive: true });
  writeFileSync(join(parent, 'lib', 'mine'), 'MINE\n');
  writeFileSync(join(parent, 'file.txt'), 'MINE\n');
  writeFileSync(join(parent, 'plain.txt'), 'PLAIN\n');
  mkdirSync(other);
  writeFileSync(join(other, 'theirs'), 'THEIRS\n');
  writeFileSync(join(other, 'file.txt'), 'THEIRS\n');
  for (const p of [parent, join(parent, 'lib'), join(parent, 'lib', 'mine'), join(parent, 'file.txt'), join(parent, 'plain.txt')]) chownSync(p, CODE, CODE);
  chmodSync(other, 0o755);
  // Swaps the entry the view is about to bind for a link to `other`'s, once, then binds.
  const real = spawnSync('sh', ['-c', 'command -v mount'], { encoding: 'utf8' }).stdout.trim();
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'mount'),
    [
      '#!/bin/sh',
      'for a in "$@"; do last=$a; done',
      `case $last in ${parent}/lib | ${parent}/file.txt)`,
      `  entry=/proc/self/fd/7/${name}/\${last##*/}`,
      `  [ -e "$entry.real" ] || { mv "$entry" "$entry.real" && ln -s /proc/self/fd/7/${name}-other/\${last##*/} "$entry"; } ;;`,
      'esac',
      `exec ${real} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'mount'), 0o755);
  const script = `
    import { sandboxedCommand, untrustedSandbox } from ${JSON.stringify(join(ROOT, 'src/untrusted/sandbox.ts'))};
    import { endStrays } from ${JSON.stringify(join(ROOT, 'src/untrusted/strays.ts'))};
    import { spawnSync } from 'node:child_process';
    const sandbox = untrustedSandbox({ root: ${JSON.stringify(root)}, network: false, env: { CG_BENCH_RUN_AS: '${CODE}:${CODE}' } });
    const look = (argv, env) => {
      const { argv: a, env: e } = sandboxedCommand(sandbox, argv, { PATH: '/usr/bin:/bin', ...env }, true, 0, [], ${JSON.stringify(root)});
      const r = spawnSync(a[0], a.slice(1), { encoding: 'utf8', cwd: ${JSON.stringify(root)}, env: e });
      return { status: r.status, out: r.stdout + r.stderr };
    };
    const dir = look(['/bin/sh', '-c', 'cat "$PYTHONPATH"/*'], { PYTHONPATH: ${JSON.stringify(join(parent, 'lib'))} });
    const file = look(['/bin/cat', ${JSON.stringify(join(parent, 'file.txt'))}], {});
    const plain = look(['/bin/cat', ${JSON.stringify(join(parent, 'plain.txt'))}], {});
    endStrays(sandbox);
    console.log(JSON.stringify({ seal: sandbox.seal, dir, file, plain }));
  `;
  const seen = scriptAnswer<{
    seal: { tmp: string };
    dir: { status: number; out: string };
    file: { status: number; out: string };
    plain: { status: number; out: string };
  }>(script, { CG_BENCH_OWN_PATH: `${bin}:${SYSTEM_PATH}` });
  if (seen.seal.tmp !== 'private') return t.skip(`no private temporary directories here: ${JSON.stringify(seen.seal)}`);
  // Before: both showed THEIRS, the directory and the file a link led to after the check.
  assert.equal(seen.dir.out.trim(), 'MINE', JSON.stringify(seen.dir));
  assert.doesNotMatch(seen.file.out, /THEIRS/);
  assert.notEqual(seen.file.status, 0, 'a file found swapped after its bind fails the run');
  // A handed file nothing swaps is bound as before.
  assert.deepEqual(seen.plain, { status: 0, out: 'PLAIN\n' });
});
