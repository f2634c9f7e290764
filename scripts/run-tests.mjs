// The test files of scripts/test.sh, run as `node --test --test-concurrency=2` runs them (TAP on
// stdout, exit 1 on a failure) but in the order below: `node --test` sorts its files by path, which
// started the container files late (a long tail on one core, every container test waiting on the
// engine lock of the one before) and beside the files that hold the engine lock exclusively
// (tests/image/engine-lock.sh), waiting on them.
//   node --import tsx scripts/run-tests.mjs FILE...
//   node scripts/run-tests.mjs --list FILE...      prints the order only, with the expected schedule
//
// Two lanes: the files that start containers (one lane: they share the engine, and one of them holds
// it alone) and the files that run on the host (the other lane). The order is that of a simulated
// run with two slots taking the next file as one frees: beside a container file goes a host file, so
// no slot waits on the engine lock while there is host work, and the longest files go first so the
// end is made of short ones. The seconds below are rough (a CI run on a fresh 2-core machine); a file
// not named counts as SHORT (a unit file as 1 s). They only order the files: nothing is timed.
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

const SECONDS = {
  'tests/image/python.test.ts': 300,
  'tests/github/action.test.ts': 120,
  'tests/image/image.test.ts': 80,
  'tests/image/stress.test.ts': 60,
  'tests/gitlab/component.test.ts': 60,
  'tests/image/derived-image.test.ts': 45,
  'tests/runners/act.test.ts': 35,
  'tests/security/attacker.test.ts': 35,
  'tests/runners/gitlab-ci-local.test.ts': 28,
  'tests/runners/dogfood-act.test.ts': 27,
  'tests/runners/dogfood-gitlab-ci-local.test.ts': 25,
  'tests/runners/gitlab-ci-local-sharded.test.ts': 20,
  'tests/engine/sealed.test.ts': 90,
  'tests/bench/smoke.test.ts': 80,
  'tests/engine/acceptance.test.ts': 67,
  'tests/engine/stress.test.ts': 60,
  'tests/engine/bisect.test.ts': 48,
  'tests/engine/readme.test.ts': 47,
  'tests/engine/seal.test.ts': 34,
  'tests/engine/swapped-benchmark-dir.test.ts': 33,
  'tests/engine/executables.test.ts': 32,
  'tests/engine/runner.test.ts': 31,
  'tests/engine/bad-input-classes.test.ts': 30,
};
const SHORT = 5;
/**
 * These hold the engine lock exclusively: a container file beside them would only wait. (The
 * Python and stress files held it too, for 650 s of a 1,097 s run: the first now measures what it
 * compares in one container, the second compares only runs with the same device numbers.)
 */
const EXCLUSIVE = new Set(['tests/image/image.test.ts']);
const CONTAINER_DIRS = ['tests/image/', 'tests/github/', 'tests/gitlab/', 'tests/security/', 'tests/runners/'];

const list = process.argv[2] === '--list';
const given = process.argv.slice(list ? 3 : 2);
const seconds = (f) => SECONDS[f] ?? (f.startsWith('tests/unit/') ? 1 : SHORT);
const inContainers = (f) => CONTAINER_DIRS.some((d) => f.startsWith(d));
const longestFirst = (a, b) => seconds(b) - seconds(a) || a.localeCompare(b);
// Unit files last among the host files: short and lock-free, they fill the end.
const unit = (f) => f.startsWith('tests/unit/');
const containers = given.filter(inContainers).sort(longestFirst);
const host = [...given.filter((f) => !inContainers(f) && !unit(f)).sort(longestFirst), ...given.filter(unit)];

/** The simulated run: two slots, each taking the next file when it frees; returns the order taken. */
function schedule() {
  const order = [];
  const slots = [
    { file: undefined, until: 0 },
    { file: undefined, until: 0 },
  ];
  const log = [];
  while (containers.length || host.length) {
    const slot = slots[0].until <= slots[1].until ? slots[0] : slots[1];
    const other = slot === slots[0] ? slots[1] : slots[0];
    const otherRunning = other.file !== undefined && other.until > slot.until;
    // Beside a container file, a host file; beside a host file (or nothing), a container file.
    const wantHost = otherRunning && inContainers(other.file);
    const file = wantHost ? (host.shift() ?? containers.shift()) : (containers.shift() ?? host.shift());
    // A container file beside an exclusive one waits for it: start it when that one ends.
    const start = otherRunning && inContainers(file) && (EXCLUSIVE.has(other.file) || EXCLUSIVE.has(file)) ? other.until : slot.until;
    slot.file = file;
    slot.until = start + seconds(file);
    order.push(file);
    log.push(`${String(Math.round(start)).padStart(5)} s  ${file}`);
  }
  log.push(`${String(Math.round(Math.max(slots[0].until, slots[1].until))).padStart(5)} s  end (rough)`);
  return { order, log };
}

const { order: files, log } = schedule();
if (list) {
  console.log(log.join('\n'));
  process.exit(0);
}
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
