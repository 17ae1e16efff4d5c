/**
 * The layout rules of a document in quirks or limited-quirks mode (the Quirks Mode Standard; the
 * mode comes from the doctype, dom/document-mode.ts), as questions layout asks of a box. In a
 * document with `<!DOCTYPE html>` every answer is no.
 */
import type { ComputedStyle } from '../css/types.js';
import { QUIRKY_MARGIN_BOTTOM, QUIRKY_MARGIN_TOP } from '../css/quirky-margins.js';
import type { LayoutContext } from './contract.js';
import { cacheKey } from './contract.js';
import { withStyle } from '../css/compute.js';
import type { LayoutBox } from '../boxes/types.js';
import type { DocumentMode } from '../dom/document-mode.js';

/** `body` and table cells drop the quirky margins that collapse into their top and bottom (HTML §15.3.3). */
export function isQuirkyContainer(box: LayoutBox, ctx: LayoutContext): boolean {
  if (ctx.documentMode !== 'quirks') return false;
  const name = box.element?.name;
  return name === 'body' || name === 'td' || name === 'th';
}

/** Is the box's top margin one of the UA sheet's quirky ones, in quirks mode? */
export function hasQuirkyTopMargin(style: ComputedStyle, ctx: LayoutContext): boolean {
  return ctx.documentMode === 'quirks' && (style.quirkyMargins & QUIRKY_MARGIN_TOP) !== 0;
}

export function hasQuirkyBottomMargin(style: ComputedStyle, ctx: LayoutContext): boolean {
  return ctx.documentMode === 'quirks' && (style.quirkyMargins & QUIRKY_MARGIN_BOTTOM) !== 0;
}

/** The line height calculation quirk (Quirks Mode §3.3), in quirks and limited-quirks mode (inline/line-box.ts). */
export function hasLineHeightQuirk(mode: DocumentMode): boolean {
  return mode !== 'no-quirks';
}

/**
 * The percentage height calculation quirk (Quirks Mode §3.5): a block container of auto height
 * passes on the height its own percentages resolve against, so that `height: 100%` inside
 * auto-height blocks is a share of the nearest ancestor with a height — at the top, the page
 * area. Not through flex, grid or table boxes, table cells or absolutely positioned boxes.
 */
export function percentageBasisQuirk(box: LayoutBox, containingHeight: number | undefined, ctx: LayoutContext): number | undefined {
  if (ctx.documentMode !== 'quirks' || box.kind !== 'block') return undefined;
  const style = box.style;
  if (style.position === 'absolute' || style.position === 'fixed' || style.display === 'table-cell' || style.display === 'table-caption') return undefined;
  return style.height === 'auto' ? containingHeight : undefined;
}

/** Cells' styles with border-box heights, per style (one copy a render). */
const BORDER_BOX_CELLS = cacheKey('quirks: border-box cell heights', () => new WeakMap<ComputedStyle, ComputedStyle>());

/**
 * The table cell height box sizing quirk (Quirks Mode §3.13): a cell's `height`, `min-height` and
 * `max-height` include its padding and border — `<td height=40>` is a 40px row whatever its
 * padding. The cell's width is the table's to set, so its sizing style may say border-box.
 */
export function cellHeightQuirk(style: ComputedStyle, ctx: LayoutContext): ComputedStyle {
  if (ctx.documentMode !== 'quirks' || style.display !== 'table-cell' || style.boxSizing === 'border-box') return style;
  const cells = ctx.caches.of(BORDER_BOX_CELLS);
  let cell = cells.get(style);
  if (cell === undefined) {
    cell = withStyle(style, { boxSizing: 'border-box' });
    cells.set(style, cell);
  }
  return cell;
}

/**
 * The table cell width calculation quirk (Quirks Mode §3.11): in the inline content of an
 * auto-width cell, images have no soft wrap opportunity before or after them when the cell's
 * min-content width is measured — a row of images sizes its cell to the whole row.
 */
export function cellGluesImages(style: ComputedStyle, mode: DocumentMode): boolean {
  return mode === 'quirks' && style.display === 'table-cell' && style.width === 'auto';
}
