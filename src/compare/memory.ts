import { HEAP_FIGURES, type HeapFigures } from '../parse/dhat.ts';
import type { BenchmarkResult } from '../results/types.ts';
import { stricterThreshold } from './threshold.ts';

export type MemoryVerdict = 'regression' | 'improvement' | 'unchanged' | 'not-comparable';

/** A benchmark's heap figures, base against head (docs/memory.md). */
export interface MemoryComparison {
  verdict: MemoryVerdict;
  thresholdPercent: number;
  base: HeapFigures | null;
  head: HeapFigures | null;
  /** head − base, figure by figure, when both sides have figures. */
  change: HeapFigures | null;
  /** Why the figures are not compared. */
  notComparable?: string;
}

const figuresOf = (r: BenchmarkResult | undefined): HeapFigures | null =>
  r?.memory ? (Object.fromEntries(HEAP_FIGURES.map((f) => [f, r.memory![f]])) as unknown as HeapFigures) : null;

/**
 * The memory figures of two measured sides, or undefined when neither has any. The figures are exact
 * counts: a figure changed when it moved by more than the threshold (0 % by default: by any byte).
 * Not comparable when one side has none, or when the cycles are not comparable (another seal, other
 * programs or libraries, another userland: glibc's and the interpreter's allocations are counted too).
 */
export function compareMemory(base: BenchmarkResult, head: BenchmarkResult, notComparable: string | undefined): MemoryComparison | undefined {
  const [b, h] = [figuresOf(base), figuresOf(head)];
  if (!b && !h) return undefined;
  // As the counts' (threshold.ts): a change cannot loosen the gate it is judged by.
  const thresholdPercent = stricterThreshold(base.memory?.thresholdPercent, head.memory?.thresholdPercent);
  const out = { thresholdPercent, base: b, head: h, change: null };
  if (!b) return { ...out, verdict: 'not-comparable', notComparable: 'the baseline has no memory figures (it was measured without memory: true)' };
  if (!h) return { ...out, verdict: 'not-comparable', notComparable: 'the head has no memory figures (measured without memory: true)' };
  const change = Object.fromEntries(HEAP_FIGURES.map((f) => [f, h[f] - b[f]])) as unknown as HeapFigures;
  if (notComparable) return { ...out, change, verdict: 'not-comparable', notComparable };
  const beyond = (f: keyof HeapFigures) => change[f] !== 0 && (b[f] === 0 || (Math.abs(change[f]) / b[f]) * 100 > thresholdPercent);
  const moved = HEAP_FIGURES.filter(beyond);
  const verdict: MemoryVerdict = moved.some((f) => change[f] > 0) ? 'regression' : moved.length ? 'improvement' : 'unchanged';
  return { ...out, change, verdict };
}
