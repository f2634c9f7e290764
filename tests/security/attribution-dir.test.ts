// The Python attribution pass (src/python/attribution.ts) keeps its counter and what the code writes
// in a directory of cg-bench's own (untrusted/given-directories.ts, makeRunDirectory), never in the
// benchmark's TMPDIR (review r12): `env: TMPDIR` is the pull request's, and root made, gave (chown by
// path) and removed `$TMPDIR/.cg-bench-bytecode` there after the code had run, so the code swapped
// TMPDIR for a link and root gave it a root-only directory (and wrote into /etc); and a tree the code
// left deeper than PATH_MAX stopped cg-bench with exit 70 when root removed it by path.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli, readJson, tempDir } from '../helpers.ts';

const skip = process.getuid?.() !== 0 ? 'needs root to run the code as another uid' : spawnSync('python3', ['--version']).status !== 0 && 'needs python3';

test("the attribution pass makes nothing where the benchmark's TMPDIR leads, and a tree the code leaves there at any depth is removed", { skip }, async () => {
  // A directory only root may enter, where a swapped TMPDIR leads.
  const target = mkdtempSync('/run/cg-bench-attribution-target-');
  after(() => rmSync(target, { recursive: true, force: true }));
  const swap = [
    'import os',
    't = os.environ["TMPDIR"]',
    // In the measured run (Valgrind's preload is there), after Valgrind has used TMPDIR: the pass runs next.
    'if "vgpreload" in os.environ.get("LD_PRELOAD", "") and not os.path.islink(t):',
    '    os.rename(t, t + ".moved")',
    `    os.symlink(${JSON.stringify(target)}, t)`,
    'print(sum(range(100)))',
    '',
  ].join('\n');
  // In the attribution pass only: 40 directories of 200 characters, deeper than PATH_MAX.
  const deep = [
    'import os',
    'at = os.environ.get("CG_BENCH_BYTECODE_DIR")',
    'if at:',
    '    fd = os.open(at, os.O_RDONLY)',
    '    for _ in range(40):',
    '        os.mkdir("d" * 200, dir_fd=fd)',
    '        nxt = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)',
    '        os.close(fd)',
    '        fd = nxt',
    'print(sum(range(100)))',
    '',
  ].join('\n');
  // Outside the shared temporary directories, whose handed paths a view binds (a mount point is not renamed).
  const dir = mkdtempSync('/run/cg-bench-attribution-project-');
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'swap.py'), swap);
  writeFileSync(join(dir, 'deep.py'), deep);
  const config = [
    'benchmarks:',
    '  - name: swap',
    '    run: [python3, swap.py]',
    '    env:',
    `      TMPDIR: ${join(dir, 't')}`,
    '  - name: deep',
    '    run: [python3, deep.py]',
    '',
  ];
  writeFileSync(join(dir, 'cg-bench.yml'), config.join('\n'));
  // The workspace is the code's (as a CI checkout it builds in), so it can rename what is in it.
  mkdirSync(join(dir, 't'));
  for (const path of [dir, join(dir, 't'), join(dir, 'swap.py'), join(dir, 'deep.py')]) chownSync(path, 65534, 65534);
  // cg-bench's own temporary directory, private to this test: its runs directory is looked at after.
  const own = tempDir('cg-bench-attribution-own-');
  chmodSync(own, 0o755);
  const r = await cli(['run', '--out', join(own, 'out')], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534', TMPDIR: own } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.doesNotMatch(r.stderr, /internal error/);
  assert.deepEqual(readdirSync(target), [], 'nothing made where the swapped TMPDIR leads');
  const results = readJson(join(own, 'out', 'results.json'));
  assert.deepEqual(
    results.benchmarks.map((b) => [b.name, b.status]),
    [
      ['swap', 'ok'],
      ['deep', 'ok'],
    ],
  );
  assert.ok(
    results.benchmarks.every((b) => b.python),
    'both have their attribution',
  );
  assert.deepEqual(
    readdirSync(join(own, 'cg-bench-runs')).filter((name) => name.startsWith('bytecode-')),
    [],
    "the pass's directories are removed, the code's deep tree in them too",
  );
});
