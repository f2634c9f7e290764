// The test files of scripts/test.sh, run as `node --test --test-concurrency=N` runs them (TAP on
// stdout, each file's printed whole when it ends, after a `# file:` line; the counts added up at the
// end; exit 1 on a failure) but in the order below, each file started when a slot frees by what then
// runs (startFiles): `node --test` sorts its files by path, which
// started the container files late (a long tail on one core, every container test waiting on the
// engine lock of the one before) and beside the files that hold the engine lock exclusively
// (tests/image/engine-lock.sh), waiting on them.
//   node --import tsx scripts/run-tests.mjs FILE...
//   node scripts/run-tests.mjs --list FILE...      prints the order only, with the expected schedule
//   CG_BENCH_TEST_SLOTS=N                          files at once (2 by default)
//   CG_BENCH_TEST_WAITING_SLOTS=N                  and beside them, runners' files (1 by default)
// After the TAP it prints, as TAP comments, each file's wall time and the timeline (which files ran
// beside which, and how busy the machine's cores were meanwhile): every CI log shows where the time goes.
//
// The order is that of a simulated run with SLOTS slots taking the next file as one frees: the longest
// first, so the end is made of short ones, but never a file that would wait on the engine lock: beside
// a file that holds it exclusively goes a host file, and an exclusive file goes beside a host file;
// and for the first IMAGE_SECONDS, while the image builds, host files only.
// A slot more takes only the runners' files, which mostly wait (WAITING_SLOTS).
// (Container files used to have a lane of their own, beside the host files, when three of them held
// the engine alone: that lane, 1,000 s of files, then made the run.) The seconds below are rough: the
// files' wall times in a CI run of a fresh clone alone on this 2-core machine (r33, 2026-11-28: the
// tests 926 s, the cores 1.9-2.0 busy nearly throughout), adjusted for what a file gained or lost
// since; a file not named counts as SHORT (a unit file as 1 s, a bundle of them as many). The simulation keeps them whatever runs beside: with more slots than cores it is
// optimistic. They only order the files: nothing is timed. The schedule printed after each run
// (above) gives the next figures.
// What a run costs, counted whole (13:00 run of round 9, 3 slots, beside other work at load 7): the
// suite's processes 741 s of CPU (what `time bash .ci/run` reports) and the containers' cgroups 610 s
// more (conmon's children are not the suite's processes; other work's containers, if any ran, are in
// it too), up to 1,350 s on 2 cores, 1.89 of them busy: the suite is nearly CPU-bound, and no order
// brings it far under 675 s on two cores (scripts/cpu-per-file.mjs gives each file's CPU). The order
// was fixed before the run: when the durations were off (a loaded machine), files ended up beside
// others than planned (host files beside tests/image/image.test.ts, whose Python comparisons then
// said "not comparable" instead: it passed). So the order is the simulation's, but which file starts
// is decided as slots free, from the files then running and whether the image is built.
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { pathToFileURL } from 'node:url';
import { takeNext } from './next-file.mjs';

