// Parser throughput on a large cachegrind.out: writes a synthetic file of the requested size
// (default 100 MB) shaped like real output (many files and functions, full 9-event cost lines),
// then times parseCachegrindFile on it. Prints figures; asserts nothing.
//   npx tsx bench/parse.ts [MEGABYTES]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseCachegrindFile } from '../src/parse/cachegrind.ts';

const megabytes = Number(process.argv[2] ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'cg-bench-parse-'));
const file = join(dir, 'cachegrind.out.1');

async function writeSample(): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('desc: I1 cache:         32768 B, 64 B, 8-way associative\ncmd: ./bench\nevents: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw\n');
  const totals = new Array<number>(9).fill(0);
  let size = 0;
  let seed = 1;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let f = 0; size < megabytes * 1e6; f++) {
    let block = `fl=/usr/src/project/module_${f % 997}/file_${f}.c\n`;
    for (let fn = 0; fn < 20; fn++) {
      block += `fn=function_${f}_${fn}(int, char const*)\n`;
      for (let line = 0; line < 25; line++) {
        const costs = [next() % 100000, next() % 50, next() % 10, next() % 40000, next() % 500, next() % 100, next() % 20000, next() % 300, next() % 50];
        costs.forEach((c, i) => (totals[i]! += c));
        block += `${line * 3 + 1} ${costs.join(' ')}\n`;
      }
    }
    size += block.length;
    await write(block);
  }
  await write(`summary: ${totals.join(' ')}\n`);
  out.end();
  await once(out, 'finish');
}

await writeSample();
const bytes = statSync(file).size;
const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = process.hrtime.bigint();
  const profile = await parseCachegrindFile(file);
  runs.push(Number(process.hrtime.bigint() - started) / 1e9);
  if (i === 0) console.log(`parsed ${(bytes / 1e6).toFixed(1)} MB: ${profile.functions.length} functions, Ir ${profile.totals[0]}`);
}
const best = Math.min(...runs);
console.log(`parse time: best ${best.toFixed(2)} s of ${runs.length} (${runs.map((r) => r.toFixed(2)).join(', ')}); ${(bytes / 1e6 / best).toFixed(0)} MB/s`);
rmSync(dir, { recursive: true, force: true });
