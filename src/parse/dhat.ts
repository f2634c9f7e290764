/**
 * DHAT's heap profile (dhat.out.<pid>, JSON, "dhatFileVersion" 2 since Valgrind 3.15): one record
 * per allocation point ("pps"), each with its exact counts. The process's figures are their sums.
 */
export interface HeapFigures {
  /** Bytes and blocks allocated over the whole run. */
  totalBytes: number;
  totalBlocks: number;
  /** Bytes and blocks live at the moment the heap was largest (DHAT's t-gmax). */
  peakBytes: number;
  peakBlocks: number;
  /** Bytes and blocks still live when the process ended (DHAT's t-end). */
  exitBytes: number;
  exitBlocks: number;
}

export const HEAP_FIGURES: readonly (keyof HeapFigures)[] = ['totalBytes', 'totalBlocks', 'peakBytes', 'peakBlocks', 'exitBytes', 'exitBlocks'];

/** Which field of an allocation point each figure sums. */
const FIELD: Record<keyof HeapFigures, string> = {
  totalBytes: 'tb',
  totalBlocks: 'tbk',
  peakBytes: 'gb',
  peakBlocks: 'gbk',
  exitBytes: 'eb',
  exitBlocks: 'ebk',
};

export interface DhatProfile extends HeapFigures {
  pid: number;
  cmd: string;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * JSON.parse builds every value of the document at once: `[{},{},…]` takes about 19 bytes of heap
 * per byte of text (measured), so a 256 MiB profile the benchmark planted would exhaust Node's heap
 * and end cg-bench without a word. The values are counted first (every `,`, `[` and `{`, those in
 * strings too) and a profile with more is refused; a real one has some 25 per allocation point.
 */
export const MAX_DHAT_VALUES = 8_000_000;

function valuesAtMost(text: string): number {
  let count = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x5b || c === 0x7b) count++;
  }
  return count;
}

/** The figures of one DHAT profile; throws with what is wrong when it is not one (the benchmark wrote the file). */
export function parseDhat(text: string, name: string): DhatProfile {
  if (valuesAtMost(text) > MAX_DHAT_VALUES)
    throw new Error(`${name}: more than ${MAX_DHAT_VALUES.toLocaleString('en-US')} JSON values; not a DHAT profile cg-bench can read`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not JSON: ${(error as Error).message}`);
  }
  const top = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  if (top['dhatFileVersion'] !== 2 || top['mode'] !== 'heap' || !Array.isArray(top['pps'])) {
    throw new Error(`${name} is not a DHAT heap profile (dhatFileVersion 2, mode "heap", a list "pps")`);
  }
  const figures = Object.fromEntries(HEAP_FIGURES.map((f) => [f, 0])) as unknown as HeapFigures;
  for (const [i, pp] of (top['pps'] as unknown[]).entries()) {
    const record = (typeof pp === 'object' && pp !== null ? pp : {}) as Record<string, unknown>;
    for (const figure of HEAP_FIGURES) {
      const value = record[FIELD[figure]];
      if (!isCount(value)) throw new Error(`${name}: pps[${i}].${FIELD[figure]} is not a count of bytes or blocks`);
      figures[figure] += value;
    }
  }
  if (!HEAP_FIGURES.every((f) => Number.isSafeInteger(figures[f]))) throw new Error(`${name}: its sums are too large to be exact`);
  return { pid: isCount(top['pid']) ? top['pid'] : 0, cmd: typeof top['cmd'] === 'string' ? top['cmd'] : '', ...figures };
}

/** The figures of every process of a benchmark, summed (a process's peak is its own: the sum of peaks bounds the joint one). */
export function sumHeapFigures(profiles: readonly HeapFigures[]): HeapFigures {
  const sum = Object.fromEntries(HEAP_FIGURES.map((f) => [f, 0])) as unknown as HeapFigures;
  for (const p of profiles) for (const f of HEAP_FIGURES) sum[f] += p[f];
  return sum;
}
