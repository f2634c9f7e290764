// The seed-002 experiment with cg-bench's stopwatch: known slowdowns injected into a native program,
// detected by paired (ABBA-interleaved) and by unpaired (all base, then all head) timing, on this
// machine with the other core busy. Prints detection and false-alarm rates for each way of judging
// the same samples; no test times anything.
//   npx tsx bench/stopwatch.ts [--trials 10] [--budget 5s] [--threshold 0.5] [--out bench/results/stopwatch]
//     [--slowdowns 0,1,2,5] [--sessions paired,unpaired] [--unpinned] [--normal-priority]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { wallclockExecutor, type TimedCommand } from '../src/stopwatch/executor.ts';
import { Command } from '../src/untrusted/command.ts';
import { runPaired } from '../src/stopwatch/paired.ts';
import { INTERVAL_METHOD, pairedEstimate, timedVerdict, unpairedEstimate, type PairedEstimate } from '../src/stopwatch/stats.ts';
import { ROOT, tempDir } from '../tests/helpers.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const trials = Number(arg('trials', '10'));
const budgetMs = Number(arg('budget', '5s').replace(/s$/, '')) * 1000;
const thresholdPercent = Number(arg('threshold', '0.5'));
const outBase = resolve(ROOT, arg('out', 'bench/results/stopwatch'));
const conditions = arg('slowdowns', '0,1,2,5')
  .split(',')
  .map((x) => Number(x) / 100);
const sessions = arg('sessions', 'paired,unpaired').split(',') as ('paired' | 'unpaired')[];
const flag = (name: string) => process.argv.includes(`--${name}`);

const SOURCE = `#include <stdlib.h>
int main(int argc, char **argv) { volatile unsigned long h = 1; for (unsigned long i = 0, n = strtoul(argv[1], 0, 10); i < n; i++) h = (h ^ i) * 1099511628211UL; return 0; }\n`;
const dir = tempDir('cg-bench-stopwatch-');
writeFileSync(join(dir, 'loop.c'), SOURCE);
if (spawnSync('cc', ['-O1', '-o', join(dir, 'loop'), join(dir, 'loop.c')]).status !== 0) throw new Error('cc failed');
const N = 20_000_000; // About 20–30 ms natively here: process start-up is a small part of it.
const command = (factor: number): TimedCommand => ({
  command: new Command([join(dir, 'loop'), String(Math.round(N * factor))], { PATH: '/usr/bin:/bin', LANG: 'C' }),
  cwd: dir,
  name: `loop ×${factor}`,
  timeoutMs: 60_000,
});

// The other core busy, as on a shared CI runner (the executor pins the benchmark to the last CPU).
const busy = availableParallelism() > 1 ? spawn('taskset', ['-c', '0', 'sh', '-c', 'while :; do :; done'], { stdio: 'ignore' }) : undefined;
process.on('exit', () => busy?.kill('SIGKILL'));
const executor = wallclockExecutor({ unpinned: flag('unpinned'), normalPriority: flag('normal-priority') });

/** Every way of judging that is compared: the same samples, judged differently. */
type Judge = {
  method: string;
  session: 'paired' | 'unpaired';
  judge: (s: { base: number[]; head: number[]; baseCpu: number[]; headCpu: number[] }) => PairedEstimate;
};
const JUDGES: Judge[] = [
  { method: 'paired, mean log ratio, bootstrap', session: 'paired', judge: (s) => pairedEstimate(s.base, s.head, 0.95, 'bootstrap') },
  { method: 'paired, mean log ratio, t', session: 'paired', judge: (s) => pairedEstimate(s.base, s.head, 0.95, 't') },
  { method: 'paired, median log ratio, sign test', session: 'paired', judge: (s) => pairedEstimate(s.base, s.head, 0.95, 'median') },
  { method: 'paired, Hodges-Lehmann, signed rank', session: 'paired', judge: (s) => pairedEstimate(s.base, s.head, 0.95, 'wilcoxon') },
  { method: 'paired CPU time (user+sys), as cg-bench', session: 'paired', judge: (s) => pairedEstimate(s.baseCpu, s.headCpu, 0.95, INTERVAL_METHOD) },
  { method: 'unpaired, ratio of means, bootstrap', session: 'unpaired', judge: (s) => unpairedEstimate(s.base, s.head, 0.95, 'mean') },
  { method: 'unpaired, ratio of medians, bootstrap', session: 'unpaired', judge: (s) => unpairedEstimate(s.base, s.head, 0.95, 'median') },
];

