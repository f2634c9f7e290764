// One table of exit codes (issue 25.9): src/errors.ts's ExitCode is the only place 70 is a bare
// number, and the documented table lists exactly those codes (and 129/130/143, 128 + the signal).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ExitCode } from '../../src/errors.ts';
import { ROOT } from '../helpers.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

test('exit code 70 is ExitCode.internal, written nowhere else as a bare number', () => {
  const bare = sources(join(ROOT, 'src'))
    .filter((file) => !file.endsWith(join('src', 'errors.ts')))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
        .filter(({ line }) => /(return|[:=?])\s*70\s*[;,)}]/.test(line)),
    )
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  assert.deepEqual(bare, []);
});

test('the exit code table in docs/cli.md lists exactly ExitCode, and 129/130/143', () => {
  const docs = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const documented = [...docs.matchAll(/^\| ([0-9][0-9, ]*) \|/gm)].flatMap((m) => m[1]!.split(',').map((n) => Number(n.trim())));
  assert.deepEqual(
    documented.sort((a, b) => a - b),
    [...Object.values(ExitCode), 129, 130, 143].sort((a, b) => a - b),
  );
  assert.equal(ExitCode.internal, 70);
});
