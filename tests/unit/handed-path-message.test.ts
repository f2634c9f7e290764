import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOMES_DIR, sharedHomesDirectory } from '../../src/untrusted/shared-places.ts';
import { handedPathProblem } from '../../src/untrusted/view.ts';

// A handed path refused because it leads into cg-bench's own directories: the message says it goes
// through a link, never where: cg-bench resolved it with its own rights, which the code may lack.
test("a handed link into cg-bench's directories is refused without naming where it leads", (t) => {
  const dir = mkdtempSync('/tmp/cg-bench-handed-message-');
  // Made as a run makes it (shared like /tmp), should this be the machine's first.
  sharedHomesDirectory(HOMES_DIR);
  const target = join(HOMES_DIR, `secret-name-${process.pid}`);
  mkdirSync(target);
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });
  symlinkSync(target, join(dir, 'link'));
  const problem = handedPathProblem(join(dir, 'link')) ?? '';
  assert.match(problem, /^lies \(through a link\) in \/tmp\/cg-bench-home, where cg-bench keeps other runs' directories/);
  assert.doesNotMatch(problem, /secret-name/);
});
