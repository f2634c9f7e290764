// The one rule for paths (README "Paths"): command line and environment → the caller's directory,
// cg-bench.yml → its own directory, results.json → its own directory. Each case measures and
// compares its counts with a run from the configuration's own directory: the same benchmark must give
// the same events whatever directory cg-bench is started from and wherever its output goes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, compileC, readJson, tempDir } from '../helpers.ts';

const PROGRAM = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "fail") == 0) { fputs("failing on purpose\\n", stderr); return 1; }
  long n = argc > 1 ? atol(argv[1]) : 1000, s = 0;
  for (long i = 0; i < n; i++) s += i * i % 7;
  printf("%ld\\n", s);
  return 0;
}
`;

// argv lists only: a shell's $PPID would put cg-bench's pid into the count (issue 9, item 2).
const CONFIG = `benchmarks:
  - name: in-work
    run: [./prog, "20000"]
    cwd: work
  - name: from-root
    run: [./work/prog, "30000"]
`;

/** Every path stored in results.json names a file that exists, relative to results.json. */
function assertPathsResolve(resultsFile: string): Results {
  const results = readJson(resultsFile);
  const dir = dirname(resultsFile);
  for (const b of results.benchmarks) {
    for (const file of [b.logs.stdout, b.logs.stderr, ...b.processes.map((p) => p.file)]) {
      assert.ok(!file.startsWith('/'), `${b.name}: ${file} should be relative to results.json`);
      assert.ok(existsSync(join(dir, file)), `${b.name}: ${file} does not exist relative to ${dir}`);
    }
  }
  return results;
}

function events(results: Results): Record<string, unknown> {
  return Object.fromEntries(results.benchmarks.map((b) => [b.name, { status: b.status, cwd: b.cwd, events: b.events }]));
}

describe('paths: one rule, applied at the entry', () => {
  // parent/sub/cg-bench.yml, parent/sub/work/prog; elsewhere/ is an unrelated caller directory.
  const parent = tempDir('cg-bench-paths-');
  const sub = join(parent, 'sub');
  const elsewhere = join(parent, 'elsewhere');
  let reference: Results;

  before(async () => {
    mkdirSync(join(sub, 'work'), { recursive: true });
    mkdirSync(elsewhere);
    compileC(join(sub, 'work'), 'prog', PROGRAM);
    writeFileSync(join(sub, 'cg-bench.yml'), CONFIG);
    const r = await cli(['run', '--out', 'out-reference'], { cwd: sub });
    assert.equal(r.code, 0, r.stderr);
    reference = assertPathsResolve(join(sub, 'out-reference', 'results.json'));
    assert.deepEqual(
      reference.benchmarks.map((b) => [b.name, b.status, b.cwd]),
      [
        ['in-work', 'ok', 'work'],
        ['from-root', 'ok', '.'],
      ],
    );
  });

  test("--config sub/cg-bench.yml from the parent, relative --out: cwd: is the file's, --out the caller's; same counts", async () => {
    const r = await cli(['run', '--config', 'sub/cg-bench.yml', '--out', 'out'], { cwd: parent });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^results: out\/results\.json$/m);
    assert.deepEqual(events(assertPathsResolve(join(parent, 'out', 'results.json'))), events(reference));
  });

  test('from an unrelated directory, with a relative CG_BENCH_VALGRIND and ../ in --config and --out: same counts', async () => {
    // The same binary locateValgrind would find (Debian's /usr/bin/valgrind is a wrapper script).
    const env = await cli(['env', '--json'], { cwd: elsewhere });
    assert.equal(env.code, 0, env.stderr);
    const valgrind = existsSync('/usr/bin/valgrind.bin') ? '/usr/bin/valgrind.bin' : '/usr/bin/valgrind';
    symlinkSync(valgrind, join(elsewhere, 'vg'));
    const r = await cli(['run', '--config', '../sub/cg-bench.yml', '--out', '../out-elsewhere'], { cwd: elsewhere, env: { CG_BENCH_VALGRIND: 'vg' } });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(events(assertPathsResolve(join(parent, 'out-elsewhere', 'results.json'))), events(reference));
  });

  test('a relative CG_BENCH_VALGRIND that does not exist is named, resolved from the caller', async () => {
    const r = await cli(['run', '--config', 'sub/cg-bench.yml', '--out', 'out-novg'], { cwd: parent, env: { CG_BENCH_VALGRIND: 'no/such/valgrind' } });
    assert.equal(r.code, 2);
    assert.ok(r.stderr.includes(join(parent, 'no/such/valgrind')), r.stderr);
  });

  test("cg-bench check with a relative --out from the parent: deterministic, and its counts are the run's", async () => {
    const r = await cli(['check', '--config', 'sub/cg-bench.yml', '--out', 'check-out'], { cwd: parent });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /2 deterministic, 0 nondeterministic, 0 failed/);
    for (const run of ['check-1', 'check-2']) {
      assert.deepEqual(events(assertPathsResolve(join(parent, 'check-out', run, 'results.json'))), events(reference));
    }
  });

  test("printed logs: paths open from the caller's directory; stored ones from results.json", async () => {
    writeFileSync(join(sub, 'fail.yml'), 'benchmarks:\n  - name: fails\n    run: [./prog, fail]\n    cwd: work\n');
    const r = await cli(['run', '--config', 'sub/fail.yml', '--out', 'out-fail'], { cwd: parent });
    assert.equal(r.code, 3, r.stderr);
    const logs = /logs: (\S+), (\S+)/.exec(r.stdout);
    assert.ok(logs, r.stdout);
    assert.match(logs[1]!, /^out-fail\//);
    for (const file of [logs[1]!, logs[2]!]) assert.ok(existsSync(join(parent, file)), `${file} from ${parent}`);
    assert.match(readJson<Results>(join(parent, 'out-fail', 'results.json')).benchmarks[0]!.logs.stderr, /^benchmarks\//);
    assert.match(r.stdout, /failing on purpose/);
  });

  test("compare takes its files from the caller's directory and prints where the head's logs are", async () => {
    const r = await cli(['compare', 'sub/out-reference/results.json', 'out/results.json', '--fail-on-regression', '--threshold', '0'], { cwd: parent });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /2 unchanged/);
    assert.match(r.stdout, /baseline: sub\/out-reference\/results\.json/);
  });

  test("a missing cwd: is named relative to the configuration, whatever the caller's directory", async () => {
    writeFileSync(join(sub, 'bad-cwd.yml'), 'benchmarks:\n  - name: a\n    run: [./prog]\n    cwd: nowhere\n');
    const r = await cli(['run', '--config', '../sub/bad-cwd.yml'], { cwd: elsewhere });
    assert.equal(r.code, 2);
    // Outside the caller's directory, paths are shown absolute.
    assert.ok(
      r.stderr.includes(
        `${join(sub, 'bad-cwd.yml')}:4:5: benchmarks[0].cwd: benchmark "a": "nowhere" does not exist (relative to the configuration's directory ${sub})`,
      ),
      r.stderr,
    );
  });
});
