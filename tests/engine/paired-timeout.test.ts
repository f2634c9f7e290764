// `timeout:` holds on every timed path, not only the wall clock's stopwatch helper (which
// tests/engine/runner.test.ts covers on both sides): CPU time, counters timed by their fallbacks, and
// the wall clock without the helper (timed around the spawn). Checked by the exit and the message,
// then /proc: never a wall-clock figure.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from '../helpers.ts';
import { eventually, killAll, processesMentioning } from './processes.ts';

/** A base checkout that ends at once and a head whose run never does (its $0 the marker); returns head. */
function checkouts(mode: string, marker: string): string {
  const root = tempDir('cg-bench-paired-timeout-');
  for (const [side, run] of [
    ['base', '[/bin/true]'],
    ['head', `[/bin/sh, -c, "exec sleep 4242", ${marker}]`],
  ] as const) {
    mkdirSync(join(root, side));
    writeFileSync(join(root, side, 'cg-bench.yml'), `timeout: 1s\nbenchmarks:\n  - name: hang\n    mode: ${mode}\n    budget: 1s\n    run: ${run}\n`);
  }
  return join(root, 'head');
}

const isX64Linux = process.arch === 'x64' && process.platform === 'linux';

for (const [what, mode, args, env] of [
  ['mode: cputime (the helper)', 'cputime', [], {}],
  ['mode: counters timed by CPU time (--counters-fallback cputime)', 'counters', ['--counters-fallback', 'cputime'], {}],
  ['mode: counters timed by the wall clock (--counters-fallback wallclock)', 'counters', ['--counters-fallback', 'wallclock'], {}],
  ['mode: wallclock without the helper (CG_BENCH_STOPWATCH_HELPER=0: timed around the spawn)', 'wallclock', [], { CG_BENCH_STOPWATCH_HELPER: '0' }],
] as const) {
  test(`${what}: a run past its timeout is killed, named, exit 3, nothing left`, {
    skip: !isX64Linux && 'the stopwatch helper is x86-64 Linux only',
  }, async (t) => {
    const marker = `cg-bench-paired-timeout-${mode}-${Math.random().toString(36).slice(2)}`;
    const head = checkouts(mode, marker);
    t.after(() => rmSync(dirname(head), { recursive: true, force: true }));
    const r = await cli(['paired', '../base', ...args], { cwd: head, env });
    await eventually(() => processesMentioning(marker).length === 0, 10_000);
    const left = processesMentioning(marker);
    killAll(left);
    // Where the machine has counters, `counters` is timed by them (the same gate): the timeout holds all the same.
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /benchmark "hang" \(head, [^)]*cg-bench\.yml\): timed out after 1\.0s in a timed run, and was killed with everything it started/);
    assert.deepEqual(
      left.map((p) => p.cmdline),
      [],
    );
  });
}
