/**
 * `filter` (Filter Effects 1 §5) on what a stacking context paints, function by function in order:
 * - colour matrices (`grayscale`, `sepia`, `saturate`, `hue-rotate`, `invert`, `brightness`,
 *   `contrast`, color-matrix.ts) recolour every painted colour (solid fills, strokes, glyphs,
 *   gradient stops, shadow masks) and are applied to raster images' pixels by the pdf stage;
 * - `opacity()` makes the content a transparency group with that alpha, as `opacity` does;
 * - `drop-shadow()` paints the content's alpha offset and in its colour under it: unblurred, the
 *   content itself as an alpha soft mask (exact, images' transparency included); blurred, raster
 *   images' alpha blurred by the pdf stage, and the other shapes' alpha blurred in one mask: their
 *   coverage (glyph outlines, paths, boxes) blurred as `text-shadow` is (text-shadow.ts) where
 *   they are opaque and unclipped, else drawn by Skia from the items (drop-shadow-raster.ts);
 * - `blur()` blurs images and every painted shape (filter-blur.ts);
 * - an SVG `<filter>` no function says (`url()` resolved by boxes/svg-references.ts) is drawn by
 *   Skia over the element's items written as SVG (svg-filter-raster.ts); with an item that has no
 *   SVG markup (a blend mode, a blurred image) the element is drawn unfiltered, with a warning.
 */
import type { FilterFunction } from '../css/image-types.js';
import type { Matrix } from '../geometry/matrix.js';
import { IDENTITY, multiply } from '../geometry/matrix.js';
import type { ColorStep } from './color-matrix.js';
import { colorMatrix, filterColor } from './color-matrix.js';
import type { Point } from './coverage.js';
import type { DisplayItem, Shading } from './display-list.js';
import { blurredItems, clipPolygon, pathPolygons } from './filter-blur.js';
import { heldFilterFunction } from './effect-lengths.js';
import type { Covering } from './text-shadow.js';
import { blurredPolygons, polygonsOf } from './text-shadow.js';
import { boundsOf } from './coverage.js';
import { appendAll } from '../append-all.js';
import { rasterElementFilter, unboundedWarning, unfilteredWarning } from './svg-filter-raster.js';
import { drawsNothing } from './items-svg.js';
import { isRasterShadow, rasterShadow } from './drop-shadow-raster.js';
import { isOpaqueRaster } from './opaque-image.js';
import { imageShadowsWithClipsInside } from './shadow-image-clips.js';
import type { Rect } from '../geometry/types.js';

/**
 * The items with the filter functions applied in order; `borderBox` is the filtered element's (an
 * SVG `<filter>`'s bounding box and user space), without which an SVG filter is left out.
 */
export function applyFilter(filter: readonly FilterFunction[], items: readonly DisplayItem[], borderBox?: Rect, warn?: (message: string) => void): DisplayItem[] {
  let out: DisplayItem[] = [...items];
  let i = 0;
  while (i < filter.length) {
    const f = heldFilterFunction(filter[i]!);
    // consecutive colour steps recolour in one pass, clamped after each
    const steps = colorStepsFrom(filter, i);
    if (steps.length > 0) {
      out = out.map((item) => recolored(item, steps));
      i += steps.length;
      continue;
    }
    if (f.kind === 'opacity' && f.amount < 1) out = f.amount <= 0 ? [] : [{ kind: 'push-opacity', opacity: f.amount }, ...out, { kind: 'pop-opacity' }];
    if (f.kind === 'drop-shadow') out = [...dropShadow(out, f), ...out];
    if (f.kind === 'blur' && f.radius > 0) out = blurredItems(out, f.radius);
    if (f.kind === 'svg-filter' && borderBox !== undefined) {
      const filtered = rasterElementFilter(out, f.svgFilter, borderBox);
      if ('unwritable' in filtered) warn?.(unfilteredWarning(f.svgFilter, filtered.unwritable));
      else if ('unbounded' in filtered) warn?.(unboundedWarning(f.svgFilter, filtered.unbounded));
      else out = filtered;
    }
    i++;
  }
  return out;
}

