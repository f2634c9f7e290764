// Configuration values refused before anything runs (issue 23, item 7), each with a message naming
// the file, the field and the benchmark: invisible characters in names, a cwd outside the project or
// naming a file, cache numbers Valgrind cannot take.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.ts';
import { cacheLevelProblem } from '../../src/config/values.ts';
import { CgBenchError } from '../../src/errors.ts';
import { locateValgrind } from '../../src/run/valgrind.ts';
import { tempDir } from '../helpers.ts';

/** The message loadConfig refuses cg-bench.yml (raw bytes) with, in a project that also has src/ and a file. */
function refusal(config: string | Buffer): string {
  const dir = tempDir('cg-bench-config-');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'main.c'), 'int main(void) { return 0; }\n');
  writeFileSync(join(dir, 'cg-bench.yml'), config);
  try {
    loadConfig(join(dir, 'cg-bench.yml'));
  } catch (error) {
    assert.ok(error instanceof CgBenchError, String(error));
    assert.equal(error.exitCode, 2);
    return error.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.fail('the configuration was accepted');
}

const named = (name: string) => `benchmarks:\n  - name: "${name}"\n    run: [/bin/true]\n`;

describe('names with invisible characters are refused like zero-width and bidi ones', () => {
  for (const [what, escaped, code] of [
    ['a line separator', '\\u2028', 'U+2028'],
    ['a Mongolian vowel separator', '\\u180e', 'U+180E'],
    ['a combining grapheme joiner', '\\u034f', 'U+034F'],
    ['a Hangul filler', '\\u3164', 'U+3164'],
    ['a halfwidth Hangul filler', '\\uffa0', 'U+FFA0'],
    ['a soft hyphen', '\\u00ad', 'U+00AD'],
    ['a no-break space', '\\u00a0', 'U+00A0'],
    ['a variation selector', '\\ufe0f', 'U+FE0F'],
    ['a tag character', '\\U000E0041', 'U+E0041'],
    ['a replacement character', '\\ufffd', 'U+FFFD'],
  ] as const) {
    test(`${what} (${code})`, () => {
      assert.match(
        refusal(named(`sort${escaped}1m`)),
        new RegExp(`cg-bench\\.yml:2:\\d+: benchmarks\\[0\\]\\.name: .*${code.replace('+', '\\+')}.*visible characters`),
      );
    });
  }
  test('bytes that are not UTF-8 (read as U+FFFD)', () => {
    const bytes = Buffer.concat([Buffer.from('benchmarks:\n  - name: sort'), Buffer.from([0xff, 0xfe]), Buffer.from('1m\n    run: [/bin/true]\n')]);
    assert.match(refusal(bytes), /cg-bench\.yml:2:\d+: benchmarks\[0\]\.name: has U\+FFFD \(bytes that are not UTF-8/);
  });
  test('visible names stay accepted: letters of any script, spaces, emoji, punctuation', () => {
    const dir = tempDir('cg-bench-config-');
    writeFileSync(join(dir, 'cg-bench.yml'), named('tri rapide é 排序 😀 (1m) a/b:c'));
    assert.equal(loadConfig(join(dir, 'cg-bench.yml')).benchmarks[0]!.name, 'tri rapide é 排序 😀 (1m) a/b:c');
  });
});

describe('cwd', () => {
  const withCwd = (cwd: string) => `benchmarks:\n  - name: ok\n    run: [/bin/true]\n  - name: sort\n    run: [/bin/true]\n    cwd: ${cwd}\n`;
  for (const cwd of ['/etc', '../../..', 'src/../..']) {
    test(`${cwd}: outside the project, refused naming the benchmark and the field`, () => {
      assert.match(
        refusal(withCwd(cwd)),
        new RegExp(`cg-bench\\.yml:6:\\d+: benchmarks\\[1\\]\\.cwd: benchmark "sort": "${cwd.replace(/[.]/g, '\\.')}" is outside the project`),
      );
    });
  }
  test('a file: "is not a directory", not "does not exist"', () => {
    assert.match(refusal(withCwd('src/main.c')), /benchmarks\[1\]\.cwd: benchmark "sort": "src\/main\.c" is not a directory/);
  });
  test('a missing directory: "does not exist"', () => {
    assert.match(refusal(withCwd('nowhere')), /benchmarks\[1\]\.cwd: benchmark "sort": "nowhere" does not exist/);
  });
  test('the project or below it is accepted', () => {
    const dir = tempDir('cg-bench-config-');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'cg-bench.yml'), withCwd('src/..'));
    assert.equal(loadConfig(join(dir, 'cg-bench.yml')).benchmarks[1]!.cwd, dir);
  });
  test('a link is followed while it stays in the project: to a directory there it is that directory', () => {
    const dir = tempDir('cg-bench-config-');
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    symlinkSync('src/deep', join(dir, 'here'));
    symlinkSync('../here', join(dir, 'src', 'back'));
    writeFileSync(join(dir, 'cg-bench.yml'), withCwd('src/back'));
    assert.equal(loadConfig(join(dir, 'cg-bench.yml')).benchmarks[1]!.cwd, join(realpathSync(dir), 'src', 'deep'));
  });
  // Nothing outside the project is looked at (untrusted/project-path.ts): as root, a link to a
  // root-only file read "is not a directory" and one to a missing file "does not exist", which told
  // the pull request whether a file it cannot reach exists (review r12).
  test('a link out of the project is "outside the project" whatever is there: a file, nothing, a directory, /proc', () => {
    const outside = tempDir('cg-bench-config-outside-');
    writeFileSync(join(outside, 'file'), 'x');
    const dir = tempDir('cg-bench-config-');
    mkdirSync(join(dir, 'src'));
    const links = { file: join(outside, 'file'), none: join(outside, 'none'), dir: outside, proc: '/proc/self/cwd', up: '../..' };
    for (const [name, target] of Object.entries(links)) symlinkSync(target, join(dir, `to-${name}`));
    symlinkSync('../to-none', join(dir, 'src', 'chained'));
    for (const cwd of [...Object.keys(links).map((name) => `to-${name}`), 'src/chained', 'to-file/x']) {
      writeFileSync(join(dir, 'cg-bench.yml'), withCwd(cwd));
      let message = '';
      try {
        loadConfig(join(dir, 'cg-bench.yml'));
      } catch (error) {
        message = String((error as Error).message);
      }
      assert.match(message, new RegExp(`benchmark "sort": "${cwd}" is outside the project: a benchmark runs`), cwd);
    }
  });
  test('a loop of links: said as such', () => {
    const dir = tempDir('cg-bench-config-');
    symlinkSync('b', join(dir, 'a'));
    symlinkSync('a', join(dir, 'b'));
    writeFileSync(join(dir, 'cg-bench.yml'), withCwd('a'));
    assert.throws(() => loadConfig(join(dir, 'cg-bench.yml')), /benchmark "sort": "a" is a loop of links/);
  });
});

