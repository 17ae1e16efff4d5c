/** The grid layout's computed values (CSS Grid 1 and 2). */
import type { LengthPercentage } from './types.js';

/** A track's minimum or maximum sizing function (CSS Grid 1 §7.2); `L` is the length type (specified or computed). */
export type GridBreadth<L = LengthPercentage> = L | 'auto' | 'min-content' | 'max-content' | { readonly fr: number };

/** A track size: `minmax(min, max)` (a single breadth `b` is `minmax(b, b)`, `<flex>` is `minmax(auto, <flex>)`) or `fit-content(limit)`. */
export type GridTrackSize<L = LengthPercentage> =
  | { readonly kind: 'minmax'; readonly min: GridBreadth<L>; readonly max: GridBreadth<L> }
  | { readonly kind: 'fit-content'; readonly limit: L };

/** `repeat()` (CSS Grid 1 §7.2.3): `names` has one list per line, `tracks.length + 1` of them. */
export interface GridRepeat<L = LengthPercentage> {
  readonly kind: 'repeat';
  readonly count: number | 'auto-fill' | 'auto-fit';
  readonly names: readonly (readonly string[])[];
  readonly tracks: readonly GridTrackSize<L>[];
}

/** A `<track-list>`: `names` holds the line names before each entry and after the last (`entries.length + 1` lists). */
export interface GridTrackList<L = LengthPercentage> {
  readonly names: readonly (readonly string[])[];
  readonly entries: readonly (GridTrackSize<L> | GridRepeat<L>)[];
}

/**
 * `subgrid <line-name-list>?` (CSS Grid 2 §9): the track list is the parent grid's tracks the
 * item spans; `lineNames` are the item's own names for those lines, first line first.
 */
export interface GridSubgrid {
  readonly kind: 'subgrid';
  readonly lineNames: readonly (readonly string[])[];
  /** `repeat(auto-fill, …)`: its name lists, repeated as often as they fit, go in before `lineNames[at]`. */
  readonly autoFill?: { readonly at: number; readonly lineNames: readonly (readonly string[])[] };
}

/** Whether a `grid-template-columns`/`-rows` value is `subgrid`. */
export const isSubgridTemplate = <L>(template: GridTrackList<L> | GridSubgrid | 'none'): template is GridSubgrid => template !== 'none' && 'kind' in template;

/** A named grid area of `grid-template-areas`, as 1-based grid lines (end exclusive). */
export interface GridNamedArea {
  readonly name: string;
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

export interface GridAreas {
  readonly rows: number;
  readonly columns: number;
  readonly areas: readonly GridNamedArea[];
}

/**
 * A `<grid-line>` (CSS Grid 1 §8.3): a line number (0 when only a name is given; negative counts
 * from the end) with an optional name, or a span of lines (of that name, if given).
 */
export type GridLine =
  | 'auto'
  | { readonly kind: 'line'; readonly line: number; readonly name: string | undefined }
  | { readonly kind: 'span'; readonly count: number; readonly name: string | undefined };
