// A benchmark that swaps its own directory in the output directory for a link while it runs, or the
// output directory's `benchmarks` for a directory holding such a link (the output directory is in the
// checkout, whose owner's code cg-bench runs as root: a pull request can commit `.cg-bench/benchmarks/`).
// cg-bench must then neither delete, create, write nor read anything where the link points: not when
// it collects the profiles, not in the memory run (DHAT), which removed `<there>/memory` as root.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, tempDir } from '../helpers.ts';

const root = process.getuid?.() === 0;
const NOBODY = 65534;

test('the benchmark directory swapped for a link during the run: nothing is deleted, made, written or read where it points', {
  skip: !root && 'needs root',
}, async () => {
  // The victim: a root-owned directory with a `memory` directory in it (the memory run's name).
  const victim = tempDir('cg-bench-victim-');
  chmodSync(victim, 0o755);
  mkdirSync(join(victim, 'memory'));
  writeFileSync(join(victim, 'memory', 'precious'), 'kept\n');
  const swap = (target: string) =>
    `if [ ! -e "$HOME/swapped" ]; then touch "$HOME/swapped"; mv out/benchmarks/01-swap out/benchmarks/moved && ln -s ${target} out/benchmarks/01-swap; ` +
    `mv out/benchmarks out/moved && mkdir out/benchmarks && ln -s ${target} out/benchmarks/01-swap; fi; true`;
  const dir = project(`memory: true\nbenchmarks:\n  - name: swap\n    run: '${swap(victim)}'\n`);
  chmodSync(dir, 0o755);
  // The pull request commits the output directory: its code's user owns it.
  mkdirSync(join(dir, 'out', 'benchmarks'), { recursive: true });
  for (const d of [dir, join(dir, 'out'), join(dir, 'out', 'benchmarks')]) chownSync(d, NOBODY, NOBODY);
  const r = await cli(['run', '--out', 'out'], { cwd: dir, env: { CG_BENCH_RUN_AS: `${NOBODY}:${NOBODY}` } });
  assert.deepEqual(readdirSync(join(victim, 'memory')), ['precious'], `its memory directory neither removed nor written (exit ${r.code}):\n${r.stderr}`);
  assert.deepEqual(readdirSync(victim).sort(), ['memory'], `nothing new beside the victim's memory directory (exit ${r.code}):\n${r.stderr}`);
  assert.equal(readFileSync(join(victim, 'memory', 'precious'), 'utf8'), 'kept\n');
  assert.ok(r.code === 0 || r.code === 3, `measured, or failed saying why (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  assert.ok(existsSync(join(dir, 'out', 'results.json')));
  rmSync(dir, { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
});

test('the output directory swapped for a link during the run: results.json and report.md are not written where it points', {
  skip: !root && 'needs root',
}, async () => {
  const victim = tempDir('cg-bench-victim-');
  chmodSync(victim, 0o755);
  const dir = project(`benchmarks:\n  - name: swap\n    run: 'mv out out.moved && ln -s ${victim} out; true'\n`);
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'out'));
  for (const d of [dir, join(dir, 'out')]) chownSync(d, NOBODY, NOBODY);
  const r = await cli(['run', '--out', 'out'], { cwd: dir, env: { CG_BENCH_RUN_AS: `${NOBODY}:${NOBODY}` } });
  assert.deepEqual(readdirSync(victim), [], `nothing written where the link points (exit ${r.code}):\n${r.stderr}`);
  assert.equal(r.code, 3, `refused, saying why:\n${r.stderr}`);
  assert.match(r.stderr, /results\.json.*replaced by a link|reached through a link/);
  rmSync(dir, { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
});

test("the output directory swapped for a link by a setup command: the next commands' output is not appended where it points", {
  skip: !root && 'needs root',
}, async () => {
  const victim = tempDir('cg-bench-victim-');
  chmodSync(victim, 0o755);
  const dir = project(`setup:\n  - 'mv out out.moved && ln -s ${victim} out'\n  - 'echo planted-by-setup'\nbenchmarks:\n  - name: b\n    run: ["/bin/true"]\n`);
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'out'));
  for (const d of [dir, join(dir, 'out')]) chownSync(d, NOBODY, NOBODY);
  const r = await cli(['run', '--out', 'out'], { cwd: dir, env: { CG_BENCH_RUN_AS: `${NOBODY}:${NOBODY}` } });
  assert.deepEqual(readdirSync(victim), [], `nothing written where the link points (exit ${r.code}):\n${r.stderr}`);
  assert.ok(r.code === 3, `refused, saying why (exit ${r.code}):\n${r.stderr}`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
});

test("paired: the base side's setup swaps the output directory for a link: the head's setup log and paired.json are not written where it points", {
  skip: !root && 'needs root',
}, async () => {
  const victim = tempDir('cg-bench-victim-');
  chmodSync(victim, 0o755);
  const top = tempDir('cg-bench-paired-');
  chmodSync(top, 0o755);
  const config = (setup: string) => `${setup}benchmarks:\n  - name: t\n    mode: wallclock\n    run: ["/bin/true"]\n`;
  for (const side of ['base', 'head']) mkdirSync(join(top, side));
  // The head's own output directory, swapped by the base's setup (the base's code is the pull request's too).
  writeFileSync(join(top, 'base', 'cg-bench.yml'), config(`setup:\n  - 'mv ../head/out ../head/out.moved && ln -s ${victim} ../head/out'\n`));
  writeFileSync(join(top, 'head', 'cg-bench.yml'), config("setup:\n  - 'echo planted-by-setup'\n"));
  mkdirSync(join(top, 'head', 'out'));
  for (const d of [top, join(top, 'base'), join(top, 'head'), join(top, 'head', 'out')]) chownSync(d, NOBODY, NOBODY);
  const r = await cli(['paired', '../base', '--budget', '1s', '--out', 'out'], { cwd: join(top, 'head'), env: { CG_BENCH_RUN_AS: `${NOBODY}:${NOBODY}` } });
  assert.deepEqual(readdirSync(victim), [], `nothing written where the link points (exit ${r.code}):\n${r.stderr}`);
  assert.equal(r.code, 3, `refused, saying why:\n${r.stderr}`);
  rmSync(top, { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
});

test("paired --results: the code swaps the results file's directory for a link: results.json is not written where it points", {
  skip: !root && 'needs root',
}, async () => {
  const victim = tempDir('cg-bench-victim-');
  chmodSync(victim, 0o755);
  const top = tempDir('cg-bench-paired-');
  chmodSync(top, 0o755);
  const config = (setup: string) => `${setup}benchmarks:\n  - name: t\n    mode: wallclock\n    run: ["/bin/true"]\n  - name: s\n    run: ["/bin/true"]\n`;
  for (const side of ['base', 'head']) mkdirSync(join(top, side));
  writeFileSync(join(top, 'base', 'cg-bench.yml'), config(`setup:\n  - 'mv ../head/r ../head/r.moved && ln -s ${victim} ../head/r'\n`));
  writeFileSync(join(top, 'head', 'cg-bench.yml'), config(''));
  const run = await cli(['run', '--out', 'r'], { cwd: join(top, 'head') });
  assert.equal(run.code, 0, run.stderr);
  // Another project's results, root's: they must stay as they are.
  const theirs = readFileSync(join(top, 'head', 'r', 'results.json'), 'utf8');
  writeFileSync(join(victim, 'results.json'), theirs);
  for (const d of [top, join(top, 'base'), join(top, 'head'), join(top, 'head', 'r')]) chownSync(d, NOBODY, NOBODY);
  const r = await cli(['paired', '../base', '--budget', '1s', '--out', 'out', '--results', 'r/results.json'], {
    cwd: join(top, 'head'),
    env: { CG_BENCH_RUN_AS: `${NOBODY}:${NOBODY}` },
  });
  assert.deepEqual(readdirSync(victim), ['results.json'], `nothing written where the link points (exit ${r.code}):\n${r.stderr}`);
  assert.ok(readFileSync(join(victim, 'results.json'), 'utf8') === theirs, 'the results.json there is not rewritten');
  assert.equal(r.code, 3, `refused, saying why:\n${r.stderr}`);
  rmSync(top, { recursive: true, force: true });
  rmSync(victim, { recursive: true, force: true });
});
