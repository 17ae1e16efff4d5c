/**
 * `filter: blur(σ)` (Filter Effects 1 §13.2.1: a Gaussian of standard deviation σ over what the
 * element paints): raster and SVG images become blurred copies (pdf/image-prep.ts rasterises and
 * blurs them at 1-2 pixels per px), and every other painted shape becomes the coverage of its
 * outline blurred in its colour (glyphs, paths, boxes: the masks text-shadow.ts makes); a
 * gradient, and a repeated tile, is painted through the blurred coverage of its rectangle (its
 * edges blur; what is inside stays sharp). Blur is linear, so shapes
 * that do not overlap come out as the blurred whole would; where they overlap, each is blurred
 * before it is composited over the others. Rectangular clips inside the element (a background's
 * painting area, `overflow`) are applied to the shapes before they are blurred, as the element
 * is clipped before it is filtered; the ink then reaches about 3σ past the element.
 */
import type { Color } from '../css/types.js';
import type { Matrix } from '../geometry/matrix.js';
import { IDENTITY, multiply } from '../geometry/matrix.js';
import type { Rect } from '../geometry/types.js';
import type { Point } from './coverage.js';
import { rectPolygon } from './coverage.js';
import type { DisplayItem } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { blurredPolygons, polygonsOf } from './text-shadow.js';
import { appendAll } from '../append-all.js';
import { sameColor } from '../css/values/color.js';

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;
type ClipItem = Extract<DisplayItem, { kind: 'push-clip' }>;

/** An image blurred by `sigma` more (Gaussians add in quadrature). */
function blurredImage(item: ImageItem, sigma: number): ImageItem {
  return { ...item, blur: { ...item.blur, sigma: Math.hypot(item.blur?.sigma ?? 0, sigma) } };
}

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };

/**
 * `blur(sigma)` on the items: images as blurred copies, solid shapes as their coverage blurred in
 * their colour (consecutive shapes of one colour in one mask, so that they do not add up where
 * they touch), a gradient through the blurred coverage of its rectangle; the structure stays.
 */
export function blurredItems(items: readonly DisplayItem[], sigma: number): DisplayItem[] {
  const out: DisplayItem[] = [];
  let run: { color: Color; polygons: Point[][] } | undefined;
  const unpainted: DisplayItem[] = [];
  const flush = (): void => {
    // text-shadow.ts's masks take a shadow's blur radius: twice the standard deviation
    if (run !== undefined) appendAll(out, blurredPolygons(run.polygons, 2 * sigma, run.color));
    // the text stays in the PDF, unpainted, for search and extraction (the blur is its picture)
    appendAll(out, unpainted);
    run = undefined;
    unpainted.length = 0;
  };
  // rectangular clips met where nothing is transformed are applied to the shapes (undefined: written as they are)
  const clipStack: (ClipItem | undefined)[] = [];
  const matrixStack: Matrix[] = [];
  let matrix: Matrix = IDENTITY;
  const absorbed = (): ClipItem[] => clipStack.filter((c): c is ClipItem => c !== undefined);
  const clipped = (polygons: Point[][]): Point[][] => {
    if (!isIdentity(matrix)) return polygons;
    return absorbed().reduce((shapes, clip) => shapes.map((shape) => clipConvex(shape, clipPolygon(clip))).filter((shape) => shape.length >= 3), polygons);
  };
  for (const item of items) {
    if (item.kind === 'fill-rect' || item.kind === 'fill-path' || item.kind === 'stroke-path' || item.kind === 'glyphs') {
      const polygons = clipped(polygonsOf(item));
      const color = item.kind === 'glyphs' && item.stroke !== undefined && item.color.a <= 0 ? item.stroke.color : item.color;
      if (item.kind === 'glyphs' && item.invisible !== true) unpainted.push({ ...item, invisible: true });
      if (polygons.length === 0 || color.a <= 0) continue;
      if (run !== undefined && !sameColor(run.color, color)) flush();
      run ??= { color, polygons: [] };
      appendAll(run.polygons, polygons);
      continue;
    }
    flush();
    switch (item.kind) {
      case 'push-clip': {
        const absorb = isIdentity(matrix);
        clipStack.push(absorb ? item : undefined);
        if (!absorb) out.push(item);
        continue;
      }
      case 'push-clip-path':
      case 'push-clip-glyphs':
        clipStack.push(undefined);
        out.push(item);
        continue;
      case 'pop-clip':
        if (clipStack.pop() === undefined) out.push(item);
        continue;
      case 'push-transform':
        matrixStack.push(matrix);
        matrix = multiply(matrix, item.matrix);
        out.push(item);
        continue;
      case 'pop-transform':
        matrix = matrixStack.pop() ?? IDENTITY;
        out.push(item);
        continue;
      case 'image': {
        // an image keeps its clips (its copy is blurred whole, then clipped)
        const clips = isIdentity(matrix) ? absorbed() : [];
        appendAll(out, clips);
        out.push(blurredImage(item, sigma));
        appendAll(out, clips.map((): DisplayItem => ({ kind: 'pop-clip' })));
        continue;
      }
      case 'shading':
      case 'tiles':
        appendAll(out, blurredFill(item, clipped([rectPolygon(item.rect)]), sigma));
        continue;
      default:
        out.push(item);
    }
  }
  flush();
  return out;
}

