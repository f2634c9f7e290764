// The differential flame graph: Callgrind's profile read by call chain, the tree of base and head,
// the SVG (every name inert), and a real call-tree run of a C program whose leaf gets slower under
// two callers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_CACHE, DEFAULT_WEIGHTS } from '../../src/config/types.ts';
import { flameSvg } from '../../src/flame/svg.ts';
import { inclusiveCosts } from '../../src/flame/inclusive.ts';
import { callTreesIn, savedCallTree } from '../../src/flame/load.ts';
import { type CallTreeNode, callTree, differentialTree, type FlameNode, foldChains } from '../../src/flame/tree.ts';
import { cyclesFromEvents, zeroEvents } from '../../src/metric/events.ts';
import { parseCallgrind } from '../../src/parse/callgrind.ts';
import { measureCallTree } from '../../src/run/call-tree.ts';
import { CALL_TREE_DIRECTORY, CALL_TREE_FILE } from '../../src/run/valgrind-files.ts';
import { locateValgrind } from '../../src/run/valgrind.ts';
import { NO_SANDBOX } from '../../src/untrusted/sandbox.ts';
import { assertInertSvg, tempDir } from '../helpers.ts';

const HOSTILE = '<script>alert(1)</script> & "x" \'y\' \u0001\uFFFE \uD800';

/** A Callgrind 3.19 profile as written with --separate-callers and --dump-instr=no (trimmed). */
const PROFILE = `# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 5652
cmd:  ./leaf-base
part: 1

desc: I1 cache: 32768 B, 64 B, 8-way associative

positions: line
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
summary: 1111 0 0 0 0 0 0 0 0

ob=(5) /w/leaf
fl=(146) /w/leaf.c
fn=(1190) main'(below main)
4 10
cfi=(146)
cfn=(1194) leaf'caller_a'main'(below main)
calls=100 5
+1 9999 1 1
fn=(1194)
5 1000
fn=(1200) leaf'caller_b'main'(below main)
-1 100 0 0 0 0 0 0 0 1
fn=(1190)
* 1

totals: 1111 0 0 0 0 0 0 0 1
`;

test("a profile is read as self cost per call chain, outermost caller first; a call line's inclusive cost is not the caller's own", () => {
  const p = parseCallgrind(PROFILE, 'callgrind.out.5652');
  assert.equal(p.pid, 5652);
  assert.deepEqual(
    p.chains.map((c) => [c.stack.join(' > '), c.events.Ir, c.events.DLmw]),
    [
      ['(below main) > main > caller_a > leaf', 1000, 0],
      ['(below main) > main > caller_b > leaf', 100, 1],
      ['(below main) > main', 11, 0],
    ],
  );
  assert.deepEqual(p.total, p.declared, 'the self costs add up to the totals line');
  assert.throws(() => parseCallgrind('events: Ir\nfn=(3)\n1 2\n', 'x'), /x: fn=\(3\) is used before it is defined/);
  assert.throws(() => parseCallgrind('fn=a\n1 2\n', 'x'), /x:2: a cost line before the events: line/);
  assert.throws(() => parseCallgrind(`${PROFILE}\nfn=b\n1 -5\n`, 'x'), /is not a count/);
  assert.throws(() => parseCallgrind('hello\n', 'x'), /x:1: not a Callgrind profile line/);
});

/** The tree of chains with plain instruction counts (estimated cycles = Ir when nothing misses). */
const stacks = (spec: [string[], number][]): CallTreeNode[] =>
  callTree(
    foldChains(
      spec.map(([stack, ir]) => ({ stack, events: { ...zeroEvents(), Ir: ir } })),
      DEFAULT_WEIGHTS,
    ),
  );
/** The same, each stack written as its names separated by spaces. */
const chains = (spec: Record<string, number>): CallTreeNode[] => stacks(Object.entries(spec).map(([stack, ir]) => [stack.split(' '), ir]));

