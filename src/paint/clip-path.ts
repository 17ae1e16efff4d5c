/**
 * `clip-path` geometry (CSS Masking 1 §3.1, CSS Shapes 1 §3.1): a basic shape resolved in its
 * reference box, or the reference box itself with its border-radius curves, as a display-list
 * path in page px. Margins in percentages resolve against the box's own width (the containing
 * block is gone by paint time). And CSS 2's `clip` rectangle (CSS Masking 1 §5.1).
 */
import type { BasicShape, ClipRect, ShapeBox, ShapeFunction } from '../css/effect-types.js';
import type { ComputedStyle, LengthPercentage } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect } from '../geometry/types.js';
import { NO_SIDES } from '../geometry/types.js';
import { referenceRect, resolveShape } from '../css/values/shape-geometry.js';
import type { PlacedBox } from './placed.js';
import { borderBoxAt } from './placed.js';
import type { PathSegment } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { outerRadii } from './radii.js';
import { pathData } from './svg-geometry.js';
import { clipPathOutline } from './svg-clip-path.js';
import { INITIAL_STYLE, computeSvgStyle } from '../resources/svg-style.js';
import type { DomElement } from '../dom/types.js';

/** A reference box of a fragment whose border box is at (x, y) on the page, and the radii of its edge. */
export function referenceBox(f: PlacedBox, x: number, y: number, box: ShapeBox): { rect: Rect; radii: Radii } {
  const m = (v: typeof f.style.marginTop): number => (v === 'auto' ? 0 : resolveLength(v, f.width));
  const margin = box === 'margin-box' ? { top: m(f.style.marginTop), right: m(f.style.marginRight), bottom: m(f.style.marginBottom), left: m(f.style.marginLeft) } : NO_SIDES;
  return referenceRect({ borderBox: borderBoxAt(f, x, y), radii: outerRadii(f), border: f.border, padding: f.padding, margin }, box);
}

/** The path of a basic shape in reference box `box`. */
export function shapePath(shape: BasicShape, box: Rect): PathSegment[] {
  const resolved = resolveShape(shape, box);
  if (resolved.kind === 'rounded-rect') return roundedRectPath(resolved.rect, resolved.radii);
  const points = resolved.points;
  return [
    { op: 'move', x: points[0]!.x, y: points[0]!.y },
    ...points.slice(1).map((p): PathSegment => ({ op: 'line', x: p.x, y: p.y })),
    { op: 'close' },
  ];
}

/**
 * A `shape()` as SVG path data in page px: `to` points (and their control points) from the box's
 * corner, `by` offsets as relative commands; x against its width, y against its height, and one arc
 * radius against its diagonal as circle() takes it. `cw` is SVG's positive sweep (y grows down).
 */
function shapePathData(shape: ShapeFunction, box: Rect): string {
  const x = (v: LengthPercentage): number => resolveLength(v, box.width);
  const y = (v: LengthPercentage): number => resolveLength(v, box.height);
  const points = (values: readonly LengthPercentage[], by: boolean): string => values.map((v, i) => (i % 2 === 0 ? x(v) + (by ? 0 : box.x) : y(v) + (by ? 0 : box.y))).join(' ');
  let d = `M ${points(shape.from, false)}`;
  for (const c of shape.commands) {
    const letter = (absolute: string): string => (c.by ? absolute.toLowerCase() : absolute);
    const end = points(c.to, c.by);
    switch (c.op) {
      case 'move': d += ` ${letter('M')} ${end}`; break;
      case 'line': d += ` ${letter('L')} ${end}`; break;
      case 'hline': d += ` ${letter('H')} ${x(c.to[0]!) + (c.by ? 0 : box.x)}`; break;
      case 'vline': d += ` ${letter('V')} ${y(c.to[0]!) + (c.by ? 0 : box.y)}`; break;
      case 'curve': d += ` ${letter(c.controls.length === 4 ? 'C' : 'Q')} ${points(c.controls, c.by)} ${end}`; break;
      case 'smooth': d += c.controls.length === 0 ? ` ${letter('T')} ${end}` : ` ${letter('S')} ${points(c.controls, c.by)} ${end}`; break;
      case 'arc': {
        const diagonal = Math.hypot(box.width, box.height) / Math.SQRT2;
        const [rx, ry] = c.radii.length === 1 ? [resolveLength(c.radii[0]!, diagonal), resolveLength(c.radii[0]!, diagonal)] : [x(c.radii[0]!), y(c.radii[1]!)];
        d += ` ${letter('A')} ${rx} ${ry} ${c.rotate} ${c.large ? 1 : 0} ${c.clockwise ? 1 : 0} ${end}`;
        break;
      }
      case 'close': d += ' Z'; break;
    }
  }
  return d;
}

