// Figure 6: the experiment of the method's article. The memory-access random walk over working sets
// from well inside L1 to far beyond LL: estimated cycles, Ir and native wall time, each normalised to
// its maximum, with Spearman's rank correlation of each against wall time, and a plot.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cgBench, median, spearman, table, temp, type Figure, type Options } from '../lib.ts';

const ELEMENT_BYTES = 4 * 8; // four arrays of 64-bit counters

function formatBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes / 1024} KiB`;
}

export async function fidelity(options: Options): Promise<Figure> {
  const dir = temp('fidelity');
  const source = join(import.meta.dirname, '..', '..', 'examples', 'memory-access', 'memory-access.c');
  if (spawnSync('cc', ['-O2', '-o', join(dir, 'memory-access'), source]).status !== 0) throw new Error('cc failed');
  const sizes = options.smoke ? [256, 65536, 1 << 20] : Array.from({ length: 15 }, (_, i) => 256 << i);
  const simulated = options.smoke ? 200_000 : 4_000_000;
  const native = options.smoke ? 2_000_000 : 40_000_000;
  writeFileSync(
    join(dir, 'cg-bench.yml'),
    `benchmarks:\n${sizes.map((s) => `  - name: random-${s}\n    run: [./memory-access, random, "${s}", "${simulated}"]\n`).join('')}`,
  );
  const { results } = cgBench(['run', '--out', 'out', '--jobs', '2'], dir);
  const wall = sizes.map((s) => {
    const times: number[] = [];
    for (let i = 0; i < (options.smoke ? 1 : 5); i++) {
      const started = process.hrtime.bigint();
      spawnSync(join(dir, 'memory-access'), ['random', String(s), String(native)], { stdio: 'ignore' });
      times.push(Number(process.hrtime.bigint() - started) / 1e9);
    }
    return median(times);
  });
  const cycles = results.benchmarks.map((b) => b.estimatedCycles!);
  const ir = results.benchmarks.map((b) => b.events!.Ir);
  const norm = (x: number[]) => x.map((v) => v / Math.max(...x));
  const series = { cycles: norm(cycles), ir: norm(ir), wall: norm(wall) };
  const rho = { cycles: spearman(cycles, wall), ir: spearman(ir, wall) };
  const rows = [['working set', 'estimated cycles', 'Ir', 'wall time']];
  sizes.forEach((s, i) => {
    rows.push([formatBytes(s * ELEMENT_BYTES), series.cycles[i]!.toFixed(3), series.ir[i]!.toFixed(3), series.wall[i]!.toFixed(3)]);
  });
  const svg = plot(
    sizes.map((s) => s * ELEMENT_BYTES),
    series,
    rho,
  );
  return {
    title: '6. Fidelity: random walk over growing working sets (normalised to each maximum)',
    lines: [
      ...table(rows),
      `Spearman against wall time: estimated cycles ${rho.cycles.toFixed(3)}, Ir ${Number.isNaN(rho.ir) ? 'undefined (Ir is flat)' : rho.ir.toFixed(3)}`,
    ],
    data: { sizes, bytes: sizes.map((s) => s * ELEMENT_BYTES), cycles, ir, wallSeconds: wall, series, spearman: rho, svg },
  };
}

/** A small self-contained SVG: three curves over log2(working set), with the L1 and LL sizes marked. */
function plot(bytes: number[], series: { cycles: number[]; ir: number[]; wall: number[] }, rho: { cycles: number; ir: number }): string {
  const [w, h, left, right, top, bottom] = [720, 420, 60, 40, 40, 60];
  const lx = bytes.map(Math.log2);
  const [x0, x1] = [Math.min(...lx), Math.max(...lx)];
  const X = (v: number) => left + ((Math.log2(v) - x0) / (x1 - x0)) * (w - left - right);
  const Y = (v: number) => top + (1 - v) * (h - top - bottom);
  const line = (ys: number[], colour: string, dash = '') =>
    `<polyline fill="none" stroke="${colour}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${ys.map((y, i) => `${X(bytes[i]!).toFixed(1)},${Y(y).toFixed(1)}`).join(' ')}"/>` +
    ys.map((y, i) => `<circle cx="${X(bytes[i]!).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3" fill="${colour}"/>`).join('');
  const mark = (b: number, label: string) =>
    b >= bytes[0]! && b <= bytes.at(-1)!
      ? `<line x1="${X(b)}" x2="${X(b)}" y1="${top}" y2="${h - bottom}" stroke="#999" stroke-dasharray="4 4"/><text x="${X(b) + 4}" y="${top + 14}" font-size="12" fill="#666">${label}</text>`
      : '';
  const ticks = bytes
    .filter((_, i) => i % 2 === 0)
    .map((b) => `<text x="${X(b)}" y="${h - bottom + 18}" font-size="11" text-anchor="middle" fill="#333">${formatBytes(b)}</text>`)
    .join('');
  const yTicks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (v) =>
        `<line x1="${left}" x2="${w - right}" y1="${Y(v)}" y2="${Y(v)}" stroke="#eee"/><text x="${left - 8}" y="${Y(v) + 4}" font-size="11" text-anchor="end" fill="#333">${v}</text>`,
    )
    .join('');
  const legend = [
    ['#d62728', '', `estimated cycles (ρ = ${rho.cycles.toFixed(2)})`],
    ['#1f77b4', '', 'native wall time'],
    ['#7f7f7f', '6 4', `instructions, Ir (ρ = ${Number.isNaN(rho.ir) ? 'n/a' : rho.ir.toFixed(2)})`],
  ].reduce(
    // On a white ground: the L1 marker's dashed line runs through it.
    (out, [c, d, t], i) =>
      `${out}<line x1="${left + 10}" x2="${left + 40}" y1="${top + 30 + i * 18}" y2="${top + 30 + i * 18}" stroke="${c}" stroke-width="2.5"${d ? ` stroke-dasharray="${d}"` : ''}/><text x="${left + 46}" y="${top + 34 + i * 18}" font-size="12" fill="#222">${t}</text>`,
    `<rect x="${left + 4}" y="${top + 18}" width="224" height="60" fill="white" fill-opacity="0.9"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="sans-serif">
<rect width="${w}" height="${h}" fill="white"/>
<text x="${w / 2}" y="22" font-size="15" text-anchor="middle" fill="#111">Random memory walk: relative slowness by working-set size</text>
${yTicks}${mark(32 * 1024, 'L1 32 KiB')}${mark(8 * 1024 * 1024, 'LL 8 MiB')}
${line(series.ir, '#7f7f7f', '6 4')}${line(series.wall, '#1f77b4')}${line(series.cycles, '#d62728')}
<line x1="${left}" x2="${w - right}" y1="${h - bottom}" y2="${h - bottom}" stroke="#333"/><line x1="${left}" x2="${left}" y1="${top}" y2="${h - bottom}" stroke="#333"/>
${ticks}<text x="${w / 2}" y="${h - 18}" font-size="12" text-anchor="middle" fill="#333">working set (four arrays of 8-byte counters)</text>
<text x="16" y="${h / 2}" font-size="12" text-anchor="middle" fill="#333" transform="rotate(-90 16 ${h / 2})">normalised to maximum</text>
${legend}
</svg>
`;
}
