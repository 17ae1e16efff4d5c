/**
 * Before writing, raster images whose pixels the display list asks to change get new copies:
 * - `filter` colour matrices (paint/color-matrix.ts) are applied to the decoded pixels
 *   (raster/recolor.ts), one copy per image and filter chain, so repeated logos share one XObject;
 * - a border image's frame (paint/border-image.ts: regions of one raster image) is composed
 *   into one image (raster/compose.ts) at up to 4 pixels per px, every tile on whole pixels, so
 *   that no viewer shows seams between tiles;
 * - images drawn with interpolation off (`image-rendering: pixelated`) and larger than their
 *   pixels are enlarged with nearest-neighbour sampling (raster/pixelate.ts), one per image and
 *   factor. JPEGs with an EXIF orientation keep the hint only.
 */
import type { Rect } from '../geometry/types.js';
import type { DisplayItem, DocumentDisplayList, ImagePlacement, PageDisplayList } from '../paint/display-list.js';
import type { ColorMatrix } from '../paint/color-matrix.js';
import { applyMatrices } from '../paint/color-matrix.js';
import type { LoadedImage } from '../resources/types.js';
import { MAX_ENLARGED_PIXELS, enlargeNearest } from '../raster/pixelate.js';
import { recolorPixels } from '../raster/recolor.js';
import type { Draw } from '../raster/compose.js';
import { composeImage } from '../raster/compose.js';

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;

/** Copies made here: drawn as they are (preparing a display list twice changes nothing). */
const preparedCopies = new WeakSet<LoadedImage>();

function factors(item: ImageItem): { kx: number; ky: number } | undefined {
  const { image, rect } = item;
  if (item.interpolate !== false || item.compose !== undefined || preparedCopies.has(image) || image.format === 'svg' || image.format === 'jpeg' || image.width <= 0 || image.height <= 0) return undefined;
  const kx = Math.ceil(rect.width / image.width - 1e-6);
  const ky = Math.ceil(rect.height / image.height - 1e-6);
  if (kx <= 1 && ky <= 1) return undefined;
  const x = Math.max(1, kx);
  const y = Math.max(1, ky);
  return image.width * x * image.height * y > MAX_ENLARGED_PIXELS ? undefined : { kx: x, ky: y };
}

function filtersOf(item: ImageItem): readonly ColorMatrix[] | undefined {
  return item.filters !== undefined && item.filters.length > 0 && item.image.format !== 'svg' && !preparedCopies.has(item.image) ? item.filters : undefined;
}

function composeOf(item: ImageItem): readonly ImagePlacement[] | undefined {
  return item.compose !== undefined && item.image.format !== 'svg' && !preparedCopies.has(item.image) ? item.compose : undefined;
}

/** Canvas pixels per px for a composed frame: the source's own density (at least 2, at most 4), within the pixel limit. */
function composeScale(item: ImageItem, placements: readonly ImagePlacement[]): number {
  const density = Math.max(...placements.map((p) => Math.max(p.from.width / p.to.width, p.from.height / p.to.height)));
  const k = Math.min(4, Math.max(2, density));
  const pixels = item.rect.width * item.rect.height * k * k;
  return pixels > MAX_ENLARGED_PIXELS ? k * Math.sqrt(MAX_ENLARGED_PIXELS / pixels) : k;
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
function copyKey(item: DisplayItem): string | undefined {
  if (item.kind !== 'image') return undefined;
  const f = factors(item);
  const filters = filtersOf(item);
  const compose = composeOf(item);
  if (f === undefined && filters === undefined && compose === undefined) return undefined;
  const filterKey = filters === undefined ? '' : `:f${filters.map((m) => m.map((v) => v.toFixed(5)).join(',')).join(';')}`;
  const composeKey = compose === undefined ? '' : `:c${JSON.stringify([item.rect.width, item.rect.height, compose])}`;
  return `${item.image.id}${f === undefined ? '' : `:${f.kx}x${f.ky}`}${filterKey}${composeKey}`;
}

/** Whether a page draws an image that prepareImages would copy. */
export function needsImagePrep(page: PageDisplayList): boolean {
  return page.items.some((item) => copyKey(item) !== undefined);
}

function recolorWith(filters: readonly ColorMatrix[]): (rgba: Uint8ClampedArray) => void {
  return (rgba) => {
    for (let i = 0; i < rgba.length; i += 4) {
      const [r, g, b] = applyMatrices(filters, [rgba[i]! / 255, rgba[i + 1]! / 255, rgba[i + 2]! / 255]);
      rgba[i] = Math.round(r * 255);
      rgba[i + 1] = Math.round(g * 255);
      rgba[i + 2] = Math.round(b * 255);
    }
  };
}

async function makeCopy(item: ImageItem, key: string): Promise<LoadedImage | undefined> {
  const f = factors(item);
  const filters = filtersOf(item);
  const compose = composeOf(item);
  let bytes: Uint8Array | undefined = item.image.bytes;
  if (filters !== undefined) bytes = await recolorPixels(bytes, recolorWith(filters));
  if (bytes !== undefined && compose !== undefined) {
    const k = composeScale(item, compose);
    bytes = await composeImage(bytes, Math.max(1, Math.round(item.rect.width * k)), Math.max(1, Math.round(item.rect.height * k)), draws(compose, k));
  }
  if (bytes !== undefined && f !== undefined) bytes = await enlargeNearest(bytes, f.kx, f.ky);
  if (bytes === undefined) return undefined;
  const size = compose === undefined ? item.image : item.rect;
  const copy: LoadedImage = { id: key, format: 'png', bytes, width: size.width, height: size.height };
  preparedCopies.add(copy);
  return copy;
}

/** The display list with the copies its images need (the same list when there are none). */
export async function prepareImages(display: DocumentDisplayList): Promise<DocumentDisplayList> {
  const wanted = new Map<string, ImageItem>();
  for (const page of display.pages) {
    for (const item of page.items) {
      const key = copyKey(item);
      if (key !== undefined && item.kind === 'image') wanted.set(key, item);
    }
  }
  if (wanted.size === 0) return display;
  const copies = new Map<string, LoadedImage>();
  await Promise.all([...wanted].map(async ([key, item]) => {
    const copy = await makeCopy(item, key);
    if (copy !== undefined) copies.set(key, copy);
  }));
  const swap = (item: DisplayItem): DisplayItem => {
    const key = copyKey(item);
    const image = key === undefined ? undefined : copies.get(key);
    if (image === undefined || item.kind !== 'image') return item;
    const { filters: _applied, compose: _composed, ...rest } = item;
    return { ...rest, image };
  };
  return { ...display, pages: display.pages.map((page) => ({ ...page, items: page.items.map(swap) })) };
}
