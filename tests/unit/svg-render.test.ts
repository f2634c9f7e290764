// The flame graph and the history chart as a browser draws them: rendered by headless Chromium
// (`chromium --headless --screenshot`, installed by scripts/install-deps.sh) and checked by pixel:
// red where slower, blue where faster, and hostile names drawn as text (no script run, no markup
// injected: either would paint the page green).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { flameSvg } from '../../src/flame/svg.ts';
import { differentialTree } from '../../src/flame/tree.ts';
import { historySeries, type HistoryPoint } from '../../src/history/series.ts';
import { historySvg } from '../../src/history/svg.ts';
import { benchmarkResult, resultsOf } from '../results-fixtures.ts';

const CHROMIUM = ['chromium', 'chromium-browser'].find((c) => spawnSync(c, ['--version']).status === 0);

/** Names that paint the whole picture green if a script runs or the markup is not escaped. */
const GREEN = '#00ff00';
const HOSTILE = [
  `<script>document.documentElement.innerHTML='<rect width="9999" height="9999" fill="${GREEN}"/>'</script>`,
  `</text><rect width="9999" height="9999" fill="${GREEN}"/><text>`,
  `x" onload="this.style.fill='${GREEN}'`,
];

interface Picture {
  width: number;
  height: number;
  /** RGB of (x, y). */
  at(x: number, y: number): [number, number, number];
}

/** A PNG as Chromium writes it (8-bit RGB or RGBA, not interlaced), decoded with zlib alone. */
function decodePng(png: Buffer): Picture {
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, '8 bits per channel');
      assert.equal(body[12], 0, 'not interlaced');
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      assert.ok(channels, `colour type ${body[9]}`);
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter];
      assert.ok(predicted !== undefined, `filter ${filter}`);
      pixels[y * stride + i] = (x + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    at: (x, y) => {
      const i = y * stride + x * channels;
      return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    },
  };
}

/** The SVG as Chromium draws it, at its own size. */
function render(svg: string, name: string): Picture {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-render-'));
  try {
    const file = join(dir, 'picture.svg');
    writeFileSync(file, svg);
    const root = svg.match(/<svg [^>]*>/)![0];
    const [width, height] = ['width', 'height'].map((a) => Math.ceil(Number(root.match(new RegExp(` ${a}="([0-9.]+)"`))![1])));
    const png = join(dir, 'picture.png');
    const r = spawnSync(
      CHROMIUM!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--no-first-run',
        `--user-data-dir=${join(dir, 'profile')}`,
        '--default-background-color=ffffffff',
        '--force-device-scale-factor=1',
        `--window-size=${width},${height}`,
        `--screenshot=${png}`,
        `file://${file}`,
      ],
      { encoding: 'utf8', timeout: 180_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    // To look at it: RENDER_PNG_OUT=dir keeps the picture there.
    const keep = process.env['RENDER_PNG_OUT'];
    if (keep) writeFileSync(join(keep, `${name}.png`), readFileSync(png));
    return decodePng(readFileSync(png));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pixels of each kind the picture has. */
function census(picture: Picture, kinds: Record<string, (rgb: [number, number, number]) => boolean>): Record<string, number> {
  const counts = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
  for (let y = 0; y < picture.height; y++)
    for (let x = 0; x < picture.width; x++) {
      const rgb = picture.at(x, y);
      for (const [k, is] of Object.entries(kinds)) if (is(rgb)) counts[k]!++;
    }
  return counts;
}

const near = (want: [number, number, number]) => (rgb: [number, number, number]) => rgb.every((v, i) => Math.abs(v - want[i]!) <= 3);

test('the flame graph in Chromium: red where slower, blue where faster, hostile names drawn as text', { skip: !CHROMIUM && 'needs chromium' }, () => {
  const leaf = (name: string, self: number) => ({ name, self, children: [] });
  const base = [{ name: 'main', self: 10, children: [leaf('slower', 100), leaf('faster', 200), ...HOSTILE.map((h) => leaf(h, 300))] }];
  const head = [{ name: 'main', self: 10, children: [leaf('slower', 200), leaf('faster', 100), ...HOSTILE.map((h) => leaf(h, 300))] }];
  const svg = flameSvg(differentialTree(base, head, HOSTILE[0]!), { benchmark: HOSTILE[1]!, baseLabel: HOSTILE[2]!, headLabel: 'head' });
  const picture = render(svg, 'flame');
  const counts = census(picture, {
    // The deepest colours (the largest change each way): #d1242f slower, #0969da faster.
    red: near([209, 36, 47]),
    blue: near([9, 105, 218]),
    green: (rgb) => rgb[1] > 200 && rgb[0] < 80 && rgb[2] < 80,
    // The labels' ink (#1f2328) where the boxes are grey: text was drawn.
    ink: (rgb) => rgb[0] < 90 && rgb[1] < 90 && rgb[2] < 90,
  });
  // Head widths: slower 200 and faster 100 of 1,110 across 1,180 px, 17 px high.
  assert.ok(counts['red']! > 150 * 15, JSON.stringify(counts));
  assert.ok(counts['blue']! > 80 * 15, JSON.stringify(counts));
  assert.equal(counts['green'], 0, 'no script ran and no markup was injected');
  assert.ok(counts['ink']! > 2000, JSON.stringify(counts));
});

test('the history chart in Chromium: the series and its regression drawn, hostile names drawn as text', { skip: !CHROMIUM && 'needs chromium' }, () => {
  const run = (label: string, ir: number): HistoryPoint => ({
    label,
    results: resultsOf([benchmarkResult(HOSTILE[0]!, { Ir: ir }), benchmarkResult(HOSTILE[1]!, { Ir: 1000 })]),
  });
  const points = [run(HOSTILE[2]!, 1000), run('c2', 1000), run('c3', 1500), run('c4', 1500)];
  const picture = render(
    historySvg(
      historySeries(points),
      points.map((p) => p.label),
    ),
    'history',
  );
  const counts = census(picture, {
    series: near([9, 105, 218]),
    regression: near([209, 36, 47]),
    green: (rgb) => rgb[1] > 200 && rgb[0] < 80 && rgb[2] < 80,
    ink: (rgb) => rgb[0] < 90 && rgb[1] < 90 && rgb[2] < 90,
  });
  assert.ok(counts['series']! > 100, JSON.stringify(counts));
  assert.ok(counts['regression']! > 10, JSON.stringify(counts));
  assert.equal(counts['green'], 0, 'no script ran and no markup was injected');
  assert.ok(counts['ink']! > 500, JSON.stringify(counts));
});
