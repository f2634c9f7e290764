import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandArgv } from '../../src/config/command.ts';
import { benchmarkEnvironment, runsPython } from '../../src/run/environment.ts';

test('Python benchmarks are recognised by their program or shell string', () => {
  for (const run of [['python3', 'b.py'], ['.venv/bin/python', '-c', '1'], ['/usr/bin/python3.11'], 'python3 bench.py 2000', 'cd x && python b.py'])
    assert.ok(runsPython(run), String(run));
  for (const run of [['./python-like'], ['pythonista'], 'echo mypython', ['sh', '-c', 'true']]) assert.ok(!runsPython(run), String(run));
});

test('plain words and the same argv list are the same Python benchmark or not: by the program, not an argument', () => {
  for (const line of ['python3 b.py', '.venv/bin/python3.13 -c 1', 'nice python3 b.py', './bench --engine python', 'make bench', 'echo x=python'])
    assert.equal(runsPython(commandArgv(line)), runsPython(line), line);
  assert.ok(!runsPython(['./bench', '--engine', 'python']));
  // A shell line is read as text: a shell may start python anywhere in it.
  assert.ok(runsPython('nice python3 b.py > /dev/null'));
});

test('the environment is fixed in content and order; a Python run gets a bytecode cache instead of no bytecode', () => {
  const plain = benchmarkEnvironment('/w', { A: '1' }, '/tmp/cg-bench-home/x');
  assert.deepEqual(Object.keys(plain), [
    'PATH',
    'HOME',
    'LANG',
    'LC_ALL',
    'TZ',
    'PYTHONHASHSEED',
    'PYTHONDONTWRITEBYTECODE',
    'PYTHONNOUSERSITE',
    'TMPDIR',
    'A',
    'PWD',
  ]);
  const python = benchmarkEnvironment('/w', {}, '/h', '/h/pycache');
  assert.equal(python['PYTHONPYCACHEPREFIX'], '/h/pycache');
  assert.equal(python['PYTHONDONTWRITEBYTECODE'], undefined);
  // instrument: region tells the image's Python to import cg_bench before compiling the script.
  const region = benchmarkEnvironment('/w', { A: '1' }, '/h', undefined, 'region');
  assert.deepEqual(Object.keys(region), [
    'PATH',
    'HOME',
    'LANG',
    'LC_ALL',
    'TZ',
    'PYTHONHASHSEED',
    'PYTHONDONTWRITEBYTECODE',
    'PYTHONNOUSERSITE',
    'TMPDIR',
    'CG_BENCH_INSTRUMENT',
    'LD_BIND_NOW',
    'A',
    'PWD',
  ]);
  assert.equal(region['CG_BENCH_INSTRUMENT'], 'region');
  // Symbols bound at start, so the dynamic linker never runs inside a region (a heavier import before
  // it had bound some of them, and the region counted fewer of its bindings).
  assert.equal(region['LD_BIND_NOW'], '1');
  const whole = benchmarkEnvironment('/w', {}, '/h', undefined, 'whole');
  assert.equal(whole['CG_BENCH_INSTRUMENT'], undefined);
  assert.equal(whole['LD_BIND_NOW'], undefined);
});
