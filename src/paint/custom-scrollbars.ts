/**
 * Chromium's custom scrollbars (css/custom-scrollbar.ts), drawn as its CustomScrollbarTheme draws
 * them (measured against Chromium 156's PDFs): each part a box of its own style — background,
 * borders, rounded corners, shadows — painted in Chromium's order: the bar's background
 * (`::-webkit-scrollbar`), the buttons (back at the start, back at the end, forward at the start,
 * forward at the end), the track between the buttons (less its margins along the bar), the track's
 * two pieces — split at the thumb's middle —, then the thumb: at the track's start (the box printed
 * scrolled to its start; at the end in right-to-left content), as long as the track's share that
 * shows, at least its own length (`height` along a vertical bar: `auto` is 17px), and none when
 * that is longer than the track or nothing scrolls. The horizontal bar is drawn before the
 * vertical one, and where both meet a `::-webkit-scrollbar-corner` box (white without one).
 */
import type { Color, ComputedStyle, CustomScrollbar, ScrollbarPart, ScrollbarState } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { ScrollSizes } from '../layout/scrollbars.js';
import type { BarFrame, BarRects } from './scrollbar-rects.js';
import { partStyle } from '../css/custom-scrollbar.js';
import { CLASSIC_MIN_THUMB, partExtent } from '../layout/custom-scrollbar-sizes.js';
import { marginOrZero, usedBorder, usedPadding } from '../layout/box-model.js';
import { appendAll } from '../append-all.js';
import type { PlacedBox } from './placed.js';
import type { DisplayItem } from './display-list.js';

/** Paints a part's box (its shadows, background and border) whose border box is at (x, y): stacking.ts's box painter. */
export type PartPainter = (part: PlacedBox, x: number, y: number) => DisplayItem[];

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };


/** A box's bars as placed: the inside of its border, the bars' rects, its client and scroll sizes, its direction. */
export interface PlacedBars {
  readonly frame: BarFrame;
  readonly rects: BarRects;
  readonly sizes: ScrollSizes;
  readonly rtl: boolean;
}

/** The custom bars' items. */
export function customScrollbarItems(custom: CustomScrollbar, { frame, rects, sizes, rtl }: PlacedBars, paintPart: PartPainter): DisplayItem[] {
  const items: DisplayItem[] = [];
  const draw = { custom, cornerPresent: rects.corner !== undefined, paintPart };
  if (rects.horizontal !== undefined) {
    appendBar(items, { bar: rects.horizontal, orientation: 'horizontal', client: sizes.clientWidth, scroll: sizes.scrollWidth, thumbAtEnd: rtl, visible: frame.right - frame.left }, draw);
  }
  if (rects.vertical !== undefined) {
    appendBar(items, { bar: rects.vertical, orientation: 'vertical', client: sizes.clientHeight, scroll: sizes.scrollHeight, thumbAtEnd: false, visible: frame.bottom - frame.top }, draw);
  }
  if (rects.corner !== undefined) {
    const style = partStyle(custom, 'corner', undefined);
    appendAll(items, style === undefined ? [{ kind: 'fill-rect', rect: rects.corner, color: WHITE }] : partItems(style, rects.corner, paintPart));
  }
  return items;
}

/** One bar: where, along which axis, how much of the content shows of how much, and the box's inside length along it. */
interface CustomBar {
  readonly bar: Rect;
  readonly orientation: ScrollbarState['orientation'];
  readonly client: number;
  readonly scroll: number;
  readonly thumbAtEnd: boolean;
  readonly visible: number;
}

interface Drawing {
  readonly custom: CustomScrollbar;
  readonly cornerPresent: boolean;
  readonly paintPart: PartPainter;
}

