// The default output directory (.cg-bench) lies in the checkout, where a pull request can commit
// links. cg-bench (root, in CI) wrote setup.log through `.cg-bench/setup.log -> /etc/passwd`,
// truncating the file and filling it with the setup commands' output, and wrote its reports into
// whatever `.cg-bench -> /etc` named. An output directory with a link in it is refused, naming it.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, tempDir } from '../helpers.ts';

const CONFIG = 'setup:\n  - [sh, -c, "echo planted-by-setup: x::0:0::/root:/bin/sh"]\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n';

test('a committed .cg-bench/setup.log link is refused, and the file it names is left as it was', async () => {
  const dir = project(CONFIG);
  const victim = join(tempDir(), 'passwd');
  writeFileSync(victim, 'root:x:0:0:root:/root:/bin/bash\n', { mode: 0o600 });
  mkdirSync(join(dir, '.cg-bench'));
  symlinkSync(victim, join(dir, '.cg-bench', 'setup.log'));
  const r = await cli(['run'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--out \.cg-bench: \.cg-bench\/setup\.log is a symbolic link; cg-bench writes its output there and never through a link/);
  assert.equal(readFileSync(victim, 'utf8'), 'root:x:0:0:root:/root:/bin/bash\n');
});

test('a committed .cg-bench that is a link (or a link in the --out path) is refused; nothing is written where it points', async () => {
  const dir = project(CONFIG);
  const elsewhere = tempDir();
  symlinkSync(elsewhere, join(dir, '.cg-bench'));
  const r = await cli(['run'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--out \.cg-bench: \.cg-bench is a symbolic link/);
  symlinkSync(elsewhere, join(dir, 'build'));
  const nested = await cli(['run', '--out', 'build/out'], { cwd: dir });
  assert.equal(nested.code, 2, nested.stderr);
  assert.match(nested.stderr, /--out build\/out: build is a symbolic link/);
  assert.deepEqual(readdirSync(elsewhere), []);
  // A plain output directory measures as before, and can be measured into again.
  for (const _ of [1, 2]) {
    const ok = await cli(['run', '--out', 'out'], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
  }
});

test("a setup command that replaces setup.log with a link: the next command's output is not written through it", async () => {
  const victim = join(tempDir(), 'victim');
  writeFileSync(victim, 'untouched\n');
  const dir = project(
    `setup:\n  - [sh, -c, "rm .cg-bench/setup.log && ln -s ${victim} .cg-bench/setup.log"]\n  - [sh, -c, "echo planted-by-setup"]\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n`,
  );
  const r = await cli(['run'], { cwd: dir });
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /\.cg-bench\/setup\.log: replaced by a symbolic link while the setup commands ran/);
  assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
});
