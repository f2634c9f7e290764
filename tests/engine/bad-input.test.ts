// Bad input: each case gets a message naming the file, field or benchmark, and its exit code;
// nothing the user had is lost. These run the bundled CLI with real Valgrind.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, project, readJson } from '../helpers.ts';

const OK = `benchmarks:\n  - name: noop\n    run: [/bin/true]\n`;

async function expectError(config: string, args: string[], code: number, pattern: RegExp): Promise<void> {
  const dir = project(config);
  const r = await cli(['run', ...args], { cwd: dir });
  assert.equal(r.code, code, `exit code; stderr: ${r.stderr}`);
  assert.match(r.stderr + r.stdout, pattern);
}

describe('configuration errors exit 2 and name the file, line and field', () => {
  test('broken YAML', () => expectError('benchmarks:\n  - name: a\n    run: [unclosed\n', [], 2, /cg-bench\.yml:\d+:\d+: YAML: /));
  test('unknown key, with a suggestion', () =>
    expectError('benchmarks:\n  - name: a\n    runn: /bin/true\n', [], 2, /cg-bench\.yml:3:5: benchmarks\[0\]\.runn: unknown key \(did you mean "run"\?\)/));
  test('missing command', () =>
    expectError(
      'benchmarks:\n  - name: a\n  - name: b\n    run: x\n  - name: c\n',
      [],
      2,
      /benchmarks\[0\]\.run: is required[\s\S]*benchmarks\[2\]\.run: is required/,
    ));
  test('threshold that is not a percentage', () =>
    expectError(`threshold: 5 percent\n${OK}`, [], 2, /cg-bench\.yml:1:\d+: threshold: "5 percent" is not a percentage/));
  test('duplicate names', () =>
    expectError(`${OK}  - name: noop\n    run: [/bin/true]\n`, [], 2, /benchmarks\[1\]\.name: "noop" is already the name of benchmarks\[0\]/));
  test('a name with a control character', () =>
    expectError('benchmarks:\n  - name: "a\\u001b[31m"\n    run: x\n', [], 2, /benchmarks\[0\]\.name: .* must be one line of visible characters/));
  test('impossible cache geometry', () =>
    expectError(`cache:\n  LL: "8388608,16,48"\n${OK}`, [], 2, /cache\.LL: "8388608,16,48": line size 48 is not a power of two/));
  test('a missing working directory', () =>
    expectError('benchmarks:\n  - name: a\n    run: x\n    cwd: nowhere\n', [], 2, /benchmarks\[0\]\.cwd: benchmark "a": "nowhere" does not exist/));
  test('an empty file', () => expectError('', [], 2, /the file is empty/));
  test('no configuration file', () => expectError(OK, ['--config', 'missing.yml'], 2, /cannot read configuration missing\.yml: no such file/));
  test('a filter that matches nothing', () => expectError(OK, ['--filter', 'zzz'], 2, /no benchmark matches --filter "zzz"; the benchmarks are: noop/));
  test('an unknown option', () => expectError(OK, ['--frobnicate'], 2, /cg-bench run: Unknown option '--frobnicate'/));
  test('a bad --jobs', () => expectError(OK, ['--jobs', '0'], 2, /--jobs: "0" must be a whole number from 1 to 1024, in digits/));
  test('an output directory that cannot be written', async () => {
    const dir = project(OK, { 'file.txt': 'x' });
    const r = await cli(['run', '--out', 'file.txt/out'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /output directory file\.txt\/out is a file \(or lies beneath one\), not a directory; pass --out DIR/);
    const onFile = await cli(['run', '--out', 'file.txt'], { cwd: dir });
    assert.equal(onFile.code, 2);
    assert.match(onFile.stderr, /output directory file\.txt is a file \(or lies beneath one\), not a directory/);
  });
  test('instrument: region on a Valgrind older than 3.22 (host), or runs (image)', async () => {
    const dir = project('benchmarks:\n  - name: r\n    run: [/bin/true]\n    instrument: region\n');
    const r = await cli(['run'], { cwd: dir });
    if (r.code === 2) assert.match(r.stderr, /benchmark "r": instrument: region needs Valgrind 3\.22 or newer \(found 3\.\d+/);
    else assert.equal(r.code, 0, r.stderr);
  });
});

describe('baseline errors exit 2 before anything is measured', () => {
  test('corrupt baseline', async () => {
    const dir = project(OK, { 'base.json': '{"tool": "cg-bench", ' });
    const r = await cli(['run', '--baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /base\.json: not valid JSON .*the file is corrupt/);
    // Another file given for it (a new user's trial r13: "the file is corrupt" for cg-bench.yml).
    const yml = await cli(['run', '--baseline', 'cg-bench.yml'], { cwd: dir });
    assert.equal(yml.code, 2);
    assert.match(yml.stderr, /cg-bench\.yml: not a results\.json \(not JSON at all\): give a file cg-bench run wrote/);
    assert.equal(existsSync(join(dir, '.cg-bench', 'results.json')), false, 'nothing measured');
  });
  test('a --save-baseline where no file can be made (/proc: root passes access() there): exit 2, nothing measured (stop 40)', async () => {
    const dir = project(OK);
    const r = await cli(['run', '--save-baseline', '/proc/cg-bench-baseline.json'], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /--save-baseline \/proc\/cg-bench-baseline\.json: directory \/proc cannot be made or is not writable/);
    assert.equal(existsSync(join(dir, '.cg-bench', 'results.json')), false, 'nothing measured');
    // cgroupfs: a directory can be made there (a cgroup), a file cannot (review r13: the check made a directory).
    const cgroupfs = readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((f) => f[2] === 'cgroup' || f[2] === 'cgroup2')?.[1];
    if (process.getuid?.() === 0 && cgroupfs) {
      const cgroup = await cli(['run', '--save-baseline', join(cgroupfs, 'cg-bench-baseline.json')], { cwd: dir });
      assert.equal(cgroup.code, 2, cgroup.stderr);
      assert.match(cgroup.stderr, /cannot be made or is not writable/);
    }
  });
  test('foreign baseline', async () => {
    const dir = project(OK, { 'base.json': '{"name": "some-package", "version": "1.0.0"}' });
    const r = await cli(['run', '--baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /base\.json: not a cg-bench results file/);
  });
  test('baseline whose numbers do not add up (tampered)', async () => {
    const dir = project(OK);
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    const base = readJson(join(dir, 'base.json'));
    base.benchmarks[0]!.estimatedCycles! += 1;
    writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
    const r = await cli(['run', '--baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /benchmarks\[0\]\.estimatedCycles does not match its events and weights/);
  });
  test('baseline measured with another geometry', async () => {
    const dir = project(OK);
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    writeFileSync(join(dir, 'cg-bench.yml'), `cache:\n  LL: "4194304,16,64"\n${OK}`);
    const r = await cli(['run', '--baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot compare: the baseline was measured with I1=32768,8,64 D1=32768,8,64 LL=8388608,16,64.*the head with .*LL=4194304,16,64/);
  });
});

describe('benchmark failures exit 3, keep the other results and never replace a baseline', () => {
  const MIXED = `benchmarks:
  - name: crashes
    run: [sh, -c, 'kill -SEGV $$']
  - name: child-crashes
    run: sh -c 'sh -c "kill -SEGV \\$\\$"; exit $?'
  - name: good
    run: [/bin/true]
  - name: missing-program
    run: [./does-not-exist]
  - name: missing-shell-command
    run: no-such-command-anywhere --flag > /dev/null
  - name: missing-plain-command
    run: no-such-command-anywhere --flag
  - name: slow
    run: [sleep, "30"]
    timeout: 1s
  - name: exits-1
    run: sh -c 'echo something went wrong >&2; exit 1'
  - name: exits-quietly
    run: [sh, -c, 'exit 3']
`;
  test('every failure is reported by name with its reason; the good one is measured', async () => {
    const dir = project(OK);
    assert.equal((await cli(['run', '--save-baseline', 'base.json'], { cwd: dir })).code, 0);
    const saved = readFileSync(join(dir, 'base.json'), 'utf8');
    writeFileSync(join(dir, 'cg-bench.yml'), MIXED);
    const r = await cli(['run', '--jobs', '2', '--baseline', 'base.json', '--save-baseline', 'base.json'], { cwd: dir });
    assert.equal(r.code, 3, r.stderr);
    const results = readJson(join(dir, '.cg-bench', 'results.json'));
    const status = Object.fromEntries(results.benchmarks.map((b) => [b.name, [b.status, b.message?.split('\n')[0]]]));
    assert.deepEqual(status['good'], ['ok', undefined]);
    assert.match(String(status['crashes']), /failed,killed by SIGSEGV/);
    assert.match(String(status['child-crashes']), /failed,exited with status 139 \(a process was killed by SIGSEGV\?\)/);
    assert.match(String(status['missing-program']), /failed,command not found: \.\/does-not-exist/);
    assert.match(String(status['missing-shell-command']), /failed,exited with status 127 \(command not found\?\)/);
    // Plain words run without a shell (src/config/command.ts): the missing program is named, from what Valgrind said (run/launch-failure.ts).
    assert.match(String(status['missing-plain-command']), /failed,command not found: no-such-command-anywhere/);
    assert.match(String(status['slow']), /timeout,timed out after 1s/);
    assert.match(String(status['exits-1']), /failed,exited with status 1; last lines of stderr:/);
    assert.match(results.benchmarks.find((b) => b.name === 'exits-1')!.message!, /something went wrong/);
    // Nothing on stderr: Valgrind's log is shown, and called so.
    assert.match(String(status['exits-quietly']), /failed,exited with status 3; last lines of Valgrind's log:$/);
    // The progress line ends with the reason, not with the clause introducing lines it does not show.
    assert.match(r.stderr, /✗ exits-1: FAILED: exited with status 1\n/);
    assert.match(r.stderr, /not saving the baseline to base\.json: 8 benchmark\(s\) failed/);
    assert.equal(readFileSync(join(dir, 'base.json'), 'utf8'), saved, 'the saved baseline is untouched');
    assert.match(r.stdout, /crashes: failed/);
    assert.match(readFileSync(join(dir, '.cg-bench', 'report.md'), 'utf8'), /\*\*Failed benchmarks\*\*/);
  });
  test('a failing setup command exits 3 with its output', async () => {
    const dir = project(`setup:\n  - sh -c 'echo compiler exploded; exit 4'\n${OK}`);
    const r = await cli(['run'], { cwd: dir });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /setup command failed \(exited with status 4\): sh -c 'echo compiler exploded; exit 4'[\s\S]*compiler exploded/);
    // The command's own lines, not the sandbox's notes at the log's top (review r12).
    assert.match(r.stderr, /last lines of \S*setup\.log:\n\$ sh -c 'echo compiler exploded; exit 4'\ncompiler exploded\n/);
  });
  test('a benchmark that is not executable: by its path, found on PATH, or by its #! interpreter', async () => {
    const dir = project(
      [
        'benchmarks:',
        '  - name: noexec',
        '    run: [./script.sh]',
        '  - name: noexec-on-path',
        '    run: mytool',
        '    env:',
        '      PATH: bin:/usr/bin:/bin',
        '  - name: missing-interpreter',
        '    run: [./interpreted.sh]',
        '',
      ].join('\n'),
      { 'script.sh': '#!/bin/sh\n', 'interpreted.sh': '#!/no/such/interpreter\n' },
    );
    chmodSync(join(dir, 'script.sh'), 0o644);
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'mytool'), '#!/bin/sh\n', { mode: 0o644 });
    chmodSync(join(dir, 'interpreted.sh'), 0o755);
    const r = await cli(['run'], { cwd: dir });
    assert.equal(r.code, 3);
    assert.match(r.stdout, /noexec: failed\n {2}cannot execute \.\/script\.sh: EACCES/);
    // Valgrind names the file it found on PATH, not the name (run/launch-failure.ts).
    assert.match(r.stdout, /noexec-on-path: failed\n {2}cannot execute mytool \(bin\/mytool, found on the benchmark's PATH\): EACCES/);
    assert.match(r.stdout, /missing-interpreter: failed\n {2}cannot execute \.\/interpreted\.sh: the interpreter its #! line names does not exist/);
  });
});
