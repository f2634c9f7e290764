// Figure 8: what changes the count, measured in the image. One C and one Python benchmark, each
// measured under one change at a time against a reference run; every row is two real measurements.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Results } from '../../src/results/types.ts';
import { WORK_C } from '../../tests/project-repo.ts';
import { busyCore, table, temp, type Figure, type Options } from '../lib.ts';

const image = process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test';
const engine = (process.env['CG_BENCH_TEST_ENGINE'] ?? 'podman --runtime runc').split(/\s+/);
const runFlags = (process.env['CG_BENCH_TEST_RUN_FLAGS'] ?? '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024').split(/\s+/);

const CONFIG = (env: string) => `benchmarks:
  - name: c
    run: [./work, "300000"]${env}
  - name: python
    run: [python3, py/bench.py]${env}
  - name: threads
    run: [python3, py/threads.py]${env}
`;

const PY = `import json
data = [{"k": i, "v": str(i) * 3} for i in range(3000)]
print(len(json.dumps(data)))
`;
const THREADS = `import threading
total = []
def work(n):
    s = 0
    for i in range(n):
        s += i * i
    total.append(s)
threads = [threading.Thread(target=work, args=(20000,)) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
print(len(total))
`;

interface Variant {
  factor: string;
  flags?: string[];
  entry?: string[];
  config?: string;
  mount?: string;
  prepare?: (dir: string) => void;
  busy?: boolean;
  /** Other containers kept running meanwhile: the image's root filesystem gets another device number. */
  neighbours?: number;
}

function measure(dir: string, variant: Variant, out: string): Results {
  const mount = variant.mount ?? '/work';
  const r = spawnSync(
    engine[0]!,
    [
      ...engine.slice(1),
      'run',
      '--rm',
      ...runFlags,
      ...(variant.flags ?? []),
      '-v',
      `${dir}:${mount}`,
      '-w',
      mount,
      ...(variant.entry ? ['--entrypoint', variant.entry[0]!] : []),
      image,
      ...(variant.entry ? variant.entry.slice(1) : []),
      'run',
      '--config',
      variant.config ?? 'cg-bench.yml',
      '--out',
      `/tmp/${out}`,
      '--format',
      'json',
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`${variant.factor}: ${r.stderr}`);
  // Results are read from the JSON report on stdout: the out dir stays inside the container.
  const report = JSON.parse(r.stdout) as { benchmarks: { name: string; estimatedCycles: number }[] };
  return { benchmarks: report.benchmarks } as unknown as Results;
}

export async function factors(options: Options): Promise<Figure> {
  const dir = temp('factors');
  mkdirSync(join(dir, 'py'));
  writeFileSync(join(dir, 'py', 'bench.py'), PY);
  writeFileSync(join(dir, 'py', 'threads.py'), THREADS);
  writeFileSync(join(dir, 'work.c'), WORK_C);
  if (spawnSync('cc', ['-O1', '-o', join(dir, 'work'), join(dir, 'work.c')]).status !== 0) throw new Error('cc failed');
  writeFileSync(join(dir, 'cg-bench.yml'), CONFIG(''));
  writeFileSync(join(dir, 'env.yml'), CONFIG('\n    env: { SOME_VARIABLE: "a value" }'));
  writeFileSync(join(dir, 'seed.yml'), CONFIG('\n    env: { PYTHONHASHSEED: "1" }'));
  const reference = measure(dir, { factor: 'reference' }, 'ref');
  const variants: Variant[] = [
    { factor: 'run again' },
    { factor: 'other core busy', busy: true },
    { factor: 'two other containers running', neighbours: 2 },
    { factor: 'ASLR disabled (setarch -R)', flags: ['--security-opt', 'seccomp=unconfined'], entry: ['setarch', '-R', 'node', '/opt/cg-bench/dist/cli.js'] },
    { factor: 'a non-root uid', flags: ['--user', '4321:4321'] },
    { factor: 'one more environment variable', config: 'env.yml' },
    { factor: 'PYTHONHASHSEED=1 instead of 0', config: 'seed.yml' },
    { factor: 'working directory /work/deeper/path', mount: '/work/deeper/path' },
    { factor: 'a new file beside the Python script', prepare: (d) => writeFileSync(join(d, 'py', 'extra.py'), '# unrelated\n') },
  ];
  const selected = options.smoke ? variants.slice(0, 2) : variants;
  const rows = [['factor', 'C', 'Python', 'Python, 4 threads']];
  const data: Record<string, Record<string, number>> = {};
  for (const v of selected) {
    const copy = temp('factors-variant');
    cpSync(dir, copy, { recursive: true });
    v.prepare?.(copy);
    spawnSync('chmod', ['-R', 'a+rX', copy]);
    const busy = v.busy ? busyCore() : undefined;
    const neighbours = Array.from({ length: v.neighbours ?? 0 }, (_, i) => `cg-bench-neighbour-${process.pid}-${i}`);
    for (const name of neighbours)
      spawnSync(engine[0]!, [...engine.slice(1), 'run', '-d', '--rm', '--name', name, ...runFlags, '--entrypoint', 'sleep', image, '600']);
    let r: Results;
    try {
      r = measure(copy, v, 'variant');
    } finally {
      busy?.kill();
      for (const name of neighbours) spawnSync(engine[0]!, [...engine.slice(1), 'rm', '-f', '-t', '0', name]);
    }
    const cells = ['c', 'python', 'threads'].map((n) => {
      const a = reference.benchmarks.find((b) => b.name === n)!.estimatedCycles!;
      const b = r.benchmarks.find((x) => x.name === n)!.estimatedCycles!;
      (data[v.factor] ??= {})[n] = b - a;
      return a === b ? 'same' : `${b > a ? '+' : ''}${(((b - a) / a) * 100).toFixed(5)}%`;
    });
    rows.push([v.factor, ...cells]);
    rmSync(copy, { recursive: true, force: true });
  }
  return { title: '8. Factors, measured in the image (change in estimated cycles against a reference run)', lines: table(rows), data };
}
