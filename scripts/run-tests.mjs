// The test files of scripts/test.sh, run as `node --test --test-concurrency=2` runs them (TAP on
// stdout, exit 1 on a failure) but in the order below: `node --test` sorts its files by path, which
// started the longest container files late (a long tail on one core) and beside Python's (which holds
// the engine lock exclusively, tests/image/engine-lock.sh). Here Python's runs beside the host files,
// which need no lock, and the longest files that share the lock start first.
//   node --import tsx scripts/run-tests.mjs FILE...
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

/** Longest first within each group; paths as scripts/test.sh gives them. */
const EXCLUSIVE_FIRST = ['tests/image/python.test.ts'];
const CONTAINERS_FIRST = [
  'tests/image/image.test.ts',
  'tests/github/action.test.ts',
  'tests/runners/gitlab-ci-local.test.ts',
  'tests/runners/gitlab-ci-local-sharded.test.ts',
  'tests/image/stress.test.ts',
];
const CONTAINER_DIRS = ['tests/image/', 'tests/github/', 'tests/gitlab/', 'tests/security/', 'tests/runners/'];

const given = process.argv.slice(2);
const rest = given.filter((f) => !EXCLUSIVE_FIRST.includes(f) && !CONTAINERS_FIRST.includes(f));
const inContainers = (f) => CONTAINER_DIRS.some((d) => f.startsWith(d));
const files = [
  ...EXCLUSIVE_FIRST.filter((f) => given.includes(f)),
  ...rest.filter((f) => !inContainers(f)),
  ...CONTAINERS_FIRST.filter((f) => given.includes(f)),
  ...rest.filter(inContainers),
];

const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
