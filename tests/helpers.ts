import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Results } from '../src/results/types.ts';
import { type NewFileWriter, writerByPath } from '../src/untrusted/write.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = join(ROOT, 'dist', 'cli.js');
export const EXAMPLES = join(ROOT, 'examples');

/**
 * Official schemas and real webhook payloads the tests check against, vendored so that a clone runs
 * its own tests (tests/contracts/SOURCES.md names their sources and versions).
 */
export const CONTRACTS = join(ROOT, 'tests', 'contracts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bundled CLI as a user would. */
export function cli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

// Every tempDir goes with the test file's process (a file run alone, outside the suite's own TMPDIR,
// left one per project() behind: bad-input.test.ts ten); a test may still remove its own sooner.
const madeDirs: string[] = [];
process.once('exit', () => {
  for (const dir of madeDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Left as it is: removing never fails a test.
    }
  }
});

export function tempDir(prefix = 'cg-bench-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/** A writer into `dir` made afresh by path (a test's own directory, which no one else's code can reach). */
export function freshDirectoryWriter(dir: string): NewFileWriter {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return writerByPath(dir);
}

export function readJson<T = Results>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** A project directory holding cg-bench.yml with the given text and optional extra files. */
export function project(config: string, files: Record<string, string> = {}): string {
  const dir = tempDir('cg-bench-project-');
  writeFileSync(join(dir, 'cg-bench.yml'), config);
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A repository holding cg-bench.yml with the given text at one commit: its root and that commit. */
export function committedProject(config: string, prefix: string): { root: string; sha: string } {
  const root = tempDir(prefix);
  git(root, 'init', '-q');
  writeFileSync(join(root, 'cg-bench.yml'), config);
  git(root, 'add', '.');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base');
  return { root, sha: git(root, 'rev-parse', 'HEAD').trim() };
}

/**
 * The repository at `root` cloned to a new directory: a pipeline closes its CI repository to git once
 * the code has run (vcs/git.ts closeRepository), so each pipeline of a test gets its own.
 */
export function cloneOf(root: string): string {
  const dir = tempDir('cg-bench-clone-');
  git(dir, 'clone', '-q', root, '.');
  return dir;
}

/**
 * An SVG in which nothing a name carried became markup: no script, nothing XML cannot hold; outside
 * tags no < or >, and every & starts a character reference; inside tags, every attribute value is
 * quoted plainly.
 */
export function assertInertSvg(svg: string): void {
  assert.doesNotMatch(svg, /<script/);
  assert.doesNotMatch(svg, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/);
  for (const text of svg.split(/<[^<>]*>/)) {
    assert.doesNotMatch(text, /[<>]/);
    assert.doesNotMatch(text, /&(?!#\d+;)/);
  }
  for (const tag of svg.match(/<[^<>]*>/g)!) assert.match(tag, /^<\/?[a-z]+(?: [a-zA-Z0-9:-]+="[^"<>&]*")*\/?>$/, tag);
}

/** Compiles a C source into dir/name with the host compiler. */
export function compileC(dir: string, name: string, source: string): string {
  const src = join(dir, `${name}.c`);
  writeFileSync(src, source);
  const out = join(dir, name);
  const result = spawnSync('cc', ['-O1', '-o', out, src], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cc failed: ${result.stderr}`);
  return out;
}

/** A copy of the examples, so tests can run them in parallel without sharing build outputs. */
export function copyExamples(): string {
  const dir = tempDir('cg-bench-examples-');
  cpSync(EXAMPLES, dir, { recursive: true, filter: (src) => !src.includes(`${join('rust', 'target')}`) });
  return dir;
}

export function byName(results: Results): Map<string, Results['benchmarks'][number]> {
  return new Map(results.benchmarks.map((b) => [b.name, b]));
}

/** git with a fixed identity, failing loudly. */
export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/**
 * An environment whose own programs' PATH (CG_BENCH_OWN_PATH) has an `unshare` that refuses pid
 * namespaces (as a probe timing out under load used to make cg-bench believe): a run then gets the
 * weaker seal, for real.
 */
/** Where cg-bench looks for its own programs by default (untrusted/environment.ts), for tests that put theirs first. */
export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function withoutPidNamespaces(): NodeJS.ProcessEnv {
  const bin = tempDir('cg-bench-no-pid-ns-');
  const unshare = spawnSync('sh', ['-c', 'command -v unshare'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(bin, 'unshare'), `#!/bin/sh\nfor a in "$@"; do [ "$a" = --pid ] && exit 1; done\nexec ${unshare} "$@"\n`);
  chmodSync(join(bin, 'unshare'), 0o755);
  return { CG_BENCH_OWN_PATH: `${bin}:${SYSTEM_PATH}` };
}

/**
 * Runs `script` (ESM, through tsx, in the repository) in a process of its own with `env` added to
 * this one's, asserts that it exited 0, and gives the JSON of its last line of output: how the gate
 * tests look at a sandbox from outside (one sandbox, one view, one answer).
 */
export function scriptAnswer<T>(script: string, env: Record<string, string> = {}): T {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as T;
}
