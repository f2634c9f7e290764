// One reader per kind of option value (issue 25.9): the CLI, the action and the GitLab component
// refuse the same bad value with the same words, naming the flag or input as its user wrote it.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { format, positiveInt, threshold } from '../../src/cli/options.ts';
import { CgBenchError } from '../../src/errors.ts';
import { readInputs } from '../../src/github/inputs.ts';
import { readJob } from '../../src/gitlab/job.ts';
import { ROOT, tempDir } from '../helpers.ts';

const GITLAB = {
  CI_API_V4_URL: 'https://gitlab.example/api/v4',
  CI_PROJECT_ID: '1',
  CI_PROJECT_DIR: '/builds/p',
  CI_JOB_NAME: 'cg-bench',
  CI_COMMIT_SHA: 'a'.repeat(40),
  CI_DEFAULT_BRANCH: 'main',
};

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    assert.ok(error instanceof CgBenchError, String(error));
    return error.message;
  }
  assert.fail('accepted');
}

const action = (name: string, value: string) => () => readInputs((n) => (n === name ? value : ''));
const gitlab = (variable: string, value: string) => () => readJob({ ...GITLAB, [variable]: value });

const CASES = [
  {
    option: 'threshold',
    bad: '5 percent',
    what: 'is not a percentage (write 1% or 0.5%)',
    cli: (v: string) => () => threshold(v),
    variable: 'CG_BENCH_THRESHOLD',
  },
  {
    option: 'jobs',
    bad: '2.5',
    what: 'must be a whole number from 1 to 1024, in digits',
    cli: (v: string) => () => positiveInt('jobs', v, 1),
    variable: 'CG_BENCH_JOBS',
  },
  {
    option: 'jobs',
    bad: '1e3',
    what: 'must be a whole number from 1 to 1024, in digits',
    cli: (v: string) => () => positiveInt('jobs', v, 1),
    variable: 'CG_BENCH_JOBS',
  },
  {
    option: 'exports',
    bad: 'csv',
    what: 'is not an export format (write bmf, github-action-benchmark, or nothing)',
    cli: undefined,
    variable: 'CG_BENCH_EXPORTS',
  },
  { option: 'fail-on-regression', bad: 'maybe', what: 'is not true or false', cli: undefined, variable: 'CG_BENCH_FAIL_ON_REGRESSION' },
  { option: 'check-determinism', bad: 'twice', what: 'is not true or false', cli: undefined, variable: 'CG_BENCH_CHECK_DETERMINISM' },
  { option: 'call-tree', bad: 'yes please', what: 'is not true or false', cli: undefined, variable: 'CG_BENCH_CALL_TREE' },
];

for (const c of CASES) {
  test(`${c.option} ${JSON.stringify(c.bad)}: one message through each entry, naming the flag or input`, () => {
    const tail = `: ${JSON.stringify(c.bad)} ${c.what}`;
    if (c.cli) assert.equal(messageOf(c.cli(c.bad)), `--${c.option}${tail}`);
    assert.equal(messageOf(action(c.option, c.bad)), `input "${c.option}"${tail}`);
    assert.equal(messageOf(gitlab(c.variable, c.bad)), `input "${c.option}" (${c.variable})${tail}`);
  });
}

test("--format takes exactly the registry's formats", () => {
  assert.equal(format(undefined), 'terminal');
  assert.equal(format('github-action-benchmark'), 'github-action-benchmark');
  assert.equal(
    messageOf(() => format('xml')),
    '--format: "xml" is not one of terminal, markdown, json, junit, openmetrics, bmf, github-action-benchmark',
  );
});

test('unset inputs take their defaults; blank is unset for the action and the component, not for the CLI', () => {
  const inputs = readInputs(() => ' ');
  assert.deepEqual(
    [inputs.thresholdPercent, inputs.jobs, inputs.exports, inputs.failOnRegression, inputs.history, inputs.checkDeterminism],
    [undefined, 1, [], false, 30, false],
  );
  const job = readJob({ ...GITLAB, CG_BENCH_THRESHOLD: '', CG_BENCH_JOBS: '', CG_BENCH_EXPORTS: '', CG_BENCH_CHECK_DETERMINISM: '' });
  assert.deepEqual([job.thresholdPercent, job.jobs, job.exports, job.failOnRegression, job.checkDeterminism], [undefined, 1, [], false, false]);
  assert.equal(readInputs((n) => (n === 'check-determinism' ? 'true' : '')).checkDeterminism, true);
  // As GitLab passes a boolean input into the template's variable: the text "true".
  assert.equal(readJob({ ...GITLAB, CG_BENCH_CHECK_DETERMINISM: 'true' }).checkDeterminism, true);
  assert.deepEqual([inputs.callTree, job.callTree], [false, false]);
  assert.deepEqual([readInputs((n) => (n === 'call-tree' ? 'true' : '')).callTree, readJob({ ...GITLAB, CG_BENCH_CALL_TREE: 'true' }).callTree], [true, true]);
  assert.equal(threshold(undefined), undefined);
  assert.equal(
    messageOf(() => threshold('')),
    '--threshold: "" is not a percentage (write 1% or 0.5%)',
  );
});

test("values that read: percent with or without %, counts in digits, the action's history from 0", () => {
  assert.equal(threshold('0.5 %'), 0.5);
  assert.equal(readInputs((n) => (n === 'threshold' ? '2' : '')).thresholdPercent, 2);
  assert.equal(readJob({ ...GITLAB, CG_BENCH_JOBS: ' 4 ' }).jobs, 4);
  assert.equal(readInputs((n) => (n === 'history' ? '0' : '')).history, 0);
  assert.equal(messageOf(action('history', '201')), 'input "history": "201" must be a whole number from 0 to 200, in digits (0 keeps no history)');
  assert.equal(
    messageOf(action('shard', '3/2')),
    'input "shard": "3/2" must be I/N, this machine\'s part I of N parts, in digits with 1 ≤ I ≤ N ≤ 1024 (e.g. 2/3)',
  );
});

test('the variable a GitLab message names is the one the templates pass the input in', () => {
  for (const template of ['gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
    const text = readFileSync(join(ROOT, 'templates', template), 'utf8');
    for (const c of CASES) assert.ok(text.includes(`${c.variable}: "$[[ inputs.${c.option} ]]"`), `${template}: ${c.variable}`);
  }
});

test('a CI_PROJECT_DIR that is a link is resolved once, at the entry, to the checkout it leads to (review r13: the copy to the workspace stopped with exit 70)', () => {
  const dir = tempDir('cg-bench-project-link-');
  mkdirSync(join(dir, 'real'));
  symlinkSync(join(dir, 'real'), join(dir, 'link'));
  assert.equal(readJob({ ...GITLAB, CI_PROJECT_DIR: join(dir, 'link') }).projectDir, join(dir, 'real'));
  assert.equal(readJob({ ...GITLAB, CI_PROJECT_DIR: join(dir, 'missing') }).projectDir, join(dir, 'missing'), 'as given where nothing is there');
});
