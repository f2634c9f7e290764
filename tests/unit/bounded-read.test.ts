// Files that code cg-bench ran could have written (logs, profiles) are read bounded: a link, a fifo
// or a device gives nothing, a huge file only its head or tail (issue 10, "every read bounded").
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { boundedParser, CachegrindParseError, MAX_PROFILE_BYTES, parseCachegrindFile, parseCachegrindStream } from '../../src/parse/cachegrind.ts';
import { COLLECT_LIMITS } from '../../src/untrusted/collect-profiles.ts';
import { executablesOf } from '../../src/run/executables.ts';
import { terminatingSignal, unfinishedProcesses } from '../../src/run/valgrind-files.ts';
import { logTail, readHead, readTail } from '../../src/untrusted/read.ts';
import { tempDir } from '../helpers.ts';

test('head and tail of a plain file, bounded; nothing from a link, a fifo or a device', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'log'), `first\n${'x'.repeat(100_000)}\nlast\n`);
  assert.equal(readHead(join(dir, 'log'), 5), 'first');
  assert.equal(readTail(join(dir, 'log'), 5), 'last\n');
  symlinkSync('/dev/zero', join(dir, 'zero'));
  spawnSync('mkfifo', [join(dir, 'fifo')]);
  for (const name of ['zero', 'fifo', 'missing']) {
    assert.equal(readHead(join(dir, name), 1024), undefined, name);
    assert.equal(readTail(join(dir, name), 1024), undefined, name);
  }
  assert.equal(readHead('/dev/zero', 1024), undefined);
});

test('a log tail: the last 20 lines, each cut to 400 characters', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'log'), `${Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n')}\n${'y'.repeat(10_000)}\n`);
  const tail = logTail(join(dir, 'log')).split('\n');
  assert.equal(tail.length, 20);
  assert.equal(tail[0], 'line 31');
  assert.match(tail[19]!, /^y{400} … \(9600 more characters\)$/);
});

test('Valgrind logs the benchmark replaced by a link to /dev/zero or filled up are not read whole', () => {
  const dir = tempDir();
  symlinkSync('/dev/zero', join(dir, 'valgrind.7.log'));
  writeFileSync(
    join(dir, 'valgrind.8.log'),
    `==8== Command: ./prog\n--8-- Reading syms from /dev/zero\n${'z'.repeat(5 << 20)}\n==8== Process terminating with default action of signal 11 (SIGSEGV)\n`,
  );
  assert.deepEqual(unfinishedProcesses(dir), [
    { pid: 7, command: '(unknown command)' },
    { pid: 8, command: './prog' },
  ]);
  assert.equal(terminatingSignal(dir, 7), null);
  assert.equal(terminatingSignal(dir, 8), 'SIGSEGV');
  mkdirSync(join(dir, 'ws'));
  assert.deepEqual(executablesOf(dir, join(dir, 'ws')), [], '/dev/zero named in a log is not hashed');
});

test('a profile larger than the limit (decompressed) is refused, not kept in memory', async () => {
  const endless = Readable.from(
    (function* () {
      for (let i = 0; i < 64; i++) yield Buffer.alloc(1 << 16, 0x61);
    })(),
  );
  await assert.rejects(
    parseCachegrindStream(endless, 'cachegrind.out.9', 1 << 20),
    (error: unknown) => error instanceof CachegrindParseError && /cachegrind\.out\.9: larger than 1 MiB/.test(error.message),
  );
});

test('one limit on a profile whichever uid the code runs as: the parser refuses what collectProfiles would not copy (512 MiB)', async () => {
  assert.equal(MAX_PROFILE_BYTES, COLLECT_LIMITS.file);
  // One chunk past the limit, never touched: refused before it is parsed (before: parsed, up to 2 GiB).
  const parser = boundedParser('cachegrind.out.9');
  assert.throws(() => parser.push(Buffer.allocUnsafeSlow(COLLECT_LIMITS.file + 1)), /cachegrind\.out\.9: larger than 512 MiB/);
});

test('a profile the benchmark swapped for a fifo or a link is refused at once, never waited on', { timeout: 10_000 }, async () => {
  const dir = tempDir();
  spawnSync('mkfifo', [join(dir, 'cachegrind.out.5')]);
  await assert.rejects(parseCachegrindFile(join(dir, 'cachegrind.out.5')), /profile .*cachegrind\.out\.5: not a plain file/);
  writeFileSync(join(dir, 'real'), 'events: Ir\nfn=main\n1 5\nsummary: 5\n');
  symlinkSync(join(dir, 'real'), join(dir, 'cachegrind.out.6'));
  await assert.rejects(parseCachegrindFile(join(dir, 'cachegrind.out.6')), /not a plain file/);
  assert.deepEqual((await parseCachegrindFile(join(dir, 'real'))).totals, [5]);
});

test('a profile is read once: parsed as it is compressed, the kept .gz holds the bytes parsed, a parse problem never stops the keeping', async () => {
  const { boundedParser } = await import('../../src/parse/cachegrind.ts');
  const { gzipAndRemove } = await import('../../src/run/gzip.ts');
  const { existsSync, readFileSync } = await import('node:fs');
  const { gunzipSync, gzipSync } = await import('node:zlib');
  const dir = tempDir();
  const text = `events: Ir\nfn=main\n${'1 5\n'.repeat(300_000)}summary: 1500000\n`;
  const file = join(dir, 'cachegrind.out.7');
  writeFileSync(file, text);
  const parser = boundedParser(file);
  assert.equal(await gzipAndRemove(file, (chunk) => parser.push(chunk)), undefined);
  assert.deepEqual(parser.finish().totals, [1_500_000]);
  assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), text);
  assert.equal(existsSync(file), false);
  // At level 1: a third of level 6's CPU (gzip.ts).
  assert.deepEqual(readFileSync(`${file}.gz`), gzipSync(text, { level: 1 }));
  // Over the parser's bound: refused, and kept whole all the same.
  writeFileSync(file, text);
  const small = boundedParser(file, 1 << 20);
  const refused = await gzipAndRemove(file, (chunk) => small.push(chunk));
  assert.match(String((refused?.problem as Error | undefined)?.message), /cachegrind\.out\.7: larger than 1 MiB/);
  assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), text);
  // A link in its place: not followed, not kept, and the refusal says so.
  writeFileSync(join(dir, 'real'), text);
  symlinkSync(join(dir, 'real'), file);
  const link = await gzipAndRemove(file, () => assert.fail('a link was read'));
  assert.match(String((link?.problem as Error | undefined)?.message), /cachegrind\.out\.7: not a plain file/);
  assert.equal(existsSync(file), false);
  assert.equal(existsSync(`${file}.gz`), false);
});
