// cg-bench's fixed cost and --jobs scaling (issue 26), in CPU seconds measured side by side (A B A B):
//   npx tsx bench/fixed-cost.ts            builds src/ into a temporary bundle and measures it
//   npx tsx bench/fixed-cost.ts --dist     measures dist/cli.js as shipped
//   npx tsx bench/fixed-cost.ts --cli F    measures the bundle F (an older build, to compare)
//   npx tsx bench/fixed-cost.ts --pairs 7  more pairs (default 5)
//   npx tsx bench/fixed-cost.ts --long     also the docs' case: examples/memory-access, ~10 s under Cachegrind
//   npx tsx bench/fixed-cost.ts --against F  also this build against the bundle F (an older dist/cli.js), side by side
//   npx tsx bench/fixed-cost.ts --against F --count  also cg-bench's own process's instructions, counted under
//                                          Cachegrind (children not traced): a figure the load cannot move
// CPU time (user + system of the process and every child it waited for, from /usr/bin/time) is
// what the verdicts use: wall time on a shared 2-core machine says more about the neighbours (except
// for --jobs, whose point is wall time). It ends with issue 26's figures, each a ratio of two things
// measured side by side in this run, beside the issue's goal, and the load it ran under.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateValgrind } from '../src/run/valgrind.ts';
import { CLI, median, ROOT, table, temp } from './lib.ts';

const args = process.argv.slice(2);
const pairs = Number(args[args.indexOf('--pairs') + 1]) || 5;
const dir = temp('fixed-cost');
// A private probe cache per run of this script: the first run fills it, as a machine's first run does.
// NODE_EXTRA_CA_CERTS is left out: with it, every Node start parses that certificate bundle before
// any script (0.085 s CPU, 416M instructions for a 220 KB bundle on the machine of issue 26), a cost
// of the host's setting, not of cg-bench, that CI runners do not have; its cost is printed below.
const extraCaCerts = process.env.NODE_EXTRA_CA_CERTS;
const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: join(dir, 'cache') };
delete env.NODE_EXTRA_CA_CERTS;

/**
 * The bundle to measure: dist/cli.js, --cli F, or src/ built now by scripts/build.mjs (split as dist/
 * is), with V8's code cache made beside it by its dist/code-cache.js, as the image's build does.
 */
function bundle(): string {
  if (args.includes('--dist')) return CLI;
  if (args.includes('--cli')) return args[args.indexOf('--cli') + 1]!;
  const out = join(dir, 'build');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--out', out], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('scripts/build.mjs failed');
  const cache = spawnSync(process.execPath, [join(out, 'code-cache.js')], { env, stdio: 'ignore' });
  if (cache.status !== 0) throw new Error('dist/code-cache.js failed');
  return join(out, 'cli.js');
}

interface Usage {
  cpu: number;
  wall: number;
  /** cg-bench's own process (its main thread, Node's threads), without the processes it started. */
  self?: number;
}

// Loaded into cg-bench's Node with --import: writes the process's own CPU seconds at exit.
const selfFile = join(dir, 'self.txt');
const selfHook = join(dir, 'self-cpu.mjs');
writeFileSync(
  selfHook,
  `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.cpuUsage(); writeFileSync(${JSON.stringify(selfFile)}, String((u.user + u.system) / 1e6)); });\n`,
);

