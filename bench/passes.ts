// What the extra passes cost (docs/memory.md, docs/flame.md): each bundled example measured alone,
// three ways, and the CPU seconds (user + system, every process, /usr/bin/time) of the whole
// `cg-bench run`: Cachegrind alone; with `memory: true` (the DHAT run added); with `--call-tree` (the
// Callgrind run added). A pass's cost is the difference; CPU time, not wall time, so that a loaded
// machine changes it little. Prints a Markdown table.
//   npm run build && npx tsx bench/passes.ts
//   npx tsx bench/passes.ts --only c-qsort-200k,memory-random
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import { builtExamples, CLI, cpuSeconds } from './lib.ts';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : undefined;

const dir = builtExamples();
try {
  // The examples without setup (built once above), and the same with memory: true.
  const memory = parseDocument(readFileSync(join(dir, 'image.yml'), 'utf8'));
  memory.set('memory', true);
  writeFileSync(join(dir, 'memory.yml'), memory.toString());
  const names = loadConfig(join(dir, 'image.yml'))
    .benchmarks.map((b) => b.name)
    .filter((n) => !only || only.includes(n));
  const run = (config: string, name: string, ...more: string[]) =>
    cpuSeconds([process.execPath, CLI, 'run', '--config', config, '--filter', name, '--out', join(dir, 'out'), ...more], dir);
  const s = (n: number) => `${n.toFixed(2)} s`;
  const extra = (plus: number, plain: number) => `+${s(plus - plain)} (${Math.round(((plus - plain) / plain) * 100)} %)`;
  console.log(`${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}; CPU seconds of one \`cg-bench run --filter <benchmark>\`\n`);
  console.log('| benchmark | Cachegrind alone | with memory: true (DHAT) | with --call-tree (Callgrind) |');
  console.log('|---|--:|--:|--:|');
  for (const name of names) {
    const plain = run('image.yml', name);
    const withMemory = run('memory.yml', name);
    const withTree = run('image.yml', name, '--call-tree');
    console.log(`| ${name} | ${s(plain)} | ${extra(withMemory, plain)} | ${extra(withTree, plain)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
