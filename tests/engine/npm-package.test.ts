// A user's install (issue 25): the npm package made from this repository installs the CLI in a
// project of its own, with nothing else (the bundle carries its dependencies: no registry needed),
// and `cg-bench run` measures a one-benchmark configuration on the host's Valgrind.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileC, readJson, ROOT, tempDir } from '../helpers.ts';

function npm(cwd: string, args: string[]): SpawnSyncReturns<string> {
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8' });
  assert.equal(r.status, 0, `npm ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

test('npm pack, install the tarball in an empty project (offline), and cg-bench run measures its benchmark', () => {
  const packs = tempDir('cg-bench-pack-');
  const user = tempDir('cg-bench-user-');
  try {
    const packed = JSON.parse(npm(ROOT, ['pack', '--ignore-scripts', '--json', '--pack-destination', packs]).stdout) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed[0]!.files.map((f) => f.path);
    assert.ok(
      ['dist/cli.js', 'dist/cli.cjs', 'dist/code-cache.js', 'dist/ajv.cjs', 'python/cg_bench/_bytecode.py'].every((f) => files.includes(f)),
      files.join(', '),
    );
    assert.deepEqual(
      files.filter((f) => /^(src|tests|examples|node_modules)\//.test(f) || f === 'dist/action.js'),
      [],
    );

    writeFileSync(join(user, 'package.json'), JSON.stringify({ name: 'a-user-project', version: '1.0.0', private: true }));
    npm(user, ['install', '--offline', '--ignore-scripts', join(packs, packed[0]!.filename)]);
    assert.deepEqual(
      readdirSync(join(user, 'node_modules')).filter((d) => !d.startsWith('.')),
      ['cg-bench'],
    );

    compileC(user, 'work', 'int main(void) { volatile unsigned s = 0; for (unsigned i = 0; i < 100000; i++) s += i; return 0; }\n');
    writeFileSync(join(user, 'cg-bench.yml'), 'benchmarks:\n  - name: loop\n    run: [./work]\n');
    const run = spawnSync(join(user, 'node_modules', '.bin', 'cg-bench'), ['run'], { cwd: user, encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.ok(existsSync(join(user, '.cg-bench', 'results.json')));
    const [bench] = readJson(join(user, '.cg-bench', 'results.json')).benchmarks;
    assert.equal(bench?.name, 'loop');
    assert.equal(bench?.status, 'ok');
    assert.ok((bench?.estimatedCycles ?? 0) > 100000, JSON.stringify(bench));
  } finally {
    rmSync(packs, { recursive: true, force: true });
    rmSync(user, { recursive: true, force: true });
  }
});