const SECONDS = {
  'tests/github/action.test.ts': 194,
  'tests/image/python-libraries.test.ts': 170,
  'tests/gitlab/component.test.ts': 147,
  'tests/image/python.test.ts': 130,
  'tests/image/stress.test.ts': 101,
  'tests/engine/stress.test.ts': 95,
  'tests/runners/gitlab-ci-local.test.ts': 94,
  'tests/engine/acceptance.test.ts': 90,
  'tests/engine/sealed.test.ts': 86,
  'tests/image/tools.test.ts': 86,
  'tests/image/image.test.ts': 78,
  'tests/security/attacker.test.ts': 77,
  'tests/engine/readme.test.ts': 76,
  'tests/runners/gitlab-ci-local-sharded.test.ts': 76,
  'tests/engine/bisect.test.ts': 71,
  'tests/engine/kept-probes.test.ts': 62,
  'tests/engine/seal.test.ts': 62,
  'tests/runners/dogfood-gitlab-ci-local.test.ts': 61,
  'tests/runners/act.test.ts': 60,
  'tests/bench/smoke.test.ts': 56,
  'tests/runners/dogfood-act.test.ts': 54,
  'tests/engine/bad-input-classes.test.ts': 39,
  'tests/engine/runner.test.ts': 38,
  'tests/image/entropy.test.ts': 28,
  'tests/engine/executables.test.ts': 26,
  'tests/engine/shard.test.ts': 26,
  'tests/unit/python-allocator.test.ts': 24,
  'tests/engine/bad-input.test.ts': 19,
  'tests/engine/swapped-benchmark-dir.test.ts': 19,
  'tests/unit/python-threads.test.ts': 19,
  'tests/engine/line-text-secrets.test.ts': 18,
  'tests/image/derived-image.test.ts': 18,
  'tests/security/bisect-user.test.ts': 18,
  'tests/engine/memory.test.ts': 15,
  'tests/image/bisect.test.ts': 15,
  'tests/image/paired.test.ts': 15,
  'tests/security/strays.test.ts': 15,
  'tests/engine/flame.test.ts': 14,
  'tests/engine/paired.test.ts': 14,
  'tests/security/attribution-dir.test.ts': 14,
  'tests/engine/setup-network.test.ts': 12,
  'tests/security/ipc.test.ts': 12,
  'tests/security/setup-home.test.ts': 12,
  'tests/security/handed-paths.test.ts': 11,
  'tests/security/runs-outside-tmp.test.ts': 11,
  'tests/unit/pid-lock.test.ts': 11,
  'tests/engine/argv-newlines.test.ts': 10,
  'tests/unit/start-up.test.ts': 10,
  'tests/engine/interrupt.test.ts': 9,
  'tests/engine/paths.test.ts': 9,
  'tests/engine/python-attribution.test.ts': 9,
  'tests/security/attack-r10.test.ts': 9,
  'tests/engine/functions.test.ts': 8,
  'tests/engine/loader-cache.test.ts': 8,
  'tests/security/private-tmp.test.ts': 8,
  'tests/engine/filter.test.ts': 7,
  'tests/engine/paired-timeout.test.ts': 7,
  'tests/engine/plain-words.test.ts': 7,
  'tests/engine/save-baseline.test.ts': 7,
  'tests/security/untrusted.test.ts': 7,
  'tests/engine/executables-secrets.test.ts': 6,
  'tests/engine/history.test.ts': 6,
  'tests/engine/lines.test.ts': 6,
  'tests/engine/npm-package.test.ts': 6,
  'tests/image/names.test.ts': 6,
  'tests/security/code-environment.test.ts': 6,
  'tests/security/paired-strays.test.ts': 5,
  'tests/engine/out-links.test.ts': 4,
  'tests/security/checkout-lock.test.ts': 4,
  'tests/unit/actions-cache-directory.test.ts': 3,
};
const SHORT = 5;
/**
 * These hold the engine lock exclusively: a container file beside them would only wait. (The
 * Python and stress files held it too, for 650 s of a 1,097 s run: the first now measures what it
 * compares in one container, the second compares only runs with the same device numbers.)
 */
const EXCLUSIVE = new Set(['tests/image/image.test.ts', 'tests/runners/dogfood-act.test.ts']);
const CONTAINER_DIRS = ['tests/image/', 'tests/github/', 'tests/gitlab/', 'tests/security/', 'tests/runners/'];

const list = process.argv[2] === '--list';
/**
 * Files run at once, besides the waiting slots' (CG_BENCH_TEST_SLOTS; 2 by default, one per core). Measured with 3: the two Python
 * files and the image stress test together took 550 s, as long as one after the other (554 s), on a
 * machine other work kept at load 4-20: they are CPU-bound (Valgrind), and a third slot gains only
 * where files wait (container starts, runners), costing every file beside it CPU.
 */
