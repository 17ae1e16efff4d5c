/**
 * Borders (CSS Backgrounds 3 §4, §5). Solid, double, inset/outset and groove/ridge sides are
 * filled regions whose corners join on the diagonal (curved when border-radius is set); a
 * border whose four sides share one colour and a solid/double style is a single even-odd ring,
 * and two or three solid sides of one colour, the others of no width, a single nonzero fill.
 * Dashed and dotted sides are stroked along the middle of the side (see border-style.ts).
 * A side cut by a fragmentation break has width 0 and is not drawn.
 */
import type { BorderStyle, Color, ComputedStyle } from '../css/types.js';
import type { Rect, Side, Sides } from '../geometry/types.js';
import { SIDES } from '../geometry/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { bevelColor, dashPattern, dotPattern, effectiveStyle, grooveColors, isInvisible } from './border-style.js';
import type { Edge } from './path.js';
import { insetBy, roundedRectPath, scaleSides, sideRegion } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { hasRadii, insetRadii } from '../css/values/radii.js';
import { roundedPerimeter } from './radii.js';

export interface BorderInput {
  /** Border box. */
  readonly rect: Rect;
  /** Used widths (0 on sides cut by a break). */
  readonly widths: Sides;
  readonly style: ComputedStyle;
  /** Outer radii, already resolved and reduced. */
  readonly radii: Radii;
}

/** One side of a border: its used width, style and colour. */
export interface SideStyle {
  readonly side: Side;
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
}

/** The four sides of a border with these used widths (0 on sides cut by a break), top first, each in the style it is drawn in. */
export function borderSides(widths: Sides, s: ComputedStyle): SideStyle[] {
  const styles: Record<Side, [BorderStyle, Color]> = {
    top: [s.borderTopStyle, s.borderTopColor],
    right: [s.borderRightStyle, s.borderRightColor],
    bottom: [s.borderBottomStyle, s.borderBottomColor],
    left: [s.borderLeftStyle, s.borderLeftColor],
  };
  return SIDES.map((side) => ({ side, width: widths[side], style: effectiveStyle(styles[side][0], widths[side]), color: styles[side][1] }));
}

/** A side shows when it is wide enough, drawn and not transparent. */
const shows = (width: number, style: BorderStyle, color: Color): boolean => width > 0 && !isInvisible(style) && color.a > 0;

const isVisible = (side: SideStyle): boolean => shows(side.width, side.style, side.color);

const sameColor = (a: Color, b: Color): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/** Whether any side of a border shows (tested before making the sides' records). */
export function hasVisibleSide(widths: Sides, style: ComputedStyle): boolean {
  return shows(widths.top, style.borderTopStyle, style.borderTopColor) || shows(widths.right, style.borderRightStyle, style.borderRightColor)
    || shows(widths.bottom, style.borderBottomStyle, style.borderBottomColor) || shows(widths.left, style.borderLeftStyle, style.borderLeftColor);
}

export function paintBorder(input: BorderInput): DisplayItem[] {
  if (!hasVisibleSide(input.widths, input.style)) return [];
  const sides = borderSides(input.widths, input.style);
  const visible = sides.filter(isVisible);
  if (visible.length === 0) return [];
  const first = visible[0]!;
  const uniform = visible.length === 4 && visible.every((s) => s.style === first.style && sameColor(s.color, first.color));
  if (uniform && (first.style === 'solid' || first.style === 'double')) return [ring(input, first.style, first.color)];
  // two or three solid sides of one colour, the others of no width (a corner bracket, a box open
  // at one side): one fill too, as Chromium fills them — sides filled apart leave an anti-aliased
  // seam on the diagonal where they meet. Their regions, wound alike, make one path filled by the
  // nonzero rule: not a ring, whose inner edge would lie on the outer one along an open side
  // (a hairline in rasterisers that cover the two edges apart, poppler's Splash among them)
  if (visible.length >= 2 && first.style === 'solid' && visible.every((s) => s.style === 'solid' && sameColor(s.color, first.color))
    && sides.every((s) => isVisible(s) || s.width === 0)) return [{ kind: 'fill-path', path: visible.flatMap((side) => sidePath(input, side.side, 0, 1)), color: first.color }];
  if (uniform && (first.style === 'dashed' || first.style === 'dotted') && hasRadii(input.radii) && visible.every((s) => s.width === first.width)) {
    return [roundedDashes(input, first.style, first.width, first.color, first.width)];
  }
  return visible.flatMap((side) => ((side.style === 'dashed' || side.style === 'dotted') && arcsAtCorners(input, side.side) ? curvedDashes(input, side, side.style) : paintSide(input, side)));
}

