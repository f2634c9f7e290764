import { MAX_PYTHON_FUNCTIONS, PYTHON_FUNCTION_SHARE } from './attribution.ts';
import type { PythonAttribution } from './types.ts';

/** A Python function whose own bytecode count changed; a side is null when it was not recorded there. */
export interface PythonFunctionChange {
  fn: string;
  file: string;
  /** The head's first line (the base's when the head has none). */
  line: number;
  base: number | null;
  head: number | null;
  change: number;
  unrecordedAtMost?: number;
}

/** The most a function left out of `functions` can count: as `unrecordedAtMost` for C functions. */
function pythonUnrecordedAtMost(a: PythonAttribution): number {
  const floor = a.bytecodes * PYTHON_FUNCTION_SHARE;
  const smallest = a.functions.at(-1)?.bytecodes;
  return a.functions.length >= MAX_PYTHON_FUNCTIONS && smallest !== undefined ? Math.max(floor, smallest) : floor;
}

/**
 * Python functions whose bytecode count changed, largest change first: keyed by file and
 * module:qualname, not line, so an edit above a function does not make it another function.
 */
export function pythonFunctionChanges(base: PythonAttribution | undefined, head: PythonAttribution | undefined, top = 5): PythonFunctionChange[] {
  if (!base || !head || base.scope !== head.scope) return [];
  const key = (f: { fn: string; file: string }) => `${f.file}\u0000${f.fn}`;
  const baseByKey = new Map(base.functions.map((f) => [key(f), f]));
  const headKeys = new Set(head.functions.map(key));
  const changes: PythonFunctionChange[] = [];
  for (const h of head.functions) {
    const b = baseByKey.get(key(h));
    if (b) {
      if (b.bytecodes !== h.bytecodes)
        changes.push({ fn: h.fn, file: h.file, line: h.line, base: b.bytecodes, head: h.bytecodes, change: h.bytecodes - b.bytecodes });
      continue;
    }
    const atMost = pythonUnrecordedAtMost(base);
    if (h.bytecodes > atMost)
      changes.push({ fn: h.fn, file: h.file, line: h.line, base: null, head: h.bytecodes, change: h.bytecodes - atMost, unrecordedAtMost: atMost });
  }
  for (const b of base.functions) {
    if (headKeys.has(key(b))) continue;
    const atMost = pythonUnrecordedAtMost(head);
    if (b.bytecodes > atMost)
      changes.push({ fn: b.fn, file: b.file, line: b.line, base: b.bytecodes, head: null, change: atMost - b.bytecodes, unrecordedAtMost: atMost });
  }
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file)).slice(0, top);
}
