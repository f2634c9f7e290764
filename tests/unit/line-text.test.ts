// Source lines for reports (src/run/line-text.ts) come through the reader: a workspace file reached
// without a link, never a git directory's, and (when cg-bench runs the code as another uid) only what
// that uid could read itself (issue 23, attack 1).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FunctionResult } from '../../src/results/types.ts';
import { attachLineText } from '../../src/run/line-text.ts';
import { tempDir } from '../helpers.ts';

const lineOf = (file: string, line = 2): FunctionResult[] => [
  { fn: 'f', file, estimatedCycles: 1, Ir: 1, lines: [{ file, line, estimatedCycles: 1, Ir: 1 }] } as FunctionResult,
];
const textOf = (functions: FunctionResult[]) => functions[0]!.lines![0]!.text;

function workspace(): string {
  const root = tempDir();
  chmodSync(root, 0o755);
  writeFileSync(join(root, 'ok.c'), 'one\n  two  \nthree\n', { mode: 0o644 });
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config'), 'x\nurl = https://token@example.com\n', { mode: 0o644 });
  return root;
}

test("a workspace file gives its line; a link, a git directory's file, a file outside give no text", () => {
  const root = workspace();
  const outside = join(tempDir(), 'secret.c');
  writeFileSync(outside, 'x\nSECRET\n');
  symlinkSync(outside, join(root, 'link.c'));
  for (const [file, expected] of [
    ['ok.c', 'two'],
    [join(root, 'ok.c'), 'two'],
    ['link.c', undefined],
    ['.git/config', undefined],
    [join(root, '.git', 'config'), undefined],
    [outside, undefined],
    ['../x/secret.c', undefined],
  ] as const) {
    const functions = lineOf(file);
    attachLineText(functions, root, root);
    assert.equal(textOf(functions), expected, file);
  }
});

test("with the sandbox's identity, a file only root can read gives no text", { skip: process.getuid?.() !== 0 && 'needs root' }, () => {
  const root = workspace();
  writeFileSync(join(root, 'private.c'), 'x\nSECRET\n', { mode: 0o600 });
  const nobody = { uid: 65534, gid: 65534 };
  const privateLine = lineOf('private.c');
  attachLineText(privateLine, root, root, nobody);
  assert.equal(textOf(privateLine), undefined);
  const publicLine = lineOf('ok.c');
  attachLineText(publicLine, root, root, nobody);
  assert.equal(textOf(publicLine), 'two');
  const asItself = lineOf('private.c');
  attachLineText(asItself, root, root);
  assert.equal(textOf(asItself), 'SECRET', 'without another identity the code ran as cg-bench: the same reach');
});

test("files inside the workspace are named relative to it, the function's as well as its lines' (a bisect worktree's path is not shown)", () => {
  const root = workspace();
  const outside = join(tempDir(), 'lib.c');
  const functions = [
    { fn: 'f', file: join(root, 'ok.c'), estimatedCycles: 1, Ir: 1, lines: [{ file: join(root, 'ok.c'), line: 2, estimatedCycles: 1, Ir: 1 }] },
    { fn: 'g', file: outside, estimatedCycles: 1, Ir: 1, lines: [{ file: outside, line: 1, estimatedCycles: 1, Ir: 1 }] },
    { fn: 'h', file: '???', estimatedCycles: 1, Ir: 1 },
  ] as FunctionResult[];
  attachLineText(functions, root, root);
  assert.deepEqual(
    functions.map((f) => [f.fn, f.file, f.lines?.[0]?.file]),
    [
      ['f', 'ok.c', 'ok.c'],
      ['g', outside, outside],
      ['h', '???', undefined],
    ],
  );
});
