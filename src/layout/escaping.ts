/**
 * What escapes a laid-out box (the two channels of a layout result, contract.ts): absolutely
 * positioned descendants waiting for their containing block, and content for the page. Kept
 * apart from contract.ts so that inline layout, which the contract's break tokens name, can
 * carry them without importing the contract.
 */
import type { OutOfFlowBox } from '../boxes/types.js';

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
  /**
   * The static-position rectangle's inline extent, where `*-self` aligns a box whose insets are
   * both auto (absolute-alignment.ts): `block`, from `staticX` to `staticRight` (a block container's
   * content box); `line`, the point at the static position (in a line). Absent: not aligned there
   * (flex and grid containers place their own).
   */
  readonly staticRect?: 'block' | 'line' | undefined;
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
