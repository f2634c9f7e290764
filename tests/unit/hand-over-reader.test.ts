// What one CI job hands another (a shard's part, the report job's hand-over: a fork's artifact, the GitLab note job's)
// came from a job that ran pull-request code: it is read through the one reader (issue 23). A link
// anywhere beneath the directory given is refused, naming the file, and a fifo never blocks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readShardHandOvers, writeShardHandOver } from '../../src/ci/shard-hand-over.ts';
import { CgBenchError } from '../../src/errors.ts';
import { forkReportJob } from '../../src/github/artifact.ts';
import type { GitHubApi } from '../../src/github/api.ts';
import type { Trigger } from '../../src/github/event.ts';
import type { ActionInputs } from '../../src/github/inputs.ts';
import type { ActionIO } from '../../src/github/io.ts';
import { readReportHandOver, writeReportHandOver } from '../../src/ci/report-hand-over.ts';
import { runReportJob } from '../../src/ci/report-job.ts';
import { writeResults } from '../../src/results/io.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';
import { freshDirectoryWriter, tempDir } from '../helpers.ts';

const SHA = 'f00dfacecafe0123456789abcdef0123456789ab';
const results = resultsOf([benchmarkResult('sort', { Ir: 1000 })]);

/** A file elsewhere that looks like results: what a link would make cg-bench read. */
function elsewhere(): string {
  const dir = tempDir();
  writeResults(join(dir, 'results.json'), results);
  return dir;
}

function refusedWith(pattern: RegExp): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof CgBenchError, String(error));
    assert.match(error.message, pattern);
    return true;
  };
}

function mkfifo(path: string): void {
  assert.equal(spawnSync('mkfifo', [path]).status, 0);
}

test('a shard part: head.json a link or a fifo, shard.json a fifo, is refused naming it; a linked part directory is no part', () => {
  const root = tempDir();
  const part = { index: 1, count: 1, sha: SHA, baselineSource: 'none', imageIdentity: 'image', configText: 'benchmarks: []\n', head: results, base: undefined };
  writeShardHandOver(freshDirectoryWriter(join(root, 'p1')), part);
  assert.equal(readShardHandOvers(root, 'parts').length, 1);

  rmSync(join(root, 'p1', 'head.json'));
  symlinkSync(join(elsewhere(), 'results.json'), join(root, 'p1', 'head.json'));
  assert.throws(() => readShardHandOvers(root, 'parts'), refusedWith(/head\.json: is a symbolic link/));
  rmSync(join(root, 'p1', 'head.json'));
  mkfifo(join(root, 'p1', 'head.json'));
  assert.throws(() => readShardHandOvers(root, 'parts'), refusedWith(/head\.json: is a fifo/));
  rmSync(join(root, 'p1', 'shard.json'));
  mkfifo(join(root, 'p1', 'shard.json'));
  assert.throws(() => readShardHandOvers(root, 'parts'), refusedWith(/^shard hand-over parts\/p1\/shard\.json: is a fifo/));

  // A part directory that is a link to one elsewhere is not looked through.
  const other = tempDir();
  writeShardHandOver(freshDirectoryWriter(join(other, 'p')), part);
  const linked = tempDir();
  symlinkSync(join(other, 'p'), join(linked, 'p1'));
  assert.throws(() => readShardHandOvers(linked, 'parts'), refusedWith(/no shard\.json in it or in its subdirectories/));
});

test('the report hand-over: a head.json that is a link, a hand-over directory that is a link, or a fifo report-job.json, is refused naming it', () => {
  const out = tempDir();
  writeReportHandOver(freshDirectoryWriter(join(out, 'report-job')), { sha: SHA, suite: 'default', baselineSource: 'none' }, results, undefined);
  assert.equal(readReportHandOver(out, 'report-job', 'out', '').head.benchmarks.length, 1);
  rmSync(join(out, 'report-job', 'head.json'));
  symlinkSync(join(elsewhere(), 'results.json'), join(out, 'report-job', 'head.json'));
  assert.throws(() => readReportHandOver(out, 'report-job', 'out', ''), refusedWith(/head\.json: is a symbolic link/));
  renameSync(join(out, 'report-job'), join(out, 'real'));
  symlinkSync(join(out, 'real'), join(out, 'report-job'));
  assert.throws(() => readReportHandOver(out, 'report-job', 'out', ''), refusedWith(/report-job is a symbolic link/));
  rmSync(join(out, 'report-job'));
  mkdirSync(join(out, 'report-job'));
  mkfifo(join(out, 'report-job', 'report-job.json'));
  assert.throws(() => readReportHandOver(out, 'report-job', 'out', ''), refusedWith(/^report hand-over out\/report-job\/report-job\.json: is a fifo/));
});

test("a fork's artifact: report-job.json a link or a fifo is refused naming it, before anything is asked of GitHub", async () => {
  const dir = tempDir();
  writeReportHandOver(freshDirectoryWriter(dir), { sha: SHA, suite: 'default', baselineSource: 'none', pullRequest: 7 }, results, undefined);
  const trigger: Trigger = { kind: 'workflow_run', headSha: SHA, headRepository: 'fork/x', headBranch: 'b', runId: 1, pullNumbers: [7] };
  const ctx = { io: {} as ActionIO, env: {}, inputs: { artifactDir: dir } as ActionInputs, api: undefined };
  rmSync(join(dir, 'report-job.json'));
  mkfifo(join(dir, 'report-job.json'));
  await assert.rejects(runReportJob(forkReportJob(ctx, trigger)), refusedWith(/report-job\.json: is a fifo/));
  rmSync(join(dir, 'report-job.json'));
  symlinkSync('/etc/hostname', join(dir, 'report-job.json'));
  await assert.rejects(runReportJob(forkReportJob(ctx, trigger)), refusedWith(/report-job\.json: is a symbolic link/));
});

test("a fork's artifact naming another suite than the report job's `suite` input is refused: its marker would take over that suite's comment", async () => {
  const dir = tempDir();
  writeReportHandOver(freshDirectoryWriter(dir), { sha: SHA, suite: 'other', baselineSource: 'none', pullRequest: 7 }, results, undefined);
  const trigger: Trigger = { kind: 'workflow_run', headSha: SHA, headRepository: 'fork/x', headBranch: 'b', runId: 1, pullNumbers: [7] };
  const api = { pullRequestHead: async () => ({ sha: SHA, repository: 'fork/x', branch: 'b' }) } as unknown as GitHubApi;
  const ctx = { io: {} as ActionIO, env: {}, inputs: { artifactDir: dir, suite: 'perf' } as ActionInputs, api };
  await assert.rejects(runReportJob(forkReportJob(ctx, trigger)), refusedWith(/report-job\.json: the suite "other" is not this report job's \("perf"\)/));
});
