// `cg-bench run --call-tree` then `cg-bench diff --flame` with real Valgrind (Callgrind): a leaf that
// gets slower under two callers shows under both chains; the tree is the same twice; bad input is usage.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, compileC, project } from '../helpers.ts';

const LEAF_C = (extra: number) => `#include <stdio.h>
volatile unsigned long sink;
__attribute__((noinline)) void leaf(int n) { for (int i = 0; i < n + ${extra}; i++) sink += i; }
__attribute__((noinline)) void caller_a(void) { for (int i = 0; i < 100; i++) leaf(100); }
__attribute__((noinline)) void caller_b(void) { for (int i = 0; i < 50; i++) leaf(100); }
int main(void) { caller_a(); caller_b(); printf("%lu\\n", sink); return 0; }
`;

const TREE = 'benchmarks/01-two-callers/callgrind/call-tree.json';

test('run --call-tree keeps the call tree, the same twice; diff --flame draws the changed benchmark with its leaf red under both callers', async () => {
  const dir = project('benchmarks:\n  - name: two-callers\n    run: ./leaf\n');
  try {
    const run = async (out: string) => {
      const r = await cli(['run', '--call-tree', '--out', out], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
    };
    compileC(dir, 'leaf', LEAF_C(0));
    await run('base');
    await run('base-2');
    assert.equal(readFileSync(join(dir, 'base-2', TREE), 'utf8'), readFileSync(join(dir, 'base', TREE), 'utf8'), 'the same code gives the same tree');
    compileC(dir, 'leaf', LEAF_C(50));
    await run('head');
    const r = await cli(['diff', 'base', 'head', '--flame', 'flames'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /flame graph: .*flames\/01-two-callers\.svg/);
    const svg = readFileSync(join(dir, 'flames', '01-two-callers.svg'), 'utf8');
    const leaves = [...svg.matchAll(/<title>leaf: [^<]*<\/title><rect [^>]*fill="#([0-9a-f]{6})"/g)].map((m) => m[1]!);
    assert.equal(leaves.length, 2, 'one frame of leaf under each caller');
    assert.ok(leaves.includes('d1242f'));
    assert.match(svg, /<title>caller_a: /);
    assert.match(svg, /<title>caller_b: /);
    // Costs with callees: leaf's row has them, and its callers are named with their share of its change.
    const md = await cli(['diff', 'base', 'head', '--format', 'markdown'], { cwd: dir });
    assert.equal(md.code, 0, md.stderr);
    assert.match(md.stdout, /\| Function \| File \| Base \| Head \| Change \| Inclusive \(base → head\) \| Inclusive change \|/);
    const change = (row: RegExp) => Number((md.stdout.match(row)?.[1] ?? 'NaN').replace(/[+,]/g, ''));
    const leafChange = change(/\| leaf \| [^|]* \|[^|]*\|[^|]*\| \+([\d,]+) \|/);
    const [a, b] = [change(/\| caller\\_a \| [\d,]+ \| [\d,]+ \| \+([\d,]+) \|/), change(/\| caller\\_b \| [\d,]+ \| [\d,]+ \| \+([\d,]+) \|/)];
    assert.equal(a, 2 * b, md.stdout);
    assert.equal(a + b, leafChange, md.stdout);
    const terminal = await cli(['diff', 'base', 'head'], { cwd: dir });
    assert.match(terminal.stdout, /callers, with callees \(call tree\):\n\s+main/);
    // A run with a baseline measured with --call-tree draws its changed benchmarks itself, in OUT/flame.
    const withBaseline = await cli(['run', '--call-tree', '--baseline', 'base/results.json', '--out', 'head-2'], { cwd: dir });
    assert.equal(withBaseline.code, 0, withBaseline.stderr);
    assert.match(withBaseline.stderr, /flame graph: .*head-2\/flame\/01-two-callers\.svg/);
    assert.match(readFileSync(join(dir, 'head-2', 'report.md'), 'utf8'), /differential flame graphs\): \[two\\-callers\]\(flame\/01-two-callers\.svg\)\n$/);
    assert.equal(
      readFileSync(join(dir, 'head-2', 'flame', '01-two-callers.svg'), 'utf8').replaceAll('head-2', 'head'),
      svg.replaceAll('head/results.json', 'head'),
    );
    // Unchanged between base and base-2: nothing to draw, and no error.
    const same = await cli(['diff', 'base', 'base-2', '--flame', 'none'], { cwd: dir });
    assert.equal(same.code, 0, same.stderr);
    assert.doesNotMatch(same.stderr, /flame graph:/);
    // A side measured without --call-tree, and a planted bad tree: usage errors naming the file.
    const plain = await cli(['run', '--out', 'plain'], { cwd: dir });
    assert.equal(plain.code, 0, plain.stderr);
    const missing = await cli(['diff', 'plain', 'head', '--benchmark', 'two-callers', '--flame', 'x'], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--flame: two-callers has no call tree beside plain\/results\.json \(measure both with cg-bench run --call-tree\)/);
    // A run with --call-tree against that baseline: a changed benchmark without a picture is said (a new user's trial r13: silent).
    compileC(dir, 'leaf', LEAF_C(0));
    const undrawn = await cli(['run', '--call-tree', '--baseline', 'plain/results.json', '--out', 'head-3'], { cwd: dir });
    assert.equal(undrawn.code, 0, undrawn.stderr);
    assert.match(
      undrawn.stderr,
      /no flame graph for two-callers: the baseline plain\/results\.json has no call tree beside it for them \(measure it with cg-bench run --call-tree too\)/,
    );
    writeFileSync(join(dir, 'base', TREE), '{"benchmark":"two-callers","weights":{"l1":1,"ll":5,"ram":35},"names":["main"],"tree":[[0,-1,[]]]}');
    const bad = await cli(['diff', 'base', 'head', '--flame', 'x'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /call-tree\.json: tree\[0\]: not \[name index, self cycles, \[callees\]\]/);
    const kept = readdirSync(join(dir, 'head', 'benchmarks', '01-two-callers', 'callgrind')).filter((n) => /^callgrind\.out\.\d+\.gz$/.test(n));
    assert.ok(kept.length >= 1, 'the profiles are kept, compressed (one per process)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
