// Runs the bundled action the way the runner does: `node dist/action.js` with INPUT_* variables,
// the event payload in a file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, the API and the cache
// service on 127.0.0.1, and the container engine of the test machine.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACTS, ROOT, tempDir } from '../helpers.ts';
import { ENGINE, IMAGE, RUN_FLAGS } from '../image/container.ts';

export const FIXTURES = join(CONTRACTS, 'github-events');
export const REPOSITORY = 'Codertocat/Hello-World';

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  warnings: string[];
  errors: string[];
  notices: string[];
}

function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const value: string[] = [];
    while (++i < lines.length && lines[i] !== m[2]) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

export async function runAction(options: {
  eventName: string;
  payload: unknown;
  workspace: string;
  inputs: Record<string, string>;
  apiUrl: string;
  env?: Record<string, string>;
  sha?: string;
  ref?: string;
  /** Run as a job container would: inside the image, with the bundled action from the image. */
  insideImage?: boolean;
}): Promise<ActionRun> {
  const dir = tempDir('cg-bench-runner-');
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  const files = { event: join(dir, 'event.json'), output: join(dir, 'output'), summary: join(dir, 'summary') };
  writeFileSync(files.event, JSON.stringify(options.payload));
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '/root',
    // The suite's own temporary directory (scripts/test.sh), where the action keeps its cache directories.
    TMPDIR: tmpdir(),
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_SHA: options.sha ?? '',
    GITHUB_REF: options.ref ?? '',
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: temp,
    CG_BENCH_ENGINE: ENGINE.join(' '),
    CG_BENCH_ENGINE_FLAGS: RUN_FLAGS.join(' '),
    'INPUT_GITHUB-TOKEN': 'ghs_faketoken',
    INPUT_IMAGE: IMAGE,
    ...Object.fromEntries(Object.entries(options.inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...options.env,
  };
  const child = options.insideImage
    ? spawn(
        ENGINE[0]!,
        [
          ...ENGINE.slice(1),
          'run',
          '--rm',
          ...RUN_FLAGS,
          // The same paths inside as outside, as the runner mounts its work and temp directories.
          '-v',
          `${options.workspace}:${options.workspace}`,
          '-v',
          `${dir}:${dir}`,
          '-w',
          options.workspace,
          ...Object.entries(env)
            .filter(([k]) => !['PATH', 'HOME', 'TMPDIR', 'CG_BENCH_ENGINE', 'CG_BENCH_ENGINE_FLAGS'].includes(k))
            .flatMap(([k, v]) => ['-e', `${k}=${v}`]),
          '--entrypoint',
          'node',
          IMAGE,
          '/opt/cg-bench/dist/action.js',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
    : spawn(process.execPath, [join(ROOT, 'dist', 'action.js')], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const commands = (kind: string) =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith(`::${kind}`))
      .map((l) => l.replace(/^::[^:]*::/, ''));
  return {
    code,
    stdout,
    outputs: parseOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    warnings: commands('warning'),
    errors: commands('error'),
    notices: commands('notice'),
  };
}
