/**
 * The layout rules of a document in quirks or limited-quirks mode (the Quirks Mode Standard; the
 * mode comes from the doctype, dom/document-mode.ts), as questions layout asks of a box. In a
 * document with `<!DOCTYPE html>` every answer is no.
 */
import type { ComputedStyle } from '../css/types.js';
import { QUIRKY_MARGIN_BOTTOM, QUIRKY_MARGIN_TOP } from '../css/quirky-margins.js';
import type { LayoutContext } from './contract.js';
import type { LayoutBox } from '../boxes/types.js';

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
export function hasLineHeightQuirk(ctx: LayoutContext): boolean {
  return ctx.documentMode !== 'no-quirks';
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