function translatedPath(path: readonly PathSegment[], dx: number, dy: number): PathSegment[] {
  return path.map((segment) => {
    switch (segment.op) {
      case 'close': return segment;
      case 'curve': return { ...segment, x1: segment.x1 + dx, y1: segment.y1 + dy, x2: segment.x2 + dx, y2: segment.y2 + dy, x: segment.x + dx, y: segment.y + dy };
      default: return { ...segment, x: segment.x + dx, y: segment.y + dy };
    }
  });
}

/** The clip `clip-path` puts on a fragment and everything it paints; undefined for `none`. */
export function clipPathItem(f: PlacedBox, x: number, y: number): { readonly kind: 'push-clip-path'; readonly path: readonly PathSegment[]; readonly evenOdd?: boolean } | undefined {
  const clip = f.style.clipPath;
  if (clip === 'none' || 'reference' in clip) return undefined;
  if ('svgClip' in clip) return svgClipItem(clip.svgClip, borderBoxAt(f, x, y));
  const ref = referenceBox(f, x, y, clip.box);
  if (clip.shape === undefined) return { kind: 'push-clip-path', path: roundedRectPath(ref.rect, ref.radii) };
  if (clip.shape.kind === 'path' || clip.shape.kind === 'shape') {
    // path() data is in px from the reference box's top-left corner; shape() in its lengths and percentages
    const path = clip.shape.kind === 'path' ? translatedPath(pathData(clip.shape.d), ref.rect.x, ref.rect.y) : pathData(shapePathData(clip.shape, ref.rect));
    return clip.shape.evenOdd ? { kind: 'push-clip-path', path, evenOdd: true } : { kind: 'push-clip-path', path };
  }
  const path = shapePath(clip.shape, ref.rect);
  return clip.shape.kind === 'polygon' && clip.shape.evenOdd ? { kind: 'push-clip-path', path, evenOdd: true } : { kind: 'push-clip-path', path };
}

/**
 * `clip-path: url(#id)` on an HTML element: the `<clipPath>`'s shapes in the element's border box,
 * its top-left corner the origin of the user space (its size the viewport of percentages), or its
 * size the unit with clipPathUnits=objectBoundingBox. Read from the clip path's markup: its
 * attributes and `style` attributes (the page's rules on its shapes are not read).
 */
function svgClipItem(clip: DomElement, box: Rect): { readonly kind: 'push-clip-path'; readonly path: readonly PathSegment[]; readonly evenOdd?: boolean } {
  const local = { x: 0, y: 0, width: box.width, height: box.height };
  const { path, evenOdd } = clipPathOutline(clip, (child) => computeSvgStyle(child, INITIAL_STYLE, []), local, () => local);
  // an empty clip path clips everything away
  const placed = path.length > 0 ? translatedPath(path, box.x, box.y) : [{ op: 'move', x: box.x, y: box.y } as const, { op: 'close' } as const];
  return evenOdd ? { kind: 'push-clip-path', path: placed, evenOdd: true } : { kind: 'push-clip-path', path: placed };
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
