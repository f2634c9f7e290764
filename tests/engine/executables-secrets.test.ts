// The Valgrind log that lists what a benchmark loaded ("Reading syms from …") sits in a directory the
// benchmark's user writes. A benchmark that appends "Reading syms from /a/root-only/file" to it made
// cg-bench, as root, open and hash that file and publish its sha256 in results.json (an oracle for
// the file's content, and an open of whatever the path names). Only what the benchmark's user can
// read itself is hashed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson, tempDir } from '../helpers.ts';

const root = process.getuid?.() === 0;

/**
 * A benchmark that names `paths` as loaded objects in its own Valgrind log, found in cg-bench's
 * temporary directory (the suite's TMPDIR, where the sandbox stages the profiles) by its
 * command line (`./planter.sh <mark>`, so no other run's log is touched), after padding: Valgrind
 * writes on at exit from where it was.
 */
function planter(paths: string[]): string {
  const lines = paths.map((p) => `echo "--2-- Reading syms from ${p}"`).join('; ');
  return `#!/bin/sh
for log in ${tmpdir()}/cg-bench-runs/profiles-*/valgrind.*.log; do
  [ -w "$log" ] && grep -q "Command: ./planter.sh $1$" "$log" && { head -c 65536 /dev/zero | tr '\\0' '\\n'; ${lines}; } >> "$log"
done
exit 0
`;
}

test("as root, a root-only file named in the benchmark's Valgrind log is not hashed; a file its user can read is", {
  skip: !root && 'needs root',
}, async () => {
  const secrets = tempDir();
  chmodSync(secrets, 0o755);
  const hidden = join(secrets, 'hidden');
  mkdirSync(hidden, { mode: 0o700 });
  const rootOnly = join(hidden, 'token');
  writeFileSync(rootOnly, 'glpat-SECRET-0123456789\n', { mode: 0o644 }); // readable, but in a directory only root can enter
  const mode600 = join(secrets, 'key');
  writeFileSync(mode600, 'another secret\n', { mode: 0o600 });
  const readable = join(secrets, 'libreadable.so');
  writeFileSync(readable, 'anyone may read this\n', { mode: 0o644 });

  const mark = `m${process.pid}x${Date.now()}`;
  const dir = project(`benchmarks:\n  - name: planter\n    run: [./planter.sh, ${mark}]\n`);
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'planter.sh'), planter([rootOnly, mode600, readable]), { mode: 0o755 });
  const r = await cli(['run', '--out', 'out'], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  assert.equal(r.code, 0, r.stderr);
  const executables = readJson(join(dir, 'out', 'results.json')).benchmarks[0]!.executables ?? [];
  const text = readFileSync(join(dir, 'out', 'results.json'), 'utf8');
  for (const secret of [rootOnly, mode600]) {
    const digest = createHash('sha256').update(readFileSync(secret)).digest('hex');
    assert.ok(!text.includes(digest), `the digest of ${secret} was published`);
    assert.ok(!executables.some((e) => e.path === secret), JSON.stringify(executables));
  }
  // The planting worked: a file the benchmark's user can read is listed with its digest.
  const listed = executables.find((e) => e.path === readable);
  assert.equal(listed?.sha256, createHash('sha256').update(readFileSync(readable)).digest('hex'), JSON.stringify(executables));
  assert.ok(
    executables.some((e) => e.path === '/usr/bin/dash' || e.path.endsWith('/sh') || e.main),
    JSON.stringify(executables),
  );
});
