// Figure 4: a suite of 8+ benchmarks with --jobs 1 and --jobs 2 on this machine's cores.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { cgBench, table, temp, type Figure, type Options } from '../lib.ts';

export async function scaling(options: Options): Promise<Figure> {
  const dir = temp('scaling');
  const source = join(import.meta.dirname, '..', '..', 'examples', 'memory-access', 'memory-access.c');
  if (spawnSync('cc', ['-O2', '-o', join(dir, 'memory-access'), source]).status !== 0) throw new Error('cc failed');
  const iterations = options.smoke ? 200000 : 2000000;
  const benchmarks = Array.from(
    { length: 8 },
    (_, i) => `  - name: scan-${i}\n    run: [./memory-access, ${i % 2 ? 'random' : 'linear'}, "${(i + 1) * 100000}", "${iterations}"]\n`,
  );
  writeFileSync(join(dir, 'cg-bench.yml'), `benchmarks:\n${benchmarks.join('')}`);
  const one = cgBench(['run', '--jobs', '1', '--out', 'jobs-1'], dir);
  const two = cgBench(['run', '--jobs', '2', '--out', 'jobs-2'], dir);
  const same = one.results.benchmarks.every((b, i) => b.estimatedCycles === two.results.benchmarks[i]!.estimatedCycles);
  return {
    title: `4. Scaling: 8 benchmarks on ${cpus().length} cores`,
    lines: [
      ...table([
        ['', 'wall (s)', 'speed-up'],
        ['--jobs 1', one.seconds.toFixed(1), '1.00'],
        ['--jobs 2', two.seconds.toFixed(1), (one.seconds / two.seconds).toFixed(2)],
      ]),
      `results identical: ${same ? 'yes' : 'NO'}`,
    ],
    data: { jobs1: one.seconds, jobs2: two.seconds, identical: same },
  };
}
