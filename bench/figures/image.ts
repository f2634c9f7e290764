// Figure 7: the image's size and build time (bench/image.sh).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Figure } from '../lib.ts';

export async function image(): Promise<Figure> {
  const r = spawnSync('bash', [join(import.meta.dirname, '..', 'image.sh')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench/image.sh failed: ${r.stderr}${r.stdout}`);
  return { title: '7. Image', lines: r.stdout.trimEnd().split('\n'), data: { output: r.stdout } };
}
