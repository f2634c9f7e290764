import { formatCount } from '../report/format.ts';
import type { BenchmarkSeries, Mark } from './series.ts';

const WIDTH = 760;
const PANEL = 126;
const LEFT = 90;
const RIGHT = 44;
const TOP = 34;
const PLOT = 62;
const COLOUR: Record<Mark, string> = { regression: '#d1242f', improvement: '#1a7f37', 'not-comparable': '#9a6700', none: '#0969da' };

/** Text for SVG: benchmark names and labels are the user's (a pull request's), never markup. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();
const short = (text: string, n: number) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);

function percent(fraction: number): string {
  const p = fraction * 100;
  const digits = Math.abs(p) >= 1 ? 1 : Math.abs(p) >= 0.01 ? 2 : 4;
  return `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(digits)}%`;
}

/** One panel: the benchmark's estimated cycles relative to its first value, over the runs. */
function panel(s: BenchmarkSeries, labels: readonly string[], y0: number): string[] {
  const out: string[] = [];
  const first = s.values.find((v): v is number => v !== null);
  const n = labels.length;
  const x = (i: number) => LEFT + (n === 1 ? (WIDTH - LEFT - RIGHT) / 2 : (i * (WIDTH - LEFT - RIGHT)) / (n - 1));
  const rel = s.values.map((v) => (v === null || !first ? null : v / first - 1));
  const known = rel.filter((r): r is number => r !== null);
  // At least ±0.5 %: a few instructions' difference must not fill the panel like a real change.
  const lo = Math.min(-0.005, ...known);
  const hi = Math.max(0.005, ...known);
  const y = (r: number) => y0 + TOP + PLOT - ((r - lo) / (hi - lo)) * PLOT;
  const last = [...s.values].reverse().find((v) => v !== null);
  out.push(`<g><title>${xml(s.name)}</title>`);
  out.push(`<text x="8" y="${fixed(y0 + 20)}" class="name">${xml(short(s.name, 60))}</text>`);
  if (last != null) out.push(`<text x="${WIDTH - RIGHT}" y="${fixed(y0 + 20)}" class="note" text-anchor="end">${xml(formatCount(last))} estimated cycles (last)</text>`);
  out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fixed(y(0))}" y2="${fixed(y(0))}" class="zero"/>`);
  out.push(`<text x="${LEFT - 6}" y="${fixed(y(hi) + 4)}" class="axis" text-anchor="end">${percent(hi)}</text>`);
  if (Math.min(y(0) - y(hi), y(lo) - y(0)) >= 14) out.push(`<text x="${LEFT - 6}" y="${fixed(y(0) + 4)}" class="axis" text-anchor="end">0</text>`);
  out.push(`<text x="${LEFT - 6}" y="${fixed(y(lo) + 4)}" class="axis" text-anchor="end">${percent(lo)}</text>`);
  // Line segments between consecutive known values, broken where the runs are not comparable.
  for (let i = 1; i < n; i++) {
    const a = rel[i - 1];
    const b = rel[i];
    if (a == null || b == null || s.marks[i] === 'not-comparable') continue;
    out.push(`<line x1="${fixed(x(i - 1))}" y1="${fixed(y(a))}" x2="${fixed(x(i))}" y2="${fixed(y(b))}" class="series"/>`);
  }
  rel.forEach((r, i) => {
    const mark = s.marks[i]!;
    if (mark === 'not-comparable') out.push(`<line x1="${fixed(x(i) - (x(1) - x(0)) / 2)}" x2="${fixed(x(i) - (x(1) - x(0)) / 2)}" y1="${fixed(y0 + TOP)}" y2="${fixed(y0 + TOP + PLOT)}" class="break"><title>not comparable with the run before</title></line>`);
    if (r === null) {
      out.push(`<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT / 2 + 4)}" class="failed" text-anchor="middle">×<title>${xml(labels[i]!)}: failed or absent</title></text>`);
      return;
    }
    const radius = mark === 'regression' || mark === 'improvement' ? 5 : 3;
    const what = mark === 'none' ? '' : ` (${mark})`;
    out.push(`<circle cx="${fixed(x(i))}" cy="${fixed(y(r))}" r="${radius}" fill="${COLOUR[mark]}"><title>${xml(labels[i]!)}: ${xml(formatCount(s.values[i]!))} (${percent(r)})${what}</title></circle>`);
  });
  labels.forEach((label, i) => {
    out.push(`<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT + 19)}" class="axis" text-anchor="middle">${xml(short(label, 12))}</text>`);
  });
  out.push('</g>');
  return out;
}

/** Estimated cycles per benchmark over the runs, one small panel each: deterministic, no scripts, every text escaped. */
export function historySvg(series: readonly BenchmarkSeries[], labels: readonly string[]): string {
  const height = 40 + series.length * PANEL + 30;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc">`,
    '<title id="title">cg-bench history: estimated cycles per benchmark</title>',
    `<desc id="desc">${series.length} benchmark(s) over ${labels.length} run(s); each panel shows the change from its first run. Red: a regression beyond the threshold; green: an improvement; a dashed line: not comparable with the run before.</desc>`,
    '<style>text{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;fill:#1f2328}.name{font-size:14px;font-weight:600}.note,.axis{font-size:11px;fill:#59636e}.zero{stroke:#d1d9e0;stroke-width:1}.series{stroke:#0969da;stroke-width:2}.break{stroke:#9a6700;stroke-width:1.5;stroke-dasharray:4 3}.failed{font-size:14px;fill:#d1242f}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="24" class="name">Estimated cycles, change from the first run</text>`,
  ];
  series.forEach((s, i) => out.push(...panel(s, labels, 36 + i * PANEL)));
  const legend = height - 12;
  out.push(
    `<circle cx="14" cy="${legend - 4}" r="5" fill="${COLOUR.regression}"/><text x="24" y="${legend}" class="axis">regression</text>`,
    `<circle cx="104" cy="${legend - 4}" r="5" fill="${COLOUR.improvement}"/><text x="114" y="${legend}" class="axis">improvement</text>`,
    `<line x1="200" x2="200" y1="${legend - 12}" y2="${legend + 2}" class="break"/><text x="208" y="${legend}" class="axis">not comparable (another machine or image)</text>`,
  );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
