// Fitting a report into a size limit (a comment's characters, a job summary's bytes): the parts that
// must stay are kept whole, and the optional pieces are taken most important first while they fit.

/** How a limit counts text: characters (GitHub comments, GitLab notes) or UTF-8 bytes (the job summary). */
export type TextSize = (text: string) => number;

export const characters: TextSize = (text) => text.length;
export const utf8Bytes: TextSize = (text) => Buffer.byteLength(text, 'utf8');

export interface FitOptions {
  /** The most the text may measure. */
  limit: number;
  /** How it is measured; characters unless told. */
  size?: TextSize;
  /** Where the whole report is, for the line that says what was left out ("`report.md` in the job's artifacts"). */
  fullReport: string;
}

/** A piece that may be left out: lower ranks are kept first, then earlier pieces. */
export interface Piece {
  lines: string[];
  rank: number;
}

/**
 * The pieces kept within `budget`: most important first, each kept when it still fits (a long one
 * left out does not stop shorter ones of the same or a lower rank). Each piece costs its lines and
 * their line breaks.
 */
export function choosePieces(pieces: readonly Piece[], budget: number, size: TextSize): Set<Piece> {
  const order = pieces.map((piece, index) => ({ piece, index })).sort((a, b) => a.piece.rank - b.piece.rank || a.index - b.index);
  const kept = new Set<Piece>();
  let left = budget;
  for (const { piece } of order) {
    const cost = piece.lines.reduce((sum, line) => sum + size(line) + 1, 0);
    if (cost > left) continue;
    kept.add(piece);
    left -= cost;
  }
  return kept;
}
