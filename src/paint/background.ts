/**
 * Backgrounds (CSS Backgrounds 3 §3): the colour under the bottom layer's clip, then each
 * `background-image` layer from the bottom up, sized (§3.9), positioned (§3.6) and tiled (§3.4,
 * `space` and `round` included) in its origin box (§3.7) — in the page area for a `fixed` layer,
 * so that it is repeated on every page (§3.5, CSS 2.1 §14.2.1) — and clipped to its clip box (§3.8),
 * following the border radii; and the canvas background, which the root element gives up to the
 * page — or, when the root's is transparent and has no image, the body's (§2.11.2).
 */
import type { BackgroundBox, BackgroundClip, BackgroundRepeat, BackgroundSize, CssImage, MaskClip, Position, RepeatStyle } from '../css/image-types.js';
import type { Color, ComputedStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect, Sides, Size } from '../geometry/types.js';
import type { Box } from '../boxes/types.js';
import { childBoxes } from '../boxes/types.js';
import type { BoxFragment, Fragment } from '../layout/types.js';
import type { PlacedBox } from './placed.js';
import type { LoadedImage } from '../resources/types.js';
import { pdfBlendMode } from './blend-modes.js';
import type { DisplayItem } from './display-list.js';
import { fillRectItem } from './fill-rect.js';
import { paintGradient } from './gradient.js';
import { positionIn } from '../css/values/position.js';
import { imageItems, interpolation } from './image.js';
import type { SvgContext } from './svg-render.js';
import { roundedRectPath } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { hasRadii, insetRadii } from '../css/values/radii.js';
import { appendAll } from '../append-all.js';
import { backgroundBleedInset } from './bleed-avoidance.js';

export interface Clip {
  readonly rect: Rect;
  readonly radii: Radii;
}

export type ImageLookup = (url: string) => LoadedImage | undefined;

export function paintBackgroundColor(color: Color, rect: Rect, radii: Radii): DisplayItem[] {
  if (color.a <= 0 || rect.width <= 0 || rect.height <= 0) return [];
  if (hasRadii(radii)) return [{ kind: 'fill-path', path: roundedRectPath(rect, radii), color }];
  return [fillRectItem(rect, color)];
}

/** The box being painted: its border box, radii, border widths and padding. */
export interface BackgroundArea {
  readonly rect: Rect;
  readonly radii: Radii;
  readonly border: Sides;
  readonly padding: Sides;
  /** How far a border-box clip is drawn inside the border box (bleed-avoidance.ts); none: to its edge. */
  readonly bleed?: Sides;
  /** The whole box a sliced fragment is cut from (whole-boxes.ts): image layers are sized and positioned in it, clipped to the fragment. */
  readonly whole?: BackgroundArea;
}

function inset(rect: Rect, by: Sides): Rect {
  return { x: rect.x + by.left, y: rect.y + by.top, width: Math.max(0, rect.width - by.left - by.right), height: Math.max(0, rect.height - by.top - by.bottom) };
}

const addSides = (a: Sides, b: Sides): Sides => ({ top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left });

/** The border, padding or content box with its radii (§3.7, §5.2). */
function boxOf(area: BackgroundArea, which: BackgroundBox): { rect: Rect; radii: Radii } {
  switch (which) {
    case 'border-box': return { rect: area.rect, radii: area.radii };
    case 'padding-box': return { rect: inset(area.rect, area.border), radii: insetRadii(area.radii, area.border) };
    case 'content-box': {
      const sides = addSides(area.border, area.padding);
      return { rect: inset(area.rect, sides), radii: insetRadii(area.radii, sides) };
    }
  }
}

/** The box a layer is clipped to: a border-box clip under an opaque rounded border is inset (bleed-avoidance.ts). */
function clipOf(area: BackgroundArea, which: BackgroundBox): { rect: Rect; radii: Radii } {
  if (which !== 'border-box' || area.bleed === undefined) return boxOf(area, which);
  return { rect: inset(area.rect, area.bleed), radii: insetRadii(area.radii, area.bleed) };
}

/** A layer's value of a list longhand: the list repeats when shorter than the image list (§3.1). */
export const layerValue = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

/**
 * What of its size an image has of its own (CSS Images 3 §4.1): a raster or a sized SVG both
 * natural dimensions and their ratio; an SVG with only a `viewBox` (or percentage sizes) only the
 * ratio; a gradient, or an SVG with neither, nothing.
 */
