// cg-bench (root) starts each benchmark in its working directory before the code's uid is taken.
// A setup command could swap that directory for a link: entering it by path, root followed the link
// anywhere root may go, and the code (uid 65534) worked in a directory it could not reach itself.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, project, readJson, tempDir } from '../helpers.ts';

test('a benchmark whose working directory a setup command swapped for a link is not started there, and the message is the same whatever the link leads to (a directory, a file, nothing, a link in a root-only directory)', {
  skip: process.getuid?.() !== 0 && 'needs root to run the code as another uid',
}, async (t) => {
  // A directory only root may search (mkdtemp's), holding one every uid may read, a file, and a link out.
  const hidden = tempDir('cg-bench-hidden-');
  mkdirSync(join(hidden, 'inner'), { mode: 0o755 });
  writeFileSync(join(hidden, 'inner', 'secret'), 'SECRET-4711\n', { mode: 0o644 });
  writeFileSync(join(hidden, 'key'), 'k\n', { mode: 0o600 });
  symlinkSync('/root', join(hidden, 'lnk'));
  const targets = { w: 'inner', x: 'key', y: 'nothere', z: 'lnk' };
  const config = [
    'setup:',
    ...Object.entries(targets).map(([name, target]) => `  - rmdir ${name} && ln -s ${join(hidden, target)} ${name}`),
    'benchmarks:',
    ...Object.keys(targets).flatMap((name) => [`  - name: peek-${name}`, `    cwd: ${name}`, '    run: [/bin/sh, -c, "cat secret"]']),
    '',
  ].join('\n');
  const dir = project(config);
  chmodSync(dir, 0o755);
  chownSync(dir, 65534, 65534);
  for (const name of Object.keys(targets)) {
    mkdirSync(join(dir, name));
    chownSync(join(dir, name), 65534, 65534);
  }
  const out = join(tempDir(), 'out');
  t.after(() => {
    for (const path of [hidden, dir, join(out, '..')]) rmSync(path, { recursive: true, force: true });
  });
  const r = await cli(['run', '--out', out], { cwd: dir, env: { CG_BENCH_RUN_AS: '65534:65534' } });
  const logs = Object.keys(targets)
    .flatMap((name) => ['stdout.log', 'stderr.log'].map((log) => join(out, 'benchmarks', `0${Object.keys(targets).indexOf(name) + 1}-peek-${name}`, log)))
    .map((file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })
    .join('');
  // Before: the benchmark printed SECRET-4711 and was measured.
  assert.doesNotMatch(logs, /SECRET-4711/);
  assert.notEqual(r.code, 0, r.stdout + r.stderr);
  const results = readJson(join(out, 'results.json'));
  // Before (attack r13): "now leads to <hidden>/inner", "ENOTDIR", "ENOENT", "now leads to /root".
  const messages = results.benchmarks.map((b) => (b.message ?? '').replace(join(dir, b.name.slice('peek-'.length)), 'CWD'));
  assert.equal(new Set(messages).size, 1, messages.join('\n'));
  assert.match(messages[0]!, /cannot enter the working directory CWD: it is no longer the directory the configuration named/);
  // (The setup commands name the links' targets themselves: the lines about the directories must not.)
  const said = [...messages, ...`${r.stdout}\n${r.stderr}`.split('\n').filter((line) => /working directory/.test(line))];
  for (const line of said) {
    assert.doesNotMatch(line, new RegExp(hidden.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'where a link leads is never said');
    assert.doesNotMatch(line, /ENOTDIR|ENOENT|\/root\b|leads to/);
  }
});
