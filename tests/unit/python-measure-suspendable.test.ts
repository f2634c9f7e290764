// cg_bench.measure() on a generator or coroutine function (issue 23, item 7): refused with a clear
// TypeError, outside Valgrind as under it, instead of silently counting only the generator's creation;
// a measured call that returns a generator or coroutine is refused too (docs/python.md).
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtPackage } from '../python-package.ts';

// Each case prints "refused: <message>" or "ran: <result>".
const SCRIPT = String.raw`
import functools, sys
if sys.argv[2] == "active":  # as in the attribution pass: measure() is active natively
    class Counter:
        def region_start(self): pass
        def region_stop(self): pass
    sys.modules["_cg_bench_bytecode"] = Counter()
sys.path.insert(0, sys.argv[1])
import cg_bench

def gen():
    yield 1
async def coro():
    return 1
async def agen():
    yield 1
def makes_gen():
    return gen()
def plain(x):
    return x * 2

cases = [
    ("generator function", lambda: cg_bench.measure(gen)),
    ("coroutine function", lambda: cg_bench.measure(coro)),
    ("async generator function", lambda: cg_bench.measure(agen)),
    ("gc=False decorator", lambda: cg_bench.measure(gc=False)(gen)),
    ("partial of a generator function", lambda: cg_bench.measure(functools.partial(gen))),
    ("a call returning a generator", lambda: cg_bench.measure(makes_gen)()),
    ("a plain function", lambda: cg_bench.measure(plain)(21)),
]
for name, case in cases:
    try:
        print("%s: ran: %r" % (name, case()))
    except TypeError as error:
        print("%s: refused: %s" % (name, error))
`;

test('generator and coroutine functions are refused, natively (measure inactive) and with measure active', (t) => {
  const root = builtPackage('cg-bench-suspendable-');
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  t.after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'cases.py'), SCRIPT);
  for (const mode of ['inactive', 'active']) {
    const r: SpawnSyncReturns<string> = spawnSync('python3', ['-S', '-W', 'error', join(root, 'cases.py'), root, mode], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    const lines = Object.fromEntries(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
    );
    assert.match(
      lines['generator function']!,
      /^refused: cg_bench\.measure\(gen\): a generator function; a call only makes the generator, so its run would not be counted/,
      mode,
    );
    assert.match(lines['coroutine function']!, /^refused: cg_bench\.measure\(coro\): a coroutine function; .*asyncio\.run/, mode);
    assert.match(lines['async generator function']!, /^refused: .*an async generator function/, mode);
    assert.match(lines['gc=False decorator']!, /^refused: .*a generator function/, mode);
    assert.match(lines['partial of a generator function']!, /^refused: .*a generator function/, mode);
    assert.equal(lines['a plain function'], 'ran: 42', mode);
    if (mode === 'active')
      assert.match(lines['a call returning a generator']!, /^refused: cg_bench\.measure\(makes_gen\): the call returned a generator without running it/);
  }
});