/** The corners at each end of a side, as indices of their horizontal radius in `Radii`. */
const SIDE_CORNERS: Readonly<Record<Side, readonly [number, number]>> = { top: [0, 2], right: [2, 4], bottom: [4, 6], left: [6, 0] };

/** Whether the inner edge of a side is curved at either end (Chromium's `BorderWillArcInnerEdge`): then its dashes follow the curves. */
function arcsAtCorners(input: BorderInput, side: Side): boolean {
  const inner = insetRadii(input.radii, input.widths);
  return SIDE_CORNERS[side].some((corner) => inner[corner]! > 0);
}

/**
 * A dashed or dotted side whose corners are rounded, in a border whose sides differ, as Chromium
 * draws it: the dashes of the whole rounded middle line (`roundedDashes`, the stroke wide enough
 * to cover the band) clipped to the side's part of the border, so that they run round each
 * corner up to where it is split with the next side — at the ratio of their widths, as colours
 * are — thinning with the band to meet a thinner side.
 */
function curvedDashes(input: BorderInput, side: SideStyle, style: 'dashed' | 'dotted'): DisplayItem[] {
  const { widths } = input;
  // Chromium's stroke: 2.2 × the widest of the side and its neighbours, clipped; round dots keep their size
  const cover = 2.2 * Math.max(widths.top, widths.right, widths.bottom, widths.left);
  const stroke = roundedDashes(input, style, side.width, side.color, style === 'dashed' || side.width <= 3 ? cover : side.width);
  return [{ kind: 'push-clip-path', path: sidePath(input, side.side, 0, 1) }, stroke, { kind: 'pop-clip' }];
}

/**
 * Where a line inside the border lies on a side of width `width`, from its border edge: a
 * fraction of the width, or one of the whole-pixel stops Chromium draws at (below).
 */
type Stop = number | ((width: number, side: Side) => number);

/**
 * A double border's stripes end a third of the width in and start two thirds in, rounded to whole
 * pixels as Chromium rounds them (`BorderEdge::GetDoubleBorderStripeWidth`): 1 + 2 + 1 for 4px,
 * 2 + 1 + 2 for 5px.
 */
const DOUBLE_OUTER_END: Stop = (width) => (Number.isInteger(width) ? Math.round(width / 3) : width / 3);
const DOUBLE_INNER_START: Stop = (width) => (Number.isInteger(width) ? Math.round((2 * width) / 3) : (2 * width) / 3);

/**
 * Where a groove or ridge changes shade: halfway, as Chromium rounds its clip rect to whole pixels
 * — the larger half of an odd width outside on the top and left sides, inside on the others.
 */
const GROOVE_MIDDLE: Stop = (width, side) => {
  if (!Number.isInteger(width)) return width / 2;
  return side === 'top' || side === 'left' ? Math.ceil(width / 2) : Math.floor(width / 2);
};

/** The edge at `stop` on each side, from the border edge (0) to the padding edge (1). */
function edgeAt(input: BorderInput, stop: Stop): Edge {
  if (typeof stop === 'number') {
    const inset = scaleSides(input.widths, stop);
    return { rect: insetBy(input.rect, input.widths, stop), radii: stop === 0 ? input.radii : insetRadii(input.radii, inset) };
  }
  const { widths } = input;
  const inset = { top: stop(widths.top, 'top'), right: stop(widths.right, 'right'), bottom: stop(widths.bottom, 'bottom'), left: stop(widths.left, 'left') };
  return { rect: insetBy(input.rect, inset, 1), radii: insetRadii(input.radii, inset) };
}

/** All four sides alike: nested (rounded) rectangles filled with the even-odd rule. */
function ring(input: BorderInput, style: 'solid' | 'double', color: Color): DisplayItem {
  const stops = style === 'solid' ? [0, 1] : [0, DOUBLE_OUTER_END, DOUBLE_INNER_START, 1];
  const path = stops.flatMap((stop) => {
    const edge = edgeAt(input, stop);
    return roundedRectPath(edge.rect, edge.radii);
  });
  return { kind: 'fill-path', path, color, evenOdd: true };
}

function band(input: BorderInput, side: Side, from: Stop, to: Stop, color: Color): DisplayItem {
  return { kind: 'fill-path', path: sidePath(input, side, from, to), color };
}

/** The region of one side between the `from` and `to` stops, its corners cut on the diagonal. */
function sidePath(input: BorderInput, side: Side, from: Stop, to: Stop): PathSegment[] {
  return sideRegion(side, edgeAt(input, from), edgeAt(input, to), input.widths);
}

