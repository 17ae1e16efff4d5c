/**
 * `text-shadow` (CSS Text Decoration 3 §4): under a text fragment, each shadow paints its glyphs
 * and its decorations again, offset and in the shadow's colour; the first shadow is on top, so
 * they are painted last to first. A blurred shadow is an alpha mask (as `box-shadow`'s,
 * shadow-mask.ts) of the glyph outlines and decoration lines, blurred with a Gaussian of standard
 * deviation blur / 2; dashed, dotted and wavy decorations count as solid lines in that mask.
 */
import type { Color } from '../css/types.js';
import { TRANSPARENT } from '../css/types.js';
import { resolveColor } from '../css/values/color.js';
import type { Rect } from '../geometry/types.js';
import { unionOfRects } from '../geometry/rect.js';
import type { TextFragment } from '../layout/types.js';
import type { AlphaMask, DisplayItem, PathSegment } from './display-list.js';
import type { Point } from './coverage.js';
import { boundsOf, polygonCoverage, rectPolygon } from './coverage.js';
import type { GlyphAt } from './glyph-coverage.js';
import { addGlyphCoverage, glyphsBounds, glyphsOf, outlinePolygons } from './glyph-coverage.js';
import { appendAll } from '../append-all.js';
import { blurredMask, maskScale } from './shadow-mask.js';
import { heldMaskArea, heldShadow } from './effect-lengths.js';
import { BoundedCache } from '../cache/bounded.js';
import type { UprightGlyph } from './upright-glyphs.js';
import { multiply, type Matrix } from '../geometry/matrix.js';

type Painted = Extract<DisplayItem, { kind: 'glyphs' | 'fill-rect' | 'stroke-path' }>;
/** Items whose covered area polygonsOf knows. */
export type Covering = Painted | Extract<DisplayItem, { kind: 'fill-path' | 'image' | 'shading' | 'tiles' }>;

/**
 * The shadows of a text fragment whose own items (glyphs and decorations) are `own`, its upright
 * glyphs in vertical text `upright` (drawn or not: transparent text casts a shadow). In vertical
 * text, laid out turned (layout/orthogonal.ts), the offset of a sideways glyph's shadow turns with
 * the line and an upright glyph's does not: `text-shadow: 4px 0` moves a sideways glyph's shadow
 * down the page and an upright glyph's to the right, as Chromium 156 draws them.
 */
export function paintTextShadows(fragment: TextFragment, own: readonly DisplayItem[], upright: readonly UprightGlyph[]): DisplayItem[] {
  const shadows = fragment.style.textShadow;
  if (shadows.length === 0) return [];
  const painted = own.filter((item): item is Painted => (item.kind === 'glyphs' && item.invisible !== true) || item.kind === 'fill-rect' || item.kind === 'stroke-path');
  if (painted.length === 0 && upright.length === 0) return [];
  // one mask per blur radius: shadows that differ only in offset and colour share it (neon and
  // outline effects stack several; 50 shadows on a paragraph took 5 s, one mask each)
  const masks = new Map<number, { readonly sideways: readonly DisplayItem[]; readonly upright: readonly DisplayItem[] }>();
  let shapes: Shapes | undefined;
  return [...shadows].reverse().map(heldShadow).flatMap((shadow) => {
    const color = resolveColor(shadow.color, fragment.style.color, fragment.style.colorScheme);
    if (color.a <= 0) return [];
    if (shadow.blur <= 0) {
      const out: DisplayItem[] = painted.length === 0 ? [] : [{ kind: 'push-transform', matrix: [1, 0, 0, 1, shadow.x, shadow.y] }, ...painted.map((item) => recolored(item, color)), { kind: 'pop-transform' }];
      for (const glyph of upright) {
        out.push({ kind: 'push-transform', matrix: multiply(glyph.matrix, [1, 0, 0, 1, shadow.x, shadow.y]) }, { kind: 'fill-path', path: glyph.path, color }, { kind: 'pop-transform' });
      }
      return out;
    }
    let mask = masks.get(shadow.blur);
    if (mask === undefined) {
      // where the items are: a shadow moves the mask by its offset (its pixel grid moves with it)
      shapes ??= shapesOf(painted);
      mask = {
        sideways: painted.length === 0 ? [] : blurredPolygons(shapes.polygons, shadow.blur, TRANSPARENT, shapes.glyphs),
        upright: upright.length === 0 ? [] : blurredPolygons([], shadow.blur, TRANSPARENT, upright.map(uprightGlyphAt)),
      };
      masks.set(shadow.blur, mask);
    }
    // the offset in the frame the items are in: an upright glyph's own frame is the page's
    const uprightOffset = upright.length === 0 ? { x: 0, y: 0 } : offsetIn(upright[0]!.matrix, shadow.x, shadow.y);
    return [...movedMask(mask.sideways, shadow.x, shadow.y, color), ...movedMask(mask.upright, uprightOffset.x, uprightOffset.y, color)];
  });
}