const SLOTS = Number(process.env['CG_BENCH_TEST_SLOTS'] ?? 2);
/**
 * Slots beside those for files that mostly wait (CG_BENCH_TEST_WAITING_SLOTS; 1 by default): the
 * runners' files spend their time in gitlab-ci-local's and act's own Node processes, container
 * starts, volume copies and waits between jobs, and the action's in container starts and the fake
 * services (measured alone at load 2-5, CPU of the process tree and of the containers' cgroups:
 * tests/runners/gitlab-ci-local.test.ts 35 s in 62 s, tests/github/action.test.ts 71 s in 150 s;
 * tests/image/python.test.ts, for comparison, 71 s in 82 s), so one of them beside two other files
 * uses what those leave idle. Only they take it while one of them could start: two files of the
 * rest at most run at once while one is left that could (one that holds the lock alone, or is held
 * behind one, leaves the slot to any file: it stood empty for 350 s of a CI run, r32). A third
 * CPU-bound file then runs beside two: the cores busy, each file slower, the suite not (r33, r34).
 */
const WAITING_SLOTS = Number(process.env['CG_BENCH_TEST_WAITING_SLOTS'] ?? 1);
// And two host files that mostly wait: the runner's timeouts (paired, setup and benchmarks left to
// run out their `timeout:`), and the kept probes' retries of views refused on purpose (1.5 s of
// pauses each): in a CI run each held a slot with the cores 0.6-1.3 busy.
const WAITING = (f) =>
  f.startsWith('tests/runners/') || ['tests/github/action.test.ts', 'tests/engine/runner.test.ts', 'tests/engine/kept-probes.test.ts'].includes(f);
/**
 * Short unit files run BUNDLE_SIZE to a process (a bundle: a file that imports them), not one each:
 * a file's own process cost ~0.4 s of CPU whatever it tests (Node, tsx, the modules it imports;
 * measured: 20 short unit files 10.0 s of CPU one process each, 2.1 s in one). A unit file keeps a
 * process of its own when it changes its process's state (environment, working directory, umask,
 * handlers, mocks: OWN_PROCESS, read from its text) or has a duration above (the schedule places it).
 */
const BUNDLE_SIZE = 10;
const OWN_PROCESS = /process\.(on|once|exit|exitCode|chdir|umask|set[ug]id|stdin)\b|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|\bmock\./;
const listed = process.argv.slice(list ? 3 : 2);
const bundled = listed.filter((f) => f.startsWith('tests/unit/') && SECONDS[f] === undefined && !OWN_PROCESS.test(readFileSync(f, 'utf8')));
const bundleDir = list || bundled.length < 2 ? undefined : mkdtempSync(join(tmpdir(), 'cg-bench-unit-bundles-'));
/** Each bundle's path, and the unit files it imports. */
const bundles = new Map();
for (let i = 0; bundleDir && i < bundled.length; i += BUNDLE_SIZE) {
  const members = bundled.slice(i, i + BUNDLE_SIZE);
  const path = join(bundleDir, `unit-bundle-${bundles.size + 1}.test.mjs`);
  // Each member imported by itself: one that fails to load is a failing test of its own, and the
  // members after it still run (static imports would fail the whole bundle, running none of them).
  const urls = JSON.stringify(members.map((f) => pathToFileURL(resolve(f)).href));
  writeFileSync(
    path,
    `import { test } from 'node:test';\nfor (const url of ${urls}) {\n  try {\n    await import(url);\n  } catch (error) {\n    test(\`\${url} could not be loaded\`, () => {\n      throw error;\n    });\n  }\n}\n`,
  );
  bundles.set(path, members);
}
const given = [...listed.filter((f) => ![...bundles.values()].some((m) => m.includes(f))), ...bundles.keys()];
const seconds = (f) => SECONDS[f] ?? bundles.get(f)?.length ?? (f.startsWith('tests/unit/') ? 1 : SHORT);
const inContainers = (f) => CONTAINER_DIRS.some((d) => f.startsWith(d));
const longestFirst = (a, b) => seconds(b) - seconds(a) || a.localeCompare(b);
// Unit files last: short and lock-free, they fill the end.
const unit = (f) => f.startsWith('tests/unit/') || bundles.has(f);
const pending = [...given.filter((f) => !unit(f)).sort(longestFirst), ...given.filter(unit).sort(longestFirst)];
/**
 * Whether `file` would wait on the engine lock while `other` runs, or would be disturbed by it: an
 * exclusive file compares Python counts across containers, whose root's device number the kernel
 * takes from those free, and every host cg-bench run holds one per benchmark (its pid namespace's
 * procfs): only unit files go beside it. (Its test still checks what it sees; this keeps it comparing.)
 */
