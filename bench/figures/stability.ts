// Figure 1: estimated cycles of each example over N runs with the other core busy, against the
// wall-clock spread of the same programs run natively N times.
import { join } from 'node:path';
import { builtExamples, busyCore, cgBench, count, nativeSeconds, pct, spread, table, type Figure, type Options } from '../lib.ts';

export async function stability(options: Options): Promise<Figure> {
  const runs = options.smoke ? 2 : 10;
  const dir = builtExamples();
  const cycles = new Map<string, number[]>();
  const wall = new Map<string, number[]>();
  const busy = busyCore();
  try {
    for (let i = 0; i < runs; i++) {
      const { results } = cgBench(['run', '--config', 'image.yml', '--out', `stability-${i}`, ...(options.smoke ? ['--filter', 'c-qsort'] : [])], dir);
      for (const b of results.benchmarks) {
        cycles.set(b.name, [...(cycles.get(b.name) ?? []), b.estimatedCycles!]);
        wall.set(b.name, [...(wall.get(b.name) ?? []), nativeSeconds(join(dir, 'image.yml'), b.name)]);
      }
    }
  } finally {
    busy.kill();
  }
  const rows = [['benchmark', 'estimated cycles (median)', 'distinct values', 'cycles spread', 'native wall spread']];
  const data = [...cycles].map(([name, values]) => {
    const w = wall.get(name)!;
    rows.push([name, count(values[0]!), String(new Set(values).size), pct(spread(values)), pct(spread(w), 1)]);
    return { name, cycles: values, wallSeconds: w, cyclesSpread: spread(values), wallSpread: spread(w) };
  });
  return { title: `1. Stability: ${runs} runs each, the other core busy`, lines: table(rows), data };
}
