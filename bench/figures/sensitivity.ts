// Figure 5: the smallest change one run reports correctly, and false alarms on unchanged code.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareResults } from '../../src/compare/compare.ts';
import { WORK_C } from '../../tests/project-repo.ts';
import { cgBench, pct, table, temp, type Figure, type Options } from '../lib.ts';

export async function sensitivity(options: Options): Promise<Figure> {
  const dir = temp('sensitivity');
  writeFileSync(join(dir, 'work.c'), WORK_C);
  if (spawnSync('cc', ['-O1', '-o', join(dir, 'work'), join(dir, 'work.c')]).status !== 0) throw new Error('cc failed');
  const n = 2_000_000;
  const measure = (iterations: number, out: string) => {
    writeFileSync(join(dir, 'cg-bench.yml'), `threshold: 0%\nbenchmarks:\n  - name: work\n    run: [./work, "${iterations}"]\n`);
    return cgBench(['run', '--out', out], dir).results;
  };
  const base = measure(n, 'base');
  const deltas = options.smoke ? [0.001] : [0.001, 0.0001, 0.00001, 0.000001];
  const rows = [['extra work', 'reported change', 'verdict (threshold 0%)']];
  const changes = deltas.map((d) => {
    const head = measure(Math.round(n * (1 + d)), `head-${d}`);
    const c = compareResults(base, head).benchmarks[0]!;
    rows.push([pct(d, 4), pct(c.relative ?? 0, 5), c.verdict]);
    return { extraWork: d, reported: c.relative, verdict: c.verdict };
  });
  const reruns = options.smoke ? 2 : 20;
  let falseAlarms = 0;
  for (let i = 0; i < reruns; i++) if (compareResults(base, measure(n, `rerun-${i}`)).benchmarks[0]!.change !== 0) falseAlarms++;
  return {
    title: '5. Sensitivity',
    lines: [...table(rows), `false alarms in ${reruns} reruns of unchanged code: ${falseAlarms} (any nonzero change counts)`],
    data: { changes, reruns, falseAlarms },
  };
}