const waits = (file, other) =>
  (inContainers(file) && inContainers(other) && (EXCLUSIVE.has(file) || EXCLUSIVE.has(other))) ||
  (EXCLUSIVE.has(file) && !unit(other)) ||
  (EXCLUSIVE.has(other) && !unit(file));

/**
 * When the container files may start: scripts/test.sh builds the image as the tests start, and every
 * container file waits for it (tests/image/container.ts). Cached, the build took 5-36 s; on a fresh
 * machine (debootstrap, then the Dockerfile) minutes. The first files were the two longest, both
 * container files, so both slots waited on the build while it and the static checks used the
 * machine: a slot free before then takes the longest host file instead.
 */
const IMAGE_SECONDS = 60;
/** Not beside the build either: its ten runs and load generators would take the cores from it. */
const LOADS_MACHINE = new Set(['tests/engine/stress.test.ts', 'tests/image/stress.test.ts']);

/**
 * The simulated run: SLOTS + WAITING_SLOTS slots, each taking the next file when it frees; returns
 * the order taken. (node:test takes the files in that order as its slots free: the order is all
 * that reaches it, so a slot the simulation keeps for waiting files is one in which, the durations
 * being right, a waiting file comes next.)
 */
function schedule() {
  const order = [];
  const slots = Array.from({ length: SLOTS + WAITING_SLOTS }, () => ({ file: undefined, until: 0 }));
  const log = [];
  while (pending.length) {
    const slot = slots.reduce((a, b) => (b.until < a.until ? b : a));
    const running = slots.filter((s) => s !== slot && s.file !== undefined && s.until > slot.until);
    // With SLOTS of the other files running, a waiting file; while none is left, the others too.
    const lane = running.filter((s) => !WAITING(s.file)).length >= SLOTS;
    const free = (f) => !running.some((s) => waits(f, s.file));
    // A waiting file that could not start now keeps the lane for none (scripts/next-file.mjs, which
    // also counts one held behind an exclusive file as not startable: the simulation holds none back).
    const waitingCanStart = pending.some((p) => WAITING(p) && free(p));
    const fits = (f) => !lane || WAITING(f) || !waitingCanStart;
    // The longest that would wait on none of the running files nor on the image; else the longest
    // that would not wait on the files; else a unit file (short, it waits on nothing), once the files
    // that hold the lock alone have run (until then they are kept for beside those: nothing else
    // goes there); if every one would wait, the longest, started when the files it would wait on end.
    const ready = (f) => (!inContainers(f) && !LOADS_MACHINE.has(f)) || slot.until >= IMAGE_SECONDS;
    const spare = (f) => unit(f) && free(f) && !pending.some((p) => EXCLUSIVE.has(p));
    const i = [(f) => fits(f) && free(f) && ready(f), (f) => fits(f) && free(f), spare, free]
      .map((take) => pending.findIndex(take))
      .find((index) => index !== -1);
    const file = pending.splice(i ?? 0, 1)[0];
    const imageBuilt = inContainers(file) ? IMAGE_SECONDS : 0;
    const start = Math.max(slot.until, imageBuilt, ...running.filter((s) => waits(file, s.file)).map((s) => s.until));
    slot.file = file;
    slot.until = start + seconds(file);
    order.push(file);
    log.push(`${String(Math.round(start)).padStart(5)} s  ${file}`);
  }
  log.push(`${String(Math.round(Math.max(...slots.map((s) => s.until)))).padStart(5)} s  end (rough, ${SLOTS} slots and ${WAITING_SLOTS} for waiting files)`);
  return { order, log };
}

