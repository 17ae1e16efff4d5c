/**
 * Absolutely positioned children of a positioned grid container (CSS Grid 1 §9.1): their
 * `grid-row`/`grid-column` lines form the containing block; an `auto` line (or one outside the
 * grid) is the container's padding edge.
 */
import type { OutOfFlowBox } from '../../boxes/types.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext } from '../context.js';
import type { PendingPositioned } from '../contract.js';
import type { ContainingBlock } from '../positioned.js';
import { layoutAbsolute } from '../positioned.js';
import { offsetFragment } from '../fragment.js';
import { resolveAxis } from './placement.js';
import type { ExplicitAxis } from './template.js';
import type { Grid } from './grid.js';

/** Where the grid's lines are, in the container's border-box frame, and its padding box. */
export interface GridLines {
  /** Per line (0-based, tracks + 1 of them): where an area starting / ending at it begins / ends (gutters excluded). */
  readonly columnStarts: readonly number[];
  readonly columnEnds: readonly number[];
  readonly rowStarts: readonly number[];
  readonly rowEnds: readonly number[];
  readonly padding: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

function edges(axis: ExplicitAxis, offset: number, lines: { starts: readonly number[]; ends: readonly number[] }, start: number, end: number, style: { start: OutOfFlowBox['style']['gridRowStart']; end: OutOfFlowBox['style']['gridRowEnd'] }): [number, number] {
  const placement = resolveAxis(axis, style);
  if (placement.kind !== 'definite') return [start, end];
  const at = (positions: readonly number[], line: number, fallback: number): number => positions[line - 1 + offset] ?? fallback;
  return [style.start === 'auto' ? start : at(lines.starts, placement.start, start), style.end === 'auto' ? end : at(lines.ends, placement.end, end)];
}

/** Does the child name any grid line (else it uses the padding box like any absolutely positioned box)? */
export function placedOnGrid(child: OutOfFlowBox): boolean {
  const s = child.box.style;
  return s.gridRowStart !== 'auto' || s.gridRowEnd !== 'auto' || s.gridColumnStart !== 'auto' || s.gridColumnEnd !== 'auto';
}

/** Lays out `pending` in the grid area its lines name; the result is a child of `container`. */
export function layoutInGridArea(pending: PendingPositioned, grid: Grid, lines: GridLines, container: BoxFragment, ctx: LayoutContext): BoxFragment {
  const style = pending.placeholder.box.style;
  const [left, right] = edges(grid.columnAxis, grid.columnOffset, { starts: lines.columnStarts, ends: lines.columnEnds }, lines.padding.left, lines.padding.right, { start: style.gridColumnStart, end: style.gridColumnEnd });
  const [top, bottom] = edges(grid.rowAxis, grid.rowOffset, { starts: lines.rowStarts, ends: lines.rowEnds }, lines.padding.top, lines.padding.bottom, { start: style.gridRowStart, end: style.gridRowEnd });
  const block: ContainingBlock = {
    x: container.x + left, y: container.y + top, width: Math.max(0, right - left), height: Math.max(0, bottom - top), direction: container.style.direction,
  };
  // With auto insets the box sits at the start of its area (its static position there).
  const inArea = { ...pending, staticX: block.x, staticY: block.y, staticRight: block.x + block.width };
  return offsetFragment(layoutAbsolute(inArea, block, ctx), -container.x, -container.y);
}
