/**
 * The classic scrollbars Chromium 156 prints in a scroll container (layout/scrollbars.ts says which
 * and where), as its PDFs draw them (measured): along the inside of the border, a track of
 * `#fcfcfc` with an 18px button at each end (half the bar each when it is shorter than 36px)
 * holding a `#8b8b8b` triangle 9px across and 5px deep, and — when the content scrolls — a thumb
 * at the track's start (the box printed scrolled to its start), 9px across with round ends, as
 * long as the track's share that shows and at least 17px (cut to a shorter track); where two
 * bars meet, or where a resize grip is (a textarea's), a square of the track's colour. A `thin`
 * bar is the same drawing scaled to its 10px (arrows 6px across and 4px deep); `scrollbar-color`
 * paints the thumb and the arrows in its first colour, the track, buttons and corner in its
 * second. A box broken across pages prints none, as in Chromium, though it keeps their room.
 * A custom scrollbar (`::-webkit-scrollbar`) is drawn as its style says (custom-scrollbars.ts).
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import type { Scrollbars } from '../layout/scrollbars.js';
import { scrollbarsOf, scrollSizes } from '../layout/scrollbars.js';
import { hasResizer, resizerItems } from './resizer.js';
import { appendAll } from '../append-all.js';
import type { PlacedBox } from './placed.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { PartPainter } from './custom-scrollbars.js';
import { customScrollbarItems } from './custom-scrollbars.js';
import type { BarFrame } from './scrollbar-rects.js';
import { barRects } from './scrollbar-rects.js';
import { CLASSIC_MIN_THUMB } from '../layout/custom-scrollbar-sizes.js';

const TRACK: Color = { r: 252, g: 252, b: 252, a: 1 };
const PART: Color = { r: 139, g: 139, b: 139, a: 1 };
const BUTTON = 18;
/** The thumb's and the arrows' inset from the bar's sides, for a 15px bar. */
const INSET = 3;

/** Whether the box may print overflow controls: scrollbars or a resize grip (a cheap first look). */
export function mayHaveOverflowControls(f: PlacedBox): boolean {
  return f.style.resize !== 'none' || scrollbarsOf(f.box) !== undefined;
}

/**
 * The scrollbars' and the resize grip's items in the box whose border box is painted at `rect`
 * (`frame`: a vertical flow's quarter turn, resizer.ts); `paintPart` paints a custom scrollbar's
 * parts (custom-scrollbars.ts).
 */
export function overflowControlItems(f: PlacedBox, rect: Rect, frame: Matrix | undefined, paintPart: PartPainter): DisplayItem[] {
  const bars = scrollbarsOf(f.box);
  const grip = hasResizer(f);
  const items = bars === undefined ? [] : scrollbarItems(f, bars, rect, grip, paintPart);
  return grip ? appendAll(items, resizerItems(f, rect, frame)) : items;
}

/** How a bar is drawn: its thickness and colours. */
interface Look {
  readonly t: number;
  readonly track: Color;
  readonly part: Color;
}

/** `grip`: the box prints a resize grip, whose corner the bars end at. */
function scrollbarItems(f: PlacedBox, bars: Scrollbars, rect: Rect, grip: boolean, paintPart: PartPainter): DisplayItem[] {
  const side = bars.side;
  // a bar squeezed out of a box too small for it (its room cut to the content box) is not drawn
  const vertical = bars.vertical && (side === 'right' ? bars.right : bars.left) >= bars.verticalWidth;
  const horizontal = bars.horizontal && bars.bottom >= bars.horizontalHeight;
  // Chromium prints no scrollbar on a scroll container broken across pages (its room stays)
  if ((!vertical && !horizontal) || f.continuedBefore || f.continuedAfter) return [];
  const frame: BarFrame = {
    left: Math.round(rect.x + f.border.left),
    top: Math.round(rect.y + f.border.top),
    right: Math.round(rect.x + rect.width - f.border.right),
    bottom: Math.round(rect.y + rect.height - f.border.bottom),
    vertical, horizontal, grip, side,
  };
  const rects = barRects(frame, bars.verticalWidth, bars.horizontalHeight);
  const sizes = scrollSizes(f, bars);
  // right-to-left content is printed scrolled to its start, the right: the thumb is at the track's end
  const rtl = f.style.direction === 'rtl';
  if (bars.custom !== undefined) return customScrollbarItems(bars.custom, { frame, rects, sizes, rtl }, paintPart);
  const t = bars.verticalWidth;
  const colors = f.style.scrollbarColor;
  const look: Look = colors === 'auto' ? { t, track: TRACK, part: PART } : { t, track: colors.track, part: colors.thumb };
  const items: DisplayItem[] = [];
  if (rects.vertical !== undefined) appendBar(items, { bar: rects.vertical, axis: 'vertical', client: sizes.clientHeight, scroll: sizes.scrollHeight, thumbAtEnd: false }, look);
  if (rects.horizontal !== undefined) appendBar(items, { bar: rects.horizontal, axis: 'horizontal', client: sizes.clientWidth, scroll: sizes.scrollWidth, thumbAtEnd: rtl }, look);
  // the square at the bars' end: where two meet, or where the resize grip is (a textarea's)
  if (rects.corner !== undefined) items.push({ kind: 'fill-rect', rect: rects.corner, color: look.track });
  return items;
}

