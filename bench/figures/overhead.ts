// Figure 3: cg-bench's own cost on top of Cachegrind, in CPU time side by side, and the parser's throughput.
// (bench/fixed-cost.ts measures the rest of issue 26's figures: --help, the fixed cost, a 1 s case, --jobs.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateValgrind } from '../../src/run/valgrind.ts';
import { cpus, loadavg } from 'node:os';
import { CLI, cpuSeconds, median, table, temp, type Figure, type Options } from '../lib.ts';
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
  const bareArgv = [
    valgrind.bin,
    '--tool=cachegrind',
    '--cache-sim=yes',
    '--branch-sim=no',
    '--I1=32768,8,64',
    '--D1=32768,8,64',
    '--LL=8388608,16,64',
    `--cachegrind-out-file=${join(dir, 'bare.out')}`,
    '--log-file=/dev/null',
    ...argv,
  ];
  // CPU time (user + system, every process waited for), alternately: wall time, and a best of
  // runs, say more about a shared machine's neighbours than about cg-bench (issue 26).
  const bare: number[] = [];
  const tool: number[] = [];
  // Not measured: the machine's probe cache and kept entropy stream are made by a first run.
  if (!options.smoke) cpuSeconds([process.execPath, CLI, 'run', '--out', 'warm-up'], dir);
  for (let i = 0; i < (options.smoke ? 1 : 5); i++) {
    bare.push(cpuSeconds(bareArgv, dir));
    tool.push(cpuSeconds([process.execPath, CLI, 'run', '--out', `out-${i}`], dir));
  }
  const ratios = tool.map((t, i) => t / bare[i]!);
  const ratio = median(ratios);
  rmSync(dir, { recursive: true, force: true });
  const parse = await parserThroughput(options.smoke ? 10 : 100);
  return {
    title: '3. Overhead',
    lines: [
      ...table([
        ['', 'CPU s (median)'],
        ['bare valgrind --tool=cachegrind', median(bare).toFixed(2)],
        ['cg-bench run (whole CLI: config, sandbox, parse, gzip, reports)', median(tool).toFixed(2)],
        ["ratio (median of the pairs' ratios)", ratio.toFixed(3)],
      ]),
      `pairs' ratios: ${ratios.map((r) => r.toFixed(3)).join(' ')} (load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs)`,
      `parser: ${parse.megabytes.toFixed(0)} MB cachegrind.out in ${parse.seconds.toFixed(2)} s (${(parse.megabytes / parse.seconds).toFixed(0)} MB/s)`,
    ],
    data: { bare, tool, ratio, parser: parse },
  };
}
