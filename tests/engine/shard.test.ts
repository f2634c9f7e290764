// A sharded run merged is the one-machine run: the same benchmarks, in the same order, with the
// same numbers (everything but wall time), and the files they name.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, compileC, project, readJson, tempDir } from '../helpers.ts';

const LOOP = `#include <stdlib.h>
int main(int argc, char **argv) { volatile unsigned long h = 1; for (unsigned long i = 0, n = strtoul(argv[1], 0, 10); i < n; i++) h = (h ^ i) * 1099511628211UL; return 0; }\n`;

const CONFIG = `benchmarks:
${[
  ['one', 1000],
  ['two', 50000],
  ['three', 2000],
  ['four', 30000],
  ['five', 500],
]
  .map(([name, n]) => `  - name: ${name}\n    run: [./loop, "${n}"]`)
  .join('\n')}
`;

/** Everything measured, without what a clock decides. */
const counted = (r: Results) => ({ ...r, createdAt: '', benchmarks: r.benchmarks.map((b) => ({ ...b, wallTimeMs: 0 })) });

/**
 * Two parts (2 benchmarks, memory: true) of one project, measured once for the merge tests that need
 * parts to merge or to tamper with: each test gets a copy of its own (copyOfTwoParts), so what one
 * breaks the next never sees. None of their claims depends on which parts they are.
 */
