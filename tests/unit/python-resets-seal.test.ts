import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sealDifference } from '../../src/compare/seal.ts';
import type { Seal } from '../../src/results/types.ts';
import { NO_RESET_NOTICE, resetsAsRun } from '../../src/run/seal.ts';

const dir = mkdtempSync(join(tmpdir(), 'cg-bench-resets-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const sealed: Seal = { pids: 'own', ids: 'anonymous', network: 'none', cpus: 'one', entropy: 'fixed', pythonResets: true };

test('the notice python/cg_bench writes is the one the seal looks for (one wording, two languages)', () => {
  const region = readFileSync(join(import.meta.dirname, '..', '..', 'python', 'cg_bench', '_region.py'), 'utf8');
  assert.ok(region.includes(NO_RESET_NOTICE), '_region.py no longer writes the notice src/run/seal.ts looks for');
});

test('an interpreter that said it gets no reset: results.json records none, and the comparison says not comparable', () => {
  const quiet = join(dir, 'quiet.log');
  const told = join(dir, 'told.log');
  writeFileSync(quiet, 'a program of its own\n');
  writeFileSync(told, `cg_bench: this Python (3.15.0) ${NO_RESET_NOTICE} (CPython 3.11 to 3.14 with the GIL do): ...\n`);
  assert.equal(resetsAsRun(sealed, quiet).pythonResets, true);
  const without = resetsAsRun(sealed, told);
  assert.equal(without.pythonResets, false);
  assert.match(sealDifference(sealed, without) ?? '', /Python interpreter resets: at each region → none/);
  // Not Python, or a whole run (no regions): nothing to take away.
  const { pythonResets: _, ...notPython } = sealed;
  assert.deepEqual(resetsAsRun(notPython, told), notPython);
  assert.equal(resetsAsRun({ ...sealed, pythonResets: false }, told).pythonResets, false);
});
