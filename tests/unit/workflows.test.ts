import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { CONTRACTS, ROOT } from '../helpers.ts';

const SCHEMAS = join(CONTRACTS, 'schemas');

function validator(schemaFile: string) {
  const schema = JSON.parse(readFileSync(join(SCHEMAS, schemaFile), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  return ajv.compile(schema);
}

/** Every workflow we ship or document, as files on disk. */
function workflowFiles(): string[] {
  const dirs = [join(ROOT, '.github', 'workflows'), join(ROOT, 'docs', 'workflows')];
  return dirs.flatMap((dir) => {
    try {
      return readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f));
    } catch {
      return [];
    }
  });
}

test('every workflow file is valid against the GitHub workflow schema', () => {
  const validate = validator('github-workflow.json');
  const files = workflowFiles();
  assert.ok(
    files.some((f) => f.endsWith('release.yml')),
    'the release workflow exists',
  );
  for (const file of files) {
    const valid = validate(parse(readFileSync(file, 'utf8')));
    assert.ok(valid, `${file}: ${JSON.stringify(validate.errors, null, 2)}`);
  }
});

test('the schema validation would catch a broken workflow', () => {
  const validate = validator('github-workflow.json');
  assert.equal(validate({ on: 'push', jobs: { x: { 'runs-on': 'ubuntu-latest', stepz: [] } } }), false);
});

test('the configuration schema accepts the bundled examples and is itself a valid draft-07 schema', () => {
  const ajv = new Ajv({ strict: false });
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'config.schema.json'), 'utf8')) as object;
  const validate = ajv.compile(schema);
  assert.ok(validate(parse(readFileSync(join(ROOT, 'examples', 'cg-bench.yml'), 'utf8'))), JSON.stringify(validate.errors));
});

