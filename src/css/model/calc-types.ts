/** Math functions as trees (css/values/calc.ts): specified with their units, computed to px and percentages. */

/** `round()` with its rounding strategy, and the other functions a length tree can hold (CSS Values 4 §10.5–10.8). */
export type CalcFunctionName = 'round-nearest' | 'round-up' | 'round-down' | 'round-to-zero' | 'mod' | 'rem' | 'abs' | 'hypot' | 'sign';

/** A math function's tree over its leaves: specified dimensions, or computed px and percentages. */
export type CalcTree<Leaf> =
  | Leaf
  | { readonly op: 'sum'; readonly terms: readonly CalcTree<Leaf>[] }
  | { readonly op: 'scale'; readonly node: CalcTree<Leaf>; readonly by: number }
  | { readonly op: 'min' | 'max'; readonly args: readonly CalcTree<Leaf>[] }
  | { readonly op: 'clamp'; readonly min: CalcTree<Leaf>; readonly value: CalcTree<Leaf>; readonly max: CalcTree<Leaf> }
  | { readonly op: 'fn'; readonly name: CalcFunctionName; readonly args: readonly CalcTree<Leaf>[] }
  /** Products and quotients whose factors are lengths known later (`sign(50% - 1em) * 4px`). */
  | { readonly op: 'mul' | 'div'; readonly a: CalcTree<Leaf>; readonly b: CalcTree<Leaf> };

/** A math function that mixes px with percentages, resolved in layout. */
export type CalcNode = CalcTree<{ readonly op: 'px'; readonly value: number } | { readonly op: 'percent'; readonly value: number }>;