describe('cache sizes Valgrind cannot take are refused at validation, as Valgrind would', () => {
  test('LL 4294967296,8,64: a config message, not exit 3 at run time', () => {
    assert.match(
      refusal('cache:\n  LL: "4294967296,8,64"\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n'),
      /cg-bench\.yml:2:\d+: cache\.LL: "4294967296,8,64": 4294967296 is larger than Valgrind takes/,
    );
  });
  test("cacheLevelProblem agrees with the host's Valgrind on the edges of the range", () => {
    const valgrind = locateValgrind();
    for (const spec of ['2147483648,8,64', '1073741824,8,64', '1610612736,3,64', '65536,2147483648,64']) {
      const run = spawnSync(valgrind.bin, ['--tool=cachegrind', '--cache-sim=yes', `--LL=${spec}`, '--cachegrind-out-file=/dev/null', '/bin/true'], {
        encoding: 'utf8',
      });
      assert.equal(
        cacheLevelProblem(spec) === undefined,
        run.status === 0,
        `${spec}: cg-bench says ${cacheLevelProblem(spec) ?? 'fine'}, Valgrind exits ${run.status}: ${run.stderr.slice(0, 300)}`,
      );
    }
  });
});

describe('a value written as {…} or […] where text belongs says to quote it', () => {
  const hint = /put the whole value in quotes/;
  test('{cmd} --x: a YAML syntax error, with the hint', () => {
    assert.match(refusal('benchmarks:\n  - name: a\n    run: {cmd} --x\n'), /cg-bench\.yml:3:\d+: YAML: .*put the whole value in quotes/);
    // The place is said once, in front: not again after the parser's words, with its code frame cut off (review r12).
    assert.doesNotMatch(refusal('benchmarks:\n  - name: a\n    run: [./x\n  - name: b\n'), /at line \d+, column \d+/);
  });
  test('[a] b in a setup list: a YAML syntax error, with the hint', () => {
    assert.match(refusal('setup:\n  - [make] all\nbenchmarks:\n  - name: a\n    run: x\n'), /cg-bench\.yml:2:\d+: YAML: .*put the whole value in quotes/);
  });
  test('{cmd} alone: a mapping where a command belongs, with the hint', () => {
    assert.match(
      refusal('benchmarks:\n  - name: a\n    run: {cmd}\n'),
      /cg-bench\.yml:3:5: benchmarks\[0\]\.run: \{"cmd":null\} must be .*put the whole value in quotes/,
    );
  });
  test('a name, a cwd and an env value written {…}', () => {
    assert.match(refusal('benchmarks:\n  - name: {a}\n    run: x\n'), /benchmarks\[0\]\.name: .*put the whole value in quotes/);
    assert.match(refusal('benchmarks:\n  - name: a\n    run: x\n    cwd: {src}\n'), /benchmarks\[0\]\.cwd: .*put the whole value in quotes/);
    assert.match(refusal('env: {A: {b}}\nbenchmarks:\n  - name: a\n    run: x\n'), /env\.A: .*put the whole value in quotes/);
  });
  test('no hint where {…} is meant (env as a mapping) or the problem is elsewhere', () => {
    const message = refusal('env: {A: "1"}\nbenchmarks:\n  - name: a\n    run: x\n    timeout: soon\n');
    assert.match(message, /timeout/);
    assert.doesNotMatch(message, hint);
    assert.doesNotMatch(refusal('benchmarks:\n  - {name: a}\n'), hint);
  });
});

