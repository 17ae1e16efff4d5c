/**
 * A position in an inline formatting context's measured pieces: where a line starts, and so
 * where inline content resumes on the next page (CSS Fragmentation 3). It holds no laid-out
 * line: the next fragmentainer breaks lines again from here, at its own widths (floats may differ).
 */
import type { InlineBox } from '../../boxes/types.js';
import type { InlinePosition } from '../contract.js';
import type { Piece } from './pieces.js';

export interface InlineResume {
  /** Index of the first piece not yet on a line. */
  readonly index: number;
  /** The rest of that piece when a line ended inside it (a hyphenated or wrapped word). */
  readonly tail: Piece | undefined;
  /** The inline boxes open at this position (outermost first), when known: saves a scan from the start. */
  readonly open?: readonly InlineBox[] | undefined;
}

export const CONTENT_START: InlineResume = { index: 0, tail: undefined };

export function sameResume(a: InlineResume, b: InlineResume): boolean {
  return a.index === b.index && a.tail === b.tail;
}

/**
 * Where in its piece a position resumes (the first character of the rest of a cut text piece, 0
 * when it starts a piece): a word cut on several pages resumes at a new place on each.
 */
export function offsetInPiece(at: InlinePosition): number {
  const tail = at.tail as Piece | undefined;
  return tail?.kind === 'text' ? tail.from : 0;
}
