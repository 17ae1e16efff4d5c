/**
 * Before writing: images drawn with interpolation off (`image-rendering: pixelated`) and larger
 * than their pixels are swapped for copies enlarged with nearest-neighbour sampling
 * (raster/pixelate.ts), one per image and factor. JPEGs with an EXIF orientation keep the hint only.
 */
import type { DisplayItem, DocumentDisplayList, PageDisplayList } from '../paint/display-list.js';
import type { LoadedImage } from '../resources/types.js';
import { MAX_ENLARGED_PIXELS, enlargeNearest } from '../raster/pixelate.js';

type ImageItem = Extract<DisplayItem, { kind: 'image' }>;

/** Enlarged copies made here: drawn as they are (pixelating a display list twice changes nothing). */
const enlargedCopies = new WeakSet<LoadedImage>();

function factors(item: ImageItem): { kx: number; ky: number } | undefined {
  const { image, rect } = item;
  if (item.interpolate !== false || enlargedCopies.has(image) || image.format === 'svg' || image.format === 'jpeg' || image.width <= 0 || image.height <= 0) return undefined;
  const kx = Math.ceil(rect.width / image.width - 1e-6);
  const ky = Math.ceil(rect.height / image.height - 1e-6);
  if (kx <= 1 && ky <= 1) return undefined;
  const x = Math.max(1, kx);
  const y = Math.max(1, ky);
  return image.width * x * image.height * y > MAX_ENLARGED_PIXELS ? undefined : { kx: x, ky: y };
}

/** Whether a page draws an image that pixelateUpscaled would enlarge. */
export function needsPixelation(page: PageDisplayList): boolean {
  return page.items.some((item) => item.kind === 'image' && factors(item) !== undefined);
}

/** The display list with enlarged copies of upscaled pixelated images (the same list when there are none). */
export async function pixelateUpscaled(display: DocumentDisplayList): Promise<DocumentDisplayList> {
  const wanted = new Map<string, { item: ImageItem; kx: number; ky: number }>();
  for (const page of display.pages) {
    for (const item of page.items) {
      const f = item.kind === 'image' ? factors(item) : undefined;
      if (f !== undefined && item.kind === 'image') wanted.set(`${item.image.id}:${f.kx}x${f.ky}`, { item, ...f });
    }
  }
  if (wanted.size === 0) return display;
  const enlarged = new Map<string, LoadedImage>();
  await Promise.all([...wanted].map(async ([key, { item, kx, ky }]) => {
    const png = await enlargeNearest(item.image.bytes, kx, ky);
    if (png === undefined) return;
    const copy: LoadedImage = { id: key, format: 'png', bytes: png, width: item.image.width, height: item.image.height };
    enlargedCopies.add(copy);
    enlarged.set(key, copy);
  }));
  const swap = (item: DisplayItem): DisplayItem => {
    if (item.kind !== 'image') return item;
    const f = factors(item);
    const image = f === undefined ? undefined : enlarged.get(`${item.image.id}:${f.kx}x${f.ky}`);
    return image === undefined ? item : { ...item, image };
  };
  return { ...display, pages: display.pages.map((page) => ({ ...page, items: page.items.map(swap) })) };
}