/** The colour steps of the filter functions from `start` on, up to the first that is not one. */
function colorStepsFrom(filter: readonly FilterFunction[], start: number): ColorStep[] {
  const steps: ColorStep[] = [];
  for (let i = start; i < filter.length; i++) {
    const step = colorStepOf(filter[i]!);
    if (step === undefined) break;
    steps.push(step);
  }
  return steps;
}

/** A filter function that recolours each colour on its own, as a colour step; undefined for the others. */
function colorStepOf(f: FilterFunction): ColorStep | undefined {
  switch (f.kind) {
    case 'color': return colorMatrix(f.name, f.amount);
    case 'color-matrix': return f.matrix;
    case 'color-transfer': return { channels: f.channels };
    case 'color-space': return { to: f.to };
    default: return undefined;
  }
}

function recolorShading(shading: Shading, steps: readonly ColorStep[]): Shading {
  return { ...shading, stops: shading.stops.map((stop) => ({ ...stop, color: filterColor(stop.color, steps) })) };
}

/** One item with its colours through the colour steps (a soft mask's items stay: they are alpha or luminance, not colour). */
function recolored(item: DisplayItem, steps: readonly ColorStep[]): DisplayItem {
  switch (item.kind) {
    case 'fill-rect':
    case 'fill-path':
    case 'stroke-path':
    case 'alpha-mask':
      return { ...item, color: filterColor(item.color, steps) };
    case 'glyphs':
      return { ...item, color: filterColor(item.color, steps), ...(item.stroke === undefined ? {} : { stroke: { ...item.stroke, color: filterColor(item.stroke.color, steps) } }) };
    case 'shading':
      return { ...item, shading: recolorShading(item.shading, steps) };
    case 'tiles':
      return { ...item, items: item.items.map((part) => recolored(part, steps)) };
    case 'image':
      // an SVG frame is recoloured as a composed copy; its vector tiles (drawn without one) each by colour
      if (item.image.format === 'svg' && item.compose === undefined && item.rasterize === undefined) return item;
      return {
        ...item, filters: [...(item.filters ?? []), ...steps],
        ...(item.vectorFrame === undefined ? {} : { vectorFrame: item.vectorFrame.map((part) => recolored(part, steps)) }),
        ...(item.rasterize === undefined ? {} : { rasterize: { ...item.rasterize, unrasterized: item.rasterize.unrasterized.map((part) => recolored(part, steps)) } }),
      };
    default:
      return item;
  }
}

type DropShadow = Extract<FilterFunction, { kind: 'drop-shadow' }>;

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;

const isRaster = (item: DisplayItem): item is ImageItem => item.kind === 'image' && item.image.format !== 'svg';

function dropShadow(items: readonly DisplayItem[], shadow: DropShadow): DisplayItem[] {
  if (shadow.color.a <= 0 || items.length === 0) return [];
  if (shadow.blur > 0) return blurredShadow(items, shadow);
  const polygons = coveredPolygons(items);
  const bounds = boundsOf(polygons);
  if (bounds === undefined) return [];
  // the content's own alpha, moved, masks a rectangle of the shadow colour
  return [
    { kind: 'push-transform', matrix: [1, 0, 0, 1, shadow.x, shadow.y] },
    { kind: 'push-opacity', opacity: 1, mask: { items: withoutMarks(items), luminance: false } },
    { kind: 'fill-rect', rect: bounds, color: shadow.color },
    { kind: 'pop-opacity' },
    { kind: 'pop-transform' },
  ];
}

/**
 * A blurred shadow: raster images' own alpha blurred (pdf/image-prep.ts), and everything else's in
 * one mask, with the blur length as standard deviation σ (Filter Effects 1 §13.1; a box shadow's
 * blur radius is 2σ, Chromium 156 prints both so). Where the outlines of what is drawn are its
 * alpha (opaque shapes, unclipped) the mask is their coverage blurred (text-shadow.ts), exact and
 * shared by repeated slices; otherwise (translucent colours, gradients to transparent, patterns, clips)
 * it is drawn from the items themselves by Skia (drop-shadow-raster.ts), that coverage kept as
 * what is drawn when Skia cannot.
 */
