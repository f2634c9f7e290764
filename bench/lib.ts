// Shared by the figures: run the CLI, time native runs, keep a core busy, statistics.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import type { Results } from '../src/results/types.ts';
import { benchmarkEnvironment } from '../src/run/environment.ts';
import { homeFor } from '../src/run/private-home.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export interface Figure {
  title: string;
  lines: string[];
  data: unknown;
}

export interface Options {
  smoke: boolean;
}

// Every temporary directory goes with the script's process: bench/evidence.ts --smoke (run by
// tests/bench/smoke.test.ts) left four in /tmp each time it ran outside the suite's TMPDIR.
const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cg-bench-bench-${prefix}-`));
  made.push(dir);
  return dir;
}

/** A copy of the examples with their setup run, and image.yml: the same benchmarks without setup. */
export function builtExamples(): string {
  const dir = temp('examples');
  cpSync(join(ROOT, 'examples'), dir, { recursive: true, filter: (src) => !src.includes(join('rust', 'target')) });
  const config = loadConfig(join(dir, 'cg-bench.yml'));
  for (const command of config.setup) {
    const r = spawnSync('sh', ['-c', typeof command === 'string' ? command : command.join(' ')], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`setup failed: ${r.stderr}`);
  }
  const doc = parseDocument(readFileSync(join(dir, 'cg-bench.yml'), 'utf8'));
  doc.delete('setup');
  writeFileSync(join(dir, 'image.yml'), doc.toString());
  return dir;
}

export function cgBench(args: string[], cwd: string): { results: Results; seconds: number } {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`cg-bench ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  const out = args[args.indexOf('--out') + 1]!;
  return { results: JSON.parse(readFileSync(resolve(cwd, out, 'results.json'), 'utf8')) as Results, seconds };
}

/** CPU seconds (user + system, children waited for included) of one command, from /usr/bin/time. */
export function cpuSeconds(argv: string[], cwd: string): number {
  const file = join(mkdtempSync(join(tmpdir(), 'cg-bench-bench-time-')), 'time.txt');
  try {
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', file, ...argv], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${argv.join(' ')}: exit ${r.status}\n${r.stderr}`);
    const [user, system] = readFileSync(file, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    return user! + system!;
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

/** Wall time of one native run of a configured benchmark, with the same environment cg-bench gives it. */
export function nativeSeconds(configFile: string, name: string): number {
  const spec = loadConfig(configFile).benchmarks.find((b) => b.name === name)!;
  const argv = typeof spec.run === 'string' ? ['/bin/sh', '-c', spec.run] : spec.run;
  const started = process.hrtime.bigint();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: spec.cwd, env: benchmarkEnvironment(spec.cwd, spec.env, homeFor(spec.name)), stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${name} failed natively`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Keeps one core busy until stopped: the noisy neighbour of a shared CI runner. */
export function busyCore(): ChildProcess {
  return spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** (max − min) / median */
export function spread(values: number[]): number {
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's over ranks, ties averaged). */
export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

export const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)}%`;
export const count = (n: number) => Math.round(n).toLocaleString('en-US');

export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}
