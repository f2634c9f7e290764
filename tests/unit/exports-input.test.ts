// The `exports` input of the action and the GitLab component: a list of formats for other tools;
// an unknown name is a clear error naming the input, before anything runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readInputs } from '../../src/github/inputs.ts';
import { readJob } from '../../src/gitlab/job.ts';
import { exportsOption } from '../../src/config/option-text.ts';

test('exports: commas or spaces, duplicates once, empty for none', () => {
  assert.deepEqual(exportsOption('input "exports"', undefined), []);
  assert.deepEqual(exportsOption('input "exports"', ' bmf, github-action-benchmark\nbmf '), ['bmf', 'github-action-benchmark']);
  assert.throws(() => exportsOption('input "exports"', 'bmf,csv'), {
    message: 'input "exports": "csv" is not an export format (write bmf, github-action-benchmark, or nothing)',
  });
});

test('the action reads them; an unknown format names the input', () => {
  const get = (exports: string) => (name: string) => (name === 'exports' ? exports : '');
  assert.deepEqual(readInputs(get('bmf')).exports, ['bmf']);
  assert.deepEqual(readInputs(get('')).exports, []);
  assert.throws(() => readInputs(get('json')), /input "exports": "json" is not an export format/);
});

test('the GitLab job reads them from CG_BENCH_EXPORTS', () => {
  const env = {
    CI_API_V4_URL: 'https://gitlab.example/api/v4',
    CI_PROJECT_ID: '1',
    CI_PROJECT_DIR: '/builds/p',
    CI_JOB_NAME: 'cg-bench',
    CI_COMMIT_SHA: 'a'.repeat(40),
    CI_DEFAULT_BRANCH: 'main',
  };
  assert.deepEqual(readJob({ ...env, CG_BENCH_EXPORTS: 'github-action-benchmark' }).exports, ['github-action-benchmark']);
  assert.deepEqual(readJob(env).exports, []);
  assert.throws(() => readJob({ ...env, CG_BENCH_EXPORTS: 'bmf xml' }), /input "exports" \(CG_BENCH_EXPORTS\): "xml" is not an export format/);
});