/** CPU (user + system, children included) and wall seconds of one command, from /usr/bin/time. */
function timed(argv: string[], cwd: string): Usage {
  const file = join(dir, 'time.txt');
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e', '-o', file, ...argv], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')}: exit ${r.status}\n${r.stderr}`);
  const [user, system, wall] = readFileSync(file, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { cpu: user! + system!, wall: wall! };
}

/**
 * A cg-bench command (of the bundle `bundleFile`), timed as `timed` does, with its own process's CPU
 * beside. The hook is loaded with --import, which sets no V8 flag: the code cache is still taken.
 */
function cgBench(args: string[], cwd: string, bundleFile: string = cli, codeCache = true): Usage {
  rmSync(selfFile, { force: true });
  const usage = timed(
    [...(codeCache ? [] : ['env', 'CG_BENCH_CODE_CACHE=0']), process.execPath, '--import', pathToFileURL(selfHook).href, bundleFile, ...args],
    cwd,
  );
  return { ...usage, self: Number(readFileSync(selfFile, 'utf8')) };
}

/** Runs a and b alternately, `n` times each. */
function sideBySide(n: number, a: (i: number) => Usage, b: (i: number) => Usage): { a: Usage[]; b: Usage[] } {
  const out = { a: [] as Usage[], b: [] as Usage[] };
  for (let i = 0; i < n; i++) {
    out.a.push(a(i));
    out.b.push(b(i));
  }
  return out;
}

const cpuOf = (u: Usage[]) => median(u.map((x) => x.cpu));
const wallOf = (u: Usage[]) => median(u.map((x) => x.wall));
const selfOf = (u: Usage[]) => median(u.map((x) => x.self ?? Number.NaN));
const s = (x: number) => x.toFixed(2);

const cli = bundle();
const valgrind = locateValgrind();
console.log(`cg-bench fixed cost, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg()[0]!.toFixed(1)}`);
console.log(
  `measuring ${cli === CLI ? 'dist/cli.js' : args.includes('--cli') ? cli : 'src/ (bundled now)'}; ${pairs} pairs each, medians of CPU seconds (user + system)\n`,
);

/** Issue 26's figures, one line each, printed together at the end. */
const summary: string[][] = [['figure (issue 26)', 'measured', 'reference', 'ratio', 'goal']];
const loads: number[] = [];
const noteLoad = () => loads.push(loadavg()[0]!);

// 1. Start-up: the CLI's --help against Node doing nothing.
const help = sideBySide(
  pairs,
  () => cgBench(['--help'], dir),
  () => timed([process.execPath, '-e', '0'], dir),
);
noteLoad();
console.log('1. start-up');
for (const line of table([
  ['', 'CPU s'],
  ['cg-bench --help', s(cpuOf(help.a))],
  ['node -e 0', s(cpuOf(help.b))],
  ['cg-bench --help beyond node -e 0', s(cpuOf(help.a) - cpuOf(help.b))],
]))
  console.log(`  ${line}`);
if (extraCaCerts !== undefined) {
  const both = sideBySide(
    pairs,
    () => timed(['env', `NODE_EXTRA_CA_CERTS=${extraCaCerts}`, process.execPath, '-e', '0'], dir),
    () => timed([process.execPath, '-e', '0'], dir),
  );
  console.log(
    `  (NODE_EXTRA_CA_CERTS is set here and left out of every measured command: node -e 0 takes ${s(cpuOf(both.a))} s CPU with it, ${s(cpuOf(both.b))} s without)`,
  );
}
summary.push([
  'cg-bench --help, CPU s (against node -e 0)',
  s(cpuOf(help.a)),
  s(cpuOf(help.b)),
  median(help.a.map((u, i) => u.cpu / help.b[i]!.cpu)).toFixed(2),
  '<= 0.15 s',
]);

// 2. One C benchmark of about 1 s CPU under Cachegrind: cg-bench run against a bare Cachegrind run.
const project = join(dir, 'project');
mkdirSync(project);
writeFileSync(
  join(project, 'loop.c'),
  '#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n  long n = atol(argv[1]);\n  unsigned long x = 1;\n  for (long i = 0; i < n; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;\n  printf("%lu\\n", x);\n  return 0;\n}\n',
);
if (spawnSync('cc', ['-O1', '-o', join(project, 'loop'), join(project, 'loop.c')]).status !== 0) throw new Error('cc failed');
const cache = ['--cache-sim=yes', '--branch-sim=no', '--I1=32768,8,64', '--D1=32768,8,64', '--LL=8388608,16,64'];
const bare = (n: number) =>
  timed(
    [valgrind.bin, '--tool=cachegrind', ...cache, `--cachegrind-out-file=${join(dir, 'bare.out')}`, `--log-file=${join(dir, 'bare.log')}`, './loop', String(n)],
    project,
  );
// Calibrate: Cachegrind's CPU time is linear in the iterations, after a start-up cost.
const [n1, n2] = [5_000_000, 25_000_000];
const [c1, c2] = [bare(n1).cpu, bare(n2).cpu];
const iterations = Math.round(n1 + ((1 - c1) * (n2 - n1)) / Math.max(0.01, c2 - c1));

// 1b. The fixed cost: a benchmark that does next to nothing (1,000 iterations), cg-bench run against bare Cachegrind.
writeFileSync(join(project, 'cg-bench.yml'), 'benchmarks:\n  - name: trivial\n    run: ["./loop", "1000"]\n');
// Not measured: fills this script's private probe cache and kept entropy stream, as a machine's first run does.
cgBench(['run', '--out', 'warm-up'], project);
const trivial = sideBySide(
  pairs,
  (i) => cgBench(['run', '--out', `trivial-${i}`], project),
  () => bare(1000),
);
noteLoad();
console.log('\n1b. the fixed cost: one trivial benchmark (1,000 iterations)');
for (const line of table([
  ['', 'CPU s'],
  ['cg-bench run', s(cpuOf(trivial.a))],
  ["  of which cg-bench's own process (Node)", s(selfOf(trivial.a))],
  ['bare valgrind --tool=cachegrind (same cache options)', s(cpuOf(trivial.b))],
  ['cg-bench run beyond bare Cachegrind (the fixed cost)', s(median(trivial.a.map((u, i) => u.cpu - trivial.b[i]!.cpu)))],
]))
  console.log(`  ${line}`);
summary.push([
  'fixed cost of a run, CPU s (a trivial benchmark, against bare Cachegrind)',
  s(cpuOf(trivial.a)),
  s(cpuOf(trivial.b)),
  median(trivial.a.map((u, i) => u.cpu / trivial.b[i]!.cpu)).toFixed(2),
  'near zero',
]);

// 1c. V8's code cache (src/start/code-cache.ts): the same trivial run with it and without (CG_BENCH_CODE_CACHE=0).
const codeCache = sideBySide(
  pairs,
  (i) => cgBench(['run', '--out', `cached-${i}`], project),
  (i) => cgBench(['run', '--out', `uncached-${i}`], project, cli, false),
);
const helpCache = sideBySide(
  pairs,
  () => cgBench(['--help'], dir),
  () => cgBench(['--help'], dir, cli, false),
);
noteLoad();
console.log("\n1c. V8's code cache, cg-bench's own process (CG_BENCH_CODE_CACHE=0 compiles the bundle from source)");
for (const line of table([
  ['', 'with the cache, CPU s', 'without, CPU s', 'ratio'],
  ['a trivial run', s(selfOf(codeCache.a)), s(selfOf(codeCache.b)), (selfOf(codeCache.a) / selfOf(codeCache.b)).toFixed(3)],
  ['--help', s(selfOf(helpCache.a)), s(selfOf(helpCache.b)), (selfOf(helpCache.a) / selfOf(helpCache.b)).toFixed(3)],
]))
  console.log(`  ${line}`);
summary.push([
  "cg-bench's own CPU s, a trivial run, code cache against none",
  s(selfOf(codeCache.a)),
  s(selfOf(codeCache.b)),
  median(codeCache.a.map((u, i) => u.self! / codeCache.b[i]!.self!)).toFixed(3),
  '<= 0.1 s (own)',
]);

writeFileSync(join(project, 'cg-bench.yml'), `benchmarks:\n  - name: one-second\n    run: ["./loop", "${iterations}"]\n`);
const run = sideBySide(
  pairs,
  (i) => cgBench(['run', '--out', `out-${i}`], project),
  () => bare(iterations),
);
const ratios = run.a.map((u, i) => u.cpu / run.b[i]!.cpu);
noteLoad();
summary.push(['a 1 s C benchmark, CPU s (against bare Cachegrind)', s(cpuOf(run.a)), s(cpuOf(run.b)), median(ratios).toFixed(3), '<= 1.10']);
console.log('\n2. one C benchmark (about 1 s CPU under Cachegrind)');
for (const line of table([
  ['', 'CPU s'],
  ['cg-bench run', s(cpuOf(run.a))],
  ["  of which cg-bench's own process (Node)", s(selfOf(run.a))],
  ['  of which the processes it started (sandbox, Valgrind)', s(cpuOf(run.a) - selfOf(run.a))],
  ['bare valgrind --tool=cachegrind (same cache options)', s(cpuOf(run.b))],
  ["ratio (median of the pairs' ratios)", median(ratios).toFixed(3)],
]))
  console.log(`  ${line}`);
console.log(`  pairs' ratios: ${ratios.map((r) => r.toFixed(3)).join(' ')}`);

