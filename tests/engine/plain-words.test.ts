// A `run:` string of plain words runs without /bin/sh (src/config/command.ts): measured by two paths,
// the string and the same words as an argv list give the same counts, event for event, in one
// process; a string the shell must read still runs under /bin/sh -c, which is counted with it.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Results } from '../../src/results/types.ts';
import { cli, compileC, project, readJson, tempDir } from '../helpers.ts';

const LOOP = '#include <stdlib.h>\nint main(int argc, char **argv) { volatile long s = 0; for (long i = 0; i < atol(argv[1]); i++) s += i; return 0; }\n';

test('run: plain words and the same argv list count the same, in one process; a shell line keeps its shell', async () => {
  const dir = project(
    [
      'benchmarks:',
      '  - name: words',
      '    run: ./loop 20000',
      '  - name: argv',
      '    run: [./loop, "20000"]',
      '  - name: shell',
      '    run: ./loop 20000 > /dev/null',
      // Found as execvp finds it (dash did): a relative PATH entry is below the working directory.
      '  - name: on-path',
      '    run: loop 20000',
      '    env: { PATH: "bin:/usr/bin:/bin" }',
      '',
    ].join('\n'),
  );
  compileC(dir, 'loop', LOOP);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(dir, 'loop'), join(dir, 'bin', 'loop'));
  // From another directory: a relative PATH entry must be below the benchmark's cwd, not cg-bench's.
  const r = await cli(['run', '--config', join(dir, 'cg-bench.yml'), '--out', join(dir, 'out')], { cwd: tempDir('plain-words-elsewhere-') });
  assert.equal(r.code, 0, r.stderr);
  const results = readJson<Results>(join(dir, 'out', 'results.json'));
  const [words, argv, shell, onPath] = results.benchmarks;
  assert.equal(onPath!.status, 'ok', onPath!.message);
  assert.deepEqual(words!.events, argv!.events);
  assert.deepEqual(
    words!.processes.map((p) => p.cmd),
    ['./loop 20000'],
  );
  assert.deepEqual(
    shell!.processes.map((p) => p.cmd),
    ['/bin/sh -c ./loop 20000 > /dev/null', './loop 20000'],
  );
  assert.ok(shell!.events!.Ir > words!.events!.Ir, 'the shell is counted with a line it runs');
  // A benchmark's events are its processes' summed, event by event.
  for (const [name, total] of Object.entries(shell!.events!)) {
    const summed = shell!.processes.reduce((sum, p) => sum + (p.events as Record<string, number>)[name]!, 0);
    assert.equal(summed, total, name);
  }
  assert.equal(words!.command, './loop 20000');
});
