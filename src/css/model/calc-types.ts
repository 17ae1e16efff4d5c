/** The computed form of math functions that still need a percentage basis (css/values/calc.ts). */

/** `round()` with its rounding strategy, and the other functions a length tree can hold (CSS Values 4 §10.5–10.8). */
export type CalcFunctionName = 'round-nearest' | 'round-up' | 'round-down' | 'round-to-zero' | 'mod' | 'rem' | 'abs' | 'hypot' | 'sign';

/** A math function that mixes px with percentages, resolved in layout. */
export type CalcNode =
  | { readonly op: 'px'; readonly value: number }
  | { readonly op: 'percent'; readonly value: number }
  | { readonly op: 'sum'; readonly terms: readonly CalcNode[] }
  | { readonly op: 'scale'; readonly node: CalcNode; readonly by: number }
  | { readonly op: 'min' | 'max'; readonly args: readonly CalcNode[] }
  | { readonly op: 'clamp'; readonly min: CalcNode; readonly value: CalcNode; readonly max: CalcNode }
  | { readonly op: 'fn'; readonly name: CalcFunctionName; readonly args: readonly CalcNode[] }
  /** Products and quotients whose factors are lengths known at layout (`sign(50% - 1em) * 4px`). */
  | { readonly op: 'mul' | 'div'; readonly a: CalcNode; readonly b: CalcNode };