// 2b. The docs' case (how-it-works.md, figure 3): the memory-access walk, about 10 s CPU under Cachegrind.
if (args.includes('--long')) {
  if (spawnSync('cc', ['-O2', '-o', join(project, 'memory-access'), join(ROOT, 'examples', 'memory-access', 'memory-access.c')]).status !== 0)
    throw new Error('cc failed');
  const argv = ['./memory-access', 'random', '1000000', '15000000'];
  writeFileSync(join(project, 'cg-bench.yml'), `benchmarks:\n  - name: ten-seconds\n    run: ${JSON.stringify(argv)}\n`);
  const long = sideBySide(
    Math.max(2, Math.ceil(pairs / 2)),
    (i) => cgBench(['run', '--out', `long-${i}`], project),
    () =>
      timed(
        [valgrind.bin, '--tool=cachegrind', ...cache, `--cachegrind-out-file=${join(dir, 'bare.out')}`, `--log-file=${join(dir, 'bare.log')}`, ...argv],
        project,
      ),
  );
  const longRatios = long.a.map((u, i) => u.cpu / long.b[i]!.cpu);
  noteLoad();
  summary.push(["the docs' ~10 s case, CPU s (against bare Cachegrind)", s(cpuOf(long.a)), s(cpuOf(long.b)), median(longRatios).toFixed(3), '<= 1.03']);
  console.log("\n2b. the docs' case: memory-access random, about 10 s CPU under Cachegrind");
  for (const line of table([
    ['', 'CPU s'],
    ['cg-bench run', s(cpuOf(long.a))],
    ["  of which cg-bench's own process (Node)", s(selfOf(long.a))],
    ['bare valgrind --tool=cachegrind (same cache options)', s(cpuOf(long.b))],
    ["ratio (median of the pairs' ratios)", median(longRatios).toFixed(3)],
  ]))
    console.log(`  ${line}`);
  console.log(`  pairs' ratios: ${longRatios.map((r) => r.toFixed(3)).join(' ')}`);
}

