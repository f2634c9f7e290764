// The seed-002 experiment with cg-bench's stopwatch: known slowdowns injected into a native program,
// detected by paired (ABBA-interleaved) and by unpaired (all base, then all head) timing, on this
// machine with the other core busy. Prints detection and false-alarm rates; no test times anything.
//   npx tsx bench/stopwatch.ts [--trials 10] [--budget 5s] [--threshold 0.5]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { wallclockExecutor, type TimedCommand } from '../src/stopwatch/executor.ts';
import { runPaired } from '../src/stopwatch/paired.ts';
import { pairedEstimate, timedVerdict, unpairedEstimate, type PairedEstimate } from '../src/stopwatch/stats.ts';
import { ROOT, tempDir } from '../tests/helpers.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const trials = Number(arg('trials', '10'));
const budgetMs = Number(arg('budget', '5s').replace(/s$/, '')) * 1000;
const thresholdPercent = Number(arg('threshold', '0.5'));

const SOURCE = `#include <stdlib.h>
int main(int argc, char **argv) { volatile unsigned long h = 1; for (unsigned long i = 0, n = strtoul(argv[1], 0, 10); i < n; i++) h = (h ^ i) * 1099511628211UL; return 0; }\n`;
const dir = tempDir('cg-bench-stopwatch-');
writeFileSync(join(dir, 'loop.c'), SOURCE);
if (spawnSync('cc', ['-O1', '-o', join(dir, 'loop'), join(dir, 'loop.c')]).status !== 0) throw new Error('cc failed');
const N = 20_000_000; // About 20 ms natively here: process start-up is a small part of it.
const command = (factor: number): TimedCommand => ({ argv: [join(dir, 'loop'), String(Math.round(N * factor))], cwd: dir, env: { PATH: '/usr/bin:/bin', LANG: 'C' } });

// The other core busy, as on a shared CI runner (the executor pins the benchmark to the last CPU).
const busy = availableParallelism() > 1 ? spawn('taskset', ['-c', '0', 'sh', '-c', 'while :; do :; done'], { stdio: 'ignore' }) : undefined;
const executor = wallclockExecutor();

function unpaired(base: TimedCommand, head: TimedCommand): PairedEstimate {
  const started = performance.now();
  for (let i = 0; i < 3; i++) executor.run(base), executor.run(head);
  const a: number[] = [];
  const b: number[] = [];
  // Half the budget each, one side after the other: what a stopwatch without pairing does.
  while (performance.now() - started < budgetMs / 2 || a.length < 10) a.push(executor.run(base).value);
  while (b.length < a.length) b.push(executor.run(head).value);
  return unpairedEstimate(a, b);
}

function paired(base: TimedCommand, head: TimedCommand): PairedEstimate {
  const s = runPaired(executor, base, head, { budgetMs, warmups: 3, minPairs: 10, maxPairs: 5000 });
  return pairedEstimate(s.base.map((x) => x.value), s.head.map((x) => x.value));
}

const conditions = [0, 0.01, 0.02, 0.05];
const rows: { slowdown: number; method: string; regressions: number; other: number; pairs: number }[] = [];
const lines: string[] = [
  `cg-bench stopwatch evidence, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()[0]!.toFixed(2)}`,
  `${trials} trials per row, ${budgetMs / 1000} s per trial, threshold ${thresholdPercent}%, other core busy: ${busy ? 'yes' : 'no (one CPU)'}; ${executor.controls.join(', ')}`,
  '',
  'slowdown  method    detected (regression)  other verdicts          mean pairs',
];
for (const slowdown of conditions) {
  for (const [method, estimate] of [['paired', paired], ['unpaired', unpaired]] as const) {
    let regressions = 0;
    let other = 0;
    let pairs = 0;
    for (let t = 0; t < trials; t++) {
      const e = estimate(command(1), command(1 + slowdown));
      const v = timedVerdict(e, thresholdPercent);
      if (v === 'regression') regressions++;
      else if (v === 'improvement') other++;
      pairs += e.pairs;
    }
    rows.push({ slowdown, method, regressions, other, pairs: pairs / trials });
    const label = slowdown === 0 ? 'A/A (0%)' : `${slowdown * 100}%`;
    const detected = slowdown === 0 ? `${regressions}/${trials} false alarms` : `${regressions}/${trials}`;
    lines.push(`${label.padEnd(9)} ${method.padEnd(9)} ${detected.padEnd(22)} ${`${other} improvement(s)`.padEnd(23)} ${Math.round(pairs / trials)}`);
    console.log(lines.at(-1));
  }
}
busy?.kill('SIGKILL');
lines.push('', `load at the end: ${loadavg()[0]!.toFixed(2)}`);
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'stopwatch.txt'), `${lines.join('\n')}\n`);
writeFileSync(join(ROOT, 'bench', 'results', 'stopwatch.json'), `${JSON.stringify({ trials, budgetMs, thresholdPercent, controls: executor.controls, rows }, null, 2)}\n`);
console.log(lines.join('\n'));
