// Image names: removing one name leaves the image's others (a second suite's image shares its content,
// and so its image, with this one's), and a suite's own names go back to the shared ones at its end
// (tests/image/suite-images.sh) without touching any other name. On a tiny image made here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, tempDir } from '../helpers.ts';
import { BARE_ENGINE, BUILD_FLAGS, engine, removeName } from './container.ts';

const REPO = `localhost/cg-bench-names-test-${process.pid}`;
const names = () =>
  engine(['images', '--format', '{{.Repository}}:{{.Tag}}', '--filter', `reference=${REPO}`])
    .stdout.split('\n')
    .filter(Boolean)
    .sort();

describe('image names', { timeout: 5 * 60_000 }, () => {
  let id = '';
  const context = tempDir('cg-bench-names-');
  before(() => {
    writeFileSync(join(context, 'names'), `${process.pid}\n`);
    writeFileSync(join(context, 'Containerfile'), 'FROM scratch\nCOPY names /names\n');
    const built = engine(['build', ...BUILD_FLAGS, '-q', '-t', `${REPO}:one`, context]);
    assert.equal(built.status, 0, built.stderr);
    id = built.stdout.trim().split('\n').pop()!;
  });
  after(() => {
    if (id) engine(['rmi', '-f', id]);
    rmSync(context, { recursive: true, force: true });
  });

  test("removeName removes that name only: the image's other names stay", () => {
    assert.equal(engine(['tag', id, `${REPO}:two`]).status, 0);
    const removed = removeName(`${REPO}:two`);
    assert.equal(removed.status, 0, removed.stderr);
    assert.deepEqual(names(), [`${REPO}:one`]);
  });

  test("suite-images.sh renames the suite's names to the shared ones and leaves every other name", () => {
    for (const tag of ['test-suite-Ab1', 'test-suite-Ab1-examples', 'test-suite-Ab12', 'test-other'])
      assert.equal(engine(['tag', id, `${REPO}:${tag}`]).status, 0);
    const r = spawnSync('bash', [join(ROOT, 'tests', 'image', 'suite-images.sh'), `${REPO}:test-suite-Ab1`, `${REPO}:test`], {
      encoding: 'utf8',
      env: { ...process.env, CG_BENCH_TEST_ENGINE: BARE_ENGINE.join(' ') },
    });
    assert.equal(r.status, 0, r.stderr);
    // test-suite-Ab12 only starts like the suite's name: another suite's.
    assert.deepEqual(names(), [`${REPO}:one`, `${REPO}:test`, `${REPO}:test-examples`, `${REPO}:test-other`, `${REPO}:test-suite-Ab12`].sort());
  });

  test('suite-images.sh removes the image a shared name held before once nothing names it, and keeps one still named', (t) => {
    // An older suite's images under the shared names: one named only so, one named elsewhere too.
    const older = (content: string, ...tags: string[]) => {
      writeFileSync(join(context, 'names'), `${process.pid} ${content}\n`);
      const built = engine(['build', ...BUILD_FLAGS, '-q', ...tags.flatMap((tag) => ['-t', `${REPO}:${tag}`]), context]);
      assert.equal(built.status, 0, built.stderr);
      return built.stdout.trim().split('\n').pop()!;
    };
    const nameless = older('older', 'shared');
    const kept = older('older-kept', 'shared-examples', 'elsewhere');
    t.after(() => {
      for (const image of [nameless, kept]) engine(['rmi', '-f', image]);
    });
    for (const tag of ['suite-Cd2', 'suite-Cd2-examples']) assert.equal(engine(['tag', id, `${REPO}:${tag}`]).status, 0);
    const r = spawnSync('bash', [join(ROOT, 'tests', 'image', 'suite-images.sh'), `${REPO}:suite-Cd2`, `${REPO}:shared`], {
      encoding: 'utf8',
      env: { ...process.env, CG_BENCH_TEST_ENGINE: BARE_ENGINE.join(' ') },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.notEqual(engine(['image', 'inspect', nameless]).status, 0, 'the image no name holds any more is removed');
    assert.equal(engine(['image', 'inspect', kept]).status, 0, 'an image still named elsewhere stays');
    for (const tag of ['shared', 'shared-examples']) assert.equal(engine(['image', 'inspect', '--format', '{{.Id}}', `${REPO}:${tag}`]).stdout.trim(), id);
  });
});