// 3. The processes one `cg-bench run` of one benchmark starts: every pid that ran a program.
writeFileSync(join(project, 'cg-bench.yml'), `benchmarks:\n  - name: one-second\n    run: ["./loop", "${iterations}"]\n`);
let processes = 'strace not found';
if (spawnSync('strace', ['-V']).status === 0) {
  const trace = join(dir, 'strace.txt');
  const r = spawnSync('strace', ['-f', '-qq', '-e', 'trace=execve', '-o', trace, process.execPath, cli, 'run', '--out', 'out-strace'], {
    cwd: project,
    env,
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`strace cg-bench run: exit ${r.status}`);
  // A process is counted once, by the first program it ran (taskset execs unshare execs sh: one process).
  const programs = new Map<string, string>();
  let execs = 0;
  for (const line of readFileSync(trace, 'utf8').split('\n')) {
    const m = /^(\d+)\s+execve\("([^"]+)".*= 0$/.exec(line);
    if (!m) continue;
    execs++;
    if (!programs.has(m[1]!)) programs.set(m[1]!, basename(m[2]!));
  }
  const counts = new Map<string, number>();
  for (const program of [...programs.values()].slice(1)) counts.set(program, (counts.get(program) ?? 0) + 1);
  processes = `${programs.size - 1} processes, ${execs - 1} programs executed (${[...counts].map(([p, c]) => `${c} ${p}`).join(', ')})`;
}
console.log(`\n3. processes cg-bench run starts for one benchmark (probe cache warm): ${processes}`);

