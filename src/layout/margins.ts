/**
 * Collapsing margins (CSS2 §8.3.1) as a "margin strut": the largest positive and the most
 * negative of the margins that adjoin so far; their sum is the collapsed margin.
 */
export interface MarginStrut {
  readonly positive: number;
  /** <= 0 */
  readonly negative: number;
}

export const EMPTY_STRUT: MarginStrut = { positive: 0, negative: 0 };

export function addMargin(strut: MarginStrut, margin: number): MarginStrut {
  if (margin >= 0) return margin > strut.positive ? { positive: margin, negative: strut.negative } : strut;
  return margin < strut.negative ? { positive: strut.positive, negative: margin } : strut;
}


export function collapsedMargin(strut: MarginStrut): number {
  return strut.positive + strut.negative;
}
