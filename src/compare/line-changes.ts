import { LINES_PER_FUNCTION } from '../metric/aggregate.ts';
import type { LineResult } from '../results/types.ts';

/** A source line whose estimated cycles changed; a side is null where the line was not recorded. */
export interface LineChange {
  file: string;
  /** The head's line number (the base's when the line is gone). */
  line: number;
  baseLine: number | null;
  text?: string;
  base: number | null;
  head: number | null;
  change: number;
}

/**
 * Lines are matched by their text, not their number: code that moved keeps its text, so an edit
 * above a loop does not make every line of the loop look new. The n-th occurrence of a text in a
 * file matches the n-th on the other side (two `i++;` lines stay two lines). Lines without text
 * (the file was not readable) are matched by file and number. A line whose text was edited is
 * then paired by position (pairEdited).
 */
function keyed(lines: readonly LineResult[]): Map<string, LineResult> {
  const seen = new Map<string, number>();
  const out = new Map<string, LineResult>();
  for (const l of [...lines].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)) {
    const base = l.text !== undefined ? `t\u0000${l.file}\u0000${l.text}` : `n\u0000${l.file}\u0000${l.line}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}\u0000${n}`, l);
  }
  return out;
}

/** What a line absent from a full list may cost: no more than the cheapest recorded; from a short list, nothing. */
function unrecordedAtMost(lines: readonly LineResult[]): number {
  return lines.length >= LINES_PER_FUNCTION ? (lines.at(-1)?.estimatedCycles ?? 0) : 0;
}

/**
 * An edited line has new text, so it is paired by position instead: the base line that many lines
 * away that the matched lines of its file moved (the most common shift).
 */
function pairEdited(b: Map<string, LineResult>, h: Map<string, LineResult>): Map<string, LineResult> {
  const shifts = new Map<string, Map<number, number>>();
  for (const [key, hl] of h) {
    const bl = b.get(key);
    if (!bl) continue;
    const byShift = shifts.get(hl.file) ?? new Map<number, number>();
    byShift.set(hl.line - bl.line, (byShift.get(hl.line - bl.line) ?? 0) + 1);
    shifts.set(hl.file, byShift);
  }
  const shiftOf = (file: string) => [...(shifts.get(file) ?? new Map([[0, 0]]))].sort((x, y) => y[1] - x[1] || Math.abs(x[0]) - Math.abs(y[0]))[0]![0];
  const unmatchedBase = new Map<string, [string, LineResult]>();
  for (const [key, bl] of b) if (!h.has(key)) unmatchedBase.set(`${bl.file}\u0000${bl.line}`, [key, bl]);
  const pairs = new Map<string, LineResult>();
  for (const [key, hl] of h) {
    if (b.has(key)) continue;
    const found = unmatchedBase.get(`${hl.file}\u0000${hl.line - shiftOf(hl.file)}`);
    if (!found) continue;
    pairs.set(key, found[1]);
    b.delete(found[0]);
  }
  return pairs;
}

/** The lines of one function whose cost changed, largest change first. */
export function lineChanges(base: readonly LineResult[] | undefined, head: readonly LineResult[] | undefined, top: number): LineChange[] {
  if (!base?.length || !head?.length) return [];
  const b = keyed(base);
  const h = keyed(head);
  const edited = pairEdited(b, h);
  const changes: LineChange[] = [];
  const text = (l: LineResult) => (l.text !== undefined ? { text: l.text } : {});
  for (const [key, hl] of h) {
    const bl = b.get(key) ?? edited.get(key);
    if (bl) {
      if (bl.estimatedCycles !== hl.estimatedCycles)
        changes.push({
          file: hl.file,
          line: hl.line,
          baseLine: bl.line,
          ...text(hl),
          base: bl.estimatedCycles,
          head: hl.estimatedCycles,
          change: hl.estimatedCycles - bl.estimatedCycles,
        });
      continue;
    }
    const atMost = unrecordedAtMost(base);
    if (hl.estimatedCycles > atMost)
      changes.push({ file: hl.file, line: hl.line, baseLine: null, ...text(hl), base: null, head: hl.estimatedCycles, change: hl.estimatedCycles - atMost });
  }
  for (const [key, bl] of b) {
    if (h.has(key)) continue;
    const atMost = unrecordedAtMost(head);
    if (bl.estimatedCycles > atMost)
      changes.push({ file: bl.file, line: bl.line, baseLine: bl.line, ...text(bl), base: bl.estimatedCycles, head: null, change: atMost - bl.estimatedCycles });
  }
  return changes.sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.file.localeCompare(y.file) || x.line - y.line).slice(0, top);
}