// 4. --jobs 2 against --jobs 1 on ten small benchmarks.
const small = Math.round(iterations / 5);
writeFileSync(
  join(project, 'cg-bench.yml'),
  `benchmarks:\n${Array.from({ length: 10 }, (_, i) => `  - name: small-${i}\n    run: ["./loop", "${small + i}"]\n`).join('')}`,
);
// The machine's own ceiling, side by side with them: the same ten runs of bare Cachegrind, two at a
// time (xargs -P 2, the next one started as one ends, as cg-bench's pool does) against one after
// another. Two runs at once on a VM's two vCPUs need not go twice as fast (shared caches, memory
// bandwidth, the hypervisor's scheduling): what cg-bench's --jobs can reach is this, not N.
const smallArgs = Array.from({ length: 10 }, (_, i) => String(small + i)).join('\n');
const bareJobs = (n: number) =>
  timed(
    [
      'sh',
      '-c',
      `printf '%s\\n' "$1" | xargs -P ${n} -n 1 "$2" --tool=cachegrind ${cache.join(' ')} --cachegrind-out-file=bare-jobs.%p.out --log-file=bare-jobs.%p.log ./loop && rm -f bare-jobs.*`,
      'bare-jobs',
      smallArgs,
      valgrind.bin,
    ],
    project,
  );
const jobs = { a: [] as Usage[], b: [] as Usage[] };
const bareTwo: Usage[] = [];
const bareOne: Usage[] = [];
for (let i = 0; i < pairs; i++) {
  jobs.a.push(cgBench(['run', '--jobs', '2', '--out', `jobs2-${i}`], project));
  jobs.b.push(cgBench(['run', '--jobs', '1', '--out', `jobs1-${i}`], project));
  bareTwo.push(bareJobs(2));
  bareOne.push(bareJobs(1));
}
console.log('\n4. ten benchmarks of about 0.2 s CPU each');
for (const line of table([
  ['', 'CPU s', "cg-bench's own CPU s", 'wall s', 'CPU / wall'],
  ['--jobs 2', s(cpuOf(jobs.a)), s(selfOf(jobs.a)), s(wallOf(jobs.a)), (cpuOf(jobs.a) / wallOf(jobs.a)).toFixed(2)],
  ['--jobs 1', s(cpuOf(jobs.b)), s(selfOf(jobs.b)), s(wallOf(jobs.b)), (cpuOf(jobs.b) / wallOf(jobs.b)).toFixed(2)],
  ['--jobs 2 / --jobs 1', (cpuOf(jobs.a) / cpuOf(jobs.b)).toFixed(3), '', (wallOf(jobs.a) / wallOf(jobs.b)).toFixed(3), ''],
]))
  console.log(`  ${line}`);