const { order: files, log } = schedule();
if (list) {
  console.log(log.join('\n'));
  process.exit(0);
}
const hub = new EventEmitter();
hub.on('test:fail', () => {
  process.exitCode = 1;
});
const timeline = watchSchedule(hub, files);
const totals = new Map();
// One TAP stream, as `node --test` prints for many files: one header, each file's top-level test
// points numbered on from the file before (ownLines), one plan at the end.
let points = 0;
process.stdout.write('TAP version 13\n');
startFiles(files, hub, (tapText) => process.stdout.write(tapText)).then(() => {
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  const summary = [...totals].map(([k, v]) => `# ${k} ${v}`).join('\n');
  process.stdout.write(`1..${points}\n${summary}\n${timeline.report()}`);
});

/**
 * Runs the files SLOTS + WAITING_SLOTS at a time, each in a node:test run of its own, choosing the
 * next file when a slot frees from the files then running (not from the simulation's durations,
 * which a loaded machine makes wrong: a fixed order put host files beside tests/image/image.test.ts),
 * by takeNext's rules (scripts/next-file.mjs) in `order`'s order. Each file's TAP is printed whole
 * when it ends; its summary lines are added up in `totals`.
 */
function startFiles(order, events, write) {
  const left = [...order];
  const running = new Set();
  const stamp = process.env['CG_BENCH_TEST_IMAGE_STAMP'];
  // Without a suite's stamp (a file list run by hand), the image is taken as built.
  const imageBuilt = () =>
    !stamp || (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === (process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test'));
  const rules = {
    slots: SLOTS,
    waiting: WAITING,
    exclusive: (f) => EXCLUSIVE.has(f),
    waits,
    ready: (f) => (!inContainers(f) && !LOADS_MACHINE.has(f)) || imageBuilt(),
    unit,
  };
  const pick = () => takeNext(left, [...running], rules);
  return new Promise((resolve) => {
    const fill = () => {
      while (running.size < SLOTS + WAITING_SLOTS) {
        const file = pick();
        if (file === undefined) break;
        running.add(file);
        const stream = run({ files: [file], concurrency: 1 });
        for (const name of ['test:dequeue', 'test:complete', 'test:fail']) stream.on(name, (d) => events.emit(name, d));
        let text = '';
        const tapped = stream.compose(tap);
        tapped.on('data', (chunk) => {
          text += chunk;
        });
        tapped.on('end', () => {
          write(`# file: ${bundles.has(file) ? bundles.get(file).join(' ') : file}\n${ownLines(text)}`);
          running.delete(file);
          fill();
        });
      }
      if (running.size === 0 && left.length === 0) resolve();
    };
    fill();
    // The image's build ends without a file ending: look again now and then while a slot is free.
    const timer = setInterval(() => {
      if (left.length === 0) clearInterval(timer);
      else if (running.size < SLOTS + WAITING_SLOTS) fill();
    }, 2000);
  });
}

/**
 * A file's TAP without the header, plan and summary lines that each file's run prints (counts added
 * up in `totals` instead, one plan at the end), its top-level test points numbered on from `points`.
 */
function ownLines(text) {
  const kept = [];
  for (const line of text.split('\n')) {
    const summary = /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\d+(?:\.\d+)?)$/.exec(line);
    const point = /^(not ok|ok) \d+(.*)$/.exec(line);
    if (summary) {
      if (summary[1] !== 'duration_ms') totals.set(summary[1], (totals.get(summary[1]) ?? 0) + Number(summary[2]));
    } else if (point) kept.push(`${point[1]} ${++points}${point[2]}`);
    else if (line !== 'TAP version 13' && line !== '' && !/^1\.\.\d+$/.test(line)) kept.push(line);
  }
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/** The machine's CPU time so far, busy and all, in clock ticks (/proc/stat; undefined elsewhere). */
function machineTicks() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are a core not working.
    const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: all - ticks[3] - ticks[4], all };
  } catch {
    return undefined;
  }
}

