// cg-bench paired without a pid namespace: a daemon started by a setup command or by a timed run
// (setsid and a double fork) outlived the run, where cg-bench run kills every process of the
// sandbox's uid (tests/security/strays.test.ts). The paired stopwatch now calls the same gate.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { killAll, processesMentioning } from '../engine/processes.ts';
import { cli, tempDir, withoutPidNamespaces } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;

test('cg-bench paired without a pid namespace, as root with a uid of its own: nothing a setup command or a timed run started is running when it returns', {
  skip: !isRoot && 'needs root to run the code as another uid',
}, async (t) => {
  const uid = 63_000 + (process.pid % 1000);
  const setupMarker = `9${process.pid % 1000}.${Date.now() % 1000}1`;
  const runMarker = `9${process.pid % 1000}.${Date.now() % 1000}2`;
  const root = tempDir('cg-bench-paired-strays-');
  chmodSync(root, 0o755);
  for (const side of ['base', 'head']) {
    const dir = join(root, side);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'cg-bench.yml'),
      [
        'setup:',
        `  - setsid /bin/sh -c 'sleep ${setupMarker} & exit 0'`,
        'benchmarks:',
        '  - name: daemon',
        '    mode: wallclock',
        '    budget: 1s',
        `    run: "setsid /bin/sh -c 'sleep ${runMarker} & exit 0'"`,
        '',
      ].join('\n'),
    );
    // The code's uid owns the checkouts, as the image's copies are given to it.
    chmodSync(dir, 0o755);
    for (const name of ['', ...readdirSync(dir)]) chownSync(join(dir, name), uid, uid);
  }
  const noPidNamespaces = withoutPidNamespaces();
  const out = tempDir('cg-bench-paired-strays-out-');
  t.after(() => {
    killAll([...processesMentioning(setupMarker), ...processesMentioning(runMarker)]);
    for (const d of [root, out]) rmSync(d, { recursive: true, force: true });
  });
  const r = await cli(['paired', '../base', '--out', join(out, 'o'), '--format', 'json'], {
    cwd: join(root, 'head'),
    env: { ...noPidNamespaces, CG_BENCH_RUN_AS: `${uid}:${uid}` },
  });
  assert.equal(r.code, 0, r.stderr);
  const [timed] = JSON.parse(r.stdout) as { name: string; base: number[] }[];
  assert.ok(timed && timed.name === 'daemon' && timed.base.length >= 10, r.stdout);
  assert.deepEqual(processesMentioning(setupMarker), [], 'the setup daemons did not outlive the run');
  assert.deepEqual(processesMentioning(runMarker), [], "the timed runs' daemons did not outlive the run");
});
