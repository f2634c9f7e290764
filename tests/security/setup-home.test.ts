// The setup home is one path for every cg-bench on the machine, made afresh for each run's code uid.
// Two runs at once, as root for two uids, removed each other's while the other's setup wrote there,
// and one stopped ("/tmp/cg-bench-setup-home: what is there cannot be removed"): one setup at a time.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project } from '../helpers.ts';

const isRoot = process.getuid?.() === 0;

test('two runs at once, as root for two uids, each with a setup command writing into its HOME: both finish', {
  skip: !isRoot && 'needs root to run the code as two uids',
}, async (t) => {
  const config = [
    'setup:',
    '  - i=0; while [ $i -lt 3000 ]; do echo x > "$HOME/f$i" || exit 1; i=$((i+1)); done; ls "$HOME" | wc -l',
    'benchmarks:',
    '  - name: t',
    '    run: /bin/true',
    '',
  ].join('\n');
  const runs = [0, 1].map((i) => {
    const uid = 60_000 + (process.pid % 1000) * 2 + i;
    const dir = project(config);
    chmodSync(dir, 0o755);
    for (const name of ['', ...readdirSync(dir)]) chownSync(join(dir, name), uid, uid);
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    return cli(['run', '--out', join(dir, 'out')], { cwd: dir, env: { CG_BENCH_RUN_AS: `${uid}:${uid}` } });
  });
  for (const r of await Promise.all(runs)) assert.equal(r.code, 0, r.stderr);
});
