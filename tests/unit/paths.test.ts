// The path rule's helpers: an AbsolutePath is made by resolving from a base, never by trusting text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callerEnvironment, cliPaths } from '../../src/cli/paths.ts';
import { absolutePath, resolveFrom, shownPath, type AbsolutePath } from '../../src/util/paths.ts';

const caller = '/home/me/project' as AbsolutePath;

test('the command line resolves from the caller, with the defaults', () => {
  assert.deepEqual(cliPaths({}, caller), { config: '/home/me/project/cg-bench.yml', out: '/home/me/project/.cg-bench' });
  assert.deepEqual(cliPaths({ config: 'sub/cg-bench.yml', out: '../out', baseline: 'b.json', 'save-baseline': '/abs/s.json' }, caller), {
    config: '/home/me/project/sub/cg-bench.yml',
    out: '/home/me/out',
    baseline: '/home/me/project/b.json',
    saveBaseline: '/abs/s.json',
  });
});

test('CG_BENCH_VALGRIND resolves from the caller; other variables are left alone', () => {
  assert.equal(callerEnvironment({ CG_BENCH_VALGRIND: 'bin/vg', PATH: 'x' }, caller)['CG_BENCH_VALGRIND'], '/home/me/project/bin/vg');
  assert.equal(callerEnvironment({ PATH: 'x' }, caller)['CG_BENCH_VALGRIND'], undefined);
});

test('a relative path below the entry points is a bug, said so', () => {
  assert.throws(() => absolutePath('.cg-bench', 'output directory'), /internal: output directory "\.cg-bench" is not an absolute path/);
  assert.equal(absolutePath('/a/b/../c', 'x'), '/a/c');
});

test('paths are shown relative to the caller when beneath, else absolute', () => {
  assert.equal(shownPath(resolveFrom(caller, 'out/results.json'), caller), 'out/results.json');
  assert.equal(shownPath(caller, caller), '.');
  assert.equal(shownPath('/home/me/other/x' as AbsolutePath, caller), '/home/me/other/x');
  assert.equal(shownPath('/home/me/project..x/y' as AbsolutePath, caller), '/home/me/project..x/y');
});