export interface NaturalDimensions {
  readonly width?: number;
  readonly height?: number;
  readonly ratio?: number;
}

function naturalDimensions(image: CssImage, lookup: ImageLookup): NaturalDimensions {
  const loaded = image.kind === 'url' ? lookup(image.url) : undefined;
  return loaded === undefined ? {} : naturalDimensionsOf(loaded, image.kind === 'url' ? image.resolution ?? 1 : 1);
}

/** A loaded image's natural dimensions (NaturalDimensions), its pixels at `resolution` per px. */
export function naturalDimensionsOf(loaded: LoadedImage, resolution = 1): NaturalDimensions {
  if (loaded.naturalSize === 'none') return {};
  const ratio = loaded.width > 0 && loaded.height > 0 ? loaded.width / loaded.height : undefined;
  if (loaded.naturalSize === 'ratio') return ratio === undefined ? {} : { ratio };
  if (loaded.naturalSize === 'width') return { width: loaded.width / resolution };
  if (loaded.naturalSize === 'height') return { height: loaded.height / resolution };
  return { width: loaded.width / resolution, height: loaded.height / resolution, ...(ratio === undefined ? {} : { ratio }) };
}

/** `contain` or `cover` (§3.9): the largest size of the ratio inside the area, or the smallest over it. */
function fitted(fit: 'contain' | 'cover', ratio: number, area: Size): Size {
  const width = (fit === 'contain' ? Math.min : Math.max)(area.width, area.height * ratio);
  return { width, height: width / ratio };
}

/**
 * §3.9 `background-size` for an image in a positioning area, by the default sizing algorithm
 * (CSS Images 3 §5.3) with the area as the default object size: a missing dimension follows the
 * given one through the ratio, else is the natural one, else the area's; `auto` on both axes is
 * the natural size, or `contain` for an image with only a ratio (an icon SVG with a `viewBox`
 * alone fills its box, as in Chromium).
 */
export function tileSize(size: BackgroundSize, area: Size, natural: NaturalDimensions): Size {
  const { ratio } = natural;
  if (size === 'cover' || size === 'contain') return ratio === undefined ? { width: area.width, height: area.height } : fitted(size, ratio, area);
  const w = size.width === 'auto' ? undefined : resolveLength(size.width, area.width);
  const h = size.height === 'auto' ? undefined : resolveLength(size.height, area.height);
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  if (w !== undefined) return { width: w, height: ratio !== undefined ? w / ratio : natural.height ?? area.height };
  if (h !== undefined) return { width: ratio !== undefined ? h * ratio : natural.width ?? area.width, height: h };
  if (natural.width !== undefined || natural.height !== undefined) {
    const width = natural.width ?? (ratio !== undefined ? natural.height! * ratio : area.width);
    return { width, height: natural.height ?? (ratio !== undefined ? width / ratio : area.height) };
  }
  return ratio !== undefined ? fitted('contain', ratio, area) : { width: area.width, height: area.height };
}

/** One axis of a background's tiling: the first tile's place, the tile's and the positioning area's extent, and the clip's. */
interface TileAxis {
  readonly position: number;
  readonly tile: number;
  readonly areaStart: number;
  readonly areaSize: number;
  readonly clipStart: number;
  readonly clipEnd: number;
}

/** The lattice of one axis (§3.4): a tile's origin, the distance between origins, and whether there is more than one tile. */
interface Lattice {
  readonly start: number;
  readonly step: number;
  readonly repeats: boolean;
}

function latticeOf(repeat: RepeatStyle, { position, tile, areaStart, areaSize }: TileAxis): Lattice {
  if (repeat === 'no-repeat') return { start: position, step: tile, repeats: false };
  if (repeat !== 'space') return { start: position, step: tile, repeats: true };
  const count = Math.floor(areaSize / tile);
  if (count < 2) return { start: position, step: tile, repeats: false };
  return { start: areaStart, step: tile + (areaSize - count * tile) / (count - 1), repeats: true };
}

/** The origin of the repeating lattice's tile that holds the clip's start. */
function firstTileStart({ start, step }: Lattice, clipStart: number): number {
  return start + Math.floor((clipStart - start) / step + 1e-9) * step;
}

/** Tile origins along one axis covering [clipStart, clipEnd), at most MAX_TILES. */
function tileStarts(lattice: Lattice, axis: TileAxis): number[] {
  if (axis.tile <= 0) return [];
  if (!lattice.repeats) return [lattice.start];
  const starts: number[] = [];
  for (let at = firstTileStart(lattice, axis.clipStart); at < axis.clipEnd - 1e-6 && starts.length < MAX_TILES; at += lattice.step) starts.push(at);
  return starts;
}

