// The history picture: one small panel per benchmark, its estimated cycles relative to its first run,
// over the runs. A pure function of its inputs (no clock, no locale, no randomness): the same series
// give the same bytes. Every text comes from the user (benchmark names, file names) and is escaped.
import { formatCount } from '../report/format.ts';
import type { BenchmarkSeries, Mark } from './series.ts';

const WIDTH = 760;
const PANEL = 126;
const LEFT = 90;
const RIGHT = 60;
const TOP = 34;
const PLOT = 62;
const HEADER = 40;
const FOOTER = 56;
/** Run labels on the x axis are cut to this many characters… */
const LABEL_CHARS = 12;
/** …of 11 px text, at most this wide each (a generous average for a sans-serif digit or letter). */
const CHAR_WIDTH = 6.5;
const COLOUR: Record<Mark, string> = { regression: '#d1242f', improvement: '#1a7f37', 'not-comparable': '#9a6700', none: '#0969da' };
/** The heap's line (bytes allocated, `memory: true`): its own colour, dashed, beside the cycles' blue. */
const HEAP_COLOUR = '#8250df';
/** One more legend line for the heap's line, when a benchmark has one. */
const HEAP_LEGEND = 18;

/**
 * Text for SVG (element content and attribute values alike): markup characters become character
 * references, and what XML cannot hold at all (control characters, U+FFFE/U+FFFF, half a surrogate
 * pair) is dropped or replaced, so that a hostile name can neither inject markup nor break the file.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();
/** At most n characters (code points, so a pair is never split), with … when cut. */
const short = (text: string, n: number) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);
/** At most n characters, cut in the middle: run names often differ only at their end (run-9, run-10). */
function middle(text: string, n: number): string {
  const chars = [...text];
  if (chars.length <= n) return text;
  const head = Math.floor((n - 1) / 2);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (n - 1 - head)).join('')}`;
}

function percent(fraction: number): string {
  const p = fraction * 100;
  const digits = Math.abs(p) >= 1 ? 1 : Math.abs(p) >= 0.01 ? 2 : 4;
  return `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(digits)}%`;
}

/**
 * Which runs get a label on the x axis: all when they fit side by side, else every k-th counted
 * back from the newest (which is always labelled). Every point keeps its label in its tooltip.
 */
export function labelledRuns(labels: readonly string[], plotWidth = WIDTH - LEFT - RIGHT): boolean[] {
  const n = labels.length;
  const widest = Math.max(1, ...labels.map((l) => Math.min([...l].length, LABEL_CHARS)));
  const fit = Math.max(1, Math.floor(plotWidth / (widest * CHAR_WIDTH + 10)) + 1);
  const every = Math.ceil(n / fit);
  return Array.from({ length: n }, (_, i) => (n - 1 - i) % every === 0);
}

/** Values relative to the first known non-zero one (null where unknown; 0 when there is none). */
function relative(values: readonly (number | null)[]): (number | null)[] {
  const first = values.find((v): v is number => v !== null && v !== 0);
  return values.map((v) => (v === null ? null : first === undefined ? 0 : v / first - 1));
}

/**
 * One panel: the benchmark's estimated cycles relative to its first value, over the runs; with
 * `memory: true`, its heap bytes allocated too (relative to their own first value, on a scale of
 * their own whose zero is the cycles').
 */
function panel(s: BenchmarkSeries, labels: readonly string[], shown: readonly boolean[], y0: number): string[] {
  const out: string[] = [];
  const n = labels.length;
  const step = n === 1 ? 0 : (WIDTH - LEFT - RIGHT) / (n - 1);
  const x = (i: number) => (n === 1 ? LEFT + (WIDTH - LEFT - RIGHT) / 2 : LEFT + i * step);
  const rel = relative(s.values);
  const heapRel = s.heap ? relative(s.heap.totalBytes) : [];
  const known = rel.filter((r): r is number => r !== null);
  // At least ±0.5 %: a few instructions' difference must not fill the panel like a real change.
  const lo = Math.min(-0.005, ...known);
  const hi = Math.max(0.005, ...known);
  const y = (r: number) => y0 + TOP + PLOT - ((r - lo) / (hi - lo)) * PLOT;
  // The heap on a scale of its own (labelled on the right), its zero on the cycles' zero line: on
  // theirs, a heap 16 times its first drew a cycles' +26 % flat (a new user's trial r13).
  const heapKnown = heapRel.filter((r): r is number => r !== null);
  const zeroAt = hi / (hi - lo);
  const heapSpan = Math.max(Math.max(0.005, ...heapKnown) / zeroAt, -Math.min(-0.005, ...heapKnown) / (1 - zeroAt));
  const [heapLo, heapHi] = [-(1 - zeroAt) * heapSpan, zeroAt * heapSpan];
  const yHeap = (r: number) => y0 + TOP + PLOT - ((r - heapLo) / (heapHi - heapLo)) * PLOT;
  const last = [...s.values].reverse().find((v) => v !== null);
  out.push(`<g class="panel"><title>${xmlText(s.name)}</title>`);
  out.push(`<text x="8" y="${fixed(y0 + 20)}" class="name">${xmlText(short(s.name, 48))}</text>`);
  const peak = s.heap ? [...s.heap.peakBytes].reverse().find((v) => v !== null) : undefined;
  const heap = peak == null ? '' : `, peak heap ${xmlText(formatCount(peak))} bytes`;
  if (last != null)
    out.push(
      `<text x="${WIDTH - RIGHT}" y="${fixed(y0 + 20)}" class="note" text-anchor="end">last: ${xmlText(formatCount(last))} estimated cycles${heap}</text>`,
    );
  out.push(`<line x1="${LEFT}" x2="${LEFT}" y1="${fixed(y0 + TOP)}" y2="${fixed(y0 + TOP + PLOT)}" class="axisline"/>`);
  out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fixed(y(0))}" y2="${fixed(y(0))}" class="zero"/>`);
  // The zero line (the first run) is always labelled: it is where unchanged runs lie. An end of the
  // scale too close to it to be read apart (the ±0.5 % padding, mostly) is left unlabelled instead.
  const axisLabel = (r: number, text: string) => out.push(`<text x="${LEFT - 6}" y="${fixed(y(r) + 4)}" class="axis" text-anchor="end">${text}</text>`);
  if (y(0) - y(hi) >= 14) axisLabel(hi, percent(hi));
  axisLabel(0, '0');
  if (y(lo) - y(0) >= 14) axisLabel(lo, percent(lo));
  // The heap's scale, right of the plot, in its colour: the furthest it went up and down (its zero is the cycles').
  const heapLabel = (r: number) =>
    out.push(`<text x="${WIDTH - 2}" y="${fixed(yHeap(r) + 4)}" class="axis" text-anchor="end" style="fill:${HEAP_COLOUR}">${percent(r)}</text>`);
  const [heapMax, heapMin] = [Math.max(0, ...heapKnown), Math.min(0, ...heapKnown)];
  if (heapMax > 0.0005) heapLabel(heapMax);
  if (heapMin < -0.0005 && yHeap(heapMin) - yHeap(heapMax) >= 12) heapLabel(heapMin);
  // Line segments between consecutive known values, broken where the runs are not comparable.
  for (let i = 1; i < n; i++) {
    const a = rel[i - 1];
    const b = rel[i];
    if (a == null || b == null || s.marks[i] === 'not-comparable') continue;
    out.push(`<line x1="${fixed(x(i - 1))}" y1="${fixed(y(a))}" x2="${fixed(x(i))}" y2="${fixed(y(b))}" class="series"/>`);
  }
  // The heap's line under the points (dashed, broken where the cycles' line is), its points small.
  for (let i = 1; i < heapRel.length; i++) {
    const a = heapRel[i - 1];
    const b = heapRel[i];
    if (a == null || b == null || s.marks[i] === 'not-comparable') continue;
    out.push(`<line x1="${fixed(x(i - 1))}" y1="${fixed(yHeap(a))}" x2="${fixed(x(i))}" y2="${fixed(yHeap(b))}" class="heap"/>`);
  }
  heapRel.forEach((r, i) => {
    if (r === null) return;
    const bytes = xmlText(formatCount(s.heap!.totalBytes[i]!));
    out.push(
      `<circle cx="${fixed(x(i))}" cy="${fixed(yHeap(r))}" r="2.5" fill="${HEAP_COLOUR}" class="heap-point"><title>${xmlText(labels[i]!)}: ${bytes} heap bytes allocated (${percent(r)} from the first run)</title></circle>`,
    );
  });
  rel.forEach((r, i) => {
    const mark = s.marks[i]!;
    const label = xmlText(labels[i]!);
    if (mark === 'not-comparable') {
      const bx = fixed(x(i) - step / 2);
      out.push(
        `<line x1="${bx}" x2="${bx}" y1="${fixed(y0 + TOP - 2)}" y2="${fixed(y0 + TOP + PLOT + 2)}" class="break"><title>${label}: not comparable with the run before (another machine, image or executables)</title></line>`,
      );
    }
    if (r === null) {
      out.push(
        `<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT / 2 + 5)}" class="failed" text-anchor="middle">×<title>${label}: failed or absent</title></text>`,
      );
      return;
    }
    const changed = mark === 'regression' || mark === 'improvement';
    const what = mark === 'none' ? '' : `; ${mark === 'not-comparable' ? 'not comparable with the run before' : `${mark} from the run before`}`;
    out.push(
      `<circle cx="${fixed(x(i))}" cy="${fixed(y(r))}" r="${changed ? 5 : 3}" fill="${COLOUR[mark]}" class="${mark}"><title>${label}: ${xmlText(formatCount(s.values[i]!))} estimated cycles (${percent(r)} from the first run)${what}</title></circle>`,
    );
    const before = s.values[i - 1];
    if (changed && before) {
      // The step from the run before, beside the point on the side its line does not come from.
      // A verdict the heap moved (memory: true) names the heap's step too: the cycles' alone may be tiny.
      const heapBefore = s.heap?.totalBytes[i - 1];
      const heapNow = s.heap?.totalBytes[i];
      const heapStep = heapBefore && heapNow != null && heapNow !== heapBefore ? ` · heap ${percent(heapNow / heapBefore - 1)}` : '';
      const text = `${percent(s.values[i]! / before - 1)}${heapStep}`;
      const ty = mark === 'regression' ? Math.max(y(r) - 7, y0 + TOP + 2) : Math.min(y(r) + 15, y0 + TOP + PLOT + 6);
      out.push(`<text x="${fixed(x(i) - 7)}" y="${fixed(ty)}" class="change ${mark}" text-anchor="end">${text}</text>`);
    }
  });
  labels.forEach((l, i) => {
    if (shown[i])
      out.push(`<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT + 19)}" class="run" text-anchor="middle">${xmlText(middle(l, LABEL_CHARS))}</text>`);
  });
  out.push('</g>');
  return out;
}