test('action.yml is valid against the action metadata schema, and every input it declares is read', () => {
  const validate = validator('github-action.json');
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; runs: { using: string; main: string } };
  assert.ok(validate(action), JSON.stringify(validate.errors, null, 2));
  assert.equal(action.runs.using, 'node24');
  const source = readFileSync(join(ROOT, 'src', 'github', 'inputs.ts'), 'utf8');
  for (const name of Object.keys(action.inputs)) assert.match(source, new RegExp(`'${name}'`), `input ${name} is read by src/github/inputs.ts`);
  // The runner evaluates `${{ }}` only in defaults: in a description it refuses the whole action
  // (act: "expressions are not allowed here").
  for (const [name, input] of Object.entries({ ...action.inputs, ...(action as { outputs?: Record<string, unknown> }).outputs })) {
    assert.doesNotMatch(String((input as { description?: unknown }).description ?? ''), /\$\{\{/, `${name}'s description has an expression`);
  }
});

for (const template of ['gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
  test(`both documents of the GitLab component ${template} are valid against GitLab's CI schema, the jobs with the inputs' defaults`, () => {
    const validate = validator('gitlab-ci.json');
    const text = readFileSync(join(ROOT, 'templates', template), 'utf8');
    const docs = parseAllDocuments(text);
    assert.equal(docs.length, 2, 'spec header and the jobs');
    for (const doc of docs) assert.deepEqual(doc.errors, []);
    const spec = docs[0]!.toJS() as { spec: { inputs: Record<string, { default: unknown }> } };
    assert.ok(validate(spec), JSON.stringify(validate.errors, null, 2));
    // As GitLab interpolates: a typed input (a number) stays a number in the job.
    const body = text.split('\n---\n')[1]!.replace(/\$\[\[\s*inputs\.([a-z-]+)\s*\]\]/g, (_, name: string) => String(spec.spec.inputs[name]!.default));
    const jobs: unknown = parse(body);
    assert.ok(validate(jobs), JSON.stringify(validate.errors, null, 2));
    for (const input of ['stage', 'config', 'image', 'threshold', 'fail-on-regression', 'check-determinism', 'token-variable', 'job-name', 'note-environment'])
      assert.ok(input in spec.spec.inputs, input);
    assert.equal(validate({ job: { script: 'x', artifacts: { reports: { junit: 1 } }, stagez: 'x' } }), false, 'the schema does catch mistakes');
  });
}

for (const template of ['gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
  test(`a project including ${template} with jobs: 2 (a number, as people write it) is valid, and the jobs GitLab makes of it too`, () => {
    const validate = validator('gitlab-ci.json');
    const name = template.replace(/\.yml$/, '');
    const inputs = { jobs: 2, 'fail-on-regression': true, ...(name.endsWith('sharded') ? { parallel: 3 } : {}) };
    const project = { include: [{ component: `$CI_SERVER_FQDN/group/cg-bench/${name}@1.0.0`, inputs }] };
    assert.ok(validate(project), JSON.stringify(validate.errors, null, 2));
    const text = readFileSync(join(ROOT, 'templates', template), 'utf8');
    const spec = (parseAllDocuments(text)[0]!.toJS() as { spec: { inputs: Record<string, { type?: string; default: unknown }> } }).spec.inputs;
    // GitLab refuses an input whose value is not of the declared type: 2 is a number, not a string.
    for (const [input, value] of Object.entries(inputs)) assert.equal(spec[input]!.type ?? 'string', typeof value, `input ${input}`);
    const given: Record<string, unknown> = inputs;
    const body = text
      .split('\n---\n')[1]!
      .replace(/\$\[\[\s*inputs\.([a-z-]+)\s*\]\]/g, (_, input: string) => String(input in given ? given[input] : spec[input]!.default));
    const jobs = parse(body) as Record<string, { variables?: Record<string, unknown> }>;
    assert.ok(validate(jobs), JSON.stringify(validate.errors, null, 2));
    assert.ok(
      Object.values(jobs).some((job) => job.variables?.['CG_BENCH_JOBS'] === '2'),
      'CG_BENCH_JOBS is "2" in the measuring job',
    );
  });
}

test('check-determinism is declared by action.yml and both GitLab templates: boolean, off by default, passed to every measuring job', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default: unknown }> };
  assert.equal(action.inputs['check-determinism']?.default, 'false');
  for (const template of ['gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
    const text = readFileSync(join(ROOT, 'templates', template), 'utf8');
    const spec = (parseAllDocuments(text)[0]!.toJS() as { spec: { inputs: Record<string, { type?: string; default: unknown }> } }).spec.inputs;
    assert.deepEqual(spec['check-determinism'], { ...spec['check-determinism'], type: 'boolean', default: false }, template);
    const jobs = parse(text.split('\n---\n')[1]!) as Record<string, { variables?: Record<string, unknown> }>;
    const measuring = Object.values(jobs).filter((job) => job.variables?.['CG_BENCH_MODE'] === 'measure');
    assert.ok(measuring.length > 0, template);
    for (const job of measuring) assert.equal(job.variables?.['CG_BENCH_CHECK_DETERMINISM'], '$[[ inputs.check-determinism ]]', template);
  }
});

test("the project's own GitHub workflow: the README's test command, and the action from the checkout on examples/", () => {
  const ci = parse(readFileSync(join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
  };
  assert.ok(
    ci.jobs['test']!.steps.some((s) => s.run === 'bash .ci/run'),
    'the test job runs .ci/run',
  );
  const action = ci.jobs['dogfood']!.steps.find((s) => s.uses === './');
  assert.equal(action?.with?.['working-directory'], 'examples');
  assert.equal(
    readFileSync(join(ROOT, '.ci', 'run'), 'utf8').match(/^exec bash scripts\/test\.sh$/m)?.[0],
    'exec bash scripts/test.sh',
    '.ci/run is the README command',
  );
});

test("the project's own .gitlab-ci.yml is valid against GitLab's CI schema, and so are the jobs its include of the component makes", () => {
  const validate = validator('gitlab-ci.json');
  const project = parse(readFileSync(join(ROOT, '.gitlab-ci.yml'), 'utf8')) as {
    include: { local: string; inputs: Record<string, unknown> }[];
    test: { script: string[] };
  };
  assert.ok(validate(project), JSON.stringify(validate.errors, null, 2));
  assert.deepEqual(project.test.script, ['bash .ci/run']);
  const include = project.include.find((i) => i.local === 'templates/gitlab-ci.yml');
  assert.ok(include, 'the component is included from the checkout');
  assert.equal(include.inputs['working-directory'], 'examples');
  const text = readFileSync(join(ROOT, include.local), 'utf8');
  const spec = (parseAllDocuments(text)[0]!.toJS() as { spec: { inputs: Record<string, { type?: string; default: unknown }> } }).spec.inputs;
  // GitLab refuses an input the spec does not declare, or of another type.
  for (const [input, value] of Object.entries(include.inputs)) assert.equal(spec[input]?.type ?? 'string', typeof value, `input ${input}`);
  const given = include.inputs;
  const body = text
    .split('\n---\n')[1]!
    .replace(/\$\[\[\s*inputs\.([a-z-]+)\s*\]\]/g, (_, input: string) => String(input in given ? given[input] : spec[input]!.default));
  const jobs = parse(body) as Record<string, { stage?: string }>;
  assert.ok(validate(jobs), JSON.stringify(validate.errors, null, 2));
  const stages = (project as unknown as { stages: string[] }).stages;
  for (const [name, job] of Object.entries(jobs)) assert.ok(stages.includes(job.stage ?? 'test'), `${name}'s stage is one of the project's`);
});

test('every YAML block of README.md and docs/ parses as one document with unique keys, as copied (a new user, r14: two includes in one block)', () => {
  let blocks = 0;
  for (const file of [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [i, block] of [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((m) => m[1]!).entries()) {
      assert.doesNotThrow(() => parse(block, { uniqueKeys: true }), `${file}: YAML block ${i + 1}`);
      blocks++;
    }
  }
  // Some blocks were read: a changed fence would otherwise leave nothing checked.
  assert.ok(blocks > 0, 'no YAML block found');
});
