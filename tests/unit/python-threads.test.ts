// A region's start walks the heap (forget_learned_state, python/cg_bench/_client.c): it must leave no
// other thread able to run while it holds objects, and its reset must do something on this Python.
// Built for the host's Python and run natively, as a region run (CG_BENCH_INSTRUMENT=region) with
// measure() active (the attribution pass's stand-in counter): all of a region's start but the
// Cachegrind switch. The same scripts were run on Python 3.11 to 3.14 (docs/python.md).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers.ts';
import { builtPackage } from '../python-package.ts';

// The old walk took gc.get_objects()'s list in Python and held every object while another thread ran:
// its tuple(generator), referenced twice, failed with "SystemError: Objects/tupleobject.c: bad argument
// to internal function" (57 errors in 4,000 regions on 3.11).
test('regions entered while another thread builds tuples from generators: zero errors', { timeout: 10 * 60_000 }, (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  const r = spawnSync('python3', [join(ROOT, 'tests', 'unit', 'python-threads.py'), root, '600'], { encoding: 'utf8', timeout: 9 * 60_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.equal(r.stdout.trim(), 'regions 1200 errors 0');
});

// 3.11 and 3.14 had no reset before (it compiled to nothing there); 3.11 listed every object to walk the heap;
// 3.12 to 3.14 visited it with PyUnstable_GC_VisitObjects, which wrote every object (walk writes objects True).
test("a specialized function's bytecode goes back to a fresh copy's (two modules' identical functions both), a class gives up its tag", (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  const r = spawnSync('python3', [join(ROOT, 'tests', 'unit', 'python-reset.py'), root], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  // Two modules' identical functions (equal code objects) were one for the walk before: the second kept its bytecode.
  assert.equal(
    r.stdout.trim(),
    'specialized True reset True untagged True\ntwins specialized True reset True\nagain specialized True reset True first True quiet True after True\nlisted False\nwalk writes objects False',
  );
});

// A full collection before the freeze walked every live object at each region's entry (160 ms with
// 1M of them under Cachegrind): only the young generations are collected before it.
test("a region's entry collects the whole heap only once it is frozen", (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  const r = spawnSync('python3', [join(ROOT, 'tests', 'unit', 'python-region-gc.py'), root], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '1, 2 frozen | frozen after: 0\n1, 2 frozen | frozen after: 0');
});
