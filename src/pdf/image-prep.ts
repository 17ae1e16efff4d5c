/**
 * Before writing, raster images whose pixels the display list asks to change get new copies:
 * - `filter` colour steps (paint/color-matrix.ts: the CSS colour functions, SVG colour filters)
 *   are applied to the decoded pixels (raster/recolor.ts: a JPEG stays a JPEG), one copy per image
 *   and filter chain, so repeated logos share one XObject;
 * - a border image's frame (paint/border-image.ts: regions of one raster image) is composed
 *   into one image (raster/compose.ts) at up to 4 pixels per px, every tile on whole pixels, so
 *   that no viewer shows seams between tiles; an SVG source is first rasterised (raster/svg.ts)
 *   at that density;
 * - `blur()` and blurred `drop-shadow()`s of raster images (paint/filter.ts) are blurred copies
 *   (raster/blur.ts) covering the image's rectangle grown by 3 sigma, at 1-2 pixels per px;
 * - SVG elements whose filter only a rasteriser applies (paint/svg-filter-raster.ts) and blurred
 *   `drop-shadow()`s of translucent or clipped content (paint/drop-shadow-raster.ts) are drawn by
 *   Skia at 2 pixels per px of the page (within MAX_FILTER_PIXELS each and
 *   MAX_DOCUMENT_FILTER_PIXELS in all; beyond, the element is drawn unfiltered, the shadow from
 *   its outlines);
 * - images drawn with interpolation off (`image-rendering: pixelated`) and larger than their
 *   pixels are enlarged with nearest-neighbour sampling (raster/pixelate.ts), one per image and
 *   factor. JPEGs with an EXIF orientation keep the hint only.
 */
import { createHash } from 'node:crypto';
import type { Matrix } from '../geometry/matrix.js';
import { IDENTITY, multiply } from '../geometry/matrix.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem, DocumentDisplayList, ImagePlacement, PageDisplayList } from '../paint/display-list.js';
import type { ColorStep } from '../paint/color-matrix.js';
import { recolorRgba } from '../paint/color-matrix.js';
import { mappedPath } from '../paint/path.js';
import type { LoadedImage } from '../resources/types.js';
import { MAX_ENLARGED_PIXELS, enlargeNearest } from '../raster/pixelate.js';
import { copyFormat, recolorPixels } from '../raster/recolor.js';
import type { Draw } from '../raster/compose.js';
import { composeImage } from '../raster/compose.js';
import { rasterizeSvg } from '../raster/svg.js';
import type { BlurRequest } from '../raster/blur.js';
import { blurImage } from '../raster/blur.js';
import { BoundedCache } from '../cache/bounded.js';
import { markUnchanging } from '../cache/content-digest.js';
import { maxOf } from '../append-all.js';
import { warnUnmade } from './unmade-copies.js';

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;

/** Copies made here: drawn as they are (preparing a display list twice changes nothing). */
const preparedCopies = new WeakSet<LoadedImage>();

/** How much the transforms around an item enlarge it along its own x and y axes. */
interface Scale {
  readonly sx: number;
  readonly sy: number;
}

const UNSCALED: Scale = { sx: 1, sy: 1 };

function factors(item: ImageItem, scale: Scale): { kx: number; ky: number } | undefined {
  const { image, rect } = item;
  if (item.interpolate !== false || item.compose !== undefined || item.blur !== undefined || preparedCopies.has(image) || image.format === 'svg' || image.format === 'jpeg' || image.width <= 0 || image.height <= 0) return undefined;
  // drawn under scale(2), a 4px image covers 8 device px: enlarged twice, it stays blocky there too
  const kx = Math.ceil((rect.width * scale.sx) / image.width - 1e-6);
  const ky = Math.ceil((rect.height * scale.sy) / image.height - 1e-6);
  if (kx <= 1 && ky <= 1) return undefined;
  const x = Math.max(1, kx);
  const y = Math.max(1, ky);
  return image.width * x * image.height * y > MAX_ENLARGED_PIXELS || Math.max(image.width * x, image.height * y) > MAX_COPY_SIDE ? undefined : { kx: x, ky: y };
}

