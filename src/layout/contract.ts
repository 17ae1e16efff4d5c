/**
 * The contract every formatting context implements (docs/design.md §2, principle 4; Taffy's
 * `LayoutInput`/`LayoutOutput` in our records). One call lays a box out or measures it:
 * `layoutBox(box, input, ctx, resume)` in dispatch.ts, with `input.mode` saying which.
 *
 * Frames: a result's fragment is placed in the caller's frame (the `x`/`y` of the input are in
 * it), and its descendants are relative to it (see types.ts), so a parent moves a laid-out
 * subtree by changing one offset.
 */
import type { BlockBox, LayoutBox, OutOfFlowBox } from '../boxes/types.js';
import type { LegacyAlign } from '../css/types.js';
import type { BoxFragment } from './types.js';
import type { MarginStrut } from './margins.js';
import type { ExclusionSpace } from './exclusions.js';
import type { InlineResume } from './inline/resume.js';

/** Room on one axis (CSS Sizing 3 §2.1): a definite size, or an intrinsic sizing constraint. */
export type AvailableSize = number | 'min-content' | 'max-content';

/** The page area (or column) the box is laid out into; absent when nothing fragments. */
export interface Fragmentainer {
  /** Where the fragmentainer ends, in the input's frame. */
  readonly bottom: number;
  /** Nothing has been placed in it yet: the box must make progress even if it overflows. */
  readonly atTop: boolean;
  /** Margins adjoining its top are truncated (after an unforced break, CSS Fragmentation 3 §5.2). */
  readonly discardTopMargins: boolean;
  /** A column of a multi-column container: `break-*: column` and `avoid-column` apply (CSS Multi-column 1 §6). */
  readonly column?: boolean | undefined;
  /**
   * Where content may end, by where it starts (footnote calls, CSS GCPM 3 §2.5): a line, or a
   * block-level box, starting at or below a step's `y` ends above that step's `bottom`; content
   * above the first step above the first `bottom`. Set on pages with footnotes, whose `bottom`
   * leaves room for all of them.
   */
  readonly limits?: readonly BottomLimit[] | undefined;
}

export interface BottomLimit {
  readonly y: number;
  readonly bottom: number;
}

/** The bottom content starting at `top` must end above (`limits`, else the fragmentainer's bottom). */
export function bottomAt(page: Fragmentainer, top: number): number {
  const limits = page.limits;
  if (limits === undefined || limits.length === 0) return page.bottom;
  let bottom = limits[0]!.bottom;
  for (const limit of limits) if (top >= limit.y - 0.01) bottom = limit.bottom;
  return bottom;
}

/**
 * The fragmentainer of a block-level box starting at `top`: it ends above the notes of the
 * footnote calls before it (`limits`), and the content inside it narrows that further as it
 * passes more calls.
 */
export function fragmentainerAt(page: Fragmentainer, top: number): Fragmentainer {
  if (page.limits === undefined || page.limits.length === 0) return page;
  return { ...page, bottom: bottomAt(page, top) };
}

export interface LayoutInput {
  /** 'layout' is the real run; 'measure' only wants sizes and baselines (nothing fragments, nothing escapes). */
  readonly mode: 'layout' | 'measure';
  /**
   * The inline size available: the containing block's width, or min-content / max-content to
   * ask for the box's intrinsic width (the result's width is then that size, min/max-width applied).
   */
  readonly available: AvailableSize;
  /** The containing block, for percentages (CSS2 §10.1); a height is undefined when indefinite. */
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  /** The containing block's direction: it settles over-constrained margins and insets (CSS2 §10.3.3, §9.4.3); default the box's own. */
  readonly containingDirection?: 'ltr' | 'rtl' | undefined;
  /** The containing block's legacy alignment of block-level children (`text-align: -webkit-*`, HTML §15.3.3). */
  readonly containingAlign?: LegacyAlign | undefined;
  /** Border-box sizes decided from outside: a shrink-to-fit width, a stretched cell, a flex item's main size. */
  readonly fixedWidth?: number | undefined;
  readonly fixedHeight?: number | undefined;
  /** The fixed height is no definite size for the percentages inside (a flexed item of a container of indefinite height, CSS Flexbox 1 §9.8). */
  readonly fixedHeightIndefinite?: boolean | undefined;
  /** Where the box's margin box starts (x: containing block's content edge; y: the flow position before `strut`). */
  readonly x: number;
  readonly y: number;
  /** Adjoining margins above the box, not resolved yet (CSS2 §8.3.1). */
  readonly strut: MarginStrut;
  readonly fragmentainer: Fragmentainer | undefined;
  /** Floats of the enclosing block formatting context, in the input's frame (CSS2 §9.5). */
  readonly exclusions: ExclusionSpace;
}

