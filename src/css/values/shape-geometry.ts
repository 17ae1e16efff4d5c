/**
 * A `<basic-shape>` resolved in its reference box (CSS Shapes 1 §3.1, §4), in px: a rounded
 * rectangle — an `inset()`, a reference box with its border-radius curves, or a `circle()` /
 * `ellipse()` as a rectangle whose corners make the whole ellipse — or a polygon. `clip-path`
 * paints it (paint/clip-path.ts); a float's lines wrap around it (layout/float-shape.ts).
 */
import type { Point, Rect, Sides } from '../../geometry/types.js';
import type { BasicShape, ShapeBox, ShapeRadius } from '../model/effect-types.js';
import type { Radii } from './radii.js';
import { NO_RADII, fittedRadii, insetRadii } from './radii.js';
import { resolveLength } from './length.js';
import { positionIn } from './position.js';
import { maxOf, minOf } from '../../append-all.js';

export type ResolvedShape =
  | { readonly kind: 'rounded-rect'; readonly rect: Rect; readonly radii: Radii }
  | { readonly kind: 'polygon'; readonly points: readonly Point[]; readonly evenOdd: boolean };

function insetRect(rect: Rect, by: Sides): Rect {
  return { x: rect.x + by.left, y: rect.y + by.top, width: Math.max(0, rect.width - by.left - by.right), height: Math.max(0, rect.height - by.top - by.bottom) };
}

const add = (a: Sides, b: Sides): Sides => ({ top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left });

/** A box's edges as a shape reference box needs them: its border box, the radii there, and the widths inside and outside it. */
export interface BoxEdges {
  readonly borderBox: Rect;
  readonly radii: Radii;
  readonly border: Sides;
  readonly padding: Sides;
  readonly margin: Sides;
}

/** A reference box and the radii of its corners (CSS Shapes 1 §4.1; the margin box's are square, as Chromium clips). */
export function referenceRect(edges: BoxEdges, box: ShapeBox): { rect: Rect; radii: Radii } {
  const { borderBox, radii } = edges;
  switch (box) {
    case 'border-box': return { rect: borderBox, radii };
    case 'padding-box': return { rect: insetRect(borderBox, edges.border), radii: insetRadii(radii, edges.border) };
    case 'content-box': {
      const inner = add(edges.border, edges.padding);
      return { rect: insetRect(borderBox, inner), radii: insetRadii(radii, inner) };
    }
    case 'margin-box': {
      const m = edges.margin;
      return { rect: insetRect(borderBox, { top: -m.top, right: -m.right, bottom: -m.bottom, left: -m.left }), radii: NO_RADII };
    }
  }
}

/** A circle's or ellipse's radius along one axis (`basis` for percentages; sides from the centre). */
function radiusOf(r: ShapeRadius, basis: number, near: number, far: number): number {
  if (r === 'closest-side') return Math.min(near, far);
  if (r === 'farthest-side') return Math.max(near, far);
  return Math.max(0, resolveLength(r, basis));
}

function ellipse(cx: number, cy: number, rx: number, ry: number): ResolvedShape {
  return { kind: 'rounded-rect', rect: { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry }, radii: [rx, ry, rx, ry, rx, ry, rx, ry] };
}

function centre(shape: { readonly position: Parameters<typeof positionIn>[0] }, box: Rect): { x: number; y: number; dx: [number, number]; dy: [number, number] } {
  const { x, y } = positionIn(shape.position, box);
  return { x, y, dx: [Math.abs(x - box.x), Math.abs(box.x + box.width - x)], dy: [Math.abs(y - box.y), Math.abs(box.y + box.height - y)] };
}

/** A basic shape in reference box `box`. */
export function resolveShape(shape: BasicShape, box: Rect): ResolvedShape {
  switch (shape.kind) {
    case 'inset': {
      const [t, r, b, l] = shape.sides;
      const rect = insetRect(box, { top: resolveLength(t, box.height), right: resolveLength(r, box.width), bottom: resolveLength(b, box.height), left: resolveLength(l, box.width) });
      return { kind: 'rounded-rect', rect, radii: fittedRadii(shape.radii, rect) };
    }
    case 'circle': {
      const c = centre(shape, box);
      const sides = [...c.dx, ...c.dy];
      const r = typeof shape.radius === 'string'
        ? (shape.radius === 'closest-side' ? minOf(sides) : maxOf(sides))
        : Math.max(0, resolveLength(shape.radius, Math.hypot(box.width, box.height) / Math.SQRT2));
      return ellipse(c.x, c.y, r, r);
    }
    case 'ellipse': {
      const c = centre(shape, box);
      return ellipse(c.x, c.y, radiusOf(shape.rx, box.width, ...c.dx), radiusOf(shape.ry, box.height, ...c.dy));
    }
    case 'polygon': {
      const points = shape.points.map(([x, y]) => ({ x: box.x + resolveLength(x, box.width), y: box.y + resolveLength(y, box.height) }));
      return { kind: 'polygon', points, evenOdd: shape.evenOdd };
    }
  }
}
