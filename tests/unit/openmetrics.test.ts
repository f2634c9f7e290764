import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelValue } from '../../src/report/openmetrics.ts';

test("metric labels survive GitLab's parser (no space, no #) and stay one-to-one", () => {
  const names = ['parse #1', 'a b', 'a_b', 'a%20b', 'quote"back\\slash', 'new\nline', 'ünïcode', 'lone \ud800'];
  const labels = names.map(labelValue);
  for (const label of labels) assert.match(label, /^[A-Za-z0-9._~%-]+$/, label);
  assert.equal(new Set(labels).size, names.length, labels.join(' '));
  assert.equal(labelValue('parse #1'), 'parse%20%231');
  assert.equal(decodeURIComponent(labelValue('a b')), 'a b');
});
