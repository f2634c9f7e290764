// What a benchmark's `run:` executes (src/config/command.ts): a string of plain words runs as those
// words, without /bin/sh under Valgrind; anything a shell would interpret keeps the shell.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandArgv, viaShell } from '../../src/config/command.ts';

test('run: plain words run directly, split on blanks, as the shell would have split them', () => {
  assert.deepEqual(commandArgv('./t'), ['./t']);
  assert.deepEqual(commandArgv('python3 python/bench_dicts.py 2000'), ['python3', 'python/bench_dicts.py', '2000']);
  assert.deepEqual(commandArgv('  ./a   b\tc '), ['./a', 'b', 'c']);
  assert.deepEqual(commandArgv('./bench --size=1,000 -k @x %y +z a:b'), ['./bench', '--size=1,000', '-k', '@x', '%y', '+z', 'a:b']);
  assert.deepEqual(commandArgv(['./t', 'a b', '$HOME']), ['./t', 'a b', '$HOME']);
  // YAML's `run: |` block ends in a newline, which a shell skips.
  assert.deepEqual(commandArgv('./t 5\n'), ['./t', '5']);
  assert.equal(viaShell(['echo', 'x']), false);
});

test('run: a string with anything a shell interprets, or a builtin, keyword or assignment first, keeps /bin/sh -c', () => {
  const shell = [
    'echo hi',
    'true',
    'cd sub && ./t',
    'exit 3',
    'if',
    '[ -e x ]',
    '. ./env.sh',
    ': nothing',
    'A=1 ./t',
    './t > out',
    './t < in',
    './t "a b"',
    "./t 'a'",
    './t a\\ b',
    './t $HOME',
    './t `id`',
    './t *.c',
    './t file?',
    './t [ab]',
    '~/bin/t',
    './t # comment',
    './a; ./b',
    './a & ./b',
    './a | ./b',
    '(./t)',
    '{ ./t; }',
    './a\n./b',
    './t !x',
    './t ^x',
    // Not blanks to a shell: a carriage return or a no-break space is part of a word.
    './t\r',
    '\u00a0./t',
    // bash's own, where /bin/sh is bash.
    'time ./t',
    'source ./env.sh',
  ];
  for (const run of shell) {
    assert.equal(viaShell(run), true, run);
    assert.deepEqual(commandArgv(run), ['/bin/sh', '-c', run], run);
  }
});
