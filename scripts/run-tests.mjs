// The test files of scripts/test.sh, run as `node --test --test-concurrency=2` runs them (TAP on
// stdout, exit 1 on a failure) but in the order below: `node --test` sorts its files by path, which
// started the container files late (a long tail on one core, every container test waiting on the
// engine lock of the one before) and beside the files that hold the engine lock exclusively
// (tests/image/engine-lock.sh), waiting on them.
//   node --import tsx scripts/run-tests.mjs FILE...
//   node scripts/run-tests.mjs --list FILE...      prints the order only, with the expected schedule
//
// The order is that of a simulated run with two slots taking the next file as one frees: the longest
// first, so the end is made of short ones, but never a file that would wait on the engine lock: beside
// a file that holds it exclusively goes a host file, and an exclusive file goes beside a host file.
// (Container files used to have a lane of their own, beside the host files, when three of them held
// the engine alone: that lane, 1,000 s of files, then made the run.) The seconds below are rough (a CI run on a fresh 2-core machine, 1,097 s,
// less what a file has saved since, estimated); a file not named counts as SHORT (a unit file as 1 s).
// They only order the files: nothing is timed.
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

const SECONDS = {
  'tests/image/python.test.ts': 300,
  'tests/github/action.test.ts': 100,
  'tests/image/stress.test.ts': 120,
  'tests/image/image.test.ts': 80,
  'tests/image/tools.test.ts': 230,
  'tests/gitlab/component.test.ts': 60,
  'tests/runners/gitlab-ci-local.test.ts': 66,
  'tests/image/derived-image.test.ts': 45,
  'tests/runners/act.test.ts': 25,
  'tests/security/attacker.test.ts': 35,
  'tests/runners/dogfood-act.test.ts': 25,
  'tests/runners/dogfood-gitlab-ci-local.test.ts': 34,
  'tests/runners/gitlab-ci-local-sharded.test.ts': 27,
  'tests/engine/sealed.test.ts': 90,
  'tests/bench/smoke.test.ts': 80,
  'tests/engine/acceptance.test.ts': 67,
  'tests/engine/stress.test.ts': 134,
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
const EXCLUSIVE = new Set(['tests/image/image.test.ts', 'tests/runners/dogfood-act.test.ts']);
const CONTAINER_DIRS = ['tests/image/', 'tests/github/', 'tests/gitlab/', 'tests/security/', 'tests/runners/'];

const list = process.argv[2] === '--list';
const given = process.argv.slice(list ? 3 : 2);
const seconds = (f) => SECONDS[f] ?? (f.startsWith('tests/unit/') ? 1 : SHORT);
const inContainers = (f) => CONTAINER_DIRS.some((d) => f.startsWith(d));
const longestFirst = (a, b) => seconds(b) - seconds(a) || a.localeCompare(b);
// Unit files last: short and lock-free, they fill the end.
const unit = (f) => f.startsWith('tests/unit/');
const pending = [...given.filter((f) => !unit(f)).sort(longestFirst), ...given.filter(unit)];
/** Whether `file` would wait on the engine lock while `other` runs. */
const waits = (file, other) => inContainers(file) && inContainers(other) && (EXCLUSIVE.has(file) || EXCLUSIVE.has(other));

/** The simulated run: two slots, each taking the next file when it frees; returns the order taken. */
function schedule() {
  const order = [];
  const slots = [
    { file: undefined, until: 0 },
    { file: undefined, until: 0 },
  ];
  const log = [];
  while (pending.length) {
    const slot = slots[0].until <= slots[1].until ? slots[0] : slots[1];
    const other = slot === slots[0] ? slots[1] : slots[0];
    const otherRunning = other.file !== undefined && other.until > slot.until;
    // The longest that would not wait; if every one would, the longest, started when the other ends.
    const i = otherRunning ? pending.findIndex((f) => !waits(f, other.file)) : 0;
    const file = pending.splice(i === -1 ? 0 : i, 1)[0];
    const start = otherRunning && waits(file, other.file) ? other.until : slot.until;
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