/** A forced break keeps its kind so that pagination can add a blank page for `left`/`right` (CSS Fragmentation 3 §3.1). */
export type ForcedBreak = 'page' | 'left' | 'right' | 'recto' | 'verso' | 'column';

/**
 * Where to resume a box in the next fragmentainer (CSS Fragmentation 3 §4). Parallel flows
 * (§4.3): a float split at the page end continues at the top of the next page, before the
 * in-flow content that resumes beside it, so one token may carry several resuming children —
 * floats and in-flow boxes alike — and a box whose own content is complete may still continue
 * for its floats (`atBlockEnd`: its siblings were laid out after it, it takes no more room).
 */
export type BreakToken =
  | {
      readonly kind: 'block';
      readonly box: LayoutBox;
      /** Children that resume inside, by index in order (floats and in-flow children alike). */
      readonly children: readonly { readonly index: number; readonly token: BreakToken }[];
      /** The first child not started yet. */
      readonly next: number;
      /** The break was forced, and by what. */
      readonly forced?: ForcedBreak | undefined;
      /** The box's in-flow content is complete: only floats inside it continue. */
      readonly atBlockEnd?: boolean | undefined;
    }
  | {
      readonly kind: 'inline';
      readonly box: BlockBox;
      readonly at: InlineResume;
      /** Floats standing in the content that continue on the next page (placed there first). */
      readonly floats?: readonly FloatResume[] | undefined;
      readonly atBlockEnd?: boolean | undefined;
    };

/** A float split by the page end, and where it resumes (undefined: nothing of it fitted, it starts on the next page). */
export interface FloatResume {
  readonly placeholder: OutOfFlowBox;
  readonly token: BreakToken | undefined;
}

/** An absolutely positioned box waiting for its containing block (CSS2 §10.1), with its static position. */
export interface PendingPositioned {
  readonly placeholder: OutOfFlowBox;
  /** Static position (CSS2 §10.3.7): the margin-box top-left the box would have had in flow, in the result's frame. */
  readonly staticX: number;
  readonly staticY: number;
  /** The right edge of the static position's containing block, for right-to-left static positions. */
  readonly staticRight: number;
  /** The direction of the box the placeholder stands in: in rtl the static position is its right edge (CSS2 §10.3.7). */
  readonly staticDirection: 'ltr' | 'rtl';
}

/**
 * Content for the page rather than the box: `position: fixed` boxes (repeated on every page) and
 * running elements (`position: running(name)`, shown in the page-margin boxes of the page they fall on)
 * and footnote bodies (`float: footnote`, in the footnote area of the page their call is on).
 */
export type PageContent = {
  readonly kind: 'fixed' | 'running' | 'footnote';
  /** A footnote called in a column of a multi-column container (page/footnotes.ts keepColumns). */
  readonly inColumns?: boolean | undefined;
} & PendingPositioned;

/**
 * What escapes a box, for its ancestors and its page (the two channels of a layout result):
 * boxes whose containing block is an ancestor of it (CSS2 §10.1), and its page content.
 */
export interface Escaping {
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

export interface Baselines {
  /** Alphabetic baselines of the first and last line boxes, from the border-box top (CSS Inline 3 §4.1). */
  readonly first: number | undefined;
  readonly last: number | undefined;
}

export interface LayoutOutput {
  readonly kind: 'placed';
  /** The border box at its position in the input's frame. */
  readonly fragment: BoxFragment;
  /** y after the border box (the flow position if margins collapse no further). */
  readonly endY: number;
  /** Margins pending below the box. */
  readonly strut: MarginStrut;
  /** The box's top resolved the incoming strut at this y; undefined if it collapsed through. */
  readonly resolvedAt: number | undefined;
  readonly baselines: Baselines;
  readonly breakToken: BreakToken | undefined;
  /** The box asks for a break after it (`break-after`), and which. */
  readonly forcedBreakAfter: ForcedBreak | undefined;
  /** Floats of the enclosing formatting context after this box (for its next siblings). */
  readonly exclusions: ExclusionSpace;
  /** Absolutely positioned descendants whose containing block is an ancestor of this box. */
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

/** Nothing of the box fits in this fragmentainer: break before it. */
export interface Pushed {
  readonly kind: 'pushed';
}

export type LayoutResult = LayoutOutput | Pushed;
