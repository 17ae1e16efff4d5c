/**
 * The resize grip Chromium prints in the end corner of a box a reader could resize (CSS UI 4 §5.1:
 * `resize` other than `none` on a scroll container, i.e. overflow other than visible or clip; a
 * textarea always is one, boxes/form-controls.ts says whether it may be resized). As Blink's
 * ScrollableAreaPainter::DrawPlatformResizerImage, measured in Chromium 156's PDFs: in a 16px
 * square 1px inside the padding box's bottom corner on the scrollbar's side (the left in rtl), two
 * diagonal 1px lines in 45 % black, each with a 45 % white twin 1px below, clipped to the padding box.
 */
import type { Rect } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import { invert, transformPoint } from '../geometry/matrix.js';
import { transformedBounds } from '../layout/transform.js';
import type { Color } from '../css/types.js';
import { isScrollingOverflow } from '../css/properties/display.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import type { PlacedBox } from './placed.js';

const GRIP = 16;
const DARK: Color = { r: 0, g: 0, b: 0, a: 0.45 };
const LIGHT: Color = { r: 255, g: 255, b: 255, a: 0.45 };

/** Whether the box prints a resize grip. */
export function hasResizer(f: PlacedBox): boolean {
  const style = f.style;
  if (style.resize === 'none') return false;
  if (f.box.kind === 'block' && f.box.element?.name === 'textarea') return true;
  return isScrollingOverflow(style.overflowX) || isScrollingOverflow(style.overflowY);
}

/**
 * The grip's items in the box whose border box is painted at `rect`. `frame`, when given, is the
 * quarter turn from the painter's frame to the page (a vertical flow's turned frame): the grip is
 * placed and drawn on the page, in the page's bottom corner, as Chromium draws it, and taken back.
 */
export function resizerItems(f: PlacedBox, rect: Rect, frame?: Matrix): DisplayItem[] {
  const local: Rect = {
    x: rect.x + f.border.left,
    y: rect.y + f.border.top,
    width: Math.max(0, rect.width - f.border.left - f.border.right),
    height: Math.max(0, rect.height - f.border.top - f.border.bottom),
  };
  if (local.width <= 0 || local.height <= 0) return [];
  const back = frame === undefined ? undefined : invert(frame);
  const padding = frame === undefined || back === undefined ? local : transformedBounds(frame, local);
  const onLeft = f.style.direction === 'rtl' && f.style.writingMode === 'horizontal-tb';
  const bottom = Math.round(padding.y + padding.height) - 1;
  // the corner's outer edge x and the direction towards the box's inside
  const edge = onLeft ? Math.round(padding.x) + 1 : Math.round(padding.x + padding.width) - 1;
  const inward = onLeft ? 1 : -1;
  const x = (d: number): number => edge + inward * d;
  const long: Line = [x(1), bottom - GRIP / 2, x(GRIP / 2), bottom - 1];
  const short: Line = [x(1), bottom - GRIP / 4, x(GRIP / 4), bottom - 1];
  const light = (line: Line): Line => [line[0], line[1] + 1, line[2] - inward, line[3]];
  return [
    { kind: 'push-clip', rect: local },
    stroke([long, short], DARK, back),
    stroke([light(long), light(short)], LIGHT, back),
    { kind: 'pop-clip' },
  ];
}

type Line = readonly [number, number, number, number];

/**
 * Blink strokes the grip `ceil(scale)` px wide, 1px here (its PDF output writes a hairline, which a
 * viewer draws one device pixel wide at any zoom: the same on a screen at 100 %). Page lines are
 * taken `back` to the painter's frame.
 */
function stroke(lines: readonly Line[], color: Color, back: Matrix | undefined): DisplayItem {
  const path: PathSegment[] = [];
  for (const [x0, y0, x1, y1] of lines) {
    const [a, b] = back === undefined ? [x0, y0] : transformPoint(back, x0, y0);
    const [c, d] = back === undefined ? [x1, y1] : transformPoint(back, x1, y1);
    path.push({ op: 'move', x: a, y: b }, { op: 'line', x: c, y: d });
  }
  return { kind: 'stroke-path', path, color, width: 1, lineCap: 'butt' };
}
