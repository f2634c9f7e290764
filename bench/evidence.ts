// Every figure of docs/how-it-works.md, measured and printed: one command.
//   npx tsx bench/evidence.ts            all figures (about 15 minutes on 2 cores)
//   npx tsx bench/evidence.ts --smoke    a fast pass with tiny sizes, to keep the scripts working
//   npx tsx bench/evidence.ts stability fidelity   only these
// Writes each figure's data to bench/results/<figure>.json and, in a full run, docs/fidelity.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { factors } from './figures/factors.ts';
import { fidelity } from './figures/fidelity.ts';
import { image } from './figures/image.ts';
import { overhead } from './figures/overhead.ts';
import { paths } from './figures/paths.ts';
import { scaling } from './figures/scaling.ts';
import { sensitivity } from './figures/sensitivity.ts';
import { stability } from './figures/stability.ts';
import { ROOT, type Figure, type Options } from './lib.ts';

const FIGURES: Record<string, (o: Options) => Promise<Figure>> = { stability, paths, overhead, scaling, sensitivity, fidelity, image, factors };

const args = process.argv.slice(2);
const options: Options = { smoke: args.includes('--smoke') };
const chosen = args.filter((a) => !a.startsWith('--'));
const unknown = chosen.filter((c) => !(c in FIGURES));
if (unknown.length) {
  console.error(`unknown figure(s): ${unknown.join(', ')}; the figures are: ${Object.keys(FIGURES).join(', ')}`);
  process.exit(2);
}
const needsImage = new Set(['image', 'paths', 'factors']);
const names = chosen.length ? chosen : Object.keys(FIGURES).filter((n) => !(options.smoke && needsImage.has(n)));
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
console.log(`cg-bench evidence, ${new Date().toISOString()}, ${machine}${options.smoke ? ' (smoke)' : ''}\n`);
const header = { date: new Date().toISOString(), machine };
for (const name of names) {
  const started = Date.now();
  const figure = await FIGURES[name]!(options);
  console.log(`${figure.title}  [${((Date.now() - started) / 1000).toFixed(0)} s]`);
  for (const line of figure.lines) console.log(`  ${line}`);
  console.log('');
  const { svg, ...data } = figure.data as { svg?: string };
  if (!options.smoke) {
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', `${name}.json`), `${JSON.stringify({ ...header, data }, null, 2)}\n`);
    if (svg) writeFileSync(join(ROOT, 'docs', 'fidelity.svg'), svg);
  }
}
