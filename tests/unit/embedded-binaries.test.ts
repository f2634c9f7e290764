// The small programs embedded as base64 (the image has no compiler) are exactly what their C
// sources build to: an edit of stopwatch.c, cpu-probe.c or entropy-seal.c that was not rebuilt fails here.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CPU_PROBE_X86_64 } from '../../src/results/cpu-probe.ts';
import { STOPWATCH_X86_64 } from '../../src/stopwatch/helper.ts';
import { ENTROPY_SEAL_X86_64 } from '../../src/untrusted/entropy-seal.ts';

const root = join(import.meta.dirname, '..', '..');
const noGcc = process.arch !== 'x64' || spawnSync('gcc', ['--version']).status !== 0 ? 'needs gcc on x86-64' : false;

test('the stopwatch helper is built from src/stopwatch/stopwatch.c', { skip: noGcc }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-stopwatch-'));
  try {
    execFileSync('bash', [join(root, 'scripts', 'build-stopwatch.sh'), join(dir, 'helper.ts')], { stdio: 'pipe' });
    assert.equal(
      readFileSync(join(dir, 'helper.ts'), 'utf8'),
      readFileSync(join(root, 'src', 'stopwatch', 'helper.ts'), 'utf8'),
      'run scripts/build-stopwatch.sh',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(STOPWATCH_X86_64.subarray(0, 4).toString('latin1'), '\x7fELF');
});

test('the CPU probe is built from src/results/cpu-probe.c', { skip: noGcc }, () => {
  const built = execFileSync('bash', [join(root, 'scripts', 'build-cpu-probe.sh')], { encoding: 'utf8' }).trim();
  assert.equal(built, CPU_PROBE_X86_64.toString('base64'), 'run scripts/build-cpu-probe.sh and paste its output into CPU_PROBE_X86_64');
});

test('the entropy seal is built from src/untrusted/entropy-seal.c', { skip: noGcc }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-entropy-seal-'));
  try {
    execFileSync('bash', [join(root, 'scripts', 'build-entropy-seal.sh'), join(dir, 'entropy-seal.ts')], { stdio: 'pipe' });
    assert.equal(
      readFileSync(join(dir, 'entropy-seal.ts'), 'utf8'),
      readFileSync(join(root, 'src', 'untrusted', 'entropy-seal.ts'), 'utf8'),
      'run scripts/build-entropy-seal.sh',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(ENTROPY_SEAL_X86_64.subarray(0, 4).toString('latin1'), '\x7fELF');
});
