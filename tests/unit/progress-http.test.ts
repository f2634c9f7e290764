import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { fetchWithRetry } from '../../src/publish/http.ts';
import type { BenchmarkResult } from '../../src/results/types.ts';
import { lineProgress, terminalProgress } from '../../src/run/progress.ts';

const result = (name: string, extra: Partial<BenchmarkResult> = {}) =>
  ({ name, status: 'ok', estimatedCycles: 1234567, wallTimeMs: 2500, message: undefined, ...extra }) as BenchmarkResult;

test('on a terminal: a redrawn status line with the running benchmarks and their last time, then a line per result', () => {
  let written = '';
  const stream = { write: (t: string) => ((written += t), true), columns: 80, isTTY: true } as unknown as NodeJS.WriteStream;
  // A stopped clock: the elapsed times drawn do not depend on how fast the test runs.
  const progress = terminalProgress(stream, () => 1_000);
  progress.start('sort', 0, 2, 90_000);
  progress.start('parse', 1, 2, undefined);
  assert.match(written, /\r\x1b\[K\[0\/2 done\] running sort 0ms\/~1m30s, parse 0ms$/);
  progress.finish(result('sort'));
  progress.finish(result('parse', { status: 'timeout', message: 'timed out after 1s\nmore' }));
  progress.close();
  assert.match(written, /✓\x1b\[0m sort: 1,234,567 estimated cycles in 2\.5s\n/);
  assert.match(written, /✗\x1b\[0m parse: TIMED OUT: timed out after 1s\n/);
  assert.ok(written.endsWith('\r\x1b[K'), 'the status line is cleared at the end');
});

test("on a terminal: names, commands and messages are shown without their controls, cg-bench's own colours kept", () => {
  let written = '';
  const stream = { write: (t: string) => ((written += t), true), columns: 200, isTTY: true } as unknown as NodeJS.WriteStream;
  const progress = terminalProgress(stream, () => 1_000);
  progress.setup('make \x1b]52;c;ZXZpbA==\x07 \u202e');
  progress.start('a\x1b[2Jb', 0, 1, undefined);
  progress.finish(result('a\x1b[2Jb', { status: 'failed', message: 'not found: \u009b31m\x1b[31mx' }));
  progress.close();
  const own = written.replace(/\r\x1b\[K|\x1b\[(3[12]|0)m/g, '');
  assert.doesNotMatch(own, /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
  assert.match(own, /setup: make {2}\]52;c;ZXZpbA== {2}\ufffd\n/);
  assert.match(own, /✗ a \[2Jb: FAILED: not found: {2}31m \[31mx\n/);
});

test('in a log: one plain line per event, with the last time when known', () => {
  const lines: string[] = [];
  const progress = lineProgress((t) => lines.push(t));
  progress.setup('make');
  progress.start('sort', 0, 1, 4200);
  progress.finish(result('sort', { status: 'failed', message: 'exited with status 1' }));
  assert.deepEqual(lines, ['setup: make\n', '[1/1] sort: running (last time 4.2s)\n', '✗ sort: FAILED: exited with status 1\n']);
});

test('a failure whose message goes on below shows its reason, not a line ending in the clause that introduces the rest', () => {
  const lines: string[] = [];
  const progress = lineProgress((t) => lines.push(t));
  progress.finish(result('a', { status: 'failed', message: 'exited with status 1; last lines of stderr:\noops' }));
  progress.finish(result('b', { status: 'failed', message: "exited with status 3; last lines of Valgrind's log:\n==2== I refs: 1" }));
  progress.finish(result('c', { status: 'failed', message: 'left 1 process(es) running (cg-bench killed them). A benchmark must wait:\n  sleep' }));
  progress.finish(result('d', { status: 'failed', message: 'exited with status 2' }));
  assert.deepEqual(lines, [
    '✗ a: FAILED: exited with status 1\n',
    '✗ b: FAILED: exited with status 3\n',
    '✗ c: FAILED: left 1 process(es) running (cg-bench killed them)\n',
    '✗ d: FAILED: exited with status 2\n',
  ]);
});

test('HTTP: 5xx and 429 are retried (Retry-After honoured), other errors returned at once', async () => {
  const replies = [502, 429, 200];
  let calls = 0;
  const server = createServer((_req, res) => {
    const status = replies[calls++] ?? 404;
    res.writeHead(status, status === 429 ? { 'retry-after': '1' } : {});
    res.end(String(status));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  try {
    const log: string[] = [];
    const started = Date.now();
    const ok = await fetchWithRetry(url, {}, { baseDelayMs: 10, log: (m) => log.push(m) });
    assert.equal(ok.status, 200);
    assert.equal(calls, 3);
    assert.deepEqual(log, ['GET /x: HTTP 502; retrying in 0.01s', 'GET /x: HTTP 429; retrying in 1s']);
    assert.ok(Date.now() - started >= 1000, 'waited for Retry-After');
    const notFound = await fetchWithRetry(url, {}, { baseDelayMs: 10 });
    assert.equal(notFound.status, 404);
    assert.equal(calls, 4, '404 is not retried');
    await assert.rejects(fetchWithRetry('http://127.0.0.1:9/unreachable', {}, { attempts: 2, baseDelayMs: 10 }));
  } finally {
    server.close();
  }
});