let measuredParts: Promise<string> | undefined;
function copyOfTwoParts(): Promise<string> {
  measuredParts ??= (async () => {
    const dir = project('memory: true\nbenchmarks:\n  - name: a\n    run: ["/bin/echo", "a"]\n  - name: b\n    run: ["/bin/echo", "b"]\n');
    for (const i of [1, 2]) {
      const r = await cli(['run', '--shard', `${i}/2`, '--out', `p${i}`], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
    }
    return dir;
  })();
  return measuredParts.then((parts) => {
    const dir = tempDir('cg-bench-shard-parts-');
    cpSync(parts, dir, { recursive: true });
    return dir;
  });
}

test('run --shard on three "machines", then merge: identical to one machine measuring everything', async () => {
  const dir = project(CONFIG);
  compileC(dir, 'loop', LOOP);
  const whole = await cli(['run', '--out', 'whole', '--save-baseline', 'base.json'], { cwd: dir });
  assert.equal(whole.code, 0, whole.stderr);
  const parts: string[] = [];
  for (const i of [1, 2, 3]) {
    // Balanced on the baseline's wall times, as CI shards would be.
    const r = await cli(['run', '--shard', `${i}/3`, '--durations', 'base.json', '--out', `part-${i}`], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const part = readJson(join(dir, `part-${i}`, 'results.json'));
    assert.deepEqual(part.shard, { index: i, count: 3, benchmarks: ['one', 'two', 'three', 'four', 'five'] });
    parts.push(`part-${i}`);
  }
  const merged = await cli(['merge', ...parts.reverse(), '--out', 'merged', '--baseline', 'base.json', '--format', 'json'], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  const one = readJson(join(dir, 'whole', 'results.json'));
  const joined = readJson(join(dir, 'merged', 'results.json'));
  assert.deepEqual(counted(joined), counted(one));
  for (const b of joined.benchmarks) for (const p of b.processes) assert.ok(existsSync(join(dir, 'merged', p.file)), p.file);
  const comparison = JSON.parse(merged.stdout) as { benchmarks: { verdict: string }[] };
  assert.deepEqual(
    comparison.benchmarks.map((b) => b.verdict),
    ['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged'],
  );
});

test('more parts than benchmarks: the empty parts measure nothing, and the merge is still whole', async () => {
  const dir = project('setup:\n  - "exit 9"\nbenchmarks:\n  - name: only\n    run: ["/bin/true"]\n');
  const runs = await Promise.all([1, 2].map((i) => cli(['run', '--shard', `${i}/2`, '--out', `p${i}`], { cwd: dir })));
  assert.equal(runs[0]!.code, 3, 'the part with the benchmark runs the (failing) setup');
  assert.equal(runs[1]!.code, 0, `the empty part runs no setup: ${runs[1]!.stderr}`);
  assert.deepEqual(readJson(join(dir, 'p2', 'results.json')).benchmarks, []);
});

test('a missing part, and --save-baseline with --shard, are refused with exit 2', async () => {
  const dir = await copyOfTwoParts();
  const merged = await cli(['merge', 'p1', '--out', 'm'], { cwd: dir });
  assert.equal(merged.code, 2);
  assert.match(merged.stderr, /cg-bench merge: part\(s\) 2\/2 missing; give every part's results\.json/);
  const save = await cli(['run', '--shard', '1/2', '--save-baseline', 'b.json'], { cwd: dir });
  assert.equal(save.code, 2);
  assert.match(save.stderr, /--save-baseline b\.json: a baseline is a whole suite, and --shard measures a part; save it from cg-bench merge/);
  const bad = await cli(['run', '--shard', '3/2'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--shard: "3\/2" must be I\/N/);
});

test('merge never copies what a link in a part names: a stdout.log linked to a 0600 file is refused, naming it (issue 23)', async () => {
  const dir = await copyOfTwoParts();
  const secret = join(tempDir(), 'secret');
  writeFileSync(secret, 'SECRET-merge-7d2e\n', { mode: 0o600 });
  const log = readJson(join(dir, 'p2', 'results.json')).benchmarks[0]!.logs.stdout;
  rmSync(join(dir, 'p2', log));
  symlinkSync(secret, join(dir, 'p2', log));
  const merged = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
  assert.equal(merged.code, 2, merged.stderr);
  assert.match(merged.stderr, new RegExp(`p2/${log.replace(/[.]/g, '\\.')}: is a symbolic link`));
  const copied = readdirSync(join(dir, 'm'), { recursive: true, encoding: 'utf8' }).filter((n) => statSync(join(dir, 'm', n)).isFile());
  for (const name of copied) assert.doesNotMatch(readFileSync(join(dir, 'm', name), 'utf8'), /SECRET-merge/, name);
  assert.doesNotMatch(merged.stdout + merged.stderr, /SECRET-merge/);
  // The same part without the link merges.
  rmSync(join(dir, 'p2', log));
  writeFileSync(join(dir, 'p2', log), 'b\n');
  const again = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readFileSync(join(dir, 'm', log), 'utf8'), 'b\n');
});

test("merge: a part naming a file where another part's file is (a.log, then a.log/x) is refused naming the part, not an internal error", async () => {
  const dir = await copyOfTwoParts();
  const taken = readJson(join(dir, 'p1', 'results.json')).benchmarks[0]!.logs.stdout;
  const results = readJson(join(dir, 'p2', 'results.json'));
  results.benchmarks[0]!.logs.stdout = `${taken}/x`;
  writeFileSync(join(dir, 'p2', 'results.json'), JSON.stringify(results));
  mkdirSync(join(dir, 'p2', taken), { recursive: true });
  writeFileSync(join(dir, 'p2', taken, 'x'), 'x\n');
  const merged = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
  assert.equal(merged.code, 2, merged.stderr);
  assert.match(merged.stderr, new RegExp(`p2/results\\.json: names "${taken.replace(/[.]/g, '\\.')}/x", which cannot be copied`));
});

test("merge: the parts' DHAT profiles (memory: true) are copied with the rest, so the merged results.json names files that are there", async () => {
  const dir = await copyOfTwoParts();
  const merged = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  const files = readJson(join(dir, 'm', 'results.json')).benchmarks.flatMap((b) => b.memory?.files ?? []);
  assert.equal(files.length, 2, 'one DHAT profile per benchmark');
  for (const file of files) assert.ok(existsSync(join(dir, 'm', file)), `${file} is in the merged output`);
  rmSync(dir, { recursive: true, force: true });
});

const LEAF_C = (extra: number) => `#include <stdio.h>
volatile unsigned long sink;
__attribute__((noinline)) void leaf(int n) { for (int i = 0; i < n + ${extra}; i++) sink += i; }
__attribute__((noinline)) void caller_a(void) { for (int i = 0; i < 100; i++) leaf(100); }
int main(void) { caller_a(); printf("%lu\\n", sink); return 0; }
`;

test('merge carries the call trees of run --shard --call-tree: the same call-tree.json and flame graph as one machine', async () => {
  const dir = project('benchmarks:\n  - name: quiet\n    run: ["/bin/true"]\n  - name: leafy\n    run: ./leaf\n');
  try {
    const run = async (...args: string[]) => {
      const r = await cli(['run', '--call-tree', ...args], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
    };
    compileC(dir, 'leaf', LEAF_C(0));
    await run('--out', 'base');
    compileC(dir, 'leaf', LEAF_C(50));
    await run('--out', 'whole');
    await run('--shard', '1/2', '--out', 'p1');
    await run('--shard', '2/2', '--out', 'p2');
    const merged = await cli(['merge', 'p1', 'p2', '--out', 'joint'], { cwd: dir });
    assert.equal(merged.code, 0, merged.stderr);
    for (const slug of ['01-quiet', '02-leafy']) {
      const tree = join('benchmarks', slug, 'callgrind', 'call-tree.json');
      assert.equal(readFileSync(join(dir, 'joint', tree), 'utf8'), readFileSync(join(dir, 'whole', tree), 'utf8'), tree);
    }
    const flame = async (head: string) => {
      const r = await cli(['diff', 'base', head, '--flame', `flame-${head}`], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      return readFileSync(join(dir, `flame-${head}`, '02-leafy.svg'), 'utf8');
    };
    // The head's label names its directory; everything else is the same, byte for byte.
    assert.equal((await flame('joint')).replaceAll('joint', 'whole'), await flame('whole'));
    // A part whose tree is another benchmark's, or a link: refused, naming the file.
    const tree = (part: string, slug: string) => join(dir, part, 'benchmarks', slug, 'callgrind', 'call-tree.json');
    const p2 = readJson(join(dir, 'p2', 'results.json')).benchmarks.map((b) => b.name);
    const [mine, theirs] = p2.includes('leafy') ? ['p2', 'p1'] : ['p1', 'p2'];
    const kept = readFileSync(tree(mine, '02-leafy'), 'utf8');
    writeFileSync(tree(mine, '02-leafy'), readFileSync(tree(theirs, '01-quiet')));
    const swapped = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
    assert.equal(swapped.code, 2, swapped.stderr);
    assert.match(swapped.stderr, /02-leafy\/callgrind\/call-tree\.json: the call tree of "quiet", where "leafy"'s belongs/);
    rmSync(tree(mine, '02-leafy'));
    writeFileSync(join(dir, 'secret'), kept, { mode: 0o600 });
    symlinkSync(join(dir, 'secret'), tree(mine, '02-leafy'));
    const linked = await cli(['merge', 'p1', 'p2', '--out', 'm'], { cwd: dir });
    assert.equal(linked.code, 2, linked.stderr);
    assert.match(linked.stderr, /02-leafy\/callgrind\/call-tree\.json: is a symbolic link/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
