// Round 10's attack pass: cg-bench's TMPDIR inside the checkout (GitLab's TMPDIR=$CI_PROJECT_DIR/.tmp),
// outside /tmp, where the code's uid owns TMPDIR's parent and can rename TMPDIR, move its own cover
// with it and put a link or a directory of its own at the name. cg-bench takes the runs directory
// by TMPDIR's real path at every run (sandbox.ts, runsDirectoryPath), and the staging directories
// and seal files by the path they had.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;
const CODE = 65534;

/** A project owned by the code's uid outside the shared directories, with TMPDIR at `.tmp` in it. */
function projectWithTmpdir(config: string, files: Record<string, string> = {}): { dir: string; tmp: string } {
  // In /run: outside the shared directories, and where the code's uid reaches it (a checkout in a
  // mkdtemp directory of root's, 0700, as a fresh clone may lie, it could not: nothing would be tried).
  const dir = mkdtempSync('/run/cg-bench-r10-project-');
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'cg-bench.yml'), config);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const tmp = join(dir, '.tmp');
  mkdirSync(tmp);
  for (const path of [dir, tmp, join(dir, 'cg-bench.yml'), ...Object.keys(files).map((name) => join(dir, name))]) chownSync(path, CODE, CODE);
  return { dir, tmp };
}

test("a setup command that links TMPDIR's name elsewhere does not make cg-bench (root) make cg-bench-runs there", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const target = mkdtempSync('/run/cg-bench-r10-target-');
  const made = projectWithTmpdir(
    ['setup:', `  - sh -c 'mv .tmp .tmp.old && ln -s ${target} .tmp'`, 'benchmarks:', '  - name: one', '    run: [sh, -c, "echo one"]', ''].join('\n'),
  );
  t.after(() => {
    rmSync(made.dir, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', join(made.dir, 'out')], { cwd: made.dir, env: { TMPDIR: made.tmp, CG_BENCH_RUN_AS: `${CODE}:${CODE}` } });
  // On main (4605884): root made <target>/cg-bench-runs (mode 1777) and the staging directories there;
  // the views then failed (the seal files gone from their path), the kept probes were called stale and
  // the benchmarks ran with seal.tmp shared, entropy os, cpus host ("no mount namespace can be made here").
  assert.equal(existsSync(join(target, 'cg-bench-runs')), false, `cg-bench made cg-bench-runs through the code's link: ${r.stdout}${r.stderr}`);
});

test('a benchmark that renames TMPDIR (in its checkout) does not stop cg-bench with an internal error', {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const made = projectWithTmpdir(['benchmarks:', '  - name: renamer', '    run: [sh, -c, "mv .tmp .tmp.old; mkdir .tmp"]', ''].join('\n'));
  t.after(() => rmSync(made.dir, { recursive: true, force: true }));
  const r = await cli(['run', '--out', join(made.dir, 'out')], { cwd: made.dir, env: { TMPDIR: made.tmp, CG_BENCH_RUN_AS: `${CODE}:${CODE}` } });
  // On main (4605884): exit 70, "internal error: ENOENT ... lstat '<TMPDIR>/cg-bench-runs/profiles-…'", no results.json.
  assert.notEqual(r.code, 70, r.stdout + r.stderr);
  assert.doesNotMatch(r.stderr, /internal error/);
});

test("a timed benchmark cannot swap cg-bench paired's stopwatch helper in TMPDIR for its own program, which root then runs", {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  // Only root can write here: the swapped helper, run as root, leaves this file.
  const rootOnly = mkdtempSync('/run/cg-bench-r10-root-only-');
  const mark = join(rootOnly, 'ran-as-root');
  const swap = [
    'for d in .tmp/cg-bench-stopwatch-*; do',
    '  case $d in *.old | *"*") continue ;; esac',
    '  [ -e "$d.old" ] && continue',
    '  mv "$d" "$d.old" && mkdir "$d" || continue',
    `  printf '%s\\n' '#!/bin/sh' 'id -u > ${mark}' 'exec "$(dirname "$0").old/stopwatch" "$@"' > "$d/stopwatch"`,
    '  chmod 755 "$d/stopwatch" "$d"',
    'done',
    'true',
    '',
  ].join('\n');
  const head = projectWithTmpdir(['benchmarks:', '  - name: t', '    mode: wallclock', '    run: [sh, swap.sh]', ''].join('\n'), { 'swap.sh': swap });
  const base = projectWithTmpdir(['benchmarks:', '  - name: t', '    mode: wallclock', '    run: [sh, -c, "true"]', ''].join('\n'));
  t.after(() => {
    for (const dir of [head.dir, base.dir, rootOnly]) rmSync(dir, { recursive: true, force: true });
  });
  const r = await cli(['paired', base.dir, '--budget', '3s', '--out', join(head.dir, 'pout')], {
    cwd: head.dir,
    env: { TMPDIR: head.tmp, CG_BENCH_RUN_AS: `${CODE}:${CODE}` },
  });
  // On main (4605884): exit 0, and root ran the benchmark's `stopwatch` (it wrote "0" here; as root it
  // read the root-only secret and cg-bench's environ, GITHUB_TOKEN and CI_JOB_TOKEN: findings/06).
  assert.equal(existsSync(mark), false, `root ran the code's stopwatch: ${r.stdout}${r.stderr}`);
});