const speedUps = jobs.a.map((u, i) => jobs.b[i]!.wall / u.wall);
const ceilings = bareTwo.map((u, i) => bareOne[i]!.wall / u.wall);
noteLoad();
console.log(`  pairs' speed-ups (wall of --jobs 1 / wall of --jobs 2): ${speedUps.map((r) => r.toFixed(2)).join(' ')}`);
console.log(
  `  the machine's own, bare Cachegrind on the same ten, two at a time against one after another: wall ${s(wallOf(bareTwo))} s against ${s(wallOf(bareOne))} s, CPU ${s(cpuOf(bareTwo))} s against ${s(cpuOf(bareOne))} s; speed-ups ${ceilings.map((r) => r.toFixed(2)).join(' ')}`,
);
console.log(
  `  cg-bench's own process per benchmark: ${s((selfOf(jobs.b) - selfOf(trivial.a)) / 9)} s CPU (ten benchmarks' run less one benchmark's, over nine)`,
);
console.log(`  (wall time is only as good as the machine is idle: load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs now)`);
summary.push([
  '--jobs 2 against --jobs 1, ten 0.2 s benchmarks, wall s',
  s(wallOf(jobs.a)),
  s(wallOf(jobs.b)),
  `${median(speedUps).toFixed(2)}x`,
  '>= 1.8x (0.9 N)',
]);
summary.push([
  "  the same against the machine's own (bare Cachegrind two at a time), speed-up over speed-up",
  `${median(speedUps).toFixed(2)}x`,
  `${median(ceilings).toFixed(2)}x`,
  (median(speedUps) / median(ceilings)).toFixed(3),
  '>= 0.9',
]);

// 5. This build against an older one (--against F), on one benchmark of about 1 s and on twenty tiny ones.
if (args.includes('--against')) {
  const older = args[args.indexOf('--against') + 1]!;
  const compareOn = (config: string, label: string, extra: string[] = []) => {
    writeFileSync(join(project, 'cg-bench.yml'), config);
    const both = sideBySide(
      pairs,
      (i) => cgBench(['run', '--out', `this-${label}-${i}`, ...extra], project),
      (i) => cgBench(['run', '--out', `older-${label}-${i}`, ...extra], project, older),
    );
    const same = [0, 1].slice(0, pairs).every((i) => {
      const counts = (d: string) =>
        JSON.stringify(
          (JSON.parse(readFileSync(join(project, d, 'results.json'), 'utf8')) as { benchmarks: { events: unknown }[] }).benchmarks.map((b) => b.events),
        );
      return counts(`this-${label}-${i}`) === counts(`older-${label}-${i}`);
    });
    console.log(`\n5. ${label}: this build against ${older} (counts ${same ? 'identical' : 'DIFFER'})`);
    for (const line of table([
      ['', 'this build', 'older', 'ratio'],
      ['CPU s, all processes', s(cpuOf(both.a)), s(cpuOf(both.b)), (cpuOf(both.a) / cpuOf(both.b)).toFixed(3)],
      ["CPU s, cg-bench's own process", s(selfOf(both.a)), s(selfOf(both.b)), (selfOf(both.a) / selfOf(both.b)).toFixed(3)],
    ]))
      console.log(`  ${line}`);
    summary.push([
      `cg-bench's own CPU s, ${label}, against the older build`,
      s(selfOf(both.a)),
      s(selfOf(both.b)),
      (selfOf(both.a) / selfOf(both.b)).toFixed(3),
      '',
    ]);
  };
  const helps = sideBySide(
    pairs * 2,
    () => cgBench(['--help'], dir),
    () => cgBench(['--help'], dir, older),
  );
  console.log(`\n5. cg-bench --help: this build against ${older}`);
  for (const line of table([
    ['', 'this build', 'older', 'ratio'],
    ['CPU s', s(cpuOf(helps.a)), s(cpuOf(helps.b)), (cpuOf(helps.a) / cpuOf(helps.b)).toFixed(3)],
  ]))
    console.log(`  ${line}`);
  summary.push(['cg-bench --help, CPU s, against the older build', s(cpuOf(helps.a)), s(cpuOf(helps.b)), (cpuOf(helps.a) / cpuOf(helps.b)).toFixed(2), '']);
  compareOn(`benchmarks:\n  - name: one-second\n    run: ["./loop", "${iterations}"]\n`, 'one benchmark of about 1 s');
  // As CI runs it: against a baseline (the trivial run's results of 1b, read and compared).
  compareOn('benchmarks:\n  - name: trivial\n    run: ["./loop", "1000"]\n', 'one trivial benchmark with --baseline', [
    '--baseline',
    join(project, 'trivial-0', 'results.json'),
  ]);
  compareOn(`benchmarks:\n${Array.from({ length: 20 }, (_, i) => `  - name: tiny-${i}\n    run: ["./loop", "${i}"]\n`).join('')}`, 'twenty tiny benchmarks');
}