function blurredShadow(drawn: readonly DisplayItem[], shadow: DropShadow): DisplayItem[] {
  const sigma = shadow.blur;
  const items = clippedOpaqueImagesAsRects(drawn);
  // the images' shadows keep the transforms they are drawn under, their clips cut them before the blur
  const images = items.flatMap((item): DisplayItem[] => {
    if (isRaster(item)) {
      const { filters: _colours, ...image } = item;
      return [{ ...image, blur: { sigma: Math.hypot(item.blur?.sigma ?? 0, sigma), shadow: shadow.color } }];
    }
    return STRUCTURE.has(item.kind) ? [item] : [];
  });
  const imageLayer: DisplayItem[] = items.some(isRaster) ? [{ kind: 'push-transform', matrix: [1, 0, 0, 1, shadow.x, shadow.y] }, ...imageShadowsWithClipsInside(images), { kind: 'pop-transform' }] : [];
  const others = items.filter((item) => !isRaster(item));
  // an earlier shadow's image has no outline, as an earlier outlines' mask (an alpha mask) has none
  const polygons = coveredPolygons(others.filter((item) => !isRasterShadow(item)));
  const moved = polygons.map((polygon) => polygon.map((p) => ({ x: p.x + shadow.x, y: p.y + shadow.y })));
  if (moved.length === 0) return imageLayer;
  const outlined = blurredPolygons(moved, 2 * sigma, shadow.color);
  const mask = outlined[0];
  if (outlinesAreAlpha(others) || mask?.kind !== 'alpha-mask') return [...imageLayer, ...outlined];
  // the rasterised shadow covers what the outlines' mask does: their bounds grown by 3σ, held within the effect bounds
  return [...imageLayer, rasterShadow(others, shadow, mask.rect, outlined) ?? outlined[0]!, ...outlined.slice(1)];
}

/**
 * The items with each opaque raster image drawn under a clip among them (an `<img>` with rounded
 * corners, `object-fit: cover`) as the rectangle it fills, in opaque black: its alpha is that
 * rectangle, and the shadow must be blurred from it clipped (Filter Effects 1 §13.1), where an
 * image's own blurred alpha would be clipped after the blur — a sharp shadow cut to the clip.
 * The clip makes the shadow one drawn by Skia from the items (drop-shadow-raster.ts).
 */
function clippedOpaqueImagesAsRects(items: readonly DisplayItem[]): readonly DisplayItem[] {
  let clips = 0;
  let changed = false;
  const out = items.map((item): DisplayItem => {
    if (item.kind === 'push-clip' || item.kind === 'push-clip-path' || item.kind === 'push-clip-glyphs') clips += 1;
    else if (item.kind === 'pop-clip') clips -= 1;
    else if (clips > 0 && isRaster(item) && item.compose === undefined && isOpaqueRaster(item.image)) {
      changed = true;
      return { kind: 'fill-rect', rect: item.rect, color: { r: 0, g: 0, b: 0, a: 1 } };
    }
    return item;
  });
  return changed ? out : items;
}

/**
 * Whether the items' outlines (coveredPolygons) are their alpha: every shape drawn opaque, in one
 * colour or through opaque gradient stops, with no clip or transparency group. Their coverage is
 * then the content's alpha, and its blur the shadow.
 */
function outlinesAreAlpha(items: readonly DisplayItem[]): boolean {
  return items.every((item) => {
    switch (item.kind) {
      case 'push-transform':
      case 'pop-transform':
        return true;
      case 'fill-rect': return item.color.a >= 1;
      case 'fill-path': return item.color.a >= 1 && item.evenOdd !== true;
      case 'stroke-path': return item.color.a >= 1 && item.dash === undefined;
      case 'glyphs': return item.invisible === true || (item.color.a >= 1 && item.stroke === undefined);
      case 'shading': return item.shading.stops.every((stop) => stop.color.a >= 1);
      default: return drawsNothing(item);
    }
  });
}