function find(node: FlameNode, path: string[]): FlameNode | undefined {
  let at: FlameNode | undefined = node;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

function checkSums(node: FlameNode): void {
  for (const side of ['base', 'head'] as const) {
    const sum = node[side].self + node.children.reduce((s, c) => s + c[side].total, 0);
    assert.equal(node[side].total, sum, `${node.name}: ${side} total is self plus children`);
  }
  node.children.forEach(checkSums);
}

test('the tree: a frame per function and chain, totals add up, a chain on one side only has zeros on the other', () => {
  const base = chains({ 'main a leaf': 100, 'main b leaf': 50, main: 5, 'main gone': 7 });
  const head = chains({ 'main a leaf': 150, 'main b leaf': 75, main: 5, 'main new': 3 });
  const tree = differentialTree(base, head, 'bench');
  checkSums(tree);
  assert.deepEqual([tree.base.total, tree.head.total], [162, 233]);
  assert.deepEqual(find(tree, ['main', 'a', 'leaf'])!.head, { self: 150, total: 150 });
  assert.deepEqual(find(tree, ['main', 'b', 'leaf'])!.base, { self: 50, total: 50 });
  assert.deepEqual(find(tree, ['main', 'gone'])!.head, { self: 0, total: 0 });
  assert.deepEqual(
    find(tree, ['main'])!.children.map((c) => c.name),
    ['a', 'b', 'gone', 'new'],
  );
  const svg = flameSvg(tree, { benchmark: 'bench', baseLabel: 'base', headLabel: 'head' });
  assert.match(svg, /1 call chain\(s\) ran in base only \(7 estimated cycles there\), not drawn/);
  // Both leaves got slower: the larger change (+50) the deepest red, the other (+25) halfway; main's own cost did not change: grey.
  const fills = (name: string) => [...svg.matchAll(new RegExp(`<title>${name}: [^<]*</title><rect [^>]*fill="(#[0-9a-f]{6})"`, 'g'))].map((m) => m[1]);
  assert.deepEqual(fills('leaf'), ['#d1242f', '#e0898f']);
  assert.deepEqual(fills('main'), ['#eeeeee']);
  // Width is the head's inclusive cost: leaf under a is twice leaf under b.
  const widths = [...svg.matchAll(/<title>leaf: [^<]*<\/title><rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.ok(Math.abs(widths[0]! - 2 * widths[1]!) < 0.2, `${widths}`);
});

test('call-tree.json: every name once, the tree reads back the same, whatever the names hold', () => {
  const tree = stacks([
    [['main', HOSTILE], 100],
    [['main', HOSTILE, 'main'], 3],
    [['main'], 1],
  ]);
  const dir = tempDir();
  try {
    const at = join(dir, 'benchmarks', '01-x', CALL_TREE_DIRECTORY);
    mkdirSync(at, { recursive: true });
    const text = savedCallTree({ benchmark: HOSTILE, weights: DEFAULT_WEIGHTS, tree });
    assert.deepEqual(JSON.parse(text).names, ['main', HOSTILE]);
    writeFileSync(join(at, CALL_TREE_FILE), text);
    assert.deepEqual(callTreesIn(dir).get(HOSTILE)!.tree, tree);
    writeFileSync(join(at, CALL_TREE_FILE), '{"benchmark":"x","weights":{"l1":1,"ll":5,"ram":35},"names":["a"],"tree":[[0,1,[[1,2,[]]]]]}');
    assert.throws(() => callTreesIn(dir), /call-tree\.json: tree\[0\]\[2\]\[0\]: not \[name index, self cycles, \[callees\]\]/);
    // A planted tree of millions of empty frames is refused before it is parsed (memory), naming the file.
    const leaves = new Array(2_000_000).fill('[0,1,[]]').join(',');
    writeFileSync(join(at, CALL_TREE_FILE), `{"benchmark":"x","weights":{"l1":1,"ll":5,"ram":35},"names":["a"],"tree":[[0,1,[${leaves}]]]}`);
    assert.throws(() => callTreesIn(dir), /call-tree\.json: more than 8,000,000 JSON values/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every name is inert in the SVG, and the same trees give the same bytes', () => {
  const base = stacks([
    [['main', HOSTILE], 100],
    [['main'], 1],
  ]);
  const head = stacks([
    [['main', HOSTILE], 120],
    [['main'], 1],
  ]);
  const make = () => flameSvg(differentialTree(base, head, HOSTILE), { benchmark: HOSTILE, baseLabel: HOSTILE, headLabel: HOSTILE });
  const svg = make();
  assert.equal(make(), svg);
  assertInertSvg(svg);
  assert.match(svg, /&#60;script&#62;alert\(1\)/);
});

const LEAF_C = `#include <stdio.h>
volatile unsigned long sink;
__attribute__((noinline)) void leaf(int n) { for (int i = 0; i < n + EXTRA; i++) sink += i; }
__attribute__((noinline)) void caller_a(void) { for (int i = 0; i < 100; i++) leaf(100); }
__attribute__((noinline)) void caller_b(void) { for (int i = 0; i < 50; i++) leaf(100); }
int main(void) { caller_a(); caller_b(); printf("%lu\\n", sink); return 0; }
`;

const noTools =
  spawnSync('gcc', ['--version']).status !== 0 || spawnSync('valgrind', ['--tool=callgrind', '--version']).status !== 0
    ? 'needs gcc and Valgrind with Callgrind'
    : false;

test("a real call-tree run: the slower leaf shows under both callers, totals add up to the profile's, two runs give the same tree", {
  skip: noTools,
}, async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, 'leaf.c'), LEAF_C);
    for (const [name, extra] of [
      ['base', '0'],
      ['head', '50'],
    ] as const) {
      const built = spawnSync('gcc', ['-O1', '-g', `-DEXTRA=${extra}`, '-o', join(dir, name), join(dir, 'leaf.c')]);
      assert.equal(built.status, 0, String(built.stderr));
    }
    const valgrind = locateValgrind();
    const measure = async (program: string, run: string) => {
      const result = await measureCallTree({
        valgrind,
        sandbox: NO_SANDBOX,
        cache: DEFAULT_CACHE,
        weights: DEFAULT_WEIGHTS,
        benchmark: 'bench',
        argv: [join(dir, program)],
        cwd: dir,
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir },
        own: [],
        timeoutMs: 120_000,
        dir: join(dir, run),
        job: 0,
      });
      assert.ok('tree' in result, 'problem' in result ? result.problem : '');
      return result.tree;
    };
    const base = await measure('base', 'b1');
    const head = await measure('head', 'h1');
    assert.deepEqual(await measure('base', 'b2'), base, 'the same program gives the same tree');
    const file = (run: string) => readFileSync(join(dir, run, CALL_TREE_DIRECTORY, CALL_TREE_FILE), 'utf8');
    assert.equal(file('b2'), file('b1'), 'byte for byte');
    // Kept as benchmarks/<slug>/callgrind/call-tree.json, it reads back as the same tree.
    mkdirSync(join(dir, 'results', 'benchmarks', '01-bench', CALL_TREE_DIRECTORY), { recursive: true });
    writeFileSync(join(dir, 'results', 'benchmarks', '01-bench', CALL_TREE_DIRECTORY, CALL_TREE_FILE), file('b1'));
    assert.deepEqual(callTreesIn(join(dir, 'results')).get('bench')!.tree, base);

    const tree = differentialTree(base, head, 'bench');
    checkSums(tree);
    // The root is the profile's own total (its totals: line), weighted like the metric.
    const [profileName] = readdirSync(join(dir, 'h1', CALL_TREE_DIRECTORY)).filter((n) => n.startsWith('callgrind.out.'));
    const profile = parseCallgrind(gunzipSync(readFileSync(join(dir, 'h1', CALL_TREE_DIRECTORY, profileName!))).toString(), profileName!);
    assert.deepEqual(profile.total, profile.declared);
    assert.equal(tree.head.total, cyclesFromEvents(profile.declared!, DEFAULT_WEIGHTS));
    const leafUnder = (caller: string) => {
      const found: FlameNode[] = [];
      const walk = (n: FlameNode, parent: string) => {
        if (n.name === 'leaf' && parent === caller) found.push(n);
        for (const c of n.children) walk(c, n.name);
      };
      walk(tree, '');
      assert.equal(found.length, 1, `one leaf under ${caller}`);
      return found[0]!;
    };
    const a = leafUnder('caller_a');
    const b = leafUnder('caller_b');
    // 50 more iterations per call: under a (100 calls) twice the growth under b (50 calls).
    assert.ok(a.head.self > a.base.self && b.head.self > b.base.self);
    assert.equal(a.head.self - a.base.self, 2 * (b.head.self - b.base.self));
    // Costs with callees: leaf's change is attributed up both chains, each caller its own share, main both.
    const [before, after] = [inclusiveCosts(base), inclusiveCosts(head)];
    const grew = (fn: string) => after.get(fn)! - before.get(fn)!;
    assert.equal(grew('caller_a'), a.head.self - a.base.self);
    assert.equal(grew('caller_b'), b.head.self - b.base.self);
    assert.equal(grew('leaf'), grew('caller_a') + grew('caller_b'));
    // main has both, and printf's of a larger sum (a few more digits to format).
    assert.ok(grew('main') >= grew('leaf') && grew('main') < grew('leaf') + 1000, `${grew('main')} against ${grew('leaf')}`);
    const svg = flameSvg(tree, { benchmark: 'bench', baseLabel: 'base', headLabel: 'head' });
    // The larger change (under caller_a) is the deepest red; the one under caller_b is red too, lighter.
    const fills = [...svg.matchAll(/<title>leaf: [^<]*<\/title><rect [^>]*fill="#([0-9a-f]{6})"/g)].map((m) => m[1]!);
    assert.equal(fills.length, 2);
    assert.ok(fills.includes('d1242f'), fills.join());
    for (const f of fills) assert.ok(Number.parseInt(f.slice(0, 2), 16) > Number.parseInt(f.slice(2, 4), 16), `${f} is red`);
    if (process.env['FLAME_SVG_OUT']) writeFileSync(process.env['FLAME_SVG_OUT'], svg);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('costs with callees: each function once per chain (recursion not counted twice), summed over its chains', () => {
  const tree = stacks([
    [['main', 'a', 'leaf'], 100],
    [['main', 'b', 'leaf'], 50],
    [['main', 'rec', 'rec', 'rec'], 7],
    [['main', 'rec'], 3],
    [['main'], 1],
  ]);
  assert.deepEqual(Object.fromEntries(inclusiveCosts(tree)), { main: 161, a: 100, b: 50, leaf: 150, rec: 10 });
});
