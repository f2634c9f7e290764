// The action measures in the image it names and records that image's id in every result: an engine
// that cannot tell the id (inspect failing, a timeout behind another job's lock) is the job's clear
// failure, never a run whose results say "digest: null" and then compare as "not comparable".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageId } from '../../src/container/client.ts';
import { CgBenchError } from '../../src/errors.ts';

const engine = (script: string) => ({ command: ['sh', '-c', script, 'engine'], runFlags: [] });

test('an image id the engine cannot give is a clear failure naming the image and what the engine said', () => {
  const failing = engine('echo "Error: cannot connect to the engine" >&2; exit 125');
  assert.throws(
    () => imageId(failing, 'ghcr.io/org/cg-bench:1'),
    (error: unknown) =>
      error instanceof CgBenchError && /image inspect ghcr\.io\/org\/cg-bench:1: no image id \(Error: cannot connect to the engine\)/.test(error.message),
  );
});

test('the id the engine gives is the sha256 content id', () => {
  assert.equal(imageId(engine('echo 0123abcd'), 'img'), 'sha256:0123abcd');
  assert.equal(imageId(engine('echo sha256:0123abcd'), 'img'), 'sha256:0123abcd');
});