/** The items that set up how others are drawn (balanced pushes and pops). */
const STRUCTURE: ReadonlySet<DisplayItem['kind']> = new Set<DisplayItem['kind']>([
  'push-transform', 'pop-transform', 'push-clip', 'push-clip-path', 'push-clip-glyphs', 'pop-clip', 'push-opacity', 'pop-opacity',
]);

/** Tagging and link items do not belong in a mask. */
function withoutMarks(items: readonly DisplayItem[]): DisplayItem[] {
  return items.filter((item) => !drawsNothing(item));
}

/**
 * The polygons (page px) the items cover, through their transforms. Clips are not applied, except
 * that a gradient or a pattern covers only the tightest clip it is drawn in, when smaller than itself: an SVG shape filled with a
 * gradient paints the gradient over a large rectangle (±10,000 units of its bounding box) clipped
 * to the shape, and a shadow of that rectangle was a mask of millions of px that viewers refuse.
 */
function coveredPolygons(items: readonly DisplayItem[]): Point[][] {
  const stack: Matrix[] = [];
  let matrix: Matrix = IDENTITY;
  // each clip pushed, with the matrix it was pushed under: outlined only for a gradient or pattern
  const clips: PushedClip[] = [];
  const out: Point[][] = [];
  for (const item of items) {
    if (item.kind === 'push-transform') { stack.push(matrix); matrix = multiply(matrix, item.matrix); continue; }
    if (item.kind === 'pop-transform') { matrix = stack.pop() ?? IDENTITY; continue; }
    if (item.kind === 'push-clip' || item.kind === 'push-clip-path' || item.kind === 'push-clip-glyphs') { clips.push({ item, matrix }); continue; }
    if (item.kind === 'pop-clip') { clips.pop(); continue; }
    if (!isCovering(item)) continue;
    const own = polygonsOf(item).map((polygon) => toPage(polygon, matrix));
    const clip = item.kind === 'shading' || item.kind === 'tiles' ? tightestOutline(clips, areaOf(own)) : undefined;
    appendAll(out, clip ?? own);
  }
  return out;
}

interface PushedClip {
  readonly item: Extract<DisplayItem, { kind: 'push-clip' | 'push-clip-path' | 'push-clip-glyphs' }>;
  readonly matrix: Matrix;
}

function toPage(polygon: readonly Point[], m: Matrix): Point[] {
  return polygon.map((p) => ({ x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] }));
}

/** A clip's outline in page px (undefined for glyphs: not an outline). */
function outlineOf({ item, matrix }: PushedClip): Point[][] | undefined {
  if (item.kind === 'push-clip') return [toPage(clipPolygon(item), matrix)];
  if (item.kind === 'push-clip-path') return pathPolygons(item.path).map((polygon) => toPage(polygon, matrix));
  return undefined;
}

/** The clip outline of least extent among those pushed, when smaller than `limit` (the innermost need not be the tightest). */
function tightestOutline(clips: readonly PushedClip[], limit: number): Point[][] | undefined {
  let best: Point[][] | undefined;
  let bestArea = limit;
  for (const clip of clips) {
    const outline = outlineOf(clip);
    const area = outline === undefined ? Infinity : areaOf(outline);
    if (area >= bestArea) continue;
    best = outline;
    bestArea = area;
  }
  return best;
}

/** The area of the polygons' bounding box. */
function areaOf(polygons: readonly (readonly Point[])[]): number {
  const bounds = boundsOf(polygons);
  return bounds === undefined ? Infinity : bounds.width * bounds.height;
}

function isCovering(item: DisplayItem): item is Covering {
  return item.kind === 'glyphs' || item.kind === 'fill-rect' || item.kind === 'stroke-path' || item.kind === 'fill-path' || item.kind === 'image' || item.kind === 'shading' || item.kind === 'tiles';
}