function paintSide(input: BorderInput, side: SideStyle): DisplayItem[] {
  switch (side.style) {
    case 'solid':
      return [band(input, side.side, 0, 1, side.color)];
    case 'double':
      return [band(input, side.side, 0, DOUBLE_OUTER_END, side.color), band(input, side.side, DOUBLE_INNER_START, 1, side.color)];
    case 'inset':
    case 'outset':
      return [band(input, side.side, 0, 1, bevelColor(side.style, side.side, side.color))];
    case 'groove':
    case 'ridge': {
      const [outer, inner] = grooveColors(side.style, side.side, side.color);
      return [band(input, side.side, 0, GROOVE_MIDDLE, outer), band(input, side.side, GROOVE_MIDDLE, 1, inner)];
    }
    case 'dashed':
    case 'dotted':
      return [straightDashes(input, side.side, side.style, side.width, side.color)];
    case 'none':
    case 'hidden':
      return [];
  }
}

/** The middle line of one side, between the corners' curves (whole side when square). */
function sideCenterLine(input: BorderInput, side: Side, width: number): { from: { x: number; y: number }; to: { x: number; y: number } } {
  const { x, y, width: w, height: h } = input.rect;
  const [tlh, tlv, trh, trv, brh, brv, blh, blv] = input.radii;
  switch (side) {
    case 'top':
      return { from: { x: x + tlh, y: y + width / 2 }, to: { x: x + w - trh, y: y + width / 2 } };
    case 'right':
      return { from: { x: x + w - width / 2, y: y + trv }, to: { x: x + w - width / 2, y: y + h - brv } };
    case 'bottom':
      return { from: { x: x + blh, y: y + h - width / 2 }, to: { x: x + w - brh, y: y + h - width / 2 } };
    case 'left':
      return { from: { x: x + width / 2, y: y + tlv }, to: { x: x + width / 2, y: y + h - blv } };
  }
}

/**
 * A dashed or dotted side as one stroke, as Chromium prints it: dashes with butt caps (solid when
 * too short for them); thin dots as square dashes of the width, thick ones as zero-length dashes
 * with round caps, the first and last in the corners (border-style.ts `dotPattern`).
 */
function straightDashes(input: BorderInput, side: Side, style: 'dashed' | 'dotted', width: number, color: Color): DisplayItem {
  const { from, to } = sideCenterLine(input, side, width);
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const line: PathSegment[] = [{ op: 'move', x: from.x, y: from.y }, { op: 'line', x: to.x, y: to.y }];
  if (style === 'dashed') return dashedStroke(line, color, width, dashPattern(width, length, false));
  const dots = dotPattern(width, length);
  if (dots === undefined) return dashedStroke(line, color, width, undefined);
  if (dots.shape === 'square') return dashedStroke(line, color, width, [width, dots.gap]);
  const ux = length > 0 ? (to.x - from.x) / length : 0;
  const uy = length > 0 ? (to.y - from.y) / length : 0;
  // past the last centre by half a spacing: a dot due at the very end of a path may be dropped by rounding
  const past = width / 2 - dots.spacing / 2;
  const path: PathSegment[] = [
    { op: 'move', x: from.x + (ux * width) / 2, y: from.y + (uy * width) / 2 },
    { op: 'line', x: to.x - ux * past, y: to.y - uy * past },
  ];
  return { kind: 'stroke-path', path, color, width, dash: [0, dots.spacing], lineCap: 'round' };
}

/**
 * Dashes or dots of a side `width` wide around the whole middle of a rounded border, as one stroke
 * `strokeWidth` wide: four equal dashed/dotted sides are this stroke alone.
 */
function roundedDashes(input: BorderInput, style: 'dashed' | 'dotted', width: number, color: Color, strokeWidth: number): DisplayItem {
  const middle = edgeAt(input, 1 / 2);
  const path = roundedRectPath(middle.rect, middle.radii);
  const perimeter = roundedPerimeter(middle.rect, middle.radii);
  // dots as Chromium draws them round a closed path: up to 3px square ones, as dashes of the
  // width; thicker ones round, as many as fit 2 × width apart, spread evenly so that none
  // doubles where the path closes
  if (style === 'dotted' && width <= 3) return dashedStroke(path, color, strokeWidth, dashPattern(width, perimeter, true, width));
  if (style === 'dotted') return { kind: 'stroke-path', path, color, width, dash: [0, perimeter / Math.max(1, Math.round(perimeter / (2 * width)))], lineCap: 'round' };
  return dashedStroke(path, color, strokeWidth, dashPattern(width, perimeter, true));
}

/** A dashed stroke with butt caps; solid when the path is too short for dashes (`dash` undefined). */
function dashedStroke(path: PathSegment[], color: Color, width: number, dash: readonly [number, number] | undefined): DisplayItem {
  return dash === undefined ? { kind: 'stroke-path', path, color, width, lineCap: 'butt' } : { kind: 'stroke-path', path, color, width, dash, lineCap: 'butt' };
}
