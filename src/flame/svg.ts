// The differential flame graph: one SVG per changed benchmark. Root at the top, callees below their
// callers; width is the head's inclusive estimated cycles, colour the change of each frame's own
// (self) cost against the base. A pure function of the tree (no clock, no locale, no randomness):
// the same profiles give the same bytes. Every function name comes from the benchmark and is escaped.
import { xmlText } from '../history/svg.ts';
import { formatCount } from '../report/format.ts';
import type { FlameNode } from './tree.ts';

const WIDTH = 1200;
const SIDE = 10;
const ROW = 18;
const HEADER = 58;
const FOOTER = 34;
/** Frames narrower than this are not drawn (their cost stays in their caller's width). */
const MIN_WIDTH = 0.1;
/** 12 px text: a generous average width of one character, to decide how much of a name fits. */
const CHAR_WIDTH = 7;
const NEUTRAL = [238, 238, 238] as const;
const SLOWER = [209, 36, 47] as const;
const FASTER = [9, 105, 218] as const;

const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

function percent(base: number, head: number): string {
  if (base === 0) return head === 0 ? '±0%' : 'new';
  const p = (head / base - 1) * 100;
  const digits = Math.abs(p) >= 1 ? 1 : Math.abs(p) >= 0.01 ? 2 : 4;
  return `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(digits)}%`;
}

/** From grey (no change) to red (slower) or blue (faster), by the change's share of the largest one. */
function colour(change: number, largest: number): string {
  const towards = change > 0 ? SLOWER : FASTER;
  const k = largest === 0 ? 0 : Math.min(1, Math.abs(change) / largest);
  const mix = NEUTRAL.map((n, i) => Math.round(n + (towards[i]! - n) * k));
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function largestSelfChange(node: FlameNode): number {
  return Math.max(Math.abs(node.head.self - node.base.self), ...node.children.map(largestSelfChange));
}

/** At most n characters (code points, so a pair is never split), with … when cut. */
const short = (text: string, n: number) => ([...text].length > n ? `${[...text].slice(0, n - 1).join('')}…` : text);

export interface FlameSvgOptions {
  benchmark: string;
  baseLabel: string;
  headLabel: string;
}

/** One SVG of the tree (its root: the benchmark, base and head totals); deterministic, no scripts, every text escaped. */
export function flameSvg(root: FlameNode, options: FlameSvgOptions): string {
  const scale = root.head.total > 0 ? (WIDTH - 2 * SIDE) / root.head.total : 0;
  const largest = largestSelfChange(root);
  const frames: string[] = [];
  let depth = 0;
  let onlyInBase = 0;
  let onlyInBaseCycles = 0;
  const visit = (node: FlameNode, x: number, level: number) => {
    const w = node.head.total * scale;
    if (node.head.total === 0) {
      onlyInBase++;
      onlyInBaseCycles += node.base.total;
      return;
    }
    if (w < MIN_WIDTH) return;
    depth = Math.max(depth, level + 1);
    const y = HEADER + level * ROW;
    const change = node.head.self - node.base.self;
    const title = `${xmlText(node.name)}: ${formatCount(node.head.total)} estimated cycles in head (${formatCount(node.head.self)} self), ${formatCount(node.base.total)} in base (${formatCount(node.base.self)} self); inclusive ${percent(node.base.total, node.head.total)}, self ${percent(node.base.self, node.head.self)}`;
    const fits = Math.floor((w - 6) / CHAR_WIDTH);
    const label = fits >= 3 ? `<text x="${fixed(x + 3)}" y="${fixed(y + 13)}">${xmlText(short(node.name, fits))}</text>` : '';
    frames.push(
      `<g class="frame"><title>${title}</title><rect x="${fixed(x)}" y="${y}" width="${fixed(w)}" height="${ROW - 1}" fill="${colour(change, largest)}"/>${label}</g>`,
    );
    let cx = x;
    for (const child of node.children) {
      visit(child, cx, level + 1);
      cx += child.head.total * scale;
    }
  };
  visit(root, SIDE, 0);
  const height = HEADER + depth * ROW + FOOTER;
  const name = xmlText(options.benchmark);
  const missing =
    onlyInBase > 0 ? `; ${onlyInBase} call chain(s) ran in base only (${xmlText(formatCount(onlyInBaseCycles))} estimated cycles there), not drawn` : '';
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc">`,
    `<title id="title">cg-bench differential flame graph: ${name}</title>`,
    `<desc id="desc">Call tree of ${name} in ${xmlText(options.headLabel)} against ${xmlText(options.baseLabel)}. Each box is a function under one chain of callers (callers above, callees below). Width: the head's inclusive estimated cycles. Colour: the change of the function's own (self) cost under that chain, red slower, blue faster, grey unchanged, deepest colour for the largest change${missing}.</desc>`,
    '<style>text{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:12px;fill:#1f2328}.heading{font-size:14px;font-weight:600}.note{font-size:11px;fill:#59636e}.frame rect{stroke:#ffffff;stroke-width:1}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${SIDE}" y="22" class="heading">${xmlText(short(options.benchmark, 60))}: ${xmlText(formatCount(root.base.total))} → ${xmlText(formatCount(root.head.total))} estimated cycles (${percent(root.base.total, root.head.total)})</text>`,
    `<text x="${SIDE}" y="42" class="note">width: ${xmlText(short(options.headLabel, 40))} inclusive cost; colour: self cost against ${xmlText(short(options.baseLabel, 40))} (red slower, blue faster); hover a box for its figures</text>`,
    ...frames,
    `<text x="${SIDE}" y="${height - 12}" class="note">${depth} level(s) drawn${missing}</text>`,
    '</svg>',
  ];
  return `${out.join('\n')}\n`;
}
