/**
 * Collapsing margins (CSS2 §8.3.1) as a "margin strut": the largest positive and the most
 * negative of the margins that adjoin so far; their sum is the collapsed margin.
 *
 * In quirks mode the UA sheet's quirky margins (css/quirky-margins.ts) are kept apart, as
 * Chromium's margin strut keeps them: one that collapses into the top of `body` or a table cell
 * (`atQuirkyStart`) is dropped, and at such a box's end the largest of them (`quirky`) is (HTML
 * §15.3.3). Elsewhere they collapse as any margin.
 */
export interface MarginStrut {
  readonly positive: number;
  /** <= 0 */
  readonly negative: number;
  /** The largest quirky positive margin (0 outside quirks mode). */
  readonly quirky: number;
  /** The margins collapse into the top of a quirky container: quirky ones added now are dropped. */
  readonly atQuirkyStart: boolean;
}

export const EMPTY_STRUT: MarginStrut = { positive: 0, negative: 0, quirky: 0, atQuirkyStart: false };

/** `margin` added to the margins adjoining so far; `quirky`: one of the UA sheet's quirky margins, in quirks mode. */
export function addMargin(strut: MarginStrut, margin: number, quirky = false): MarginStrut {
  if (quirky && margin >= 0) {
    if (strut.atQuirkyStart || margin <= strut.quirky) return strut;
    return { positive: strut.positive, negative: strut.negative, quirky: margin, atQuirkyStart: false };
  }
  if (margin >= 0) return margin > strut.positive ? { positive: margin, negative: strut.negative, quirky: strut.quirky, atQuirkyStart: strut.atQuirkyStart } : strut;
  return margin < strut.negative ? { positive: strut.positive, negative: margin, quirky: strut.quirky, atQuirkyStart: strut.atQuirkyStart } : strut;
}

export function collapsedMargin(strut: MarginStrut): number {
  return Math.max(strut.positive, strut.quirky) + strut.negative;
}

/** The margins at the start of a quirky container's content (`body`, a table cell). */
export function atQuirkyStart(strut: MarginStrut): MarginStrut {
  return strut.atQuirkyStart ? strut : { positive: strut.positive, negative: strut.negative, quirky: strut.quirky, atQuirkyStart: true };
}

/** The margins at a quirky container's content end: its children's quirky margins dropped. */
export function withoutQuirky(strut: MarginStrut): MarginStrut {
  return strut.quirky === 0 ? strut : { positive: strut.positive, negative: strut.negative, quirky: 0, atQuirkyStart: strut.atQuirkyStart };
}
