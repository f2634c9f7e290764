// The parser on a large synthetic cachegrind.out shaped like real output.
import { once } from 'node:events';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCachegrindFile } from '../../src/parse/cachegrind.ts';
import { temp } from '../lib.ts';

async function writeSample(file: string, megabytes: number): Promise<void> {
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
        costs.forEach((c, i) => {
          totals[i]! += c;
        });
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

export async function parserThroughput(megabytes: number): Promise<{ megabytes: number; seconds: number; functions: number }> {
  const dir = temp('parse');
  const file = join(dir, 'cachegrind.out.1');
  await writeSample(file, megabytes);
  let best = Infinity;
  let functions = 0;
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    functions = (await parseCachegrindFile(file)).functions.length;
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  const size = statSync(file).size / 1e6;
  rmSync(dir, { recursive: true, force: true });
  return { megabytes: size, seconds: best, functions };
}
