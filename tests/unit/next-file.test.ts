// scripts/next-file.mjs: which test file scripts/run-tests.mjs starts when a slot frees, from the files
// then running (a fixed order, decided before the run, put host files beside the exclusive image test
// when a loaded machine made the durations wrong).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { takeNext } from '../../scripts/next-file.mjs';

const EXCLUSIVE = 'image/image';
const container = (f: string) => f.startsWith('image/') || f.startsWith('runners/');
const unit = (f: string) => f.startsWith('unit/');
const waits = (f: string, other: string) =>
  (container(f) && container(other) && (f === EXCLUSIVE || other === EXCLUSIVE)) || (f === EXCLUSIVE && !unit(other)) || (other === EXCLUSIVE && !unit(f));
const rules = (built = true) => ({
  slots: 2,
  waiting: (f: string) => f.startsWith('runners/'),
  exclusive: (f: string) => f === EXCLUSIVE,
  waits,
  ready: (f: string) => !container(f) || built,
  unit,
});

test('a host file that ran longer than planned: the exclusive file next in line waits for it, no host file takes its place, a unit file goes meanwhile', () => {
  const left = [EXCLUSIVE, 'engine/b', 'unit/u'];
  // The planned order would have started the exclusive file here, beside engine/a.
  assert.equal(takeNext(left, ['engine/a'], rules()), 'unit/u');
  assert.deepEqual(left, [EXCLUSIVE, 'engine/b']);
  assert.equal(takeNext(left, ['engine/a', 'unit/u'], rules()), undefined, 'engine/b is behind the exclusive file');
  // engine/a ended: the exclusive file starts, then only unit files beside it.
  assert.equal(takeNext(left, ['unit/u'], rules()), EXCLUSIVE);
  assert.equal(takeNext(left, [EXCLUSIVE], rules()), undefined);
  assert.equal(takeNext(left, [], rules()), 'engine/b');
});

test('never a host or container file beside the exclusive file; unit files are kept for beside it', () => {
  const left = ['engine/a', 'runners/r', 'unit/u'];
  assert.equal(takeNext(left, [EXCLUSIVE], rules()), 'unit/u');
  assert.equal(takeNext(left, [EXCLUSIVE], rules()), undefined);
  // Before the exclusive file, a unit file waits for it while other files can go.
  const before = ['engine/a', EXCLUSIVE, 'unit/u'];
  assert.equal(takeNext(before, [], rules()), 'engine/a');
  assert.equal(takeNext(before, ['engine/a'], rules()), 'unit/u', 'nothing else can start: the unit file goes rather than an idle slot');
});

test('with two of the other files running, only a waiting file (a runner) starts; none left, any', () => {
  assert.equal(takeNext(['engine/c', 'runners/r'], ['engine/a', 'engine/b'], rules()), 'runners/r');
  assert.equal(takeNext(['engine/c'], ['engine/a', 'engine/b'], rules()), 'engine/c');
  assert.equal(takeNext(['engine/c', 'runners/r'], ['engine/a'], rules()), 'engine/c');
});

test('a waiting file that cannot start beside the running files (exclusive) keeps no slot free for itself', () => {
  // As in a CI run: the last runner file held the engine alone, and the waiting slot stood empty 350 s.
  const exclusiveRunner = {
    ...rules(),
    exclusive: (f: string) => f === 'runners/x',
    waits: (f: string, o: string) => (f === 'runners/x' ? !unit(o) : o === 'runners/x' && !unit(f)),
  };
  assert.equal(takeNext(['engine/c', 'runners/x'], ['engine/a', 'engine/b'], exclusiveRunner), 'engine/c');
  // One that could start still has the slot kept for it, though a longer file comes first.
  assert.equal(takeNext(['engine/c', 'runners/r'], ['engine/a', 'engine/b'], exclusiveRunner), 'runners/r');
  // One held behind the exclusive runner (kept in its place: it would wait on it) keeps no slot either.
  assert.equal(takeNext(['engine/c', 'runners/x', 'runners/y'], ['engine/a', 'engine/b'], exclusiveRunner), 'engine/c');
});

test('before the image is built, a host file goes first; with none left, a container file starts (it waits for the build)', () => {
  const left = ['image/x', 'engine/a'];
  assert.equal(takeNext(left, [], rules(false)), 'engine/a');
  assert.equal(takeNext(left, ['engine/a'], rules(false)), 'image/x');
});
