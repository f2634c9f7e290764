// `setup-network: true`: setup commands reach the network, benchmarks still do not. Real runs on the
// host: a TCP server on the host's loopback, which a network namespace of one's own cannot reach.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config/load.ts';
import { ExitCode } from '../../src/errors.ts';
import { cli, project, readJson, tempDir } from '../helpers.ts';

const server = createServer((socket) => socket.end());
let port = 0;
const outputs = tempDir('cg-bench-setup-network-');
const projects: string[] = [];

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => {
  server.close();
  for (const dir of [outputs, ...projects]) rmSync(dir, { recursive: true, force: true });
});

/** Runs a project whose setup writes whether it reached the server, and whose benchmark fails if it does. */
async function run(name: string, switches: string): Promise<{ setup: string; benchmark: string }> {
  const connect = `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null`;
  const dir = project(
    `${switches}
setup:
  - [bash, -c, "if ${connect}; then echo reached; else echo unreachable; fi > setup-reached.txt"]
benchmarks:
  - name: reach
    run: [bash, -c, "if ${connect}; then exit 1; fi"]
`,
  );
  projects.push(dir);
  const out = join(outputs, name);
  const r = await cli(['run', '--out', out], { cwd: dir });
  assert.ok(r.code === 0 || r.code === ExitCode.benchmarkFailed, `${name}: exit ${r.code}\n${r.stderr}`);
  return { setup: readFileSync(join(dir, 'setup-reached.txt'), 'utf8').trim(), benchmark: readJson(join(out, 'results.json')).benchmarks[0]!.status };
}

test('setup-network: true lets setup commands reach the network and keeps benchmarks from it', async () => {
  assert.deepEqual(await run('setup-network', 'setup-network: true'), { setup: 'reached', benchmark: 'ok' });
});

test('by default neither setup commands nor benchmarks reach the network', async () => {
  assert.deepEqual(await run('default', ''), { setup: 'unreachable', benchmark: 'ok' });
  assert.deepEqual(await run('setup-network-false', 'setup-network: false'), { setup: 'unreachable', benchmark: 'ok' });
});

test('network: true keeps its meaning: both reach it (the benchmark fails here by design)', async () => {
  assert.deepEqual((await run('network', 'network: true')).setup, 'reached');
  const both = await run('network-and-setup', 'network: true\nsetup-network: true');
  assert.equal(both.setup, 'reached');
  assert.notEqual(both.benchmark, 'ok');
});

test("setup-network is read, defaults to false, requires the benchmarks' network namespace, and is checked", () => {
  const load = (text: string) => {
    const dir = project(`${text}\nbenchmarks:\n  - name: b\n    run: "true"\n`);
    projects.push(dir);
    return loadConfig(join(dir, 'cg-bench.yml'));
  };
  const read = (text: string) => {
    const config = load(text);
    return [config.network, config.setupNetwork, config.sealRequired.noNetwork];
  };
  assert.deepEqual(read(''), [false, false, false]);
  assert.deepEqual(read('setup-network: true'), [false, true, true]);
  assert.deepEqual(read('network: true\nsetup-network: true'), [true, true, false]);
  assert.throws(() => load('setup-network: "yes"'), /cg-bench\.yml:1:1: setup-network: must be a boolean, not "yes"/);
});

test('cg-bench paired: setup-network gives the setup commands the network, not the timed benchmarks', async () => {
  const connect = `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null`;
  const parent = tempDir('cg-bench-setup-network-paired-');
  projects.push(parent);
  for (const side of ['base', 'head']) {
    mkdirSync(join(parent, side));
    writeFileSync(
      join(parent, side, 'cg-bench.yml'),
      `setup-network: true
setup:
  - [bash, -c, "if ${connect}; then echo reached; else echo unreachable; fi > setup-reached.txt"]
benchmarks:
  - name: reach
    mode: wallclock
    run: [bash, -c, "if ${connect}; then exit 1; fi"]
`,
    );
  }
  const r = await cli(['paired', '../base', '--budget', '1s', '--format', 'json'], { cwd: join(parent, 'head') });
  assert.equal(r.code, 0, r.stderr);
  for (const side of ['base', 'head']) assert.equal(readFileSync(join(parent, side, 'setup-reached.txt'), 'utf8').trim(), 'reached');
});