function isIdentity(m: Matrix): boolean {
  return m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
}

/** A clip's outline as a convex polygon (a rounded rectangle's corners flattened). */
export function clipPolygon(clip: ClipItem): Point[] {
  if (clip.radii === undefined || clip.radii.every((r) => r === 0)) return rectPolygon(clip.rect);
  return pathPolygons(roundedRectPath(clip.rect, clip.radii as unknown as Radii))[0] ?? rectPolygon(clip.rect);
}

/** A path's subpaths as polygons (curves flattened), as text-shadow.ts covers a filled path. */
export function pathPolygons(path: Extract<DisplayItem, { kind: 'fill-path' }>['path']): Point[][] {
  return polygonsOf({ kind: 'fill-path', path, color: WHITE });
}

/** Sutherland–Hodgman: `shape` clipped to the convex polygon `clip` (either winding). */
function clipConvex(shape: readonly Point[], clip: readonly Point[]): Point[] {
  const area = clip.reduce((sum, p, i) => { const q = clip[(i + 1) % clip.length]!; return sum + p.x * q.y - q.x * p.y; }, 0);
  const sign = area >= 0 ? 1 : -1;
  let output: Point[] = [...shape];
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const inside = (p: Point): boolean => sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= 0;
    const cross = (p: Point, q: Point): Point => {
      const d = (b.x - a.x) * (q.y - p.y) - (b.y - a.y) * (q.x - p.x);
      const t = d === 0 ? 0 : ((b.x - a.x) * (a.y - p.y) - (b.y - a.y) * (a.x - p.x)) / d;
      return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) };
    };
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      if (inside(q)) {
        if (!inside(p)) output.push(cross(p, q));
        output.push(q);
      } else if (inside(p)) output.push(cross(p, q));
    }
  }
  return output;
}

/** A gradient or repeated tiles blurred: painted over the rectangle grown by 3 sigma, through the blurred coverage of what of it shows. */
function blurredFill(item: Extract<DisplayItem, { kind: 'shading' | 'tiles' }>, coverage: Point[][], sigma: number): DisplayItem[] {
  if (coverage.length === 0) return [];
  const mask = blurredPolygons(coverage, 2 * sigma, WHITE);
  const room = 3 * sigma;
  const rect: Rect = { x: item.rect.x - room, y: item.rect.y - room, width: item.rect.width + 2 * room, height: item.rect.height + 2 * room };
  return [
    { kind: 'push-opacity', opacity: 1, mask: { items: mask, luminance: false } },
    { ...item, rect },
    { kind: 'pop-opacity' },
  ];
}