/** A colour step as part of an image copy's key: matrices by their values, the others as data. */
function stepKey(step: ColorStep): string {
  return Array.isArray(step) ? (step as readonly number[]).map((v) => v.toFixed(5)).join(',') : JSON.stringify(step);
}

function filtersOf(item: ImageItem): readonly ColorStep[] | undefined {
  return item.filters !== undefined && item.filters.length > 0 && (item.image.format !== 'svg' || item.compose !== undefined || item.rasterize !== undefined) && !preparedCopies.has(item.image) ? item.filters : undefined;
}

type Blur = NonNullable<ImageItem['blur']>;

/** An image's blur and its copy's pixels per px (blurDensity), unless the copy is made already or it is too large to blur. */
function blurOf(item: ImageItem): { readonly blur: Blur; readonly density: number } | undefined {
  if (item.blur === undefined || preparedCopies.has(item.image)) return undefined;
  const density = blurDensity(item, item.blur);
  return density === undefined ? undefined : { blur: item.blur, density };
}

/**
 * No copy has a side longer than this: Skia makes no larger surface to blur in, and poppler's
 * cairo output draws nothing of an image wider than 32,767 px (a filter region 1.2e6 px wide was
 * a PNG a million pixels across, which libpng only just writes and Evince leaves blank).
 */
const MAX_COPY_SIDE = 16_384;
/** Below this many pixels per px a blurred or composed copy would show its pixels: the image is drawn unblurred, the frame tile by tile instead. */
const MIN_COPY_DENSITY = 1 / 8;

/**
 * Pixels per px of a blurred copy: the image's own density within 1-2 (an SVG's: 2, print density
 * for a soft picture), fewer where the copy, 3 sigma of room on each side included, would exceed
 * MAX_FILTER_PIXELS or MAX_COPY_SIDE; undefined when that is under MIN_COPY_DENSITY (a 7px × 1e9px
 * tile under `blur()` asked Skia for a surface it could not make, and the render failed).
 */
function blurDensity(item: ImageItem, blur: Blur): number | undefined {
  const own = item.image.format === 'svg' ? 2 : Math.max(1, Math.min(2, item.image.width / Math.max(1e-9, item.rect.width)));
  const width = item.rect.width + 6 * blur.sigma;
  const height = item.rect.height + 6 * blur.sigma;
  const k = Math.min(own, Math.sqrt(MAX_FILTER_PIXELS / (width * height)), MAX_COPY_SIDE / Math.max(width, height));
  return k >= MIN_COPY_DENSITY ? k : undefined;
}

/** Whether an image asks for a blur too large to make (blurDensity): it is drawn unblurred. */
const tooLargeToBlur = (item: DisplayItem): boolean => item.kind === 'image' && item.blur !== undefined && blurDensity(item, item.blur) === undefined;

/** A blurred copy's canvas: blurDensity's pixels per px, 3 sigma of room on each side; the rectangle it covers. */
function blurred(item: ImageItem, blur: Blur, k: number): { request: BlurRequest; rect: Rect } {
  const room = 3 * blur.sigma;
  const width = Math.ceil((item.rect.width + 2 * room) * k);
  const height = Math.ceil((item.rect.height + 2 * room) * k);
  const c = blur.shadow;
  const request: BlurRequest = {
    width, height, x: room * k, y: room * k, drawWidth: item.rect.width * k, drawHeight: item.rect.height * k, sigma: blur.sigma * k,
    ...(c === undefined ? {} : { shadow: { color: `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`, alpha: c.a } }),
    // the clips' outlines, from the image's top-left corner, in the canvas's pixels
    ...(blur.clip === undefined ? {} : { clip: blur.clip.map((clip) => ({ path: mappedPath(clip.path, [k, 0, 0, k, room * k, room * k]), evenOdd: clip.evenOdd })) }),
  };
  return { request, rect: { x: item.rect.x - room, y: item.rect.y - room, width: width / k, height: height / k } };
}