/** Tiles drawn one by one (a few, or a mask's raster tiles composed into one image): at most this many items per layer. */
const MAX_TILES = 4000;

/**
 * Up to this many tiles a layer is drawn tile by tile, each where it falls (no pattern and form
 * objects for a handful); beyond, as one tiling pattern (latticeItems).
 */
const DIRECT_TILES = 64;

/** How many tiles of an axis can reach its clip, at most. */
function tilesAtMost(lattice: Lattice, { clipStart, clipEnd }: TileAxis): number {
  return lattice.repeats ? Math.ceil((clipEnd - clipStart) / lattice.step) + 1 : 1;
}

/**
 * Where the one tile an axis shows starts: its only tile, or the one tile of a repeating axis whose
 * clip lies within it (the usual gradient over its own box); undefined when more than one shows.
 */
function visibleTile(lattice: Lattice, { tile, clipStart, clipEnd }: TileAxis): number | undefined {
  if (!lattice.repeats) return lattice.start;
  const first = firstTileStart(lattice, clipStart);
  return first + tile >= clipEnd - 1e-6 ? first : undefined;
}

/** The clip's extent along one axis: all of it where the tiles repeat, else the one tile's part of it. */
function coveredSpan(lattice: Lattice, { tile, clipStart, clipEnd }: TileAxis): { start: number; end: number } {
  if (lattice.repeats) return { start: clipStart, end: clipEnd };
  return { start: Math.max(clipStart, lattice.start), end: Math.min(clipEnd, lattice.start + tile) };
}

/** §3.8 `round`: the tile is scaled so a whole number of tiles fits the area. */
function roundSize(repeat: RepeatStyle, tile: number, area: number): number {
  if (repeat !== 'round' || tile <= 0) return tile;
  return area / Math.max(1, Math.round(area / tile));
}

/** One image layer: a background's (§3) or a mask's (CSS Masking 1 §6, the same geometry). */
export interface ImageLayer {
  readonly image: CssImage;
  readonly position: Position;
  readonly size: BackgroundSize;
  readonly repeat: BackgroundRepeat;
  readonly origin: BackgroundBox;
  /** `no-clip`: tiled over the border box grown by its own size on each side, unclipped. */
  readonly clip: MaskClip;
  /** `background-attachment: fixed`: positioned and sized in the page area (`options.fixedArea`). */
  readonly fixed?: boolean;
}

function paintLayer(style: ComputedStyle, index: number, area: BackgroundArea, options: BackgroundOptions): DisplayItem[] {
  const image = layerValue(style.backgroundImage, index);
  if (image === 'none') return [];
  const layer: ImageLayer = {
    image, position: { x: layerValue(style.backgroundPositionX, index), y: layerValue(style.backgroundPositionY, index) }, size: layerValue(style.backgroundSize, index), repeat: layerValue(style.backgroundRepeat, index),
    origin: layerValue(style.backgroundOrigin, index), clip: clipBox(layerValue(style.backgroundClip, index)),
    fixed: layerValue(style.backgroundAttachment, index) === 'fixed',
  };
  return clippedTo(layerValue(style.backgroundClip, index), paintImageLayer(layer, area, style.imageRendering, options), options);
}

/** The box a layer is clipped to: `text` clips to the border box, then to the glyphs (clippedTo). */
function clipBox(clip: BackgroundClip): BackgroundBox {
  return clip === 'text' ? 'border-box' : clip;
}

/** A layer's items, clipped to the box's glyphs when its clip is `text` (nothing without text). */
function clippedTo(clip: BackgroundClip, items: DisplayItem[], options: BackgroundOptions): DisplayItem[] {
  if (clip !== 'text' || options.clip !== undefined || items.length === 0) return items;
  const runs = options.textRuns ?? [];
  return runs.length === 0 ? [] : [{ kind: 'push-clip-glyphs', runs }, ...items, { kind: 'pop-clip' }];
}

/** The unclipped reach of a `no-clip` layer: the border box grown by its own size on each side. */
export function unclipped(area: BackgroundArea): Clip {
  const { x, y, width, height } = area.rect;
  return { rect: { x: x - width, y: y - height, width: 3 * width, height: 3 * height }, radii: area.radii };
}

