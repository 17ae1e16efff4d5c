/**
 * `border-image` (CSS Backgrounds 3 §6): the source image (a URL or a gradient, sized to the
 * border image area) cut into nine regions by `border-image-slice`, drawn into the nine regions
 * of the border image area (the border box grown by `border-image-outset`) whose edges are
 * `border-image-width` in; the edges and the middle (with `fill`) are scaled, repeated, rounded
 * or spaced per `border-image-repeat` (§6.6). A raster source's regions are composed into one
 * image of the whole frame by the pdf stage (pdf/image-prep.ts), so tiles meet without seams;
 * an SVG or gradient source's region is the whole source drawn under a transform that maps its
 * slice onto the destination, clipped to the destination.
 */
import type { BackgroundSize, BorderImageRepeat, BorderImageWidth, CssImage } from '../css/image-types.js';
import type { ComputedStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect, Sides } from '../geometry/types.js';
import { intersectRects } from '../geometry/rect.js';
import type { LoadedImage } from '../resources/types.js';
import type { DisplayItem, ImagePlacement } from './display-list.js';
import { paintGradient } from './gradient.js';
import { gradientAsSvg } from './gradient-svg.js';
import { imageItems } from './image.js';
import type { ImageLookup } from './background.js';
import { naturalDimensionsOf, tileSize } from './background.js';
import type { SvgContext } from './svg-render.js';
import { appendAll } from '../append-all.js';

/** At most this many tiles per edge or middle row/column (a hostile tiny slice cannot explode the page). */
const MAX_TILES = 400;

type Side = 'top' | 'right' | 'bottom' | 'left';
const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

interface Source {
  readonly width: number;
  readonly height: number;
  /** The whole source drawn at (0, 0). */
  readonly items: DisplayItem[];
  /** An image source (raster or SVG): its frame is composed into one image (no seams between tiles). */
  readonly image?: LoadedImage;
}

function sourceOf(image: CssImage, area: Rect, lookup: ImageLookup, svg: SvgContext): Source | undefined {
  if (image.kind === 'url') {
    const found = lookup(image.url);
    const loaded = found === undefined ? undefined : concreteSource(found, area);
    if (loaded === undefined || loaded.width <= 0 || loaded.height <= 0) return undefined;
    const items = imageItems(loaded, { x: 0, y: 0, width: loaded.width, height: loaded.height }, svg);
    return { width: loaded.width, height: loaded.height, items, image: loaded };
  }
  // a gradient has no size of its own: it is drawn at the border image area's size (§6.2)
  if (area.width <= 0 || area.height <= 0) return undefined;
  const items = paintGradient(image, { x: 0, y: 0, width: area.width, height: area.height });
  // composed like an SVG source: the gradient written as one
  const asSvg = gradientAsSvg(items, area.width, area.height);
  return { width: area.width, height: area.height, items, ...(asSvg === undefined ? {} : { image: asSvg }) };
}

/**
 * The source at its concrete size (§6.2: CSS Images 3 §5.3's default sizing, the border image area
 * the default object size): an SVG missing a natural dimension is sized as a background of
 * `auto` size is (background.ts tileSize) — a `viewBox`-only one contained in the area, one with
 * neither the area — and sliced at that size, as Chromium slices it. A copy under its own id, as
 * its pixels differ by size.
 */
function concreteSource(loaded: LoadedImage, area: Rect): LoadedImage | undefined {
  if (loaded.naturalSize === undefined) return loaded;
  if (area.width <= 0 || area.height <= 0) return undefined;
  const { width, height } = tileSize(AUTO, area, naturalDimensionsOf(loaded));
  const { naturalSize: _natural, ...sized } = loaded;
  return { ...sized, id: `${loaded.id}@${width}x${height}`, width, height };
}

const AUTO: BackgroundSize = { width: 'auto', height: 'auto' };

const sidesOf = (values: readonly [number, number, number, number]): Sides => ({ top: values[0], right: values[1], bottom: values[2], left: values[3] });

/** An image frame: a border image's or a mask border's (CSS Masking 1 §7) longhands. */
export interface ImageFrame {
  readonly source: CssImage | 'none';
  readonly slice: ComputedStyle['borderImageSlice'];
  readonly width: ComputedStyle['borderImageWidth'];
  readonly outset: ComputedStyle['borderImageOutset'];
  readonly repeat: ComputedStyle['borderImageRepeat'];
}

export const borderImageOf = (style: ComputedStyle): ImageFrame => ({
  source: style.borderImageSource, slice: style.borderImageSlice, width: style.borderImageWidth, outset: style.borderImageOutset, repeat: style.borderImageRepeat,
});

export const maskBorderOf = (style: ComputedStyle): ImageFrame => ({
  source: style.maskBorderSource, slice: style.maskBorderSlice, width: style.maskBorderWidth, outset: style.maskBorderOutset, repeat: style.maskBorderRepeat,
});

