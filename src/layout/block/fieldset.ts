/**
 * A fieldset's rendered legend (HTML §15.3.13, as Chromium's fieldset layout algorithm does):
 * laid out shrink-to-fit in the fieldset's content width and placed over its block-start border,
 * its border box centred on the border when the border is the taller (else the border is centred
 * on the legend's border box: paint/fieldset.ts), and the fieldset's content pushed below a
 * legend (and its block-end margin) taller than the border. Inline, it starts at the fieldset's content edge (the right one in
 * rtl); auto margins, or a `text-align` of left, right or center on the legend, move it (as
 * Chromium's `ComputeLegendInlineOffset`). Only the fieldset's first fragment has it.
 */
import type { BlockLevelBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext, PageContent, PendingPositioned } from '../contract.js';
import { layoutBox } from '../contract.js';
import { marginOrZero } from '../box-model.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';

/** Where the fieldset is, in the coordinates of its parent's layout. */
export interface LegendFrame {
  readonly mode: 'layout' | 'measure';
  /** The fieldset's border-box top and left. */
  readonly borderTop: number;
  readonly borderLeft: number;
  /** Its used block-start border width. */
  readonly borderWidth: number;
  readonly contentX: number;
  readonly contentWidth: number;
  readonly containingHeight: number | undefined;
  readonly direction: ComputedStyle['direction'];
}

export interface PlacedLegend {
  /** The legend's fragment, in the parent's layout coordinates. */
  readonly fragment: BoxFragment;
  /** How much further down than the border the fieldset's padding starts (a legend taller than the border). */
  readonly below: number;
  /** What paint leaves out of the block-start border, relative to the fieldset's border box. */
  readonly gap: NonNullable<BoxFragment['legendGap']>;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

/** Lays the legend out and places it on the fieldset's block-start border; undefined when it lays out nothing. */
export function placeLegend(legend: BlockLevelBox, frame: LegendFrame, ctx: LayoutContext): PlacedLegend | undefined {
  if (legend.kind === 'out-of-flow') return undefined;
  const style = legend.style;
  const cw = frame.contentWidth;
  const fixedWidth = legend.kind === 'replaced' ? undefined : shrinkToFitWidth(legend, cw, ctx);
  // a legend is monolithic: laid out whole, on the fieldset's first page
  const laid = layoutBox(legend, {
    mode: frame.mode, available: cw, containingWidth: cw, containingHeight: frame.containingHeight, containingDirection: frame.direction,
    fixedWidth, x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx, undefined);
  if (laid.kind !== 'placed') return undefined;
  // Chromium centres its border box on a wider border, else puts it at the border-box top (its
  // block-start margin is not honoured); the content starts below it and its block-end margin
  const height = laid.fragment.height;
  const offset = Math.max(0, (frame.borderWidth - height) / 2);
  const y = frame.borderTop + offset;
  const end = offset + height + marginOrZero(style.marginBottom, cw);
  const x = frame.contentX + inlineOffset(style, laid.fragment.width, cw, frame.direction);
  const dx = x - laid.fragment.x;
  const dy = y - laid.fragment.y;
  const fragment = offsetFragment(laid.fragment, dx, dy);
  const shift = (p: PendingPositioned): PendingPositioned => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx, staticY: p.staticY + dy });
  return {
    fragment,
    below: Math.max(0, end - frame.borderWidth),
    // Chromium's FieldsetPaintInfo: the border is centred on the legend's border box when that is the taller
    gap: { x: x - frame.borderLeft, width: fragment.width, outset: Math.max(0, (height - frame.borderWidth) / 2) },
    positioned: laid.positioned.map(shift),
    pageContent: laid.pageContent.map((c) => ({ ...c, ...shift(c) })),
  };
}

/** The legend's border-box offset from the fieldset's content-box start edge (its left edge). */
function inlineOffset(style: ComputedStyle, width: number, room: number, direction: ComputedStyle['direction']): number {
  const left = style.marginLeft;
  const right = style.marginRight;
  const marginLeft = marginOrZero(left, room);
  const marginRight = marginOrZero(right, room);
  const free = room - width - marginLeft - marginRight;
  const atLeft = marginLeft;
  const atRight = room - width - marginRight;
  if (left === 'auto' && right === 'auto') return marginLeft + free / 2;
  if (left === 'auto') return atRight;
  if (right === 'auto') return atLeft;
  switch (style.textAlign) {
    case 'center': case '-webkit-center': return marginLeft + free / 2;
    case 'left': case '-webkit-left': return atLeft;
    case 'right': case '-webkit-right': return atRight;
    default: return direction === 'rtl' ? atRight : atLeft;
  }
}
