/**
 * A float area from an image (CSS Shapes 1 §5): the pixels whose alpha is above
 * `shape-image-threshold`, the image stretched over the float's content box (§4.1: sized as a
 * replaced element of the content box's size). As Chromium does, the image is sampled at the size
 * it is drawn, one row and column per px (each the image pixel its top-left corner falls in, as
 * Chromium's measured rows show), and each row keeps the
 * left-most and right-most px of such pixels; the shape margin grows every row by a disk.
 */
import type { Rect } from '../geometry/types.js';
import type { AlphaChannel } from '../raster/alpha.js';

export interface ImageArea {
  readonly kind: 'image';
  /** The content box's left and top in the flow frame, and the height of each row. */
  readonly left: number;
  readonly top: number;
  readonly rowHeight: number;
  /** For each row: the left and right x of its pixels above the threshold, from `left`; NaN where it has none. */
  readonly rows: Float64Array;
  readonly margin: number;
}

/** At most this many samples per image and size (a 2,048 px square). */
const MAX_SAMPLES = 2048 * 2048;

/** Rows of an image by drawn size and threshold, kept for the image's life (a float is laid out more than once). */
const ROWS = new WeakMap<AlphaChannel, Map<string, { rows: Float64Array; rowHeight: number }>>();

/** The float area of `image` stretched over `box` (the float's content box, flow frame). */
export function imageArea(image: AlphaChannel, box: Rect, threshold: number, margin: number): ImageArea | undefined {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return undefined;
  let bySize = ROWS.get(image);
  if (bySize === undefined) ROWS.set(image, (bySize = new Map()));
  const key = `${box.width}x${box.height}@${threshold}`;
  let sampled = bySize.get(key);
  if (sampled === undefined) bySize.set(key, (sampled = sampleRows(image, box, threshold)));
  return { kind: 'image', left: box.x, top: box.y, rowHeight: sampled.rowHeight, rows: sampled.rows, margin };
}

function sampleRows(image: AlphaChannel, box: Rect, threshold: number): { rows: Float64Array; rowHeight: number } {
  const scale = Math.min(1, Math.sqrt(MAX_SAMPLES / (Math.ceil(box.width) * Math.ceil(box.height))));
  const columns = Math.max(1, Math.ceil(box.width * scale));
  const count = Math.max(1, Math.ceil(box.height * scale));
  const rows = new Float64Array(count * 2).fill(Number.NaN);
  const limit = threshold * 255;
  const columnWidth = box.width / columns;
  const { alpha, width } = image;
  for (let r = 0; r < count; r++) {
    const row = Math.floor((r * image.height) / count) * width;
    let first = -1;
    let last = -1;
    for (let c = 0; c < columns; c++) {
      if (alpha[row + Math.floor((c * width) / columns)]! > limit) {
        if (first < 0) first = c;
        last = c;
      }
    }
    if (first < 0) continue;
    rows[2 * r] = first * columnWidth;
    rows[2 * r + 1] = (last + 1) * columnWidth;
  }
  return { rows, rowHeight: box.height / count };
}

/**
 * How far the image's opaque rows, grown by the margin, reach towards the lines over [top, bottom]:
 * the rows the band covers, and those within the margin of one of them, each grown by the disk's
 * half-width at its distance in rows (whole px, as Chromium grows them).
 */
export function imageReach(area: ImageArea, side: 'left' | 'right', top: number, bottom: number): number | undefined {
  const { rows, rowHeight, margin } = area;
  const count = rows.length / 2;
  // the band's rows: those it covers (a row it only touches is not in it)
  const bandFirst = Math.floor((top - area.top) / rowHeight + 1e-9);
  const bandLast = Math.ceil((bottom - area.top) / rowHeight - 1e-9) - 1;
  if (bandLast < bandFirst) return undefined;
  const reachRows = Math.floor(margin / rowHeight);
  let best: number | undefined;
  for (let y = Math.max(0, bandFirst - reachRows); y <= Math.min(count - 1, bandLast + reachRows); y++) {
    const edge = rows[2 * y + (side === 'left' ? 1 : 0)]!;
    if (Number.isNaN(edge)) continue;
    const distance = (y < bandFirst ? bandFirst - y : y > bandLast ? y - bandLast : 0) * rowHeight;
    const grow = margin === 0 ? 0 : Math.floor(Math.sqrt(Math.max(0, margin * margin - distance * distance)));
    const reach = area.left + (side === 'left' ? edge + grow : edge - grow);
    if (best === undefined || (side === 'left' ? reach > best : reach < best)) best = reach;
  }
  return best;
}