async function session(kind: 'paired' | 'unpaired', base: TimedCommand, head: TimedCommand) {
  if (kind === 'paired') {
    const s = await runPaired(executor, base, head, { budgetMs, warmups: 3, minPairs: 10, maxPairs: 5000 });
    const cpu = (xs: typeof s.base) => xs.map((x) => x.extra?.['cpuMs'] ?? x.value);
    return { base: s.base.map((x) => x.value), head: s.head.map((x) => x.value), baseCpu: cpu(s.base), headCpu: cpu(s.head) };
  }
  // What a stopwatch without pairing does: warm-ups, then half the budget on base, then as many runs of head.
  const started = performance.now();
  for (let i = 0; i < 3; i++) {
    await executor.run(base);
    await executor.run(head);
  }
  const a: number[] = [];
  const b: number[] = [];
  while (performance.now() - started < budgetMs / 2 || a.length < 10) a.push((await executor.run(base)).value);
  while (b.length < a.length) b.push((await executor.run(head)).value);
  return { base: a, head: b, baseCpu: a, headCpu: b };
}

interface Row {
  slowdown: number;
  method: string;
  regressions: number;
  improvements: number;
  pairs: number;
  meanWidth: number;
  meanEstimate: number;
}
const rows: Row[] = [];
const started = new Date();
const loadStart = loadavg()[0]!;
const loads: number[] = [];
for (const slowdown of conditions) {
  const tally = new Map(JUDGES.map((j) => [j.method, { regressions: 0, improvements: 0, pairs: 0, width: 0, estimate: 0 }]));
  for (let t = 0; t < trials; t++) {
    for (const kind of sessions) {
      const samples = await session(kind, command(1), command(1 + slowdown));
      for (const j of JUDGES.filter((x) => x.session === kind)) {
        const e = j.judge(samples);
        const v = timedVerdict(e, thresholdPercent);
        const c = tally.get(j.method)!;
        if (v === 'regression') c.regressions++;
        if (v === 'improvement') c.improvements++;
        c.pairs += e.pairs;
        c.width += e.high - e.low;
        c.estimate += e.relative;
      }
    }
    loads.push(loadavg()[0]!);
  }
  for (const j of JUDGES.filter((x) => sessions.includes(x.session))) {
    const c = tally.get(j.method)!;
    rows.push({
      slowdown,
      method: j.method,
      regressions: c.regressions,
      improvements: c.improvements,
      pairs: c.pairs / trials,
      meanWidth: c.width / trials,
      meanEstimate: c.estimate / trials,
    });
    console.error(`${slowdown * 100}% ${j.method}: ${c.regressions}/${trials} regressions, ${c.improvements} improvements`);
  }
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`;
const lines: string[] = [
  `cg-bench stopwatch evidence, ${started.toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
  `${trials} trials per row, ${budgetMs / 1000} s per trial and way of timing, threshold ${thresholdPercent}%, other core busy: ${busy ? 'yes (a spinning shell on CPU 0)' : 'no (one CPU)'}; ${executor.controls.join(', ')}`,
  `load average (1 min): ${loadStart.toFixed(2)} at the start, ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} during (the spinning shell adds about 1)`,
  '',
  `${'slowdown'.padEnd(9)} ${'judged by'.padEnd(40)} ${'regressions'.padEnd(18)} ${'improvements'.padEnd(12)} ${'pairs'.padStart(6)} ${'mean estimate'.padStart(13)} ${'mean 95% width'.padStart(14)}`,
];
for (const r of rows) {
  const label = r.slowdown === 0 ? 'A/A (0%)' : `${r.slowdown * 100}%`;
  const found = r.slowdown === 0 ? `${r.regressions}/${trials} false` : `${r.regressions}/${trials}`;
  lines.push(
    `${label.padEnd(9)} ${r.method.padEnd(40)} ${found.padEnd(18)} ${String(r.improvements).padEnd(12)} ${Math.round(r.pairs).toString().padStart(6)} ${pct(r.meanEstimate).padStart(13)} ${pct(r.meanWidth).replace('+', '').padStart(14)}`,
  );
}
const CHOSEN = { bootstrap: JUDGES[0]!, t: JUDGES[1]!, median: JUDGES[2]!, wilcoxon: JUDGES[3]! }[INTERVAL_METHOD].method;
lines.push('', `cg-bench paired judges by: ${CHOSEN}; load at the end: ${loadavg()[0]!.toFixed(2)}`);
busy?.kill('SIGKILL');
mkdirSync(dirname(outBase), { recursive: true });
writeFileSync(`${outBase}.txt`, `${lines.join('\n')}\n`);
writeFileSync(
  `${outBase}.json`,
  `${JSON.stringify({ createdAt: started.toISOString(), trials, budgetMs, thresholdPercent, controls: executor.controls, loadStart, loads, chosen: INTERVAL_METHOD, rows }, null, 2)}\n`,
);
console.log(lines.join('\n'));
