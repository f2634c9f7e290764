// A process's argv and environment travel together (src/untrusted/command.ts): the Python attribution
// pass once spread a sandboxed command into runProcess's options and overrode its environment, which
// lost the counter the command carried. A spread copy is no longer a Command, to the compiler (tsc
// runs over the tests: the @ts-expect-error below fails the suite if the copy type-checks) and at run time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../src/untrusted/command.ts';
import { NO_SANDBOX, sandboxedCommand } from '../../src/untrusted/sandbox.ts';

test('a Command cannot be copied with another environment by spreading it; behind() keeps its environment', () => {
  const command = sandboxedCommand(NO_SANDBOX, ['/bin/true'], { COUNTER: '1' });
  // @ts-expect-error a spread copy is not a Command: argv and env cannot be mixed from two places
  const mixed: Command = { ...command, env: { PATH: '/bin' } };
  assert.equal((mixed as unknown as { argv?: unknown }).argv, undefined, 'the copy carries no argv');
  assert.ok(command.argv.includes('COUNTER=1'));
  const wrapped = command.behind(['/usr/bin/perf', 'stat', '--']);
  assert.deepEqual(wrapped.argv.slice(0, 3), ['/usr/bin/perf', 'stat', '--']);
  assert.deepEqual(wrapped.env, command.env);
  assert.ok(Object.isFrozen(command.argv) && Object.isFrozen(command.env));
});