function movedMask(mask: readonly DisplayItem[], x: number, y: number, color: Color): DisplayItem[] {
  return mask.map((item) => (item.kind === 'alpha-mask' ? { ...item, rect: { ...item.rect, x: item.rect.x + x, y: item.rect.y + y }, color } : item));
}

/** The vector (x, y) of a glyph's own frame in the frame `matrix` sets the glyph in. */
function offsetIn(matrix: Matrix, x: number, y: number): Point {
  return { x: matrix[0] * x + matrix[2] * y, y: matrix[1] * x + matrix[3] * y };
}

/** An upright glyph as glyph coverage stamps it: turned back, at its origin in the fragment's frame (the matrix's translation). */
function uprightGlyphAt(glyph: UprightGlyph): GlyphAt {
  return { face: glyph.face, id: glyph.id, size: glyph.size, oblique: false, upright: true, x: glyph.matrix[4], y: glyph.matrix[5] };
}

function recolored(item: Painted, color: Color): DisplayItem {
  if (item.kind !== 'glyphs') return { ...item, color };
  // a stroked SVG-text outline shadows in the shadow's colour too
  return { ...item, color, ...(item.stroke !== undefined ? { stroke: { ...item.stroke, color } } : {}) };
}

/** What painted items cover: their glyphs, stamped (glyph-coverage.ts), and the rest as polygons. */
interface Shapes {
  readonly polygons: Point[][];
  readonly glyphs: GlyphAt[];
}

function shapesOf(items: readonly Painted[]): Shapes {
  const shapes: Shapes = { polygons: [], glyphs: [] };
  for (const item of items) {
    if (item.kind !== 'glyphs') {
      appendAll(shapes.polygons, polygonsOf(item));
      continue;
    }
    appendAll(shapes.glyphs, glyphsOf(item));
  }
  return shapes;
}

/**
 * Blurred masks of shapes alone, by the shapes relative to their area: a filtered box that runs
 * over many pages (or a card repeated down a list) is the same slice on each, and its mask cost
 * 40 ms a page (a 5,000px-wide box under `drop-shadow()`: 1,000 pages took 42 s).
 */
const shapeMasks = new BoundedCache<string, AlphaMask>('paint.shape-masks', 64);

/** At most this many points make a shape's key (a longer outline is blurred each time; a key costs ~20 ns a point, its mask ~1 µs a pixel). */
const MAX_KEY_POINTS = 8192;

function shapeKey(polygons: readonly (readonly Point[])[], area: Rect, blur: number): string | undefined {
  let points = 0;
  for (const polygon of polygons) points += polygon.length;
  if (points > MAX_KEY_POINTS) return undefined;
  const at = polygons.map((polygon) => polygon.map((p) => `${(p.x - area.x).toFixed(3)},${(p.y - area.y).toFixed(3)}`).join(' ')).join('|');
  return `${area.width.toFixed(3)}x${area.height.toFixed(3)}:${blur}:${at}`;
}

