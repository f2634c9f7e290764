// README's quick start, exactly as written, from a fresh clone: the commands are read from README.md,
// so the test breaks when the README changes. The first command runs from the clone's root and again
// from another directory, and both give the same counts; the second is the whole test suite (this
// test among them), so it is checked to exist and parse, not run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { readJson, ROOT, tempDir } from '../helpers.ts';

/** The commands of the first ```sh block under "## Quick start", without their comments. */
export function quickStartCommands(readme: string): string[] {
  const section = readme.split(/^## Quick start.*$/m)[1];
  assert.ok(section, 'README.md has no "## Quick start" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the Quick start section has no ```sh block');
  return block[1]!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The same command for another directory: each word naming a file of the clone becomes its absolute path. */
function fromElsewhere(command: string, clone: string): string {
  return command
    .split(' ')
    .map((word) => (!isAbsolute(word) && word.includes('/') && existsSync(join(clone, word)) ? join(clone, word) : word))
    .join(' ');
}

function sh(command: string, cwd: string) {
  return spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** What the run printed as "results: PATH", read relative to the directory it ran in. */
function printedResults(stderr: string, cwd: string): { shown: string; results: Results } {
  const shown = /^results: (.+)$/m.exec(stderr)?.[1];
  assert.ok(shown, `no "results:" line in:\n${stderr}`);
  return { shown, results: readJson(resolve(cwd, shown)) };
}

function counts(results: Results): Record<string, unknown> {
  return Object.fromEntries(results.benchmarks.map((b) => [b.name, { status: b.status, events: b.events }]));
}

describe("README's quick start, as written, from a fresh clone", () => {
  const commands = quickStartCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  const clone = join(tempDir('cg-bench-readme-'), 'cg-bench');
  let first: { shown: string; results: Results };

  before(() => {
    assert.deepEqual(commands.length, 2, `expected two quick-start commands, found: ${JSON.stringify(commands)}`);
    const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
    assert.equal(cloned.status, 0, cloned.stderr);
  });

  test(`1st command from the clone's root: ${commands[0]}`, () => {
    const r = sh(commands[0]!, clone);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    first = printedResults(r.stderr, clone);
    assert.equal(first.shown, '.cg-bench/examples/results.json');
    assert.deepEqual(
      first.results.benchmarks.map((b) => [b.name, b.status]),
      [
        ['c-qsort-200k', 'ok'],
        ['python-dicts', 'ok'],
        ['rust-primes-2m', 'ok'],
        ['memory-linear', 'ok'],
        ['memory-random', 'ok'],
      ],
    );
    assert.match(r.stdout, /^benchmark +estimated cycles +Ir +L1 hits +LL hits +RAM hits +time$/m);
  });

  test('1st command from another directory: the same counts, nothing written there', () => {
    const elsewhere = tempDir('cg-bench-readme-elsewhere-');
    const command = fromElsewhere(commands[0]!, clone);
    assert.notEqual(command, commands[0], 'the command names no file of the clone');
    const r = sh(command, elsewhere);
    assert.equal(r.status, 0, `${command}\n${r.stdout}\n${r.stderr}`);
    const second = printedResults(r.stderr, elsewhere);
    assert.equal(second.shown, join(clone, '.cg-bench', 'examples', 'results.json'));
    assert.deepEqual(counts(second.results), counts(first.results));
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  test(`2nd command exists and parses (running it would run this test again): ${commands[1]}`, () => {
    const words = commands[1]!.split(' ');
    assert.equal(words[0], 'bash');
    const script = join(clone, words[1]!);
    assert.ok(existsSync(script), `${words[1]} is not in the clone`);
    const r = spawnSync('bash', ['-n', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(readFileSync(script, 'utf8').includes('tests/engine/*.test.ts'), 'the suite includes this test');
  });
});

test('quickStartCommands reads the block under "## Quick start" without comments', () => {
  const readme = '# x\n```sh\nnot this\n```\n## Quick start (here)\n\ntext\n\n```sh\na b     # one\n# only a comment\nc d\n```\n```sh\nnot this\n```\n';
  assert.deepEqual(quickStartCommands(readme), ['a b', 'c d']);
});
