// Bad input, one class at a time (issue 10): each gets a clear message naming the file, field or
// option, the documented exit code, and leaves what the user had as it was. Real CLI, real Valgrind.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { CLI, cli, compileC, project, readJson, tempDir, type CliRun } from '../helpers.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const OK = 'benchmarks:\n  - name: noop\n    run: [/bin/true]\n';
const isRoot = process.getuid?.() === 0;

/**
 * What a user has before a refused command, planted so it can be checked afterwards: a baseline, the
 * file the command is told to --save-baseline onto, and a previous run's output in its --out.
 */
const PLANTED: Record<string, string> = {
  'base.json': `${JSON.stringify(resultsOf([benchmarkResult('noop', { Ir: 900 })]), null, 2)}\n`,
  'out/results.json': `${JSON.stringify(resultsOf([benchmarkResult('noop', { Ir: 1000 })]), null, 2)}\n`,
  'out/report.md': '# the previous run\n',
  'out/benchmarks/01-noop/stdout.log': 'previous output\n',
};

function plantUserFiles(dir: string): () => void {
  for (const [name, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return () => {
    for (const [name, text] of Object.entries(PLANTED)) {
      assert.ok(existsSync(join(dir, name)), `${name} is still there`);
      assert.equal(readFileSync(join(dir, name), 'utf8'), text, `${name} is byte for byte what it was`);
    }
  };
}

/** A refused run: its exit code and message, no stack trace, and the baseline and the previous --out as they were. */
async function refused(config: string, args: string[], code: number, pattern: RegExp, files: Record<string, string> = {}): Promise<CliRun> {
  const dir = project(config, files);
  const assertKept = plantUserFiles(dir);
  const saving = args.includes('--save-baseline') ? [] : ['--save-baseline', 'base.json'];
  const r = await cli(['run', '--out', join(dir, 'out'), ...saving, ...args], { cwd: dir });
  assert.equal(r.code, code, `exit code; stderr: ${r.stderr}`);
  assert.match(r.stderr + r.stdout, pattern);
  assert.doesNotMatch(r.stderr, /internal error| {4}at /, 'no stack trace');
  assertKept();
  return r;
}

async function expectRefused(config: string, args: string[], code: number, pattern: RegExp, files: Record<string, string> = {}): Promise<void> {
  await refused(config, args, code, pattern, files);
}

describe('numbers the schema lets through', () => {
  for (const [key, value] of [
    ['threshold', '.nan'],
    ['threshold', '.inf'],
    ['threshold', '1e309'],
  ] as const) {
    test(`${key}: ${value}`, () =>
      expectRefused(`${key}: ${value}\n${OK}`, [], 2, new RegExp(`cg-bench\\.yml:1:\\d+: ${key}: .*(is not a percentage|must be <=)`)));
  }
  test('a benchmark threshold of .inf', () =>
    expectRefused(
      'benchmarks:\n  - name: a\n    run: [/bin/true]\n    threshold: .inf\n',
      [],
      2,
      /benchmarks\[0\]\.threshold: (Infinity is not a percentage|must be <=)/,
    ));
  test("a timeout beyond Node's timer range (number)", () =>
    expectRefused(`timeout: 3600000\n${OK}`, [], 2, /timeout: .*(must be <= 2147483|longer than cg-bench can wait)/));
  test("a timeout beyond Node's timer range (text)", () =>
    expectRefused(`timeout: 1000h\n${OK}`, [], 2, /timeout: "1000h" is longer than cg-bench can wait \(24 days\)/));
  test('a setup-timeout beyond the range', () =>
    expectRefused(`setup-timeout: 9999h\n${OK}`, [], 2, /setup-timeout: "9999h" is longer than cg-bench can wait/));
  test('a benchmark timeout of .nan', () =>
    expectRefused('benchmarks:\n  - name: a\n    run: [/bin/true]\n    timeout: .nan\n', [], 2, /benchmarks\[0\]\.timeout: /));
  test('a budget on a simulated benchmark', () =>
    expectRefused(
      'benchmarks:\n  - name: a\n    run: [/bin/true]\n    budget: 30s\n',
      [],
      2,
      /cg-bench\.yml:4:5: benchmarks\[0\]\.budget: only timed benchmarks \(mode: wallclock, cputime or counters\) have a budget/,
    ));
  test('a budget beyond an hour', () =>
    expectRefused(
      'benchmarks:\n  - name: a\n    run: [/bin/true]\n    mode: wallclock\n    budget: 2h\n',
      [],
      2,
      /benchmarks\[0\]\.budget: "2h" is not a duration from 1ms to 1h/,
    ));
  test('a budget of .inf', () =>
    expectRefused('benchmarks:\n  - name: a\n    run: [/bin/true]\n    mode: wallclock\n    budget: .inf\n', [], 2, /benchmarks\[0\]\.budget: /));
  test('weights of 1e308', () => expectRefused(`weights:\n  ram: 1e308\n${OK}`, [], 2, /weights\.ram: 1e\+308 must be <= 1000000/));
  test('weights of .inf', () => expectRefused(`weights:\n  ll: .inf\n${OK}`, [], 2, /weights\.ll: /));
  test('all weights zero', () => expectRefused(`weights:\n  l1: 0\n  ll: 0\n  ram: 0\n${OK}`, [], 2, /weights: all three weights are 0/));
  for (const jobs of ['1e3', '0x10', '2.5', '-1', '99999', ' ']) {
    test(`--jobs ${JSON.stringify(jobs)}`, () => expectRefused(OK, [`--jobs=${jobs}`], 2, /--jobs: .*must be a whole number from 1 to 1024, in digits/));
  }
});

describe('cache geometry Valgrind would refuse is found before anything runs', () => {
  const cases: [string, RegExp][] = [
    ['"1536,1,32"', /cache\.I1: "1536,1,32": .*48 sets; Valgrind needs a power of two/],
    ['"1,1,1"', /cache\.I1: "1,1,1": line size 1 is below Valgrind's minimum of 16/],
    ['"64,1,64"', /cache\.I1: "64,1,64": size 64 must be larger than the line size 64/],
    ['"1024,32,64"', /cache\.I1: "1024,32,64": associativity 32 is more than size ÷ line size \(16\)/],
    ['"0,8,64"', /cache\.I1: "0,8,64": size, associativity and line size must be positive/],
  ];
  for (const [spec, pattern] of cases) test(`I1 ${spec}`, () => expectRefused(`cache:\n  I1: ${spec}\n${OK}`, [], 2, pattern));
});

describe('what cg-bench accepts it can write and read back', () => {
  test('a run: string over 64 KiB is refused up front', () =>
    expectRefused(`benchmarks:\n  - name: long\n    run: "true ${'x'.repeat(70_000)}"\n`, [], 2, /benchmarks\[0\]\.run: /));
  test('a failing benchmark with a 70 KB stderr line: results are written and read back', async () => {
    const dir = project(`benchmarks:\n  - name: loud\n    run: 'head -c 70000 /dev/zero | tr "\\\\0" x >&2; exit 1'\n  - name: fine\n    run: [/bin/true]\n`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    const results = readJson(join(dir, 'out', 'results.json'));
    assert.equal(results.benchmarks[1]!.status, 'ok', 'the good benchmark is kept');
    assert.ok((results.benchmarks[0]!.message ?? '').length < 20_000);
    const again = await cli(['compare', join(dir, 'out', 'results.json'), join(dir, 'out', 'results.json')], { cwd: dir });
    assert.equal(again.code, 3, again.stderr);
    assert.doesNotMatch(again.stderr, /invalid results file/);
  });
});

describe('the longest values cg-bench accepts go through a saved baseline and back', () => {
  test('run string and argv at their limits, a 70 KB stderr, a 100-character name, a 70 KB symbol: --save-baseline, then compare and --baseline read it', async () => {
    const dir = tempDir('cg-bench-longest-');
    // A function whose name (and so Cachegrind's fn) is longer than results.json allows.
    compileC(
      dir,
      'long-symbol',
      `__attribute__((noinline)) int f${'x'.repeat(70_000)}(int n) { volatile int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\nint main(void) { return f${'x'.repeat(70_000)}(1000) < 0; }\n`,
    );
    const name = `n${'a'.repeat(99)}`;
    const shell = `true ${'y'.repeat(65_536 - 5)}`;
    const config = [
      'benchmarks:',
      `  - name: ${name}`,
      `    run: "${shell}"`,
      '  - name: argv',
      `    run: [/bin/sh, -c, "exit 0", "${'a'.repeat(65_536)}", "${'b'.repeat(65_536)}"]`,
      '  - name: loud',
      `    run: 'head -c 70000 /dev/zero | tr "\\\\0" x >&2'`,
      '  - name: symbol',
      '    run: [./long-symbol]',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'cg-bench.yml'), config);
    const saved = await cli(['run', '--out', 'out', '--save-baseline', 'base.json'], { cwd: dir });
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stderr, /baseline saved: base\.json/);
    const base = readJson(join(dir, 'base.json'));
    assert.equal(base.benchmarks[0]!.name, name);
    assert.equal(base.benchmarks[0]!.command, shell, 'a command within its limit is kept whole');
    assert.ok(
      base.benchmarks[0]!.processes.every((p) => p.cmd.length <= 65_536),
      'process commands are cut to fit',
    );
    assert.ok(
      base.benchmarks[1]!.processes.some((p) => p.cmd.endsWith('more characters)')),
      'and say so',
    );
    assert.ok(
      base.benchmarks[3]!.functions.some((f) => f.fn.startsWith('fxxx') && [...f.fn].length <= 65_536),
      'a symbol over the limit is cut, not dropped',
    );
    const compared = await cli(['compare', 'base.json', 'out/results.json'], { cwd: dir });
    assert.equal(compared.code, 0, compared.stderr);
    assert.doesNotMatch(compared.stderr, /invalid results file/);
    const again = await cli(['run', '--out', 'out2', '--baseline', 'base.json', '--filter', 'argv'], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /argv/);
  });
  test('a failure message over the limit (a missing program of 65 KB): results.json is written and read back', async () => {
    const dir = project(`benchmarks:\n  - name: long\n    run: ["nosuch${'a'.repeat(65_520)}"]\n  - name: fine\n    run: [/bin/true]\n`);
    const r = await cli(['run', '--out', 'out'], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    const results = readJson(join(dir, 'out', 'results.json'));
    assert.match(results.benchmarks[0]!.message ?? '', /^command not found: nosuchaaa.* … \(cut: \d+ more characters\)$/);
    assert.equal(results.benchmarks[1]!.status, 'ok');
    const again = await cli(['compare', 'out/results.json', 'out/results.json'], { cwd: dir });
    assert.equal(again.code, 3, again.stderr);
    assert.doesNotMatch(again.stderr, /invalid results file|must be at most/);
  });
});

describe('unbounded or hostile files', () => {
  test('--config /dev/zero ends with a clear message', () =>
    expectRefused(OK, ['--config', '/dev/zero'], 2, /configuration \/dev\/zero: is a device, not a regular file/));
  test('a YAML alias bomb is refused, not expanded', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    return expectRefused(`${bomb.join('\n')}\n${OK}`, [], 2, /cg-bench\.yml: YAML: .*too many aliases/);
  });
  test('an alias inside the value its own anchor marks: a configuration error naming the file, not an internal one', async () => {
    // Before: exit 70, "TypeError: Converting circular structure to JSON" (the attack pass, round 8).
    for (const config of ['benchmarks: &x [{name: a, run: /bin/true}, *x]\n', 'benchmarks: [{name: a, run: /bin/true, env: &e {A: *e}}]\n']) {
      await expectRefused(config, [], 2, /cg-bench\.yml: YAML: an alias \(\*name\) is inside the value its anchor/);
    }
  });
  test("a setup command that prints 50 MB, one line and then many: the error shows the log's tail, bounded", async () => {
    const dir = project(`setup:\n  - 'head -c 50000000 /dev/zero | tr "\\\\0" x; echo; seq 1 1000000; echo LAST-LINE; exit 1'\n${OK}`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr.slice(0, 2000));
    assert.match(r.stderr, /cg-bench: setup command failed \(exited with status 1\): head -c 50000000/);
    assert.match(r.stderr, /\n1000000\nLAST-LINE\n$/);
    assert.ok(r.stderr.length < 20_000, `stderr is ${r.stderr.length} characters`);
  });
  test('a setup command whose single 50 MB line is the last: cut, not printed whole', async () => {
    const dir = project(`setup:\n  - 'head -c 50000000 /dev/zero | tr "\\\\0" x; exit 1'\n${OK}`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr.slice(0, 2000));
    assert.match(r.stderr, /x{400} … \(\d+ more characters\)\n$/);
    assert.ok(r.stderr.length < 20_000, `stderr is ${r.stderr.length} characters`);
  });
  test('a baseline larger than any results.json is refused by size', async () => {
    const dir = project(OK);
    const big = join(dir, 'big.json');
    spawnSync('truncate', ['-s', '300M', big]);
    const assertKept = plantUserFiles(dir);
    const r = await cli(['run', '--out', join(dir, 'out'), '--baseline', big, '--save-baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /results file .*big\.json: larger than 256 MiB/);
    assertKept();
  });
  test('a baseline that is not results: exit 2 naming it', async () => {
    const dir = project(OK, { 'not-results.json': '{"tool":"cg-bench","schemaVersion":1}' });
    const assertKept = plantUserFiles(dir);
    const r = await cli(['run', '--out', join(dir, 'out'), '--baseline', 'not-results.json', '--save-baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not-results\.json: invalid results file/);
    assertKept();
  });
});

describe('names that are not what they look like', () => {
  for (const [what, ch] of [
    ['a zero-width space', '\\u200b'],
    ['a right-to-left override', '\\u202e'],
    ['a C1 control', '\\u009b'],
    ['a byte-order mark', '\\ufeff'],
  ] as const) {
    test(`a benchmark name with ${what}`, () =>
      expectRefused(`benchmarks:\n  - name: "sort${ch}1m"\n    run: [/bin/true]\n`, [], 2, /cg-bench\.yml:2:\d+: benchmarks\[0\]\.name: .*visible characters/));
  }
});

describe('terminal and CI-log injection: controls a configuration or a benchmark wrote never reach stderr', () => {
  // OSC 52 (set the clipboard, ended by BEL), a colour (CSI), a C1 CSI, a right-to-left override.
  const HOSTILE = '\\e]52;c;ZXZpbA==\\a \\e[31mRED \\x9b2J \\u202eevil';
  const RAW = ['\x1b', '\x07', '\u009b', '\u202e'];
  const inert = (text: string, where: string) => {
    for (const ch of RAW) assert.ok(!text.includes(ch), `${where} holds ${JSON.stringify(ch)}: ${JSON.stringify(text.slice(0, 2000))}`);
  };
  test('in a setup command and its output: the progress line, the error and the log tail', async () => {
    const dir = project(`setup:\n  - "printf '${HOSTILE}'; echo; exit 1 # build-step"\n${OK}`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^setup: printf .*# build-step$/m, 'the progress line names the command');
    assert.match(r.stderr, /cg-bench: setup command failed \(exited with status 1\): printf .*# build-step\n/);
    assert.match(r.stderr, /\]52;c;ZXZpbA== .*RED .*2J .*evil/, 'the text is kept, its controls are not');
    inert(r.stderr, 'stderr');
    inert(r.stdout, 'stdout');
    assert.ok(readFileSync(join(dir, 'out', 'setup.log'), 'utf8').includes('\x1b]52;'), 'setup.log itself keeps what the command wrote');
  });
  test('in a benchmark command and its stderr: progress, report and message', async () => {
    const dir = project(`benchmarks:\n  - name: hostile\n    run: "printf '${HOSTILE}' >&2; echo >&2; exit 1"\n`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^✗ hostile: FAILED: exited with status 1/m, 'the progress line names the benchmark');
    assert.match(r.stdout, /hostile: failed\n.*\n.*\]52;c;ZXZpbA==/);
    inert(r.stderr, 'stderr');
    inert(r.stdout, 'stdout');
  });
  test('in an argv benchmark that cannot start: the message naming the program', async () => {
    const dir = project(`benchmarks:\n  - name: missing\n    run: ["./no-such-${HOSTILE}"]\n`);
    const r = await cli(['run', '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /✗ missing: FAILED: command not found: \.\/no-such-/);
    inert(r.stderr, 'stderr');
    inert(r.stdout, 'stdout');
  });
  test('in a configuration error quoting the file', async () => {
    const r = await refused(
      `benchmarks:\n  - name: a\n    run: [/bin/true]\n    "${HOSTILE}": 1\n`,
      [],
      2,
      /cg-bench\.yml:4:\d+: benchmarks\[0\].*unknown key/,
    );
    inert(r.stderr, 'stderr');
  });
});

describe('output directories', () => {
  test('two runs sharing one --out: the second is refused, the first finishes', async () => {
    const dir = project('benchmarks:\n  - name: slow\n    run: [sleep, "3"]\n');
    const first = spawn(process.execPath, [CLI, 'run', '--out', 'shared'], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve));
    for (let i = 0; i < 100 && !existsSync(join(dir, 'shared', '.cg-bench.lock')); i++) await new Promise((r) => setTimeout(r, 50));
    const second = await cli(['run', '--out', 'shared'], { cwd: dir });
    assert.equal(second.code, 2, second.stderr);
    assert.match(second.stderr, /--out shared: another cg-bench run \(pid \d+\) is using this directory; give each run its own --out/);
    assert.equal(await exited, 0);
    assert.equal(readJson(join(dir, 'shared', 'results.json')).benchmarks[0]!.status, 'ok');
  });
  test('a lock left by a run that died is taken over', async () => {
    const dir = project(OK);
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', '.cg-bench.lock'), '999999999\n');
    const r = await cli(['run', '--out', 'out'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
  });
  test('a full disk under --out: exit 2 naming the file, the saved baseline intact', { skip: !isRoot && 'needs root to mount a small tmpfs' }, async (t) => {
    const dir = project("benchmarks:\n  - name: big-log\n    run: 'head -c 200000 /dev/zero'\n");
    const small = tempDir('cg-bench-full-');
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]).status !== 0) return t.skip('cannot mount tmpfs here');
    try {
      writeFileSync(join(dir, 'base.json'), 'keep me');
      const r = await cli(['run', '--out', small, '--save-baseline', join(dir, 'base.json')], { cwd: dir });
      assert.ok(r.code === 2 || r.code === 3, `exit ${r.code}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /internal error/);
      assert.match(r.stderr + r.stdout, /no space left on the device|ENOSPC/);
      assert.equal(readFileSync(join(dir, 'base.json'), 'utf8'), 'keep me');
    } finally {
      spawnSync('umount', [small]);
    }
  });
  test('--save-baseline onto a file that cannot be replaced: exit 2, the file unchanged', { skip: !isRoot && 'needs root for chattr' }, async (t) => {
    const dir = project(OK);
    const target = join(dir, 'base.json');
    writeFileSync(target, 'keep me');
    const sub = join(dir, 'ro');
    mkdirSync(sub);
    writeFileSync(join(sub, 'base.json'), 'keep me too');
    if (spawnSync('chattr', ['+i', sub]).status !== 0) return t.skip('chattr is not permitted here');
    try {
      const r = await cli(['run', '--out', join(dir, 'out'), '--save-baseline', join(sub, 'base.json')], { cwd: dir });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /base\.json: .*(not writable|permission denied|not permitted)/);
      assert.equal(readFileSync(join(sub, 'base.json'), 'utf8'), 'keep me too');
    } finally {
      spawnSync('chattr', ['-i', sub]);
    }
  });
});

describe('command-line values', () => {
  const compare = async (args: string[], pattern: RegExp, files: Record<string, string> = {}) => {
    const dir = project(OK, files);
    const r = await cli(['compare', ...args], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, pattern);
    assert.doesNotMatch(r.stderr, /internal error/);
  };
  test('compare: a missing file', () => compare(['nope.json', 'nope.json'], /cannot read results .*nope\.json: no such file/));
  test('compare: a file that is not JSON', () => compare(['a.json', 'a.json'], /a\.json: not a results\.json \(not JSON at all\)/, { 'a.json': 'not json' }));
  test('compare: a results file cut short', () =>
    compare(['a.json', 'a.json'], /a\.json: not valid JSON .*the file is corrupt/, { 'a.json': '{"tool": "cg-bench", ' }));
  test('compare: one file only', () => compare(['a.json'], /cg-bench compare: expected BASE and HEAD \(results\.json files or their directories\), got 1$/m));
  test('--threshold NaN', () => expectRefused(OK, ['--threshold', 'NaN'], 2, /--threshold: "NaN" is not a percentage/));
  test('--threshold 1e309', () => expectRefused(OK, ['--threshold', '1e309'], 2, /--threshold: "1e309" is not a percentage/));
  test('--format that does not exist', () => expectRefused(OK, ['--format', 'xml'], 2, /--format: "xml" is not one of/));
  test('--config that is a directory', () => expectRefused(OK, ['--config', '.'], 2, /cannot read configuration \.: is a directory|configuration \.: /));
});
