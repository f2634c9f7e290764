// The gates by construction: every process a pull request controls and every file whose path or
// content it controls goes through src/untrusted/ (process.ts runs processes, read.ts reads files).
// This test fails when a module outside src/untrusted/ imports a way to start a process or to open,
// read, copy or list files, unless TRUSTED names it with the reason no pull request controls it. A
// new feature that needs one calls the gates instead, or argues its case here, in review.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What starts a process, or opens, reads, copies, lists or follows a file. */
const PROCESS = /^(spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)$/;
const FILE_READ =
  /^(open|openSync|read|readSync|readFile|readFileSync|createReadStream|copyFile|copyFileSync|cp|cpSync|opendir|opendirSync|readdir|readdirSync|readlink|readlinkSync|realpath|realpathSync|glob|globSync|watch|watchFile)$/;

/** module → the calls it may make, and why a pull request controls neither their paths nor their commands. */
const TRUSTED: Record<string, { calls: string[]; why: string }> = {
  'src/engine/measure.ts': {
    calls: ['openSync'],
    why: "makes and removes an empty file in --save-baseline's directory, the caller's path, before any code runs: whether a file can be made there",
  },
  'src/util/paths.ts': {
    calls: ['realpathSync'],
    why: "the CI's checkout path (CI_PROJECT_DIR, GITHUB_WORKSPACE), resolved once at the entry, before any code runs",
  },
  'src/bisect/commits.ts': { calls: ['realpathSync'], why: 'the git top-level and the config directory the caller names, resolved once at the entry' },
  'src/config/load.ts': { calls: ['realpathSync'], why: 'resolves the path the caller gave; the file itself is read through the reader' },
  'src/ci/shard-hand-over.ts': { calls: ['readdirSync'], why: 'lists the part directories by name; each file in them is read through the reader' },
  'src/history/load.ts': { calls: ['readdirSync'], why: 'lists run names; each run is read through the reader beneath the directory given' },
  'src/flame/load.ts': {
    calls: ['readdirSync'],
    why: "lists the benchmarks' directories by name; each call tree is read through the reader beneath the results directory",
  },
  'src/engine/out-lock.ts': {
    calls: ['readdirSync'],
    why: 'lists the output directory to refuse links, fifos and devices in it before anything is written (lstat only)',
  },
  'src/gitlab/output-directory.ts': {
    calls: ['readdirSync'],
    why: 'lists cg-bench-results in the checkout to remove what the merge request put there (lstat only)',
  },
  'src/run/benchmark.ts': { calls: ['readdirSync'], why: "lists the output directory's names; the logs and profiles are read through the reader" },
  'src/run/valgrind-files.ts': { calls: ['readdirSync'], why: "lists Valgrind's files by name; each is opened through the reader" },
  'src/results/loader-files.ts': {
    calls: ['readlinkSync', 'realpathSync'],
    why: 'a link at the fixed host path /etc/ld.so.cache (only root can put one there) is recorded by its text and resolved once, as the loader follows it; every file, the target too, is read through the reader',
  },
  'src/python/attribution.ts': {
    calls: ['readFileSync', 'readdirSync'],
    why: "reads cg-bench's own _bytecode.py beside dist/, and lists the counts files by name (read through the reader)",
  },
  'src/container/client.ts': {
    calls: ['spawn'],
    why: "the docker/podman client, in cg-bench's process group so that SIGINT/SIGTERM reach it and it stops the container; the image's cg-bench bounds every run inside through the runner",
  },
  'src/container/measurer.ts': {
    calls: ['cpSync'],
    why: 'copies the checkout as git made it (regular files and links; links copied as links, never followed) to the image workspace',
  },
  'src/ci/base-checkout.ts': {
    calls: ['cpSync'],
    why: "copies the base commit's tree, which git checked out before any code ran into cg-bench's own 0700 directory (no code reaches it), to where a count is made (links copied as links, never followed)",
  },
  'src/github/run.ts': { calls: ['readFileSync'], why: "the action's own image.lock.json and the runner's event payload (GITHUB_EVENT_PATH)" },
  'src/results/environment.ts': {
    calls: ['readFile', 'realpath'],
    why: "/etc/os-release and the probes' outputs in cg-bench's own temporary directory (realpath: its real path, which runProcess requires of a working directory)",
  },
  'src/results/host-probe.ts': { calls: ['readFile'], why: "the kernel's CPU lists in /sys" },
  'src/results/probe-cache.ts': {
    calls: ['readFileSync', 'realpathSync'],
    why: "cg-bench's per-machine probe cache in the caller's cache directory (a file not owned by the caller, or writable by others, is ignored), and the programs its key names",
  },
  'src/run/leftovers.ts': { calls: ['readFileSync', 'readdirSync'], why: "the kernel's /proc, to find processes a benchmark left behind" },
  'src/run/setup.ts': { calls: ['openSync'], why: 'appends to the setup log with O_NOFOLLOW (a write: a link planted at its name is refused)' },
  'src/run/valgrind.ts': { calls: ['openSync', 'readSync'], why: 'the first bytes of the Valgrind binary the caller chose (CG_BENCH_VALGRIND or PATH)' },
  'src/start/code-cache.ts': {
    calls: ['openSync', 'readFileSync'],
    why: "cg-bench's own CLI bundle and the V8 code cache beside it (dist/, which only whoever can replace the bundle can write; a cache not of the bundle's owner, or writable by others, is ignored)",
  },
  'src/stopwatch/executor.ts': { calls: ['readFileSync'], why: "the kernel's /proc/sys/kernel/perf_event_paranoid" },
  'src/util/pid-lock.ts': { calls: ['readFileSync'], why: "the kernel's /proc, and cg-bench's own lock files" },
};