/** A layer's tiles, sized (§3.9), positioned (§3.6) and repeated (§3.4) in its origin box, under its clip. */
export function paintImageLayer(layer: ImageLayer, area: BackgroundArea, rendering: ComputedStyle['imageRendering'], options: BackgroundOptions): DisplayItem[] {
  const { lookup, clip: clipOverride } = options;
  const { image, repeat } = layer;
  const loaded = image.kind === 'url' ? lookup(image.url) : undefined;
  if (image.kind === 'url' && loaded === undefined) return [];
  const origin = layer.fixed && options.fixedArea !== undefined ? options.fixedArea : boxOf(area.whole ?? area, layer.origin).rect;
  const clip = clipOverride ?? (layer.clip === 'no-clip' ? unclipped(area) : clipOf(area, layer.clip));
  if (clip.rect.width <= 0 || clip.rect.height <= 0) return [];
  let size = tileSize(layer.size, origin, naturalDimensions(image, lookup));
  const width = roundSize(repeat.x, size.width, origin.width);
  const height = roundSize(repeat.y, size.height, origin.height);
  const sizeSpec = layer.size;
  const keepsRatio = typeof sizeSpec !== 'string' && (sizeSpec.width === 'auto' || sizeSpec.height === 'auto');
  // round on one axis with `auto` on the other keeps the ratio (§3.9)
  if (keepsRatio && repeat.x === 'round' && repeat.y !== 'round' && size.width > 0) size = { width, height: size.height * (width / size.width) };
  else if (keepsRatio && repeat.y === 'round' && repeat.x !== 'round' && size.height > 0) size = { width: size.width * (height / size.height), height };
  else size = { width, height };
  if (size.width <= 0 || size.height <= 0) return [];
  const position = positionIn(layer.position, origin, size);
  const xAxis: TileAxis = { position: position.x, tile: size.width, areaStart: origin.x, areaSize: origin.width, clipStart: clip.rect.x, clipEnd: clip.rect.x + clip.rect.width };
  const yAxis: TileAxis = { position: position.y, tile: size.height, areaStart: origin.y, areaSize: origin.height, clipStart: clip.rect.y, clipEnd: clip.rect.y + clip.rect.height };
  const tile = (rect: Rect): DisplayItem[] => tileItems(image, loaded, rect, { svg: options.svg, rendering });
  const xLattice = latticeOf(repeat.x, xAxis);
  const yLattice = latticeOf(repeat.y, yAxis);
  const composed = options.composeTiles === true && loaded !== undefined && loaded.svg === undefined;
  const direct = composed || tilesAtMost(xLattice, xAxis) * tilesAtMost(yLattice, yAxis) <= DIRECT_TILES;
  const tiles = direct ? eachTile(tileStarts(xLattice, xAxis), tileStarts(yLattice, yAxis), size, tile) : latticeItems(xAxis, yAxis, xLattice, yLattice, tile);
  if (tiles.length === 0) return [];
  // a mask's raster tiles composed into one image, so that no seam shows what the mask hides
  if (composed && tiles.length > 1) return clippedLayer(layer, clip, clipOverride, [composedTiles(loaded, tiles, clip.rect)]);
  return clippedLayer(layer, clip, clipOverride, tiles);
}

/** A layer's items under its clip (none for `no-clip`, unless the caller's clip replaces it). */
function clippedLayer(layer: ImageLayer, clip: Clip, clipOverride: Clip | undefined, tiles: DisplayItem[]): DisplayItem[] {
  if (layer.clip === 'no-clip' && clipOverride === undefined) return tiles;
  const push: DisplayItem = hasRadii(clip.radii) ? { kind: 'push-clip', rect: clip.rect, radii: clip.radii } : { kind: 'push-clip', rect: clip.rect };
  return [push, ...tiles, { kind: 'pop-clip' }];
}

/** One tile's items at `rect`: the image, or the gradient (a conic one clipped to it). */
function tileItems(image: CssImage, loaded: LoadedImage | undefined, rect: Rect, how: { svg: SvgContext | undefined; rendering: ComputedStyle['imageRendering'] }): DisplayItem[] {
  if (loaded !== undefined) return imageItems(loaded, rect, how.svg, interpolation(how.rendering));
  if (image.kind === 'url') return [];
  const items = paintGradient(image, rect);
  return image.kind === 'conic' ? [{ kind: 'push-clip', rect }, ...items, { kind: 'pop-clip' }] : items;
}