/** Pixels per px of the page at which a filtered SVG element is rasterised (192 dpi). */
const FILTER_DENSITY = 2;
/** The most pixels one filtered element is rasterised into (Skia's filters cost ~1 µs a pixel): fewer per px beyond. */
const MAX_FILTER_PIXELS = 2_000_000;
/** The most pixels all of a document's filtered elements are rasterised into: the others are drawn unfiltered. */
const MAX_DOCUMENT_FILTER_PIXELS = 6_000_000;

/**
 * The pixel size a filtered SVG element is rasterised at, drawn under `scale`; a side past
 * MAX_COPY_SIDE (a region 1e-30 wide under a `viewBox` that enlarges it 1e31 times) is held there,
 * fewer pixels per px along it (the document is drawn stretched to the raster).
 */
function rasterSizeOf(item: ImageItem, scale: Scale): { width: number; height: number } | undefined {
  if (item.rasterize === undefined || item.image.format !== 'svg' || preparedCopies.has(item.image)) return undefined;
  let k = item.rasterize.density ?? FILTER_DENSITY;
  const pixels = item.rect.width * scale.sx * item.rect.height * scale.sy * k * k;
  if (!Number.isFinite(pixels) || pixels <= 0) return undefined;
  if (pixels > MAX_FILTER_PIXELS) k *= Math.sqrt(MAX_FILTER_PIXELS / pixels);
  const side = (length: number): number => Math.min(MAX_COPY_SIDE, Math.max(1, Math.round(length * k)));
  return { width: side(item.rect.width * scale.sx), height: side(item.rect.height * scale.sy) };
}

/** A frame to compose, unless its canvas would be too coarse (composeScale): it is then drawn tile by tile (write.ts). */
function composeOf(item: ImageItem): readonly ImagePlacement[] | undefined {
  if (item.compose === undefined || preparedCopies.has(item.image)) return undefined;
  return composeScale(item, item.compose) < MIN_COPY_DENSITY ? undefined : item.compose;
}

/**
 * An SVG frame's source rasterised at the composed canvas's density (the largest enlargement of
 * a region times `k`), within the pixel limit, with the placements' source regions in its pixels.
 */
async function rasterSource(item: ImageItem, placements: readonly ImagePlacement[], k: number): Promise<{ bytes: Uint8Array; placements: ImagePlacement[] } | undefined> {
  const { width, height } = item.image;
  const enlarged = maxOf(placements.map((p) => Math.max(p.to.width / p.from.width, p.to.height / p.from.height)));
  let r = Math.max(1, enlarged * k);
  if (width * height * r * r > MAX_ENLARGED_PIXELS) r = Math.max(1e-3, Math.sqrt(MAX_ENLARGED_PIXELS / (width * height)));
  r = Math.min(r, MAX_COPY_SIDE / Math.max(width, height));
  const bytes = await rasterizeSvg(item.image.bytes, Math.max(1, Math.round(width * r)), Math.max(1, Math.round(height * r)));
  if (bytes === undefined) return undefined;
  const scaled = (rect: Rect): Rect => ({ x: rect.x * r, y: rect.y * r, width: rect.width * r, height: rect.height * r });
  return { bytes, placements: placements.map((p) => ({ ...p, from: scaled(p.from) })) };
}

/** Canvas pixels per px for a composed frame: the source's own density (at least 2, at most 4), within the pixel and side limits. */
function composeScale(item: ImageItem, placements: readonly ImagePlacement[]): number {
  const density = maxOf(placements.map((p) => Math.max(p.from.width / p.to.width, p.from.height / p.to.height)));
  const k = Math.min(4, Math.max(2, density));
  const pixels = item.rect.width * item.rect.height * k * k;
  return Math.min(pixels > MAX_ENLARGED_PIXELS ? k * Math.sqrt(MAX_ENLARGED_PIXELS / pixels) : k, MAX_COPY_SIDE / Math.max(item.rect.width, item.rect.height));
}

