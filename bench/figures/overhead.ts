// Figure 3: cg-bench's own cost on top of Cachegrind, and the parser's throughput.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateValgrind } from '../../src/run/valgrind.ts';
import { cgBench, table, temp, type Figure, type Options } from '../lib.ts';
import { parserThroughput } from './parser.ts';

export async function overhead(options: Options): Promise<Figure> {
  const dir = temp('overhead');
  const source = join(import.meta.dirname, '..', '..', 'examples', 'memory-access', 'memory-access.c');
  mkdirSync(dir, { recursive: true });
  if (spawnSync('cc', ['-O2', '-o', join(dir, 'memory-access'), source]).status !== 0) throw new Error('cc failed');
  // ~10 s under Cachegrind on this machine (2 s in smoke mode).
  const iterations = options.smoke ? '3000000' : '15000000';
  const argv = ['./memory-access', 'random', '1000000', iterations];
  writeFileSync(join(dir, 'cg-bench.yml'), `benchmarks:\n  - name: ten-seconds\n    run: ${JSON.stringify(argv)}\n`);
  const valgrind = locateValgrind();
  const bare: number[] = [];
  const tool: number[] = [];
  for (let i = 0; i < (options.smoke ? 1 : 5); i++) {
    const started = process.hrtime.bigint();
    const r = spawnSync(
      valgrind.bin,
      [
        '--tool=cachegrind',
        '--cache-sim=yes',
        '--I1=32768,8,64',
        '--D1=32768,8,64',
        '--LL=8388608,16,64',
        `--cachegrind-out-file=${join(dir, 'bare.out')}`,
        '--log-file=/dev/null',
        ...argv,
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    bare.push(Number(process.hrtime.bigint() - started) / 1e9);
    if (r.status !== 0) throw new Error('bare valgrind failed');
    tool.push(cgBench(['run', '--out', `out-${i}`], dir).seconds);
  }
  const best = (x: number[]) => Math.min(...x);
  const ratio = best(tool) / best(bare);
  const parse = await parserThroughput(options.smoke ? 10 : 100);
  return {
    title: '3. Overhead',
    lines: [
      ...table([
        ['', 'best of runs (s)'],
        ['bare valgrind --tool=cachegrind', best(bare).toFixed(2)],
        ['cg-bench run (whole CLI: config, environment probe, parse, gzip, reports)', best(tool).toFixed(2)],
        ['ratio', ratio.toFixed(3)],
      ]),
      `parser: ${parse.megabytes.toFixed(0)} MB cachegrind.out in ${parse.seconds.toFixed(2)} s (${(parse.megabytes / parse.seconds).toFixed(0)} MB/s)`,
    ],
    data: { bare, tool, ratio, parser: parse },
  };
}