/**
 * Where the wall time goes: each file's start and end (a file starts when the runner takes it, ends
 * when its process has reported), and at each start or end the files then running and how many cores
 * the machine kept busy since the line before (all its work: the suite's, the image build's, the
 * checks', anything else). Printed after the TAP, as TAP comments, so every CI log shows it.
 */
function watchSchedule(events, names) {
  const t0 = performance.now();
  const given = new Set(names);
  const at = () => (performance.now() - t0) / 1000;
  const cores = availableParallelism();
  const spans = new Map();
  const lines = [];
  const running = new Set();
  let last = { t: 0, ticks: machineTicks() };
  const short = (f) =>
    bundles.has(f) ? `${basename(f, '.test.mjs')} (${bundles.get(f).length} unit files)` : f.replace(/^tests\//, '').replace(/\.test\.ts$/, '');
  const mark = (sign, file) => {
    const t = at();
    const ticks = machineTicks();
    const busy = ticks && last.ticks && ticks.all > last.ticks.all ? ((ticks.busy - last.ticks.busy) / (ticks.all - last.ticks.all)) * cores : undefined;
    if (sign === '+') running.add(file);
    else running.delete(file);
    const load = busy === undefined ? '' : `${busy.toFixed(1)}/${cores} cores busy since the line before; `;
    lines.push(`${t.toFixed(1).padStart(6)} s ${sign}${short(file)}  (${load}running: ${[...running].map(short).join(', ') || 'none'})`);
    last = { t, ticks };
  };
  events.on('test:dequeue', (d) => {
    if (d.nesting !== 0 || !given.has(d.name) || spans.has(d.name)) return;
    spans.set(d.name, { start: at(), end: undefined });
    mark('+', d.name);
  });
  events.on('test:complete', (d) => {
    const span = d.nesting === 0 && given.has(d.name) ? spans.get(d.name) : undefined;
    if (!span || span.end !== undefined) return;
    span.end = at();
    mark('-', d.name);
  });
  const first = machineTicks();
  return {
    report() {
      const end = at();
      const out = ["# schedule: each file's wall time (start -> end, seconds since the tests started), longest first"];
      const rows = [...spans].map(([file, s]) => ({ file, start: s.start, end: s.end ?? end }));
      for (const r of rows.sort((a, b) => b.end - b.start - (a.end - a.start)))
        out.push(
          `${(r.end - r.start).toFixed(1).padStart(7)} s  ${r.start.toFixed(1).padStart(6)} -> ${r.end.toFixed(1).padStart(6)}  ${bundles.has(r.file) ? `${short(r.file)}: ${bundles.get(r.file).join(' ')}` : r.file}`,
        );
      const ticks = machineTicks();
      const busy =
        ticks && first ? ` the machine's cores busy ${(((ticks.busy - first.busy) / (ticks.all - first.all)) * cores).toFixed(2)} of ${cores} on average;` : '';
      const sum = rows.reduce((a, r) => a + r.end - r.start, 0);
      out.push(
        `# ${rows.length} files in ${end.toFixed(1)} s;${busy} files running ${(sum / end).toFixed(2)} at a time on average (${SLOTS} slots and ${WAITING_SLOTS} for waiting files)`,
      );
      out.push('# timeline: +file started, -file ended');
      out.push(...lines);
      return `${out.map((l) => (l.startsWith('#') ? l : `# ${l}`)).join('\n')}\n`;
    },
  };
}