/** The placements as canvas draws, every edge rounded to a whole pixel so that tiles abut exactly. */
function draws(placements: readonly ImagePlacement[], k: number): Draw[] {
  const snap = (r: Rect): Rect => {
    const x = Math.round(r.x * k);
    const y = Math.round(r.y * k);
    return { x, y, width: Math.round((r.x + r.width) * k) - x, height: Math.round((r.y + r.height) * k) - y };
  };
  return placements.map((p) => {
    const to = snap(p.to);
    return { sx: p.from.x, sy: p.from.y, sw: p.from.width, sh: p.from.height, dx: to.x, dy: to.y, dw: to.width, dh: to.height, clip: snap(p.clip) };
  });
}

/** What a copy of the item's image is made of, as its key; undefined when it is drawn as it is. */
function copyKey(item: DisplayItem, scale: Scale = UNSCALED): string | undefined {
  if (item.kind !== 'image') return undefined;
  const f = factors(item, scale);
  const filters = filtersOf(item);
  const compose = composeOf(item);
  const blur = blurOf(item);
  const raster = rasterSizeOf(item, scale);
  if (f === undefined && filters === undefined && compose === undefined && blur === undefined && raster === undefined) return undefined;
  const filterKey = filters === undefined ? '' : `:f${filters.map(stepKey).join(';')}`;
  const composeKey = compose === undefined ? '' : `:c${item.rect.width},${item.rect.height},${composeDigest(compose)}`;
  const blurKey = blur === undefined ? '' : `:b${JSON.stringify([item.rect.width, item.rect.height, blur.blur])}`;
  const rasterKey = raster === undefined ? '' : `:r${raster.width}x${raster.height}`;
  return `${item.image.id}${f === undefined ? '' : `:${f.kx}x${f.ky}`}${filterKey}${composeKey}${blurKey}${rasterKey}`;
}

/**
 * A digest of a frame's placements, once per frame: the key is asked for three times per item
 * (finding, making, swapping the copies), and a border image tiled `round` down a thin side has
 * a hundred placements, 25 kB of JSON, which 5,000 such boxes would keep at once.
 */
function composeDigest(compose: readonly ImagePlacement[]): string {
  let digest = COMPOSE_DIGESTS.get(compose);
  if (digest === undefined) COMPOSE_DIGESTS.set(compose, (digest = createHash('sha256').update(JSON.stringify(compose)).digest('base64url')));
  return digest;
}

const COMPOSE_DIGESTS = new WeakMap<readonly ImagePlacement[], string>();

/** Whether a page draws an image that prepareImages would copy (or warn about). */
export function needsImagePrep(page: PageDisplayList): boolean {
  const finder = new CopyFinder();
  mapScaled(page.items, finder);
  return finder.found;
}

/** An image, or a group whose soft mask may hold one, or a pattern whose tile does. */
function mayNeedCopy(item: DisplayItem): boolean {
  return item.kind === 'image' || (item.kind === 'tiles' && item.items.some(mayNeedCopy)) || (item.kind === 'push-opacity' && item.mask !== undefined);
}

/**
 * What mapScaled calls for each item. Visitors are objects of classes, not closures made per
 * call: V8 keeps a closure's optimised code only while a closure of it lives, so closures made per
 * page were compiled again after each full GC.
 */
interface ScaledVisitor {
  visit(item: DisplayItem, scale: Scale): DisplayItem;
}

class CopyFinder implements ScaledVisitor {
  found = false;

  visit(item: DisplayItem, scale: Scale): DisplayItem {
    // an image too large to blur is drawn as it is, but prepareImages says so
    this.found ||= copyKey(item, scale) !== undefined || tooLargeToBlur(item);
    return item;
  }
}

/**
 * The items mapped by `visit`, which sees each with the scale of the transforms it is drawn under
 * (an image's only; others unscaled), soft masks' items included: a mask is drawn in the space
 * of the group it masks, and its tiled images need their copies as much as the page's.
 */