/**
 * module → how many trees it removes recursively itself (rmSync or rm with `recursive`), and why no
 * pull request wrote in them. A tree the code may have written is removed by the gate
 * (untrusted/remove.ts: as its owner, no link followed, at any depth): removed by path as root, a
 * tree deeper than PATH_MAX stopped cg-bench with exit 70 (the Python counter's directory, the image
 * workspace between the two sides, review r12), and a directory swapped for a link meanwhile led root
 * where the code chose.
 */
const TRUSTED_REMOVALS: Record<string, { count: number; why: string }> = {
  'src/container/measurer.ts': {
    count: 1,
    why: "cg-bench's own empty directory (mkdtemp in ownTmpdir), mounted over the checkout's .git, at exit",
  },
  'src/engine/measure.ts': { count: 1, why: "OUT/flame, cg-bench's own pictures" },
  'src/github/cache-directory.ts': { count: 2, why: "the cache directory, made cg-bench's own in /tmp before anything is removed beneath it (ownRootProblem)" },
  'src/results/environment.ts': { count: 1, why: "the CPU probe's directory in cg-bench's own temporary directory; the probe is cg-bench's program" },
  'src/run/benchmark.ts': {
    count: 1,
    why: "the benchmark's directory in OUT: Valgrind writes there itself only when the code runs as cg-bench's own uid, which can remove anything of cg-bench's anyway",
  },
  'src/run/tool-run.ts': { count: 1, why: "the tool run's directory in OUT, as run/benchmark.ts's" },
  'src/stopwatch/executor.ts': { count: 1, why: "the stopwatch helper's directory, cg-bench's own (mkdtemp in ownTmpdir: 0700)" },
};

/**
 * How many calls in `text` remove a tree recursively: rmSync(…) or rm(…) with `recursive` written among
 * their arguments. A text scan: options passed in a variable, rmdirSync or a spawned `rm -rf` are not
 * seen (review r12); removeTrees and removeAsOwners are the gate's, and a review is the rest.
 */
function recursiveRemovals(text: string): number {
  return [...text.matchAll(/\brm(?:Sync)?\(([^()]|\([^()]*\))*recursive/g)].length;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The names a module imports from node:child_process, node:fs and node:fs/promises (namespace imports count as everything). */
function gatedImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+([^;]*?)\s+from\s+'node:(child_process|fs|fs\/promises)'/g)) {
    const clause = m[1]!;
    if (/\*\s+as/.test(clause) || !clause.includes('{')) names.push(`${m[2]}:*`);
    for (const part of /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (name && (m[2] === 'child_process' ? PROCESS.test(name) : FILE_READ.test(name))) names.push(name);
    }
  }
  for (const m of text.matchAll(/require\(\s*'node:(child_process|fs)'\s*\)|import\(\s*'node:(child_process|fs|fs\/promises)'\s*\)/g))
    names.push(`${m[1] ?? m[2]}:*`);
  return names;
}

test('outside src/untrusted/, only TRUSTED modules start processes or read files, each with its reason', () => {
  const found: Record<string, string[]> = {};
  for (const file of sources(join(ROOT, 'src'))) {
    const name = relative(ROOT, file);
    if (name.startsWith('src/untrusted/')) continue;
    const calls = gatedImports(readFileSync(file, 'utf8'));
    if (calls.length) found[name] = calls.sort();
  }
  const unexpected = Object.entries(found).flatMap(([file, calls]) => calls.filter((c) => !TRUSTED[file]?.calls.includes(c)).map((c) => `${file}: ${c}`));
  assert.deepEqual(
    unexpected,
    [],
    'route these through src/untrusted/ (read.ts, process.ts); or, when no pull request controls the path or the command, add them to TRUSTED with the reason',
  );
  // The list stays true: nothing in it that the code no longer does.
  const stale = Object.entries(TRUSTED).flatMap(([file, { calls }]) => calls.filter((c) => !found[file]?.includes(c)).map((c) => `${file}: ${c}`));
  assert.deepEqual(stale, [], 'TRUSTED names calls the code no longer makes: remove them');
});

test('the import scan sees every form of import', () => {
  assert.deepEqual(gatedImports("import { spawn, spawnSync as s } from 'node:child_process';"), ['spawn', 'spawnSync']);
  assert.deepEqual(gatedImports("import { mkdirSync, readFileSync, type Stats } from 'node:fs';"), ['readFileSync']);
  assert.deepEqual(gatedImports("import * as fs from 'node:fs';"), ['fs:*']);
  assert.deepEqual(gatedImports("import fs from 'node:fs';"), ['fs:*']);
  assert.deepEqual(gatedImports("const cp = await import('node:child_process');"), ['child_process:*']);
  assert.deepEqual(gatedImports("import {\n  readFile,\n  writeFile,\n} from 'node:fs/promises';"), ['readFile']);
});

test('outside src/untrusted/, only TRUSTED_REMOVALS modules remove a tree recursively themselves, each with its reason', () => {
  const found: Record<string, number> = {};
  for (const file of sources(join(ROOT, 'src'))) {
    const name = relative(ROOT, file);
    if (name.startsWith('src/untrusted/')) continue;
    const count = recursiveRemovals(readFileSync(file, 'utf8'));
    if (count) found[name] = count;
  }
  assert.deepEqual(
    found,
    Object.fromEntries(Object.entries(TRUSTED_REMOVALS).map(([file, { count }]) => [file, count])),
    'remove a tree the code may have written with removeAsOwners (untrusted/remove.ts); or, when no pull request wrote in it, say why in TRUSTED_REMOVALS',
  );
  assert.equal(recursiveRemovals('rmSync(join(a, b), { recursive: true, force: true });\nrmSync(x, { force: true });\nawait rm(d, { recursive: true });'), 2);
});