/**
 * The alpha mask of `polygons` and `glyphs` (page px) blurred with a Gaussian of standard
 * deviation blur / 2, painted in `color`.
 */
export function blurredPolygons(polygons: readonly (readonly Point[])[], blur: number, color: Color, glyphs: readonly GlyphAt[] = []): DisplayItem[] {
  const bounds = unionOfRects(boundsOf(polygons), glyphsBounds(glyphs));
  if (bounds === undefined) return [];
  const reach = 1.5 * blur;
  const area = heldMaskArea({ x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach });
  if (area === undefined) return [];
  const scale = maskScale(area, blur);
  const width = Math.max(1, Math.ceil(area.width * scale));
  const height = Math.max(1, Math.ceil(area.height * scale));
  const key = glyphs.length === 0 ? shapeKey(polygons, area, blur) : undefined;
  let mask = key === undefined ? undefined : shapeMasks.get(key);
  if (mask === undefined) {
    const values = polygonCoverage(polygons, area, scale, width, height);
    if (glyphs.length > 0) addGlyphCoverage({ values, width, height, area, scale }, glyphs);
    mask = blurredMask({ values, width, height }, (blur / 2) * scale, `shadow,${width},${height},${blur}`);
    if (key !== undefined) shapeMasks.set(key, mask);
  }
  // the mask covers whole device pixels: its rect is rounded up with it
  return [{ kind: 'alpha-mask', rect: { ...area, width: width / scale, height: height / scale }, color, mask }];
}

/** What an item covers, as polygons in page px (an image, gradient or repeated tile: its whole rectangle). */
export function polygonsOf(item: Covering): Point[][] {
  switch (item.kind) {
    case 'fill-rect':
    case 'image':
    case 'shading':
    case 'tiles': return [rectPolygon(item.rect)];
    case 'fill-path': return subpaths(item.path);
    case 'stroke-path': return strokePolygons(item.path, item.width);
    case 'glyphs': {
      if (item.invisible === true) return [];
      const polygons: Point[][] = [];
      for (const glyph of glyphsOf(item)) {
        for (const polygon of outlinePolygons(glyph)) polygons.push(polygon.map((p) => ({ x: glyph.x + p.x, y: glyph.y + p.y })));
      }
      return polygons;
    }
  }
}

/** A path flattened into its subpaths' points (curves as 8 chords). */
function subpaths(path: readonly PathSegment[]): Point[][] {
  const out: Point[][] = [];
  let points: Point[] = [];
  for (const segment of path) {
    if (segment.op === 'move') { if (points.length > 0) out.push(points); points = [{ x: segment.x, y: segment.y }]; }
    else if (segment.op === 'line') points.push({ x: segment.x, y: segment.y });
    else if (segment.op === 'curve') {
      const from = points[points.length - 1] ?? { x: segment.x, y: segment.y };
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        points.push({
          x: u * u * u * from.x + 3 * u * u * t * segment.x1 + 3 * u * t * t * segment.x2 + t * t * t * segment.x,
          y: u * u * u * from.y + 3 * u * u * t * segment.y1 + 3 * u * t * t * segment.y2 + t * t * t * segment.y,
        });
      }
    }
  }
  if (points.length > 0) out.push(points);
  return out;
}

/** A stroked path as one quadrilateral per (flattened) segment. */
function strokePolygons(path: readonly PathSegment[], width: number): Point[][] {
  const half = width / 2;
  const quads: Point[][] = [];
  for (const points of subpaths(path)) for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length === 0) continue;
    const nx = (-(b.y - a.y) / length) * half;
    const ny = ((b.x - a.x) / length) * half;
    quads.push([{ x: a.x + nx, y: a.y + ny }, { x: b.x + nx, y: b.y + ny }, { x: b.x - nx, y: b.y - ny }, { x: a.x - nx, y: a.y - ny }]);
  }
  return quads;
}
