// Attack 1 of issue 23: a pull request's binary whose debug info names `leak.c` (`#line 10 "leak.c"`)
// and a `leak.c` that is a link to a secret (a root-only file, .git/config, any absolute path), or a
// file the benchmark's own user cannot read. The per-line source text must never show it: not in
// results.json, report.md, comparison.json or what the CLI prints. The line is recorded, without text.
import assert from 'node:assert/strict';
import { readResults } from '../../src/results/io.ts';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, project, tempDir } from '../helpers.ts';

const SECRET = 'SECRET-4f1c9a';
const secretText = `${Array.from({ length: 30 }, (_, i) => `line ${i + 1}: url = https://gitlab-ci-token:${SECRET}@example.com/x.git`).join('\n')}\n`;

/** Its hot loop's lines are attributed to `file`, lines 10 to 12. */
const program = (file: string) => `#include <stdlib.h>
__attribute__((noinline)) unsigned long work(unsigned long n) {
#line 10 "${file}"
  unsigned long h = 1;
  for (unsigned long i = 0; i < n; i++) { h ^= i; h = h * 1099511628211UL; }
  return h;
}
int main(int argc, char **argv) {
  volatile unsigned long sink = work(strtoul(argv[1], 0, 10));
  (void)sink;
  return 0;
}
`;

function workspace(file: string): string {
  const dir = project('benchmarks:\n  - name: prog\n    run: [./prog, "20000"]\n');
  chmodSync(dir, 0o755); // the sandbox's user must be able to enter it
  writeFileSync(join(dir, 'prog.c'), program(file));
  const r = spawnSync('cc', ['-O1', '-g', '-o', 'prog', 'prog.c'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return dir;
}

/** Every file under dir, as text. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && !path.endsWith('.gz'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

/** Runs twice (a baseline, then a comparison with markdown) and checks the secret is nowhere; returns the leak.c lines. */
async function measure(dir: string, env: NodeJS.ProcessEnv = {}): Promise<NonNullable<Results['benchmarks'][number]['functions'][number]['lines']>> {
  const base = await cli(['run', '--out', 'base'], { cwd: dir, env });
  assert.equal(base.code, 0, base.stderr);
  // More iterations: the loop's lines change, so the report lists them.
  writeFileSync(join(dir, 'cg-bench.yml'), 'benchmarks:\n  - name: prog\n    run: [./prog, "30000"]\n');
  const head = await cli(['run', '--out', 'head', '--baseline', 'base/results.json', '--format', 'markdown'], { cwd: dir, env });
  assert.equal(head.code, 0, head.stderr);
  assert.match(head.stdout, /\| (src\/)?leak\.c:1[0-2] \| work \| {2}\|/, `the leak.c lines are listed without code:\n${head.stdout}`);
  assert.match(head.stdout, /_No code shown: the file is outside the workspace, reached through a link, or not readable by the benchmark's user\._/);
  const diff = await cli(['diff', 'base/results.json', 'head/results.json', '--format', 'markdown'], { cwd: dir, env });
  for (const text of [base.stdout, base.stderr, head.stdout, head.stderr, diff.stdout, diff.stderr, allText(join(dir, 'base')), allText(join(dir, 'head'))]) {
    assert.ok(
      !text.includes(SECRET),
      `the secret was published:\n${text
        .split('\n')
        .filter((l) => l.includes(SECRET))
        .join('\n')}`,
    );
  }
  const work = readResults(join(dir, 'head', 'results.json')).benchmarks[0]!.functions.find((f) => f.fn === 'work')!;
  const lines = (work.lines ?? []).filter((l) => l.file.endsWith('leak.c'));
  assert.ok(lines.length > 0, `the loop's lines are recorded under leak.c: ${JSON.stringify(work.lines)}`);
  return lines;
}

const runAsNobody = { CG_BENCH_RUN_AS: '65534:65534' };
const root = process.getuid?.() === 0;

test('leak.c -> an absolute path outside the workspace: the line is recorded without its text', async () => {
  const dir = workspace('leak.c');
  const secret = join(tempDir(), 'secret.txt');
  writeFileSync(secret, secretText, { mode: 0o644 });
  symlinkSync(secret, join(dir, 'leak.c'));
  for (const line of await measure(dir)) assert.equal(line.text, undefined);
});

test('leak.c -> .git/config (inside the workspace) and a link in a middle component: no text', async () => {
  const dir = workspace('src/leak.c');
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'config'), secretText, { mode: 0o644 });
  mkdirSync(join(dir, 'real'));
  writeFileSync(join(dir, 'real', 'leak.c'), secretText, { mode: 0o644 });
  symlinkSync('real', join(dir, 'src'));
  for (const line of await measure(dir)) assert.equal(line.text, undefined);
  const other = workspace('leak.c');
  mkdirSync(join(other, '.git'));
  writeFileSync(join(other, '.git', 'config'), secretText, { mode: 0o644 });
  symlinkSync('.git/config', join(other, 'leak.c'));
  for (const line of await measure(other)) assert.equal(line.text, undefined);
});

test('as root, leak.c -> a root-only file, the code run as another uid: no text', { skip: !root && 'needs root' }, async () => {
  const dir = workspace('leak.c');
  const secrets = tempDir();
  const secret = join(secrets, 'root-only');
  writeFileSync(secret, secretText, { mode: 0o600 });
  symlinkSync(secret, join(dir, 'leak.c'));
  for (const line of await measure(dir, runAsNobody)) assert.equal(line.text, undefined);
});

test('as root, a leak.c of the workspace only root can read, the code run as another uid: no text; readable by it: its text', {
  skip: !root && 'needs root',
}, async () => {
  const dir = workspace('leak.c');
  writeFileSync(join(dir, 'leak.c'), secretText, { mode: 0o600 });
  for (const line of await measure(dir, runAsNobody)) assert.equal(line.text, undefined);

  // The same file readable by the sandbox's user: its lines are shown (the reader works as that user).
  const readable = workspace('leak.c');
  writeFileSync(join(readable, 'leak.c'), Array.from({ length: 30 }, (_, i) => `shown ${i + 1}`).join('\n'), { mode: 0o644 });
  const r = await cli(['run', '--out', 'out'], { cwd: readable, env: runAsNobody });
  assert.equal(r.code, 0, r.stderr);
  writeFileSync(join(readable, 'cg-bench.yml'), 'benchmarks:\n  - name: prog\n    run: [./prog, "30000"]\n');
  const shown = await cli(['run', '--out', 'head', '--baseline', 'out/results.json', '--format', 'markdown'], { cwd: readable, env: runAsNobody });
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /\| leak\.c:1[0-2] \| work \| shown 1[0-2] \|/);
  assert.doesNotMatch(shown.stdout, /No code shown/);
  const lines = readResults(join(readable, 'out', 'results.json'))
    .benchmarks[0]!.functions.find((f) => f.fn === 'work')!
    .lines!.filter((l) => l.file === 'leak.c');
  assert.ok(lines.length > 0 && lines.every((l) => l.text === `shown ${l.line}`), JSON.stringify(lines));
});
