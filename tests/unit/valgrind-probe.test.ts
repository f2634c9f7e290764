// A CG_BENCH_VALGRIND that is not Valgrind (issue 23, item 7): the message names the variable and
// says what happened, never an empty reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CgBenchError } from '../../src/errors.ts';
import { locateValgrind } from '../../src/run/valgrind.ts';

const refusal = (bin: string): string => {
  try {
    locateValgrind({ ...process.env, CG_BENCH_VALGRIND: bin });
  } catch (error) {
    assert.ok(error instanceof CgBenchError, String(error));
    assert.equal(error.exitCode, 2);
    return error.message;
  }
  assert.fail(`${bin} was taken for Valgrind`);
};

test('CG_BENCH_VALGRIND=/bin/false: named, with how it ended', () => {
  assert.match(
    refusal('/bin/false'),
    /^CG_BENCH_VALGRIND=\/bin\/false: \/bin\/false --tool=cachegrind --version exited with status 1 and printed nothing; CG_BENCH_VALGRIND must name the Valgrind binary/,
  );
});

test('a program that succeeds without a version, and one that does not exist', () => {
  assert.match(refusal('/bin/true'), /^CG_BENCH_VALGRIND=\/bin\/true: .* printed nothing;/);
  assert.match(refusal('/bin/echo'), /^CG_BENCH_VALGRIND=\/bin\/echo: .* printed no Valgrind version: --tool=cachegrind --version;/);
  assert.match(refusal('/no/such/valgrind'), /^CG_BENCH_VALGRIND=\/no\/such\/valgrind: .* could not run: .*ENOENT/);
});
