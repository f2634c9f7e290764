// What each test file costs in CPU, its containers included: wall time says little on a shared
// machine, CPU time is what a file takes from the others whatever runs beside it.
//   node scripts/cpu-per-file.mjs FILE...        runs the files one after another, then prints a table
// Linux with cgroup v1 (cpuacct) and podman's cgroupfs manager, as root (this machine's set-up):
//  - the file's processes (node --test and every descendant, podman's client included) run in a
//    cpuacct cgroup of their own, whose usage counts them whole, exited ones too;
//  - podman moves each container into libpod_parent/libpod-<id>, out of that cgroup, and removes
//    the cgroup when the container ends: each is read every POLL_MS while it lives (its last
//    interval is lost: "seen" below is a lower bound); a container labelled for another file, or
//    unlabelled on another suite's image (a tag of the cg-bench repository not derived from this
//    run's), is counted apart ("others'"); conmon, one cgroup for every container on the machine,
//    is printed apart too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const CPUACCT = '/sys/fs/cgroup/cpuacct';
const LIBPOD = join(CPUACCT, 'libpod_parent');
const POLL_MS = 200;
const ENGINE = (process.env['CG_BENCH_TEST_ENGINE'] ?? 'podman').split(/\s+/).filter(Boolean);
const IMAGE = process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test';

/** Nanoseconds of CPU a cpuacct cgroup has used, or undefined once it is gone. */
function usage(dir) {
  try {
    return Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The tests' own containers carry a label naming the file's cgroup (added to their run flags,
 * CG_BENCH_TEST_RUN_FLAGS, whose default is tests/image/container.ts's); those the product starts
 * (the action's, the component's) carry none and are told apart by their image.
 */
const DEFAULT_RUN_FLAGS = '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024';
const LABEL = 'cg-bench-cpu';

/** The image a container runs and its label, from the engine (empty once it is removed). */
function inspect(id) {
  const r = spawnSync(ENGINE[0], [...ENGINE.slice(1), 'container', 'inspect', '--format', `{{.ImageName}} {{index .Config.Labels "${LABEL}"}}`, id], {
    encoding: 'utf8',
  });
  const [image = '', label = ''] = r.status === 0 ? r.stdout.trim().split(' ') : [];
  return { image, label: label === '<no' ? '' : label };
}

/** Another file's container: labelled for another, or unlabelled with a cg-bench test tag not derived from this run's. */
const foreign = (c, own) => (c.label ? c.label !== own : /cg-bench:/.test(c.image) && !c.image.startsWith(IMAGE));

async function measure(file) {
  const cgroup = join(CPUACCT, `cg-bench-cpu-${process.pid}`);
  if (!existsSync(cgroup)) mkdirSync(cgroup);
  const containers = new Map();
  const conmon0 = usage(join(LIBPOD, 'conmon')) ?? 0;
  const all0 = usage(LIBPOD) ?? 0;
  const poll = () => {
    let names = [];
    try {
      names = readdirSync(LIBPOD).filter((n) => n.startsWith('libpod-'));
    } catch {}
    for (const name of names) {
      const ns = usage(join(LIBPOD, name));
      if (ns === undefined) continue;
      const seen = containers.get(name);
      if (seen) seen.ns = Math.max(seen.ns, ns);
      else containers.set(name, { ns, image: undefined, label: '' });
    }
    for (const [name, c] of containers) if (c.image === undefined) Object.assign(c, inspect(name.slice('libpod-'.length)));
  };
  poll();
  // Containers already running when the file starts are not its own: only their growth would be.
  const before = new Map([...containers].map(([n, c]) => [n, c.ns]));
  const timer = setInterval(poll, POLL_MS);
  const started = performance.now();
  const own = `${basename(cgroup)}-${files.indexOf(file)}`;
  const runFlags = `${process.env['CG_BENCH_TEST_RUN_FLAGS'] ?? DEFAULT_RUN_FLAGS} --label ${LABEL}=${own}`;
  const child = spawn('sh', ['-c', `echo $$ > ${cgroup}/cgroup.procs && exec node --import tsx --test "$0"`, file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CG_BENCH_TEST_RUN_FLAGS: runFlags },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const wall = (performance.now() - started) / 1000;
  clearInterval(timer);
  poll();
  const processes = (usage(cgroup) ?? 0) / 1e9;
  // Processes that outlive the file (none should) keep the cgroup: it is left then, and said.
  let kept = false;
  try {
    rmdirSync(cgroup);
  } catch {
    kept = true;
  }
  let ours = 0;
  let others = 0;
  const byImage = new Map();
  for (const [name, c] of containers) {
    const ns = c.ns - (before.get(name) ?? 0);
    if (foreign({ image: c.image ?? '', label: c.label }, own)) others += ns;
    else {
      ours += ns;
      const key = `${c.image || '(removed before inspected)'}${c.label ? '' : ' (unlabelled)'}`;
      byImage.set(key, (byImage.get(key) ?? 0) + ns);
    }
  }
  const conmon = ((usage(join(LIBPOD, 'conmon')) ?? conmon0) - conmon0) / 1e9;
  // Every container's and conmon's CPU meanwhile, exited ones' whole (an upper bound of ours).
  const all = ((usage(LIBPOD) ?? all0) - all0) / 1e9;
  const pass = /^# fail 0$/m.test(out) && code === 0;
  return { file, wall, processes, containers: ours / 1e9, others: others / 1e9, conmon, count: containers.size - before.size, all, byImage, pass, kept, out };
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node scripts/cpu-per-file.mjs FILE...');
  process.exit(64);
}
const rows = [];
for (const file of files) {
  const r = await measure(file);
  rows.push(r);
  // A failed file's output, kept where CG_BENCH_CPU_LOGS says (else the temporary directory).
  if (!r.pass) writeFileSync(join(process.env['CG_BENCH_CPU_LOGS'] ?? tmpdir(), `cpu-per-file-${file.replace(/\W/g, '_')}.log`), r.out);
  console.log(
    `${r.file}: wall ${r.wall.toFixed(1)} s, CPU ${(r.processes + r.containers).toFixed(1)} s = processes ${r.processes.toFixed(1)} + containers ${r.containers.toFixed(1)} (${r.count} seen; others' ${r.others.toFixed(1)}, conmon ${r.conmon.toFixed(1)}, all containers ${r.all.toFixed(1)})${r.pass ? '' : ' FAILED'}${r.kept ? ' (processes outlived it)' : ''}`,
  );
  for (const [image, ns] of r.byImage) console.log(`    ${(ns / 1e9).toFixed(1).padStart(7)} s  ${image}`);
}
const total = rows.reduce((a, r) => a + r.processes + r.containers, 0);
console.log(`total CPU ${total.toFixed(1)} s over ${rows.length} files; wall ${rows.reduce((a, r) => a + r.wall, 0).toFixed(1)} s`);
