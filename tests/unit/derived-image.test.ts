// The derived-image recipe cannot go stale (issue 25.2): outside its comments it names no Debian
// package version (a point release removes the old ones); libc6-dev's is read from the image.
// Built and run in tests/image/derived-image.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers.ts';

test("examples/derived-image/Dockerfile pins no Debian version by hand, and reads libc6-dev's from the image", () => {
  const recipe = readFileSync(join(ROOT, 'examples', 'derived-image', 'Dockerfile'), 'utf8');
  const code = recipe.split('\n').filter((line) => !line.trimStart().startsWith('#'));
  assert.deepEqual(
    code.filter((line) => /[a-z0-9][a-z0-9.+-]*=[0-9][^\s"']*/.test(line) && !/=\$\(/.test(line)),
    [],
  );
  assert.match(recipe, /"libc6-dev=\$\(dpkg-query -W -f='\$\{Version\}' libc6\)"/);
});
