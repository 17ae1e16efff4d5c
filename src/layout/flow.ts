/** The records every block-level layout algorithm takes and returns (DESIGN.md §2, principle 4). */
import type { BlockBox } from '../boxes/types.js';
import type { Fragment } from './types.js';
import type { MarginStrut } from './margins.js';
import type { LaidOutLine } from './inline/line-box.js';

export interface LayoutInput {
  /** Left edge of the containing block's content box (absolute px). */
  readonly x: number;
  /** Current position: where the box's margin area starts, before the pending strut. */
  readonly y: number;
  /** Adjoining margins above the box that are not resolved yet. */
  readonly strut: MarginStrut;
  readonly containingWidth: number;
  /** Definite height of the containing block, for percentage heights. */
  readonly containingHeight: number | undefined;
  /** Absolute y where the page area ends; Infinity when nothing fragments. */
  readonly fragmentainerBottom: number;
  /** Nothing has been placed on this page yet: the box must make progress even if it overflows. */
  readonly atPageTop: boolean;
  /** Margins adjoining the top of this page are truncated (after an unforced break). */
  readonly discardTopMargins: boolean;
  /** Content-box width decided by the parent (shrink-to-fit of an inline-block); not inherited by children. */
  readonly fixedContentWidth?: number;
}

/** Where to resume a box on the next page (CSS Fragmentation 3). */
export type BreakToken =
  | { readonly kind: 'block'; readonly box: BlockBox; readonly childIndex: number; readonly child: BreakToken | undefined; readonly forced?: boolean }
  | { readonly kind: 'lines'; readonly box: BlockBox; readonly lines: readonly LaidOutLine[]; readonly lineIndex: number };

export type LayoutResult =
  | {
      readonly kind: 'placed';
      readonly fragment: Fragment;
      /** Absolute y of the border-box bottom (the new current position if margins collapse no further). */
      readonly endY: number;
      /** Margins pending below the box. */
      readonly strut: MarginStrut;
      /** The box's own top resolved the incoming strut at this y (undefined if it collapsed through). */
      readonly resolvedAt: number | undefined;
      readonly breakToken: BreakToken | undefined;
      /** Break request after this box (break-after), for the parent's forced-break logic. */
      readonly forcedBreakAfter: boolean;
    }
  /** Nothing of the box fits on this page: break before it. */
  | { readonly kind: 'pushed' };