/** `border-image-width` in px (§6.4), scaled down together when opposite sides overlap. */
function imageWidths(frame: ImageFrame, border: Sides, slices: Sides, area: Rect): Sides {
  const one = (w: BorderImageWidth, side: Side): number => {
    if (w === 'auto') return slices[side];
    if (typeof w === 'object' && 'kind' in w && w.kind === 'number') return w.value * border[side];
    return resolveLength(w, side === 'top' || side === 'bottom' ? area.height : area.width);
  };
  const w = sidesOf(frame.width.map((v, i) => one(v, SIDES[i]!)) as unknown as [number, number, number, number]);
  const f = Math.min(1, area.width / Math.max(1e-9, w.left + w.right), area.height / Math.max(1e-9, w.top + w.bottom));
  return { top: w.top * f, right: w.right * f, bottom: w.bottom * f, left: w.left * f };
}

/** The source region `from` drawn into `to` (scaled), clipped to `clip`; nothing when either is empty. */
function region(from: Rect, to: Rect, clip: Rect = to): ImagePlacement[] {
  if (from.width <= 0 || from.height <= 0 || to.width <= 0 || to.height <= 0) return [];
  return [{ from, to, clip }];
}

/** A placement as vector items: the whole source under a transform mapping `from` onto `to`. */
function placedItems(source: Source, { from, to, clip }: ImagePlacement): DisplayItem[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return [
    { kind: 'push-clip', rect: clip },
    { kind: 'push-transform', matrix: [sx, 0, 0, sy, to.x - from.x * sx, to.y - from.y * sy] },
    ...source.items,
    { kind: 'pop-transform' },
    { kind: 'pop-clip' },
  ];
}

/**
 * A composed frame drawn tile by tile instead, for an item the pdf stage draws without preparing
 * (margin boxes painted after their page was written).
 */
export function uncomposed(item: Extract<DisplayItem, { kind: 'image' }>): DisplayItem[] {
  if (item.vectorFrame !== undefined) return [...item.vectorFrame];
  const { compose = [], rect: area, image, interpolate } = item;
  const whole: DisplayItem = { kind: 'image', rect: { x: 0, y: 0, width: image.width, height: image.height }, image, ...(interpolate === undefined ? {} : { interpolate }) };
  const source: Source = { width: image.width, height: image.height, items: [whole] };
  const global = (r: Rect): Rect => ({ ...r, x: r.x + area.x, y: r.y + area.y });
  return compose.flatMap((p) => placedItems(source, { from: p.from, to: global(p.to), clip: global(p.clip) }));
}

/**
 * An image source's placements as one image over `area`, positions made relative to it; an SVG
 * source keeps its frame as vector tiles too, drawn when no composed copy is made.
 */
function composedItem(source: Source & { image: LoadedImage }, area: Rect, placements: readonly ImagePlacement[]): DisplayItem {
  const local = (r: Rect): Rect => ({ ...r, x: r.x - area.x, y: r.y - area.y });
  const vectors = source.image.format === 'svg' ? { vectorFrame: placements.flatMap((p) => placedItems(source, p)) } : {};
  return { kind: 'image', rect: area, image: source.image, compose: placements.map((p) => ({ from: p.from, to: local(p.to), clip: local(p.clip) })), ...vectors };
}

/**
 * Tile positions along one axis (§6.6): `size` is the scaled tile, `room` the destination
 * length. Returns the tiles' start offsets and their (possibly rounded) size.
 */
export function tiles(mode: BorderImageRepeat, size: number, room: number): { starts: number[]; size: number } {
  if (mode === 'stretch' || size <= 0 || room <= 0) return { starts: [0], size: room };
  if (mode === 'round') {
    const n = Math.min(MAX_TILES, Math.max(1, Math.round(room / size)));
    return { starts: Array.from({ length: n }, (_, i) => (i * room) / n), size: room / n };
  }
  if (mode === 'space') {
    const n = Math.min(MAX_TILES, Math.floor(room / size));
    if (n === 0) return { starts: [], size };
    const gap = (room - n * size) / (n + 1);
    return { starts: Array.from({ length: n }, (_, i) => gap + i * (size + gap)), size };
  }
  // repeat: one tile centred on the middle of the room, as many on each side as reach its ends
  const side = Math.min((MAX_TILES - 1) / 2, Math.ceil((room - size) / 2 / size - 1e-9));
  const first = room / 2 - size / 2 - side * size;
  return { starts: Array.from({ length: 2 * side + 1 }, (_, i) => first + i * size), size };
}

const size = (width: number, height: number): { width: number; height: number } => ({ width, height });

/** One edge or the middle: the slice `from` tiled over `to` with tiles of `tile` before repeat rounding. */
function tiled(from: Rect, to: Rect, tile: { readonly width: number; readonly height: number }, repeat: readonly [BorderImageRepeat, BorderImageRepeat]): ImagePlacement[] {
  if (to.width <= 0 || to.height <= 0) return [];
  const xs = tiles(repeat[0], tile.width, to.width);
  const ys = tiles(repeat[1], tile.height, to.height);
  const items: ImagePlacement[] = [];
  for (const y of ys.starts) {
    for (const x of xs.starts) {
      const placed = { x: to.x + x, y: to.y + y, width: xs.size, height: ys.size };
      // a tile past the edge's ends is clipped to it
      appendAll(items, region(from, placed, intersectRects(placed, to)));
    }
  }
  return items;
}