// A NUL character ("\0" in a double-quoted YAML string) cannot reach a process: every benchmark used
// to fail at its start (exit 3, "must be a string without null bytes"). Now refused with exit 2, in any field.
describe('a NUL character anywhere in the configuration is a configuration error naming the field', () => {
  for (const [what, config, field] of [
    ['an argv item', 'benchmarks:\n  - name: a\n    run: ["/bin/echo", "x\\0y"]\n', /cg-bench\.yml:3:\d+: benchmarks\[0\]\.run\[1\]: holds a NUL/],
    ['a shell command', 'benchmarks:\n  - name: a\n    run: "echo a\\0b"\n', /cg-bench\.yml:3:\d+: benchmarks\[0\]\.run: holds a NUL/],
    ['an env value', 'benchmarks:\n  - name: a\n    run: [/bin/true]\n    env: {X: "a\\0b"}\n', /benchmarks\[0\]\.env\.X: holds a NUL/],
    ['an env name', 'env:\n  "A\\0": "1"\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n', /env\.A\\0: holds a NUL/],
    ['a setup argument', 'setup:\n  - ["make\\0"]\nbenchmarks:\n  - name: a\n    run: [/bin/true]\n', /setup\[0\]\[0\]: holds a NUL/],
    ['a cwd', 'benchmarks:\n  - name: a\n    run: [/bin/true]\n    cwd: "src\\0"\n', /benchmarks\[0\]\.cwd: holds a NUL/],
  ] as const) {
    test(what, () => {
      const message = refusal(config);
      assert.match(message, field);
      assert.doesNotMatch(message, /\0/, 'the NUL itself is not printed');
    });
  }
});

test('a program whose name starts with "-" is refused, naming the field: Valgrind would read it as its own option', () => {
  assert.match(
    refusal('benchmarks:\n  - name: a\n    run: -q ./b\n'),
    /cg-bench\.yml:3:\d+: benchmarks\[0\]\.run: the program "-q" starts with "-".*name it as \.\/-q/,
  );
  assert.match(refusal('benchmarks:\n  - name: a\n    run: [--I1=1, ./b]\n'), /benchmarks\[0\]\.run\[0\]: the program "--I1=1" starts with "-"/);
});
