// The host figure: does the count depend on the host CPU? Other host CPUs are emulated with QEMU's
// user mode (Debian's qemu-user-static) running Valgrind's tool binary directly; the launcher would
// re-execute natively. Slow, so a benchmark script, not a test:
//   npx tsx bench/hosts.ts        (needs qemu-user-static; writes bench/results/hosts.json)
// Each model measures the same single-process examples through cg-bench (CG_BENCH_VALGRIND is a
// wrapper that starts the tool under QEMU); results are compared with the Haswell run. The native run
// is shown too: this host's CPU passes RDSEED through, QEMU's models do not.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareResults } from '../src/compare/compare.ts';
import type { Results } from '../src/results/types.ts';
import { ROOT } from './lib.ts';

const MODELS = ['native', 'Haswell', 'Skylake-Server', 'EPYC-Milan', 'SandyBridge'];
const FILTER = 'c-qsort-200k';
const LIBEXEC = '/usr/libexec/valgrind';

function wrapper(dir: string, model: string): string {
  const path = join(dir, `valgrind-${model}.sh`);
  // The tool binary named by --tool (the CPU probe runs --tool=none), under QEMU with that CPU model.
  writeFileSync(
    path,
    `#!/bin/sh\ntool=cachegrind\nfor a in "$@"; do case "$a" in --tool=*) tool=\${a#--tool=};; esac; done\n` +
      `VALGRIND_LIB=${LIBEXEC} VALGRIND_LAUNCHER=/usr/bin/valgrind.bin exec qemu-x86_64-static -cpu ${model} ${LIBEXEC}/$tool-amd64-linux "$@"\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

if (!existsSync('/usr/bin/qemu-x86_64-static')) {
  console.error('needs qemu-user-static (apt-get install qemu-user-static)');
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'cg-bench-hosts-'));
spawnSync('cp', ['-r', join(ROOT, 'examples'), join(work, 'examples')]);
const runs: { model: string; results: Results }[] = [];
for (const model of MODELS) {
  const env = { ...process.env, ...(model === 'native' ? {} : { CG_BENCH_VALGRIND: wrapper(work, model) }) };
  const out = join(work, `out-${model}`);
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'dist', 'cli.js'), 'run', '--config', join(work, 'examples', 'cg-bench.yml'), '--filter', FILTER, '--out', out],
    { env, encoding: 'utf8' },
  );
  if (r.status !== 0) {
    console.error(`${model}: cg-bench exited ${r.status}\n${r.stderr}`);
    continue;
  }
  runs.push({ model, results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Results });
}
const reference = runs.find((r) => r.model === 'Haswell')!.results;
const rows = runs.map(({ model, results }) => {
  const b = results.benchmarks[0]!;
  const c = compareResults(reference, results);
  const cpu = results.environment.cpu;
  return {
    model,
    cpu: `${cpu.vendor ?? '?'} ${cpu.brand ?? '?'}`,
    avx2: cpu.features.includes('avx2'),
    features: cpu.features.length,
    estimatedCycles: b.estimatedCycles,
    Ir: b.events?.Ir ?? null,
    verdict: c.benchmarks[0]!.verdict,
    differences: c.differences,
  };
});
console.log(`host CPU models (QEMU user mode), ${FILTER}, each compared with the Haswell run`);
for (const r of rows) {
  console.log(
    `  ${r.model.padEnd(15)} ${r.cpu.padEnd(40)} avx2=${r.avx2 ? 'yes' : 'no '} ${String(r.estimatedCycles).padStart(12)} ${r.verdict}${r.differences.length ? ` (${r.differences.map((d) => d.split(':')[0]).join(', ')} differ)` : ''}`,
  );
}
writeFileSync(join(ROOT, 'bench', 'results', 'hosts.json'), `${JSON.stringify({ date: new Date().toISOString(), filter: FILTER, rows }, null, 2)}\n`);