function mapScaled(items: readonly DisplayItem[], visitor: ScaledVisitor, outer: Matrix = IDENTITY): readonly DisplayItem[] {
  // visitors act on images only, and look inside nothing but soft masks' items: most lists (a page
  // of a long table: ~650 items) hold neither, and are returned as they are instead of copied
  if (!items.some(mayNeedCopy)) return items;
  const stack: Matrix[] = [];
  let matrix: Matrix = outer;
  const mapped: DisplayItem[] = [];
  for (const item of items) {
    if (item.kind === 'push-transform') { stack.push(matrix); matrix = multiply(matrix, item.matrix); }
    else if (item.kind === 'pop-transform') matrix = stack.pop() ?? outer;
    const scale = item.kind === 'image' && matrix !== IDENTITY ? { sx: Math.hypot(matrix[0], matrix[1]), sy: Math.hypot(matrix[2], matrix[3]) } : UNSCALED;
    const visited = visitor.visit(item, scale);
    if (visited.kind === 'tiles') {
      // the tile is drawn in its own space, at the pattern's origin
      const tileItems = mapScaled(visited.items, visitor, multiply(matrix, [1, 0, 0, 1, visited.origin.x, visited.origin.y]));
      mapped.push(tileItems.every((m, i) => m === visited.items[i]) ? visited : { ...visited, items: tileItems });
      continue;
    }
    if (visited.kind !== 'push-opacity' || visited.mask === undefined) { mapped.push(visited); continue; }
    const maskItems = mapScaled(visited.mask.items, visitor, matrix);
    mapped.push(maskItems.every((m, i) => m === visited.mask!.items[i]) ? visited : { ...visited, mask: { ...visited.mask, items: maskItems } });
  }
  return mapped;
}

async function makeCopy(item: ImageItem, key: string, scale: Scale): Promise<Copy | undefined> {
  const f = factors(item, scale);
  const filters = filtersOf(item);
  const compose = composeOf(item);
  let bytes: Uint8Array | undefined = item.image.bytes;
  let placements = compose;
  const k = compose === undefined ? 1 : composeScale(item, compose);
  if (compose !== undefined && item.image.format === 'svg') {
    const source = await rasterSource(item, compose, k);
    bytes = source?.bytes;
    placements = source?.placements;
  }
  const blur = blurOf(item);
  const raster = rasterSizeOf(item, scale);
  if (raster !== undefined && blur === undefined) bytes = await rasterizeSvg(item.image.bytes, raster.width, raster.height);
  else if (compose === undefined && blur !== undefined && item.image.format === 'svg') {
    // a blurred SVG is rasterised at the blurred copy's density first
    bytes = await rasterizeSvg(item.image.bytes, Math.max(1, Math.round(item.rect.width * blur.density)), Math.max(1, Math.round(item.rect.height * blur.density)));
  }
  if (bytes !== undefined && filters !== undefined) bytes = await recolorPixels(bytes, (rgba) => recolorRgba(filters, rgba));
  if (bytes !== undefined && placements !== undefined) {
    bytes = await composeImage(bytes, Math.max(1, Math.round(item.rect.width * k)), Math.max(1, Math.round(item.rect.height * k)), draws(placements, k));
  }
  if (bytes !== undefined && f !== undefined) bytes = await enlargeNearest(bytes, f.kx, f.ky);
  let rect = item.rect;
  let room = 0;
  if (bytes !== undefined && blur !== undefined) {
    const canvas = blurred(item, blur.blur, blur.density);
    bytes = await blurImage(bytes, canvas.request);
    rect = canvas.rect;
    room = item.rect.x - rect.x;
  }
  if (bytes === undefined) return undefined;
  const size = compose === undefined && blur === undefined ? item.image : rect;
  const copy: LoadedImage = { id: key, format: copyFormat(bytes), bytes, width: size.width, height: size.height };
  preparedCopies.add(copy);
  return { image: copy, room };
}

/** A copy of an image, and how far it reaches out of the item's rectangle on each side (a blurred one's). */
interface Copy {
  readonly image: LoadedImage;
  readonly room: number;
}