function appendBar(items: DisplayItem[], { bar, orientation, client, scroll, thumbAtEnd, visible }: CustomBar, { custom, cornerPresent, paintPart }: Drawing): void {
  const vertical = orientation === 'vertical';
  const length = vertical ? bar.height : bar.width;
  if (length <= 0) return;
  const enabled = Math.round(scroll) > Math.round(client);
  const state: ScrollbarState = { orientation, enabled, cornerPresent };
  const style = (part: ScrollbarPart): ComputedStyle | undefined => partStyle(custom, part, state);
  const along = vertical ? 'height' : 'width';
  const extent = (part: ScrollbarPart, auto?: number): number => { const own = style(part); return own === undefined ? 0 : partExtent(own, along, visible, auto); };
  // from `from` along the bar, `size` long, across the whole bar
  const span = (from: number, size: number): Rect => vertical
    ? { x: bar.x, y: bar.y + from, width: bar.width, height: size }
    : { x: bar.x + from, y: bar.y, width: size, height: bar.height };
  const paint = (part: ScrollbarPart, from: number, size: number): void => {
    const own = style(part);
    if (own !== undefined && size > 0) appendAll(items, partItems(own, span(from, size), paintPart));
  };
  paint('scrollbar', 0, length);
  const buttons = { backStart: extent('button-back-start'), forwardStart: extent('button-forward-start'), backEnd: extent('button-back-end'), forwardEnd: extent('button-forward-end') };
  // buttons longer together than the bar are not drawn, and the track is then the whole bar
  const hasButtons = buttons.backStart + buttons.forwardStart + buttons.backEnd + buttons.forwardEnd <= length;
  if (hasButtons) {
    paint('button-back-start', 0, buttons.backStart);
    paint('button-back-end', length - buttons.forwardEnd - buttons.backEnd, buttons.backEnd);
    paint('button-forward-start', buttons.backStart, buttons.forwardStart);
    paint('button-forward-end', length - buttons.forwardEnd, buttons.forwardEnd);
  }
  const [marginStart, marginEnd] = hasButtons ? marginsAlong(style('track'), vertical, visible) : [0, 0];
  const trackStart = hasButtons ? buttons.backStart + buttons.forwardStart + marginStart : 0;
  const trackEnd = hasButtons ? length - buttons.backEnd - buttons.forwardEnd - marginEnd : length;
  paint('track', trackStart, trackEnd - trackStart);
  // the thumb moves between the pieces' outer margins
  const start = trackStart + marginsAlong(style('track-piece-back'), vertical, visible)[0];
  const end = trackEnd - marginsAlong(style('track-piece-forward'), vertical, visible)[1];
  const track = end - start;
  if (track < 0) return;
  const thumb = thumbLength(enabled ? client / scroll : 0, track, extent('thumb', CLASSIC_MIN_THUMB));
  const at = thumbAtEnd ? track - thumb : 0;
  const before = at + Math.trunc(thumb / 2);
  paint('track-piece-back', start, before);
  paint('track-piece-forward', start + before, track - before);
  paint('thumb', start + at, thumb);
}

/** Chromium's thumb: the share of the track that shows, at least `minimum`, none when longer than the track. */
function thumbLength(share: number, track: number, minimum: number): number {
  if (share <= 0) return 0;
  const length = Math.max(Math.round(share * track), minimum);
  return length > track ? 0 : length;
}

/** A part's margins at the bar's start and end (top and bottom along a vertical bar), whole pixels. */
function marginsAlong(style: ComputedStyle | undefined, vertical: boolean, visible: number): [number, number] {
  if (style === undefined) return [0, 0];
  const [start, end] = vertical ? [style.marginTop, style.marginBottom] : [style.marginLeft, style.marginRight];
  return [Math.round(marginOrZero(start, visible)), Math.round(marginOrZero(end, visible))];
}

/** A part's items: its box, the size of `rect`, painted there (its `opacity` and `transform` not applied, as in Chromium). */
function partItems(style: ComputedStyle, rect: Rect, paintPart: PartPainter): DisplayItem[] {
  if (style.visibility !== 'visible') return [];
  const part: PlacedBox = {
    kind: 'box',
    box: { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: [], inlineContent: false },
    style,
    width: rect.width,
    height: rect.height,
    border: usedBorder(style),
    padding: usedPadding(style, rect.width),
    children: [],
    continuedBefore: false,
    continuedAfter: false,
  };
  return paintPart(part, rect.x, rect.y);
}
