/**
 * `clip-path` geometry (CSS Masking 1 §3.1, CSS Shapes 1 §3.1): a basic shape resolved in its
 * reference box, or the reference box itself with its border-radius curves, as a display-list
 * path in page px. Margins in percentages resolve against the box's own width (the containing
 * block is gone by paint time). And CSS 2's `clip` rectangle (CSS Masking 1 §5.1).
 */
import type { BasicShape, ClipRect, ShapeBox, ShapeRadius } from '../css/effect-types.js';
import type { Position } from '../css/image-types.js';
import type { ComputedStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect, Sides } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import { borderBoxAt } from './placed.js';
import type { PathSegment } from './display-list.js';
import { positionIn } from './gradient.js';
import { roundedRectPath } from './path.js';
import type { Radii } from './radii.js';
import { NO_RADII, fittedRadii, insetRadii, outerRadii } from './radii.js';

function inset(rect: Rect, by: Sides): Rect {
  return { x: rect.x + by.left, y: rect.y + by.top, width: Math.max(0, rect.width - by.left - by.right), height: Math.max(0, rect.height - by.top - by.bottom) };
}

const add = (a: Sides, b: Sides): Sides => ({ top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left });

/** A reference box of a fragment whose border box is at (x, y) on the page, and the radii of its edge. */
export function referenceBox(f: PlacedBox, x: number, y: number, box: ShapeBox): { rect: Rect; radii: Radii } {
  const border = borderBoxAt(f, x, y);
  const radii = outerRadii(f);
  switch (box) {
    case 'border-box': return { rect: border, radii };
    case 'padding-box': return { rect: inset(border, f.border), radii: insetRadii(radii, f.border) };
    case 'content-box': {
      const edges = add(f.border, f.padding);
      return { rect: inset(border, edges), radii: insetRadii(radii, edges) };
    }
    case 'margin-box': {
      const m = (v: typeof f.style.marginTop): number => (v === 'auto' ? 0 : -resolveLength(v, f.width));
      return { rect: inset(border, { top: m(f.style.marginTop), right: m(f.style.marginRight), bottom: m(f.style.marginBottom), left: m(f.style.marginLeft) }), radii: NO_RADII };
    }
  }
}

/** A circle's or ellipse's radius along one axis (`basis` for percentages; sides from the centre). */
function radiusOf(r: ShapeRadius, basis: number, near: number, far: number): number {
  if (r === 'closest-side') return Math.min(near, far);
  if (r === 'farthest-side') return Math.max(near, far);
  return Math.max(0, resolveLength(r, basis));
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): PathSegment[] {
  const radii: Radii = [rx, ry, rx, ry, rx, ry, rx, ry];
  return roundedRectPath({ x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry }, radii);
}

function centre(position: Position, box: Rect): { x: number; y: number; dx: [number, number]; dy: [number, number] } {
  const { x, y } = positionIn(position, box);
  return { x, y, dx: [Math.abs(x - box.x), Math.abs(box.x + box.width - x)], dy: [Math.abs(y - box.y), Math.abs(box.y + box.height - y)] };
}

/** The path of a basic shape in reference box `box`. */
export function shapePath(shape: BasicShape, box: Rect): PathSegment[] {
  switch (shape.kind) {
    case 'inset': {
      const [t, r, b, l] = shape.sides;
      const rect = inset(box, { top: resolveLength(t, box.height), right: resolveLength(r, box.width), bottom: resolveLength(b, box.height), left: resolveLength(l, box.width) });
      return roundedRectPath(rect, fittedRadii(shape.radii, rect));
    }
    case 'circle': {
      const c = centre(shape.position, box);
      const sides = [...c.dx, ...c.dy];
      const r = typeof shape.radius === 'string'
        ? (shape.radius === 'closest-side' ? Math.min(...sides) : Math.max(...sides))
        : Math.max(0, resolveLength(shape.radius, Math.hypot(box.width, box.height) / Math.SQRT2));
      return ellipsePath(c.x, c.y, r, r);
    }
    case 'ellipse': {
      const c = centre(shape.position, box);
      return ellipsePath(c.x, c.y, radiusOf(shape.rx, box.width, ...c.dx), radiusOf(shape.ry, box.height, ...c.dy));
    }
    case 'polygon': {
      const points = shape.points.map(([x, y]) => ({ x: box.x + resolveLength(x, box.width), y: box.y + resolveLength(y, box.height) }));
      return [
        { op: 'move', x: points[0]!.x, y: points[0]!.y },
        ...points.slice(1).map((p): PathSegment => ({ op: 'line', x: p.x, y: p.y })),
        { op: 'close' },
      ];
    }
  }
}

/** The clip `clip-path` puts on a fragment and everything it paints; undefined for `none`. */
export function clipPathItem(f: PlacedBox, x: number, y: number): { readonly kind: 'push-clip-path'; readonly path: readonly PathSegment[]; readonly evenOdd?: boolean } | undefined {
  const clip = f.style.clipPath;
  if (clip === 'none') return undefined;
  const ref = referenceBox(f, x, y, clip.box);
  if (clip.shape === undefined) return { kind: 'push-clip-path', path: roundedRectPath(ref.rect, ref.radii) };
  const path = shapePath(clip.shape, ref.rect);
  return clip.shape.kind === 'polygon' && clip.shape.evenOdd ? { kind: 'push-clip-path', path, evenOdd: true } : { kind: 'push-clip-path', path };
}

/**
 * The rectangle `clip` puts on an absolutely positioned box and everything it paints: offsets from
 * its border box's top-left corner, `auto` sides on the border box's edges. Undefined for `auto`
 * or a box that is not absolutely positioned (where `clip` does not apply).
 */
export function clipRect(f: PlacedBox, x: number, y: number): Rect | undefined {
  const clip = f.style.clip;
  return clip === 'auto' || !hasClipRect(f.style) ? undefined : clippedRect(f, x, y, clip);
}

/** Whether `clip` applies: not `auto`, on an absolutely positioned box (the per-box test of hasEffects). */
export function hasClipRect(style: ComputedStyle): boolean {
  const position = style.position;
  return style.clip !== 'auto' && (position === 'absolute' || position === 'fixed');
}

/** The rectangle itself, out of line: the per-box tests nearly always stop before it. */
function clippedRect(f: PlacedBox, x: number, y: number, clip: Exclude<ClipRect, 'auto'>): Rect {
  const left = clip.left === 'auto' ? 0 : clip.left;
  const top = clip.top === 'auto' ? 0 : clip.top;
  const right = clip.right === 'auto' ? f.width : clip.right;
  const bottom = clip.bottom === 'auto' ? f.height : clip.bottom;
  return { x: x + left, y: y + top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}