// 6. cg-bench's own process counted under Cachegrind: on a machine shared with other jobs, CPU seconds
// move by tens of milliseconds between runs; its instruction count does not (within ~1 %: V8's JIT and
// GC vary a little). The processes cg-bench starts run natively (no --trace-children).
if (args.includes('--against') && args.includes('--count')) {
  const older = args[args.indexOf('--against') + 1]!;
  const log = join(dir, 'count.log');
  const instructions = (argv: string[], cwd: string): number => {
    const r = spawnSync(valgrind.bin, ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', `--log-file=${log}`, ...argv], {
      cwd,
      env,
      stdio: 'ignore',
    });
    const m = /I\s+refs:\s+([\d,]+)/.exec(readFileSync(log, 'utf8'));
    if (r.status !== 0 || !m) throw new Error(`${argv.join(' ')} under Cachegrind: exit ${r.status}`);
    return Number(m[1]!.replaceAll(',', ''));
  };
  writeFileSync(join(project, 'cg-bench.yml'), 'benchmarks:\n  - name: trivial\n    run: ["./loop", "1000"]\n');
  const node = instructions([process.execPath, '-e', '0'], dir);
  const rows: [string, number, number][] = [
    ['cg-bench --help', instructions([process.execPath, cli, '--help'], dir), instructions([process.execPath, older, '--help'], dir)],
    [
      'cg-bench run, one trivial benchmark',
      instructions([process.execPath, cli, 'run', '--out', 'count-this'], project),
      instructions([process.execPath, older, 'run', '--out', 'count-older'], project),
    ],
  ];
  // Twenty: what each further benchmark costs the main thread and V8's compilers (the load cannot move it either).
  writeFileSync(
    join(project, 'cg-bench.yml'),
    `benchmarks:\n${Array.from({ length: 20 }, (_, i) => `  - name: tiny-${i}\n    run: ["./loop", "1000"]\n`).join('')}`,
  );
  const twenty: [number, number] = [
    instructions([process.execPath, cli, 'run', '--out', 'count-this-20'], project),
    instructions([process.execPath, older, 'run', '--out', 'count-older-20'], project),
  ];
  rows.push(['cg-bench run, each of 19 further tiny benchmarks', (twenty[0] - rows[1]![1]) / 19, (twenty[1] - rows[1]![2]) / 19]);
  const m = (n: number) => `${(n / 1e6).toFixed(1)}M`;
  console.log(`\n6. cg-bench's own process, instructions under Cachegrind (node -e 0: ${m(node)}): this build against ${older}`);
  for (const line of table([
    ['', 'this build', 'older', 'ratio', 'ratio beyond node -e 0'],
    ...rows.map(([label, a, b], i) => [label, m(a), m(b), (a / b).toFixed(3), i < 2 ? ((a - node) / (b - node)).toFixed(3) : '']),
  ]))
    console.log(`  ${line}`);
  for (const [label, a, b] of rows) summary.push([`${label}, own instructions, against the older build`, m(a), m(b), (a / b).toFixed(3), '']);
}

console.log(
  `\nissue 26's figures (medians of ${pairs} pairs, ratios per pair; load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${cpus().length} CPUs)`,
);
for (const line of table(summary)) console.log(`  ${line}`);

rmSync(dir, { recursive: true, force: true });
