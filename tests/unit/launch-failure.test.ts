import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchFailure } from '../../src/run/launch-failure.ts';
import { LOG_TAIL_BYTES } from '../../src/untrusted/read.ts';

// Valgrind's words (3.19 on the host and the image's, checked alike) when it cannot start a program.
test("Valgrind's own last line and status name why a program could not start, in cg-bench's words", () => {
  const at = (program: string, status: number, stderr: string) => launchFailure(program, status, stderr, '/w', '/usr/bin:/bin');
  assert.equal(at('nosuch', 127, 'valgrind: nosuch: command not found\n'), "command not found: nosuch (the benchmark's PATH is /usr/bin:/bin)");
  assert.equal(at('./none', 127, 'valgrind: ./none: No such file or directory\n'), 'command not found: ./none (no such file in /w)');
  assert.equal(at('/usr/bin/none', 127, 'valgrind: /usr/bin/none: No such file or directory\n'), 'command not found: /usr/bin/none (no such file)');
  assert.equal(at('./adir', 126, 'valgrind: ./adir: is a directory\n'), 'not a file: ./adir');
  assert.equal(at('./x.sh', 126, 'something first\nvalgrind: ./x.sh: Permission denied\n'), 'cannot execute ./x.sh: EACCES');
  // A name longer than the end that was read: the line's end is enough.
  const long = `nosuch${'a'.repeat(20_000)}`;
  assert.ok(at(long, 127, `${'a'.repeat(LOG_TAIL_BYTES)}: command not found\n`)?.startsWith('command not found: nosuchaaa'));
  // Only then: a short stderr that merely ends like the line is the benchmark's own.
  assert.equal(at('/opt/tools/mybenchmark', 127, 'tools/mybenchmark: No such file or directory\n'), undefined);
  // Anything else is the run's own failure, said as such by the caller.
  // A #! line whose interpreter is missing or cannot be executed.
  assert.equal(
    at('./x', 126, 'valgrind: ./x: bad interpreter: No such file or directory\n'),
    'cannot execute ./x: the interpreter its #! line names does not exist where the benchmark runs',
  );
  assert.equal(
    at('./x', 126, 'valgrind: ./x: bad interpreter: Permission denied\n'),
    'cannot execute ./x: the interpreter its #! line names cannot be executed (EACCES)',
  );
  // A name found on PATH but not executable: Valgrind names the file it found.
  assert.equal(
    at('mytool', 126, 'valgrind: /opt/bin/mytool: Permission denied\n'),
    "cannot execute mytool (/opt/bin/mytool, found on the benchmark's PATH): EACCES",
  );
  assert.equal(at('mytool', 126, 'valgrind: /opt/bin/othertool: Permission denied\n'), undefined);
  assert.equal(at('./mytool', 126, 'valgrind: /w/mytool: Permission denied\n'), undefined);
  assert.equal(at('mytool', 1, 'valgrind: /opt/bin/mytool: Permission denied\n'), undefined);
  assert.equal(at('./x', 1, 'valgrind: ./x: Permission denied\n'), undefined);
  assert.equal(at('./x', 127, 'valgrind: ./y: No such file or directory\n'), undefined);
  assert.equal(at('sh', 127, 'sh: 1: nosuch: not found\n'), undefined);
  assert.equal(at('./x', 127, ''), undefined);
});
