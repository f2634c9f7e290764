import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CgBenchError } from '../errors.ts';
import { ownProgram, ownProgramsPath } from '../untrusted/environment.ts';
import { runProcessSync } from '../untrusted/process.ts';
import { FIXED_HOSTNAME } from '../util/fixed-hostname.ts';

/**
 * How containers are started: `docker` unless CG_BENCH_ENGINE says otherwise (e.g. `podman`, or
 * `podman --runtime runc`), with CG_BENCH_ENGINE_FLAGS added to every `run` (e.g. `--ulimit ...` on
 * hosts that need it). Neither has a default beyond plain docker: the product needs no special flags.
 */
export interface ContainerEngine {
  command: string[];
  runFlags: string[];
}

const words = (value: string | undefined) => (value ?? '').split(/\s+/).filter(Boolean);

export function engineFromEnv(env: NodeJS.ProcessEnv = process.env): ContainerEngine {
  const command = words(env['CG_BENCH_ENGINE']);
  return { command: command.length ? command : [defaultEngine()], runFlags: words(env['CG_BENCH_ENGINE_FLAGS']) };
}

/**
 * `docker` from the system's own directories (ownProgram), never by the caller's PATH, which an
 * earlier step may have pointed into the checkout (`node_modules/.bin`): the engine runs with the
 * job's tokens in its environment. An engine elsewhere is named by CG_BENCH_ENGINE.
 */
function defaultEngine(): string {
  const docker = ownProgram('docker');
  if (!docker.startsWith('/')) {
    throw new CgBenchError(
      `docker not found in ${ownProgramsPath()} (where cg-bench looks for the programs it runs itself, never PATH); install it there, or set CG_BENCH_ENGINE to the engine's command (e.g. CG_BENCH_ENGINE=/snap/bin/docker or CG_BENCH_ENGINE=podman)`,
    );
  }
  return docker;
}

/** The cg-bench image sets CG_BENCH_IMAGE and carries the CLI: a job already running in it needs no engine. */
export function insideImage(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env['CG_BENCH_IMAGE']) && existsSync('/opt/cg-bench/dist/cli.js');
}

export interface Mount {
  host: string;
  container: string;
  readOnly?: boolean;
}

/** Whether the operator's CG_BENCH_ENGINE_FLAGS already choose a network (they win; engines refuse two). */
function choosesNetwork(flags: string[]): boolean {
  return flags.some((flag) => /^--net(work)?(=|$)/.test(flag));
}

function choosesHostname(flags: string[]): boolean {
  return flags.some((flag) => /^(--hostname|-h)(=|$)/.test(flag));
}

/**
 * `docker run` arguments for one cg-bench command: the workspace at /work, as the calling uid. The
 * container runs pull-request code: no network unless `network` (the configuration's `network: true`),
 * no way to gain privileges (setuid programs in a derived image), and the fixed host name (the
 * container's would be its random id), unless the operator's engine flags choose one.
 */
export function imageRunArgs(options: {
  engine: ContainerEngine;
  image: string;
  mounts: Mount[];
  env?: Record<string, string>;
  user?: { uid: number; gid: number } | undefined;
  network?: boolean;
  args: string[];
}): string[] {
  return [
    ...options.engine.command.slice(1),
    'run',
    '--rm',
    '--security-opt',
    'no-new-privileges',
    ...(options.network || choosesNetwork(options.engine.runFlags) ? [] : ['--network', 'none']),
    ...(choosesHostname(options.engine.runFlags) ? [] : ['--hostname', FIXED_HOSTNAME]),
    ...options.engine.runFlags,
    ...(options.user ? ['--user', `${options.user.uid}:${options.user.gid}`] : []),
    ...options.mounts.flatMap((m) => ['-v', `${m.host}:${m.container}${m.readOnly ? ':ro' : ''}`]),
    ...Object.entries(options.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    options.image,
    ...options.args,
  ];
}

export interface Completed {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the engine; output is streamed to `log` line by line as it comes (progress on long runs).
 * Deliberately not through untrusted/process.ts: the client stays in cg-bench's process group, so
 * that a terminal's or a CI runner's SIGINT/SIGTERM reaches it and it stops the container (a client
 * killed with SIGKILL, as the gate kills, would leave the container running). The pull request's
 * code runs inside, under the image's cg-bench, which bounds and kills it through the gate.
 */
export function runEngine(engine: ContainerEngine, args: string[], log: (line: string) => void): Promise<Completed> {
  return new Promise((resolve) => {
    const child = spawn(engine.command[0]!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const lines = (chunk: Buffer, sink: 'out' | 'err') => {
      const text = chunk.toString();
      if (sink === 'out') stdout += text;
      else stderr += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', (c: Buffer) => lines(c, 'out'));
    child.stderr.on('data', (c: Buffer) => lines(c, 'err'));
    child.on('error', (error) => resolve({ code: 127, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * The local image's content id (sha256:...), pulling the image first when it is not there. Without
 * it the results could not say which image measured them (every comparison would be "not
 * comparable"), so an engine that cannot tell is the job's failure, with the engine's own words.
 */
export function imageId(engine: ContainerEngine, image: string): string {
  const inspect = () => runProcessSync({ argv: [...engine.command, 'image', 'inspect', '--format', '{{.Id}}', image], timeoutMs: 60_000, output: 'capture' });
  let r = inspect();
  if (r.exitCode !== 0) {
    runProcessSync({ argv: [...engine.command, 'pull', image], timeoutMs: 30 * 60_000, output: 'inherit' });
    r = inspect();
  }
  const id = r.stdout.trim();
  if (r.exitCode !== 0 || !id) {
    const said = r.stderr.trim().split('\n').slice(-3).join(' ') || `exit ${r.exitCode}`;
    throw new CgBenchError(`${engine.command.join(' ')} image inspect ${image}: no image id (${said}); is the engine running and the image reachable?`);
  }
  return id.startsWith('sha256:') ? id : `sha256:${id}`;
}