/** A box's border image: undefined when it has none (or it failed to load), so the borders are drawn instead. */
export function paintBorderImage(style: ComputedStyle, borderBox: Rect, border: Sides, lookup: ImageLookup, svg: SvgContext = {}): DisplayItem[] | undefined {
  return paintImageFrame(borderImageOf(style), borderBox, border, lookup, svg);
}

/** An image frame around a border box (a border image, or a mask border's mask): undefined when it has no source or it failed to load. */
export function paintImageFrame(frame: ImageFrame, borderBox: Rect, border: Sides, lookup: ImageLookup, svg: SvgContext = {}): DisplayItem[] | undefined {
  const image = frame.source;
  if (image === 'none') return undefined;
  const out = sidesOf(frame.outset.map((o, i) => (typeof o === 'number' ? o : o.value * border[SIDES[i]!])) as unknown as [number, number, number, number]);
  const area: Rect = { x: borderBox.x - out.left, y: borderBox.y - out.top, width: borderBox.width + out.left + out.right, height: borderBox.height + out.top + out.bottom };
  const source = sourceOf(image, area, lookup, svg);
  if (source === undefined) return undefined;
  const { width: W, height: H } = source;
  const slice = frame.slice;
  const cut = (i: number, basis: number): number => {
    const o = slice.offsets[i]!;
    return Math.min(basis, o.kind === 'percent' ? (o.value / 100) * basis : o.value);
  };
  const s: Sides = { top: cut(0, H), right: cut(1, W), bottom: cut(2, H), left: cut(3, W) };
  const w = imageWidths(frame, border, s, area);
  const { x, y, width: AW, height: AH } = area;
  const midW = Math.max(0, AW - w.left - w.right);
  const midH = Math.max(0, AH - w.top - w.bottom);
  const srcMidW = Math.max(0, W - s.left - s.right);
  const srcMidH = Math.max(0, H - s.top - s.bottom);
  const rect = (rx: number, ry: number, rw: number, rh: number): Rect => ({ x: rx, y: ry, width: rw, height: rh });
  // the edges' tiles keep the slice's ratio at the border image width (§6.6)
  const scaleTop = s.top > 0 ? w.top / s.top : 1;
  const scaleBottom = s.bottom > 0 ? w.bottom / s.bottom : 1;
  const scaleLeft = s.left > 0 ? w.left / s.left : 1;
  const scaleRight = s.right > 0 ? w.right / s.right : 1;
  const r = frame.repeat;
  const placements: ImagePlacement[] = [
    ...region(rect(0, 0, s.left, s.top), rect(x, y, w.left, w.top)),
    ...region(rect(W - s.right, 0, s.right, s.top), rect(x + AW - w.right, y, w.right, w.top)),
    ...region(rect(0, H - s.bottom, s.left, s.bottom), rect(x, y + AH - w.bottom, w.left, w.bottom)),
    ...region(rect(W - s.right, H - s.bottom, s.right, s.bottom), rect(x + AW - w.right, y + AH - w.bottom, w.right, w.bottom)),
    ...tiled(rect(s.left, 0, srcMidW, s.top), rect(x + w.left, y, midW, w.top), size(srcMidW * scaleTop, w.top), [r[0], 'stretch']),
    ...tiled(rect(s.left, H - s.bottom, srcMidW, s.bottom), rect(x + w.left, y + AH - w.bottom, midW, w.bottom), size(srcMidW * scaleBottom, w.bottom), [r[0], 'stretch']),
    ...tiled(rect(0, s.top, s.left, srcMidH), rect(x, y + w.top, w.left, midH), size(w.left, srcMidH * scaleLeft), ['stretch', r[1]]),
    ...tiled(rect(W - s.right, s.top, s.right, srcMidH), rect(x + AW - w.right, y + w.top, w.right, midH), size(w.right, srcMidH * scaleRight), ['stretch', r[1]]),
  ];
  if (slice.fill) {
    // the middle scales like the top edge horizontally and the left edge vertically (§6.3)
    const mx = s.top > 0 ? scaleTop : s.bottom > 0 ? scaleBottom : midW / Math.max(1e-9, srcMidW);
    const my = s.left > 0 ? scaleLeft : s.right > 0 ? scaleRight : midH / Math.max(1e-9, srcMidH);
    appendAll(placements, tiled(rect(s.left, s.top, srcMidW, srcMidH), rect(x + w.left, y + w.top, midW, midH), size(srcMidW * mx, srcMidH * my), r));
  }
  // an image source's frame is one image: tiles drawn one by one leave hairline seams in viewers
  if (source.image !== undefined) return [composedItem({ ...source, image: source.image }, area, placements)];
  return placements.flatMap((p) => placedItems(source, p));
}
