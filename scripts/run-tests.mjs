// The test files of scripts/test.sh, run as `node --test --test-concurrency=2` runs them (TAP on
// stdout, exit 1 on a failure) but in the order below: `node --test` sorts its files by path, which
// started the longest container files late (a long tail on one core) and beside the files that hold
// the engine lock exclusively (tests/image/engine-lock.sh), waiting on them.
//   node --import tsx scripts/run-tests.mjs FILE...
//   node scripts/run-tests.mjs --list FILE...      prints the order only
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

/** Python's takes the engine lock exclusively: it runs beside the engine tests, which need none. */
const EXCLUSIVE_FIRST = ['tests/image/python.test.ts'];
/**
 * After the host files: the image stress test, which holds the lock alone, and image.test.ts (also
 * exclusive), then the longest files that share it; the rest after them.
 */
const CONTAINERS_FIRST = [
  'tests/image/stress.test.ts',
  'tests/image/image.test.ts',
  'tests/github/action.test.ts',
  'tests/runners/gitlab-ci-local.test.ts',
  'tests/runners/gitlab-ci-local-sharded.test.ts',
];
const CONTAINER_DIRS = ['tests/image/', 'tests/github/', 'tests/gitlab/', 'tests/security/', 'tests/runners/'];

const list = process.argv[2] === '--list';
const given = process.argv.slice(list ? 3 : 2);
const rest = given.filter((f) => !EXCLUSIVE_FIRST.includes(f) && !CONTAINERS_FIRST.includes(f));
const inContainers = (f) => CONTAINER_DIRS.some((d) => f.startsWith(d));
const unit = (f) => f.startsWith('tests/unit/');
const files = [
  ...EXCLUSIVE_FIRST.filter((f) => given.includes(f)),
  ...rest.filter((f) => !inContainers(f) && !unit(f)),
  ...CONTAINERS_FIRST.filter((f) => given.includes(f)),
  ...rest.filter(inContainers),
  // Short and lock-free: they fill the time the other file spends waiting, to the end.
  ...rest.filter(unit),
];
if (list) {
  console.log(files.join('\n'));
  process.exit(0);
}
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