/** 11 px text: a generous width of one character, to place the legend's items apart. */
const LEGEND_CHAR = 6.2;

/** Estimated cycles per benchmark over the runs (labels: oldest first), one small panel each: deterministic, no scripts, every text escaped. */
export function historySvg(series: readonly BenchmarkSeries[], labels: readonly string[]): string {
  const heap = series.some((s) => s.heap);
  const height = HEADER + series.length * PANEL + FOOTER + (heap ? HEAP_LEGEND : 0);
  const shown = labelledRuns(labels);
  const span = labels.length ? ` from ${xmlText(labels[0]!)} to ${xmlText(labels.at(-1)!)}` : '';
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc">`,
    '<title id="title">cg-bench history: estimated cycles per benchmark</title>',
    `<desc id="desc">${series.length} benchmark(s) over ${labels.length} run(s)${span}, oldest first; each panel shows the change in estimated cycles from its first run${heap ? ' (and, dashed, of the heap bytes allocated by a benchmark measured with memory: true, from its own first run)' : ''}. A large red point: a regression beyond the benchmark's threshold from the run before; a large green point: an improvement; a dashed line: not comparable with the run before (a break, not a change); a cross: failed or absent.</desc>`,
    `<style>text{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;fill:#1f2328}.name{font-size:14px;font-weight:600}.note,.axis,.run,.caption{font-size:11px;fill:#59636e}.change{font-size:11px;font-weight:600}.change.regression{fill:#d1242f}.change.improvement{fill:#1a7f37}.zero{stroke:#d1d9e0;stroke-width:1}.axisline{stroke:#d1d9e0;stroke-width:1}.series{stroke:#0969da;stroke-width:2}.break{stroke:#9a6700;stroke-width:1.5;stroke-dasharray:4 3}.failed{font-size:14px;fill:#d1242f}${heap ? `.heap{stroke:${HEAP_COLOUR};stroke-width:1.5;stroke-dasharray:5 3}` : ''}</style>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="24" class="name">Estimated cycles per benchmark: change from its first run</text>`,
  ];
  series.forEach((s, i) => {
    out.push(...panel(s, labels, shown, HEADER - 4 + i * PANEL));
  });
  const caption = height - FOOTER - (heap ? HEAP_LEGEND : 0) + 16;
  const every = shown.filter(Boolean).length < labels.length ? ' (not every run is labelled; hover a point for its run)' : '';
  out.push(`<text x="${LEFT}" y="${caption}" class="caption">runs, oldest to newest →${every}</text>`);
  const legend = height - 12 - (heap ? HEAP_LEGEND : 0);
  // Each item after the one before, by its text's length (11 px text: at most LEGEND_CHAR px a character).
  const items: [string, (x: number) => string][] = [
    ['regression', (x) => `<circle cx="${x + 6}" cy="${legend - 4}" r="5" fill="${COLOUR.regression}"/>`],
    ['improvement', (x) => `<circle cx="${x + 6}" cy="${legend - 4}" r="5" fill="${COLOUR.improvement}"/>`],
    [
      'not comparable (another machine, image or executables)',
      (x) => `<line x1="${x + 6}" x2="${x + 6}" y1="${legend - 12}" y2="${legend + 2}" class="break"/>`,
    ],
    ['failed or absent', (x) => `<text x="${x + 6}" y="${legend + 1}" class="failed" text-anchor="middle">×</text>`],
  ];
  let x = 8;
  for (const [text, mark] of items) {
    out.push(`${mark(x)}<text x="${x + 16}" y="${legend}" class="axis">${text}</text>`);
    x += 16 + Math.ceil(text.length * LEGEND_CHAR) + 18;
  }
  if (heap)
    out.push(
      `<line x1="8" x2="22" y1="${legend + HEAP_LEGEND - 4}" y2="${legend + HEAP_LEGEND - 4}" class="heap"/><text x="30" y="${legend + HEAP_LEGEND}" class="axis">heap bytes allocated, change from its first run (benchmarks with memory: true)</text>`,
    );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
