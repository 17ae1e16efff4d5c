/**
 * Absolutely positioned children of a positioned grid container (CSS Grid 1 §9.1): their
 * `grid-row`/`grid-column` lines form the containing block; an `auto` line (or one outside the
 * grid) is the container's padding edge. With `auto` insets, `justify-self`/`align-self` align
 * the box in that area.
 */
import type { OutOfFlowBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext, PageContent, PendingPositioned } from '../contract.js';
import type { ContainingBlock } from '../positioned.js';
import { placeAbsolute } from '../positioned.js';
import { offsetFragment } from '../fragment.js';
import { marginOrZero } from '../box-model.js';
import { selfOffset, usedSelf } from './align.js';
import { resolveAxis } from './placement.js';
import type { ExplicitAxis } from './template.js';
import type { Grid } from './grid.js';

/** Where the grid's lines are, in the container's border-box frame, and its padding box. */
export interface GridLines {
  /** Column positions run from the right border edge. */
  readonly rtl: boolean;
  /** Per line (0-based, tracks + 1 of them): where an area starting / ending at it begins / ends (gutters excluded). */
  readonly columnStarts: readonly number[];
  readonly columnEnds: readonly number[];
  readonly rowStarts: readonly number[];
  readonly rowEnds: readonly number[];
  /** The padding box; `start`/`end` on the inline axis, measured like the columns. */
  readonly padding: { readonly start: number; readonly top: number; readonly end: number; readonly bottom: number };
}

/** One axis of the grid as a positioned box sees it: its explicit lines, where each line is, and the padding edges that stand for `auto`. */
interface AxisLines {
  readonly axis: ExplicitAxis;
  readonly offset: number;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly start: number;
  readonly end: number;
}

function edges(lines: AxisLines, style: { start: OutOfFlowBox['style']['gridRowStart']; end: OutOfFlowBox['style']['gridRowEnd'] }): [number, number] {
  const { start, end, offset } = lines;
  const placement = resolveAxis(lines.axis, style);
  if (placement.kind !== 'definite') return [start, end];
  const at = (positions: readonly number[], line: number, fallback: number): number => positions[line - 1 + offset] ?? fallback;
  return [style.start === 'auto' ? start : at(lines.starts, placement.start, start), style.end === 'auto' ? end : at(lines.ends, placement.end, end)];
}

/**
 * Lays out `pending` in the grid area its lines name (else the padding box); the result is a
 * child of `container`, with the page content of the box (in the container's input frame).
 */
export function layoutInGridArea(pending: PendingPositioned, grid: Grid, lines: GridLines, container: BoxFragment, ctx: LayoutContext): { fragment: BoxFragment; pageContent: readonly PageContent[] } {
  const style = pending.placeholder.box.style;
  const columns = { axis: grid.columnAxis, offset: grid.columnOffset, starts: lines.columnStarts, ends: lines.columnEnds, start: lines.padding.start, end: lines.padding.end };
  const rows = { axis: grid.rowAxis, offset: grid.rowOffset, starts: lines.rowStarts, ends: lines.rowEnds, start: lines.padding.top, end: lines.padding.bottom };
  const [start, end] = edges(columns, { start: style.gridColumnStart, end: style.gridColumnEnd });
  const [left, right] = lines.rtl ? [container.width - end, container.width - start] : [start, end];
  const [top, bottom] = edges(rows, { start: style.gridRowStart, end: style.gridRowEnd });
  const block: ContainingBlock = {
    x: container.x + left, y: container.y + top, width: Math.max(0, right - left), height: Math.max(0, bottom - top), direction: container.style.direction,
  };
  // With auto insets the box sits at the start of its area (its static position there), then is aligned in it.
  const inArea = { ...pending, staticX: block.x, staticY: block.y, staticRight: block.x + block.width };
  const laid = placeAbsolute(inArea, block, ctx, undefined);
  const shift = selfAlignmentShift(laid.fragment, block, container.style);
  const moved = <P extends PageContent>(p: P): P => ({ ...p, staticX: p.staticX + shift.dx, staticY: p.staticY + shift.dy, staticRight: p.staticRight + shift.dx });
  return { fragment: offsetFragment(laid.fragment, shift.dx - container.x, shift.dy - container.y), pageContent: laid.pageContent.map(moved) };
}

/**
 * `justify-self`/`align-self` of a box whose insets are `auto` on an axis (CSS Box Alignment 3
 * §6.1-6.2): its margin box moves within its area; `self-*` follow its own direction.
 */
function selfAlignmentShift(laid: BoxFragment, block: ContainingBlock, container: ComputedStyle): { dx: number; dy: number } {
  const style = laid.style;
  let dx = 0;
  let dy = 0;
  if (style.left === 'auto' && style.right === 'auto') {
    const marginLeft = marginOrZero(style.marginLeft, block.width);
    const outer = laid.width + marginLeft + marginOrZero(style.marginRight, block.width);
    const free = block.width - outer;
    const value = usedSelf(style.justifySelf, container.justifyItems);
    let offset = selfOffset(value, free, block.direction);
    if (/self-(start|end)$/.test(value) && style.direction !== block.direction) offset = free - offset;
    dx = (block.direction === 'rtl' ? block.x + free - offset : block.x + offset) - (laid.x - marginLeft);
  }
  if (style.top === 'auto' && style.bottom === 'auto') {
    const marginTop = marginOrZero(style.marginTop, block.width);
    const free = block.height - laid.height - marginTop - marginOrZero(style.marginBottom, block.width);
    dy = block.y + selfOffset(usedSelf(style.alignSelf, container.alignItems), free) - (laid.y - marginTop);
  }
  return { dx, dy };
}