/**
 * Copies made before, by their key (copyKey: the image's content id and everything the copy is
 * made from), for the process: a logo drawn through `filter: grayscale()` was decoded, recoloured
 * pixel by pixel and encoded again by every render (~4-6 ms of CPU each for the bench invoice's
 * 360×120 logo). The copy's bytes are marked unchanging, so that their digest is taken once too.
 * At most MAX_KEPT_COPIES copies and MAX_KEPT_COPY_BYTES of their bytes.
 */
const MAX_KEPT_COPIES = 16;
const MAX_KEPT_COPY_BYTES = 32 * 1024 * 1024;
const keptCopies = new BoundedCache<string, Copy>('pdf.image-copies', MAX_KEPT_COPIES, { maxWeight: MAX_KEPT_COPY_BYTES, weigh: (copy) => copy.image.bytes.byteLength });

/** The copy for `key`: one made before, else made now and kept. */
async function copyFor(item: ImageItem, key: string, scale: Scale): Promise<Copy | undefined> {
  const kept = keptCopies.get(key);
  if (kept !== undefined) return kept;
  const copy = await makeCopy(item, key, scale);
  if (copy !== undefined) {
    markUnchanging(copy.image.bytes);
    keptCopies.set(key, copy);
  }
  return copy;
}

/** The display list with the copies its images need (the same list when there are none). */
export async function prepareImages(display: DocumentDisplayList, warn?: (message: string) => void): Promise<DocumentDisplayList> {
  const wanted = new Map<string, { item: ImageItem; scale: Scale }>();
  let unblurred = 0;
  for (const page of display.pages) {
    mapScaled(page.items, { visit: (item, scale) => {
      if (tooLargeToBlur(item)) unblurred++;
      const key = copyKey(item, scale);
      if (key !== undefined && item.kind === 'image') wanted.set(key, { item, scale });
      return item;
    } });
  }
  if (unblurred > 0) warn?.(`${unblurred} image${unblurred === 1 ? ' is' : 's are'} too large to blur (\`filter: blur()\` or \`drop-shadow()\`, ${MAX_FILTER_PIXELS / 1e6} million pixels at most, ${MIN_COPY_DENSITY} per px at least): drawn unblurred`);
  if (wanted.size === 0) return display;
  const copies = new Map<string, Copy>();
  let filterPixels = 0;
  const withinBudget = ([, { item, scale }]: [string, { item: ImageItem; scale: Scale }]): boolean => {
    const raster = rasterSizeOf(item, scale);
    if (raster === undefined) return true;
    filterPixels += raster.width * raster.height;
    return filterPixels <= MAX_DOCUMENT_FILTER_PIXELS;
  };
  const granted = [...wanted].filter(withinBudget);
  if (filterPixels > MAX_DOCUMENT_FILTER_PIXELS) {
    warn?.(`SVG filters and blurred \`drop-shadow()\`s of ${Math.round(filterPixels / 1e6)} million pixels in all, more than ${MAX_DOCUMENT_FILTER_PIXELS / 1e6} million: those beyond were drawn without Skia (an SVG filter's elements unfiltered, a shadow blurred from the outlines of what it shadows)`);
  }
  const unmade: ImageItem[] = [];
  await Promise.all(granted.map(async ([key, { item, scale }]) => {
    const copy = await copyFor(item, key, scale);
    if (copy !== undefined) copies.set(key, copy);
    else unmade.push(item);
  }));
  warnUnmade(unmade, warn);
  const swap = { visit: (item: DisplayItem, scale: Scale): DisplayItem => {
    const key = copyKey(item, scale);
    const copy = key === undefined ? undefined : copies.get(key);
    if (copy === undefined || item.kind !== 'image') return item;
    const { filters: _applied, compose: _composed, blur: _blurred, rasterize: _rasterized, ...rest } = item;
    // items sharing a copy have the same size, not the same place
    const rect = copy.room === 0 ? item.rect : { x: item.rect.x - copy.room, y: item.rect.y - copy.room, width: copy.image.width, height: copy.image.height };
    return { ...rest, image: copy.image, rect };
  } };
  return { ...display, pages: display.pages.map((page) => ({ ...page, items: mapScaled(page.items, swap) })) };
}

