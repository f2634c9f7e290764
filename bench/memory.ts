// Memory against the number of benchmarks (issue 26): the peak RSS of `run` and `compare`, and the
// size of results.json per benchmark, at 500 and 2,000 benchmarks side by side.
//   npx tsx bench/memory.ts                 builds src/ into a temporary bundle and measures it
//   npx tsx bench/memory.ts --cli F         measures the bundle F (dist/cli.js, an older build)
//   npx tsx bench/memory.ts --counts 50,200 other suite sizes (--counts 2000: that case alone, ~15 min on 2 busy cores)
// Synthetic where it must be: Valgrind measures two trivial programs once (/bin/true and ls /), then
// a stand-in for Valgrind hands `run` one of those cachegrind.out files for each benchmark, so the
// run does everything it does per benchmark (sandbox, parse, aggregate, results, report) but the
// simulation. The head run, in the same directory (so that the two are comparable), is given the
// base as --baseline and every tenth benchmark costs ls's count there: a comparison with changes to
// list. Peak RSS is /usr/bin/time's (the Node process).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { locateValgrind } from '../src/run/valgrind.ts';
import { ROOT, table, temp } from './lib.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const counts = (option('--counts') ?? '500,2000').split(',').map(Number);
const dir = temp('memory');
// The sandbox runs the stand-in as another user: it must reach its directory.
chmodSync(dir, 0o755);

async function bundle(): Promise<string> {
  const given = option('--cli');
  if (given) return given;
  const out = join(dir, 'cli.js');
  await build({
    entryPoints: [join(ROOT, 'src', 'cli.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
  });
  return out;
}

/** Each program's cachegrind.out, measured once by the real Valgrind. */
function profiles(): void {
  const valgrind = locateValgrind();
  for (const [name, argv] of [
    ['true', ['/bin/true']],
    ['ls', ['ls', '/']],
  ] as const) {
    const out = join(dir, `${name}.out`);
    const r = spawnSync(valgrind.bin, ['--tool=cachegrind', '--cache-sim=yes', `--cachegrind-out-file=${out}`, '--log-file=/dev/null', ...argv], {
      stdio: 'ignore',
    });
    if (r.status !== 0) throw new Error(`valgrind ${argv.join(' ')}: exit ${r.status}`);
    chmodSync(out, 0o644);
  }
  // It answers --version, and writes the profile named by the benchmark's last argument where asked.
  const fake = join(dir, 'valgrind');
  writeFileSync(
    fake,
    `#!/bin/sh
out=; log=; last=
for a; do
  case $a in
    --version) echo valgrind-3.24.0; exit 0;;
    --cachegrind-out-file=*) out=\${a#*=};;
    --log-file=*) log=\${a#*=};;
  esac
  last=$a
done
[ -n "$log" ] && : > "$(echo "$log" | sed "s/%p/$$/")"
profile=${dir}/true.out
[ "$last" = ls ] && profile=${dir}/ls.out
[ -n "$out" ] && cat "$profile" > "$(echo "$out" | sed "s/%p/$$/")"
exit 0
`,
  );
  chmodSync(fake, 0o755);
}

interface Usage {
  rssMiB: number;
  cpu: number;
}

/** Peak RSS and CPU seconds (user + system) of one command, from /usr/bin/time. */
function measured(argv: string[], cwd: string): Usage {
  const file = join(dir, 'time.txt');
  const env = { ...process.env, CG_BENCH_VALGRIND: join(dir, 'valgrind'), XDG_CACHE_HOME: join(dir, 'cache') };
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', '-o', file, ...argv], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  // compare exits 1 on a regression: that is its answer, not a failure.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(' ')}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  const [kib, user, system] = readFileSync(file, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { rssMiB: kib! / 1024, cpu: user! + system! };
}

/** Writes a suite of `n` trivial benchmarks into `project`; `changed` makes every tenth one cost ls's count. */
function configure(project: string, n: number, changed: boolean): void {
  const lines = Array.from({ length: n }, (_, i) => `  - name: b${i}\n    run: [/bin/true${changed && i % 10 === 9 ? ', ls' : ''}]\n`);
  writeFileSync(join(project, 'cg-bench.yml'), `benchmarks:\n${lines.join('')}`);
}

const cli = await bundle();
profiles();
console.log(`cg-bench memory, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg()[0]!.toFixed(1)}`);
console.log(`measuring ${option('--cli') ?? 'src/ (bundled now)'}; trivial benchmarks (/bin/true, every tenth ls / in the head)\n`);

const rows: string[][] = [['benchmarks', 'results.json', 'per benchmark', 'run peak RSS', 'run --baseline peak RSS', 'compare peak RSS', 'compare CPU']];
const data: Record<number, unknown> = {};
for (const n of counts) {
  // Base and head measured in one directory (the workspace path is part of what makes them comparable).
  const project = join(dir, `${n}`);
  mkdirSync(project);
  configure(project, n, false);
  const run = measured([process.execPath, cli, 'run', '--out', 'base'], project);
  const baseline = join(project, 'base', 'results.json');
  configure(project, n, true);
  const runWithBaseline = measured([process.execPath, cli, 'run', '--out', 'head', '--baseline', baseline], project);
  const compare = measured([process.execPath, cli, 'compare', baseline, join(project, 'head', 'results.json'), '--format', 'markdown'], project);
  const bytes = statSync(baseline).size;
  const mib = (u: Usage) => `${u.rssMiB.toFixed(0)} MiB`;
  rows.push([
    n.toLocaleString('en'),
    `${(bytes / 2 ** 20).toFixed(1)} MiB`,
    `${(bytes / n / 1000).toFixed(1)} kB`,
    mib(run),
    mib(runWithBaseline),
    mib(compare),
    `${compare.cpu.toFixed(1)} s`,
  ]);
  data[n] = { bytes, run, runWithBaseline, compare };
  console.error(`${n} benchmarks: ${rows.at(-1)!.slice(1).join(', ')}`);
  rmSync(project, { recursive: true, force: true });
}
for (const line of table(rows)) console.log(line);
const [small, large] = [counts[0]!, counts.at(-1)!];
if (counts.length > 1) {
  const ratio = (key: 'run' | 'runWithBaseline' | 'compare') =>
    ((data[large] as Record<string, Usage>)[key]!.rssMiB / (data[small] as Record<string, Usage>)[key]!.rssMiB).toFixed(2);
  console.log(
    `\n${large} ÷ ${small} benchmarks (${(large / small).toFixed(1)}× as many): run ${ratio('run')}×, run --baseline ${ratio('runWithBaseline')}×, compare ${ratio('compare')}× the peak RSS`,
  );
}
rmSync(dir, { recursive: true, force: true });