/**
 * A layer's tiles: the one tile where neither axis repeats, else one `tiles` item over the part
 * of the clip they cover — the tile drawn once at the origin of its own space, repeated by the
 * PDF viewer (pdf/tiling-pattern.ts), however small the tile and large the box. The lattice
 * starts on a whole px, as Chromium draws tiles from the pixel their phase falls in: a viewer
 * resamples a pattern cell that starts between device pixels, and a crisp texture would blur.
 */
function latticeItems(xAxis: TileAxis, yAxis: TileAxis, xLattice: Lattice, yLattice: Lattice, tile: (rect: Rect) => DisplayItem[]): DisplayItem[] {
  const size = { width: xAxis.tile, height: yAxis.tile };
  const xOne = visibleTile(xLattice, xAxis);
  const yOne = visibleTile(yLattice, yAxis);
  if (xOne !== undefined && yOne !== undefined) return tile({ x: xOne, y: yOne, ...size });
  const x = xOne === undefined ? { ...xLattice, start: Math.round(xLattice.start) } : { ...xLattice, start: xOne, repeats: false };
  const y = yOne === undefined ? { ...yLattice, start: Math.round(yLattice.start) } : { ...yLattice, start: yOne, repeats: false };
  const xs = coveredSpan(x, xAxis);
  const ys = coveredSpan(y, yAxis);
  if (xs.end <= xs.start || ys.end <= ys.start) return [];
  const items = tile({ x: 0, y: 0, ...size });
  if (items.length === 0) return [];
  const rect: Rect = { x: xs.start, y: ys.start, width: xs.end - xs.start, height: ys.end - ys.start };
  return [{ kind: 'tiles', rect, origin: { x: x.start, y: y.start }, size, step: { x: x.step, y: y.step }, items }];
}

/** Tiles placed one by one at the lattice's origins (at most MAX_TILES items). */
function eachTile(xs: readonly number[], ys: readonly number[], size: Size, tile: (rect: Rect) => DisplayItem[]): DisplayItem[] {
  const tiles: DisplayItem[] = [];
  for (const y of ys) {
    for (const x of xs) {
      if (tiles.length > MAX_TILES) break;
      appendAll(tiles, tile({ x, y, width: size.width, height: size.height }));
    }
  }
  return tiles;
}

/**
 * A raster image's tiles as one image over `area` (pdf/image-prep.ts composes it on whole
 * pixels), so that no hairline shows between tiles where each is smoothed on its own.
 */
function composedTiles(image: LoadedImage, tiles: readonly DisplayItem[], area: Rect): DisplayItem {
  const whole: Rect = { x: 0, y: 0, width: image.width, height: image.height };
  const compose = tiles.flatMap((tile) => {
    if (tile.kind !== 'image') return [];
    const to: Rect = { ...tile.rect, x: tile.rect.x - area.x, y: tile.rect.y - area.y };
    const x = Math.max(0, to.x);
    const y = Math.max(0, to.y);
    const clip: Rect = { x, y, width: Math.min(area.width, to.x + to.width) - x, height: Math.min(area.height, to.y + to.height) - y };
    return clip.width > 0 && clip.height > 0 ? [{ from: whole, to, clip }] : [];
  });
  const first = tiles[0]!;
  const interpolate = first.kind === 'image' ? first.interpolate : undefined;
  return { kind: 'image', rect: area, image, compose, ...(interpolate === undefined ? {} : { interpolate }) };
}

/** Whether the box's background or border draws an image from a URL (an SVG one's warnings point at the box's element). */
export function drawsImageSource(style: ComputedStyle): boolean {
  if (style.borderImageSource !== 'none') return true;
  for (const image of style.backgroundImage) if (image !== 'none' && image.kind === 'url') return true;
  return false;
}

export interface BackgroundOptions {
  /** Compose a raster image's tiles into one image (a mask's, where a seam would show what it hides). */
  readonly composeTiles?: boolean;
  readonly lookup: ImageLookup;
  /** Fonts for SVG images' text. */
  readonly svg?: SvgContext;
  /** Paint the colour (false when it went to the canvas). */
  readonly color?: boolean;
  /** The glyph runs of the box's text, for layers with `background-clip: text`; none: such layers paint nothing. */
  readonly textRuns?: readonly Extract<DisplayItem, { kind: 'glyphs' }>[];
  /** Paint over this area instead of the layers' own clip boxes (the canvas, the page). */
  readonly clip?: Clip;
  /**
   * The page area (the initial containing block), where `fixed` layers are positioned; absent in
   * a transformed box, where `fixed` is `scroll` (CSS Transforms 1 §6), and for the page box itself.
   */
  readonly fixedArea?: Rect;
}

