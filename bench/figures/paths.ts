// Figure 2: the same benchmarks through every way in: the CLI in the image (docker run), the
// action's code path (containerMeasurer), and the GitLab job (dist/gitlab.js in the image).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineFromEnv, imageId } from '../../src/container/client.ts';
import { containerMeasurer } from '../../src/container/measurer.ts';
import type { Results } from '../../src/results/types.ts';
import { builtExamples, count, table, temp, type Figure, type Options } from '../lib.ts';

const image = process.env['CG_BENCH_TEST_IMAGE'] ?? 'localhost/cg-bench:test';

export async function paths(options: Options): Promise<Figure> {
  const engine = engineFromEnv({
    CG_BENCH_ENGINE: process.env['CG_BENCH_TEST_ENGINE'] ?? 'podman --runtime runc',
    CG_BENCH_ENGINE_FLAGS: process.env['CG_BENCH_TEST_RUN_FLAGS'] ?? '--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024',
  });
  const build = spawnSync('bash', [join(import.meta.dirname, '..', '..', 'tests', 'image', 'build-image.sh')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('image build failed');
  const dir = builtExamples();
  const filter = options.smoke ? ['--filter', 'memory'] : [];
  const run = (args: string[]) => spawnSync(engine.command[0]!, [...engine.command.slice(1), 'run', '--rm', ...engine.runFlags, ...args], { encoding: 'utf8' });

  const docker = run(['-v', `${dir}:/work`, image, 'run', '--config', 'image.yml', '--out', '/work/out-docker', ...filter]);
  if (docker.status !== 0) throw new Error(docker.stderr);
  const action = await containerMeasurer({ engine, image, imageId: imageId(engine, image), jobs: 1, user: undefined, log: () => {} }).measure(
    dir,
    'image.yml',
    temp('action'),
  );
  const gitlab = run([
    '-v',
    `${dir}:/builds/group/project`,
    '-w',
    '/builds/group/project',
    ...[
      'CI_API_V4_URL=http://127.0.0.1:9/api/v4',
      'CI_PROJECT_ID=1',
      'CI_PROJECT_DIR=/builds/group/project',
      'CI_JOB_NAME=cg-bench',
      'CI_COMMIT_SHA=0000000000000000000000000000000000000000',
      'CI_DEFAULT_BRANCH=main',
      'CI_COMMIT_BRANCH=main',
      'CG_BENCH_CONFIG=image.yml',
    ].flatMap((e) => ['-e', e]),
    '--entrypoint',
    'node',
    image,
    '/opt/cg-bench/dist/gitlab.js',
  ]);
  if (gitlab.status !== 0) throw new Error(gitlab.stdout + gitlab.stderr);
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Results;
  const sets: [string, Results][] = [
    ['docker run (CLI)', read(join(dir, 'out-docker', 'results.json'))],
    ['action (containerMeasurer)', action.results!],
    ['GitLab job (gitlab.js)', read(join(dir, 'cg-bench-results', 'head', 'results.json'))],
  ];
  const names = sets[0]![1].benchmarks.map((b) => b.name).filter((n) => !options.smoke || n.startsWith('memory'));
  const value = (r: Results, n: string) => r.benchmarks.find((b) => b.name === n)?.estimatedCycles ?? NaN;
  const rows = [['benchmark', ...sets.map(([label]) => label), 'equal']];
  let allEqual = true;
  for (const n of names) {
    const values = sets.map(([, r]) => value(r, n));
    const equal = values.every((v) => v === values[0]);
    allEqual &&= equal;
    rows.push([n, ...values.map(count), equal ? 'yes' : 'NO']);
  }
  return { title: `2. Same number on every path: ${allEqual ? 'all equal' : 'DIFFERENCES'}`, lines: table(rows), data: { allEqual, rows } };
}