/** A bar: where it is, along which axis, and how much of the content shows along it of how much. */
interface Bar {
  readonly bar: Rect;
  readonly axis: 'vertical' | 'horizontal';
  readonly client: number;
  readonly scroll: number;
  readonly thumbAtEnd: boolean;
}

/**
 * The middles of a bar's two arrows in their buttons of length `button`, from each button's start
 * (measured): Chromium's are a half pixel off centre, a horizontal bar's towards where they
 * point, a thin bar's a pixel each way.
 */
function arrowMiddles(axis: Bar['axis'], button: number, thin: boolean): readonly [number, number] {
  if (thin) return axis === 'vertical' ? [button / 2 - 1, button / 2 + 1] : [button / 2 - 2, button / 2 + 2];
  const middle = Math.ceil(button / 2) - 0.5;
  return axis === 'vertical' ? [middle, middle] : [middle - 1, middle + 1];
}

function appendBar(items: DisplayItem[], { bar, axis, client, scroll, thumbAtEnd }: Bar, look: Look): void {
  const length = axis === 'vertical' ? bar.height : bar.width;
  if (length <= 0) return;
  items.push({ kind: 'fill-rect', rect: bar, color: look.track });
  const s = look.t / 15;
  const thin = look.t < 15;
  const button = length < 2 * BUTTON * s ? Math.floor(length / 2) : BUTTON * s;
  // along the bar from its start, and across it from its side
  const at = (along: number, across: number): { x: number; y: number } =>
    axis === 'vertical' ? { x: bar.x + across * s, y: bar.y + along } : { x: bar.x + along, y: bar.y + across * s };
  const [first, second] = arrowMiddles(axis, button, thin);
  const toStart = first;
  const toEnd = length - button + second;
  // 5px deep and 9px across (a thin bar's 4 and 6)
  const half = thin ? 2 : 2.5;
  const arrows = [
    ...triangle([at(toStart + half, 3), at(toStart + half, 12), at(toStart - half, 7.5)]),
    ...triangle([at(toEnd - half, 3), at(toEnd - half, 12), at(toEnd + half, 7.5)]),
  ];
  items.push({ kind: 'fill-path', path: arrows, color: look.part });
  const track = length - 2 * button;
  if (Math.round(scroll) <= Math.round(client) || track <= 0) return;
  // at least 17px, cut to the track when that is shorter (as Chromium draws it)
  const thumb = Math.min(Math.max(Math.round((track * client) / scroll), Math.round(CLASSIC_MIN_THUMB * s)), track);
  const across = look.t - 2 * INSET * s;
  const rect: Rect = axis === 'vertical'
    ? { x: bar.x + INSET * s, y: bar.y + button, width: across, height: thumb }
    : { x: bar.x + (thumbAtEnd ? length - button - thumb : button), y: bar.y + INSET * s, width: thumb, height: across };
  const r = Math.min(across, thumb) / 2;
  items.push({ kind: 'fill-path', path: roundedRectPath(rect, [r, r, r, r, r, r, r, r]), color: look.part });
}

function triangle(points: readonly { x: number; y: number }[]): PathSegment[] {
  const [a, b, c] = points as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
  return [{ op: 'move', x: a.x, y: a.y }, { op: 'line', x: b.x, y: b.y }, { op: 'line', x: c.x, y: c.y }, { op: 'close' }];
}
