/**
 * Grid layout (CSS Grid 1): a grid container's box — its width like a block's (or fixed from
 * outside for `inline-grid`, floats and positioned boxes), its grid sized (sizing.ts), its tracks
 * spread by `justify-content`/`align-content` (§10.5), each item laid out in its area and aligned
 * (items.ts), absolutely positioned children with the container's padding box as containing
 * block when it is positioned, and its rows fragmented across pages (fragment.ts).
 */
import type { FlexBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { LayoutContext } from '../context.js';
import type { BreakToken, LayoutInput, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from '../margins.js';
import { blockHorizontalMetrics, clampHeight, definiteContentHeight, marginOrZero, resolveMinSize, toContentSize, usedBorder, usedPadding } from '../box-model.js';
import { offsetFragment } from '../fragment.js';
import { placePositionedDescendants } from '../positioned.js';
import { forcedBreakOf } from '../block.js';
import { distributeContent } from './align.js';
import { containerAlignment, sizeGrid, spanSize } from './sizing.js';
import type { SizedGrid } from './sizing.js';
import { layoutItemInArea } from './items.js';
import { rowsEnd, rowsForPage } from './fragment.js';

/** Start of each track and the extra space content distribution puts between tracks. */
function trackStarts(sizes: readonly number[], gap: number, free: number, value: string, direction: 'ltr' | 'rtl'): number[] {
  const { offset, between } = distributeContent(value, free, sizes.length, direction);
  const starts: number[] = [];
  let position = offset;
  for (const size of sizes) {
    starts.push(position);
    position += size + gap + between;
  }
  starts.push(position - gap - between);
  return starts;
}

interface ContainerBox {
  readonly contentWidth: number;
  readonly marginLeft: number;
  readonly border: BoxFragment['border'];
  readonly padding: BoxFragment['padding'];
  /** Definite content height, if any. */
  readonly height: number | undefined;
  readonly edgesY: number;
}

function containerBox(box: FlexBox, input: LayoutInput): ContainerBox {
  const style = box.style;
  const available = typeof input.available === 'number' ? input.available : input.containingWidth;
  const border = usedBorder(style);
  const padding = usedPadding(style, input.containingWidth);
  const edgesX = border.left + border.right + padding.left + padding.right;
  const edgesY = border.top + border.bottom + padding.top + padding.bottom;
  const fixed = input.fixedWidth === undefined ? undefined : Math.max(0, input.fixedWidth - edgesX);
  const h = blockHorizontalMetrics(style, input.containingWidth, fixed, available, input.containingDirection ?? style.direction);
  const definite = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY) : definiteContentHeight(style, input.containingHeight, edgesY);
  const height = definite === undefined ? undefined : clampHeight(style, definite, input.containingHeight, edgesY);
  return { contentWidth: h.contentWidth, marginLeft: h.marginLeft, border, padding, height, edgesY };
}

export function layoutGrid(box: FlexBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = box.style;
  const c = containerBox(box, input);
  const continued = resume !== undefined;
  const minHeight = toContentSize(resolveMinSize(style.minHeight, input.containingHeight), style, c.edgesY);
  const sized = sizeGrid(box, c.contentWidth, c.height, minHeight, ctx);
  const usedHeight = spanSize(sized.rows, 0, sized.rows.length, sized.rowGap);
  const contentHeight = c.height ?? clampHeight(style, usedHeight, input.containingHeight, c.edgesY);
  const columnStarts = trackStarts(sized.columns, sized.columnGap, c.contentWidth - spanSize(sized.columns, 0, sized.columns.length, sized.columnGap), style.justifyContent, style.direction);
  const rowStarts = trackStarts(sized.rows, sized.rowGap, contentHeight - usedHeight, style.alignContent, 'ltr');

  const marginTop = continued ? 0 : marginOrZero(style.marginTop, input.containingWidth);
  const discard = input.fragmentainer?.discardTopMargins === true && input.fragmentainer.atTop;
  const top = input.y + collapsedMargin(discard ? EMPTY_STRUT : addMargin(input.strut, marginTop));
  const borderTop = continued ? 0 : c.border.top;
  const paddingTop = continued ? 0 : c.padding.top;
  const contentTop = borderTop + paddingTop;
  const page = rowsForPage(box, sized, rowStarts, resume, input.fragmentainer === undefined ? undefined : input.fragmentainer.bottom - top - contentTop, input.fragmentainer?.atTop ?? true);
  if (page === undefined) return { kind: 'pushed' };

  const contentLeft = c.border.left + c.padding.left;
  const children: Fragment[] = [];
  const positioned: PendingPositioned[] = [];
  const pageContent: PageContent[] = [];
  let first: number | undefined;
  let last: number | undefined;
  const alignment = containerAlignment(style);
  for (const item of sized.grid.items) {
    if (item.area.rowStart < page.firstRow || item.area.rowStart >= page.endRow) continue;
    const x = contentLeft + columnStarts[item.area.columnStart]!;
    const y = contentTop + rowStarts[item.area.rowStart]! - page.shift;
    const area = {
      width: rowsEnd(columnStarts, sized.columns, item.area.columnEnd) - columnStarts[item.area.columnStart]!,
      height: rowsEnd(rowStarts, sized.rows, item.area.rowEnd) - rowStarts[item.area.rowStart]!,
    };
    const placed = layoutItemInArea(item.box, area, alignment, input.mode, undefined, ctx);
    if (placed === undefined) continue;
    const dx = x + placed.dx;
    const dy = y + placed.dy;
    children.push(offsetFragment(placed.output.fragment, dx, dy));
    positioned.push(...placed.output.positioned.map((p) => ({ ...p, staticX: p.staticX + dx, staticY: p.staticY + dy, staticRight: p.staticRight + dx })));
    pageContent.push(...placed.output.pageContent.map((p) => ({ ...p, staticX: p.staticX + dx, staticY: p.staticY + dy, staticRight: p.staticRight + dx })));
    const baseline = placed.output.baselines.first;
    if (baseline !== undefined && item.area.rowStart === page.firstRow && first === undefined) first = dy + placed.output.fragment.y + baseline;
    const lastBaseline = placed.output.baselines.last;
    if (lastBaseline !== undefined) last = dy + placed.output.fragment.y + lastBaseline;
  }

  const broken = page.breakToken !== undefined;
  const pageHeight = broken ? page.height : contentHeight - page.shift;
  const borderBottom = broken ? 0 : c.border.bottom;
  const paddingBottom = broken ? 0 : c.padding.bottom;
  const x = input.x + c.marginLeft;
  const height = contentTop + pageHeight + paddingBottom + borderBottom;
  if (input.mode === 'layout') {
    for (const child of sized.grid.outOfFlow) {
      const pending = { placeholder: child, staticX: contentLeft, staticY: contentTop, staticRight: contentLeft + c.contentWidth, staticDirection: style.direction };
      if (child.scheme === 'fixed') pageContent.push({ kind: 'fixed', ...pending });
      else positioned.push(pending);
    }
  }
  const fragment: BoxFragment = {
    kind: 'box', box, style, x, y: top,
    width: c.contentWidth + c.border.left + c.border.right + c.padding.left + c.padding.right,
    height,
    border: { top: borderTop, right: c.border.right, bottom: borderBottom, left: c.border.left },
    padding: { top: paddingTop, right: c.padding.right, bottom: paddingBottom, left: c.padding.left },
    children, continuedBefore: continued, continuedAfter: broken,
  };
  // Children were placed relative to the container; pending boxes move into the input's frame.
  const toInput = <P extends PendingPositioned>(p: P): P => ({ ...p, staticX: p.staticX + x, staticY: p.staticY + top, staticRight: p.staticRight + x });
  const own = placePositionedDescendants(fragment, positioned.map(toInput), ctx);
  return {
    kind: 'placed', fragment: own.fragment, endY: top + height,
    strut: addMargin(EMPTY_STRUT, broken ? 0 : marginOrZero(style.marginBottom, input.containingWidth)),
    resolvedAt: top,
    baselines: { first, last },
    breakToken: page.breakToken,
    forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions,
    positioned: own.pending,
    pageContent: pageContent.map(toInput),
  };
}

export type { SizedGrid };