/** A box's whole background: colour then image layers, bottom layer first. */
export function paintBackground(style: ComputedStyle, area: BackgroundArea, options: BackgroundOptions): DisplayItem[] {
  const layers = style.backgroundImage.length;
  const items: DisplayItem[] = [];
  if (options.color !== false) {
    const clipValue = layerValue(style.backgroundClip, layers - 1);
    const clip = options.clip ?? clipOf(area, clipBox(clipValue));
    appendAll(items, clippedTo(clipValue, paintBackgroundColor(style.backgroundColor, clip.rect, clip.radii), options));
  }
  const blends = style.backgroundBlendMode;
  const blended = blends.some((mode) => mode !== 'normal');
  for (let i = layers - 1; i >= 0; i--) {
    const layer = paintLayer(style, i, area, options);
    const blend = blended ? pdfBlendMode(layerValue(blends, i)) : undefined;
    if (blend === undefined || layer.length === 0) appendAll(items, layer);
    else {
      items.push({ kind: 'push-opacity', opacity: 1, blend, isolated: true });
      appendAll(items, layer);
      items.push({ kind: 'pop-opacity' });
    }
  }
  // Compositing 1 §3.3: the layers blend with those under them and the colour, not with what is behind the box
  return blended && items.length > 0 ? [{ kind: 'push-opacity', opacity: 1, isolated: true }, ...items, { kind: 'pop-opacity' }] : items;
}

export const hasBackgroundImage = (style: ComputedStyle): boolean => style.backgroundImage.some((image) => image !== 'none');

/** The canvas background and the box whose own background it was (that box then paints none). */
export interface CanvasBackground {
  readonly fragment: BoxFragment;
  /** The page position of the fragment's border box. */
  readonly x: number;
  readonly y: number;
  readonly source: Box;
}

const elementName = (fragment: BoxFragment): string | undefined => fragment.box.element?.name.toLowerCase();

function findBox(fragments: readonly Fragment[], name: string): BoxFragment | undefined {
  for (const fragment of fragments) {
    if (fragment.kind === 'box' && elementName(fragment) === name) return fragment;
  }
  return undefined;
}

const hasBackground = (style: ComputedStyle): boolean => style.backgroundColor.a > 0 || hasBackgroundImage(style);

/** The root element's fragment among a page's children. */
export const rootFragment = (pageChildren: readonly Fragment[]): BoxFragment | undefined => findBox(pageChildren, 'html');

/** §2.11.2: the root's background, else the body's, propagates to the canvas. */
export function canvasBackground(pageChildren: readonly Fragment[]): CanvasBackground | undefined {
  const root = rootFragment(pageChildren);
  if (root === undefined) return undefined;
  // the root is in the page's frame, the body in the root's (placed.ts)
  if (hasBackground(root.style)) return { fragment: root, x: root.x, y: root.y, source: root.box };
  const body = findBox(root.children, 'body');
  if (body !== undefined && hasBackground(body.style)) return { fragment: body, x: body.x + root.x, y: body.y + root.y, source: body.box };
  return undefined;
}

/** The box whose background goes to the canvas (canvasBackground), found in the box tree from the root's box. */
export function canvasSourceBox(root: Box): Box | undefined {
  if (hasBackground(root.style)) return root;
  const body = childBoxes(root).find((box) => box.element?.name.toLowerCase() === 'body');
  return body !== undefined && hasBackground(body.style) ? body : undefined;
}

/** The background area of a fragment whose border box is painted at `rect` (placed.ts paintedBorderBox: on whole pixels). */
export function fragmentArea(f: PlacedBox, rect: Rect, radii: Radii): BackgroundArea {
  return { rect, radii, border: f.border, padding: f.padding };
}

/**
 * A fragment's background area, its border-box clip under the border where that hides it
 * (bleed-avoidance.ts), and the area of the whole box a sliced fragment is cut from (whole-boxes.ts).
 */
export function backgroundArea(f: PlacedBox, rect: Rect, radii: Radii, whole?: BackgroundArea): BackgroundArea {
  const bleed = backgroundBleedInset(f.style, f.border, radii);
  const area = fragmentArea(f, rect, radii);
  return bleed === undefined && whole === undefined ? area : { ...area, ...(bleed === undefined ? {} : { bleed }), ...(whole === undefined ? {} : { whole }) };
}
