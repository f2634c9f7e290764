// Where the elements of one array in a JSON object's text lie, found without making objects of the
// text: a results file of thousands of benchmarks is then parsed a benchmark at a time (issue 26).
// Only the structure is read here; what lies between is checked by JSON.parse of each piece.

const [TAB, LF, CR, SPACE, QUOTE, COMMA, COLON, BACKSLASH] = [9, 10, 13, 32, 34, 44, 58, 92];
const [OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE] = [91, 93, 123, 125];

const isSpace = (c: number) => c === SPACE || c === LF || c === CR || c === TAB;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string opening at i, or -1. */
function stringEnd(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The index after the value starting at i, or -1. Brackets are only counted: JSON.parse checks they match. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text, i);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) {
        const end = stringEnd(text, j);
        if (end < 0) return -1;
        j = end - 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return j + 1;
    }
    return -1;
  }
  // A number, true, false or null: up to what follows a value.
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (isSpace(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
    j++;
  }
  return j > i ? j : -1;
}

export interface ArraySpans {
  /** The array's own span, [ to ] included: text.slice(start, end). */
  start: number;
  end: number;
  /** Each element's span, as start and end one after the other. */
  elements: number[];
}

/**
 * The spans of the array that is member `key` of the object that is the whole text, or undefined
 * when the text is not one object with exactly one member of that name holding an array (a text
 * that is not JSON among them): the caller then parses it whole, and JSON.parse says what is wrong.
 * For a JSON text, the text outside the array and each element parse as they would within it.
 */
export function arrayMemberSpans(text: string, key: string): ArraySpans | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i = skipSpace(text, i + 1);
  let found: { start: number; end: number } | undefined;
  if (text.charCodeAt(i) !== CLOSE_BRACE) {
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return undefined;
      const nameEnd = stringEnd(text, i);
      if (nameEnd < 0) return undefined;
      let name: unknown;
      try {
        name = JSON.parse(text.slice(i, nameEnd));
      } catch {
        return undefined;
      }
      i = skipSpace(text, nameEnd);
      if (text.charCodeAt(i) !== COLON) return undefined;
      const start = skipSpace(text, i + 1);
      const end = valueEnd(text, start);
      if (end < 0) return undefined;
      if (name === key) {
        // JSON.parse keeps the last of two: rare enough to leave to it.
        if (found) return undefined;
        found = { start, end };
      }
      i = skipSpace(text, end);
      const c = text.charCodeAt(i);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) return undefined;
      i = skipSpace(text, i + 1);
    }
  }
  if (skipSpace(text, i + 1) !== text.length || !found || text.charCodeAt(found.start) !== OPEN_BRACKET) return undefined;
  const elements: number[] = [];
  let j = skipSpace(text, found.start + 1);
  if (text.charCodeAt(j) !== CLOSE_BRACKET) {
    for (;;) {
      const end = valueEnd(text, j);
      if (end < 0) return undefined;
      elements.push(j, end);
      j = skipSpace(text, end);
      const c = text.charCodeAt(j);
      if (c === CLOSE_BRACKET) break;
      if (c !== COMMA) return undefined;
      j = skipSpace(text, j + 1);
    }
  }
  return j + 1 === found.end ? { start: found.start, end: found.end, elements } : undefined;
}
