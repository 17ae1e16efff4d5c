/**
 * A float area from an image (CSS Shapes 1 §5): the pixels whose alpha is above
 * `shape-image-threshold`, the image stretched over the float's content box (§4.1: sized as a
 * replaced element of the content box's size). Each pixel row keeps the left-most and right-most
 * x of such pixels; the shape margin grows every row by a disk (the exact area within the margin).
 */
import type { Rect } from '../geometry/types.js';
import type { AlphaChannel } from '../raster/alpha.js';

export interface ImageArea {
  readonly kind: 'image';
  /** The top of the first row and each row's height, in the flow frame. */
  readonly top: number;
  readonly rowHeight: number;
  /** For each pixel row: the left and right x of its pixels above the threshold, in the flow frame; NaN where it has none. */
  readonly rows: Float64Array;
  readonly margin: number;
}

/** The float area of `image` stretched over `box` (the float's content box, flow frame). */
export function imageArea(image: AlphaChannel, box: Rect, threshold: number, margin: number): ImageArea | undefined {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return undefined;
  const rows = new Float64Array(image.height * 2).fill(Number.NaN);
  const limit = threshold * 255;
  const scale = box.width / image.width;
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < image.width; x++) {
      if (image.alpha[row + x]! > limit) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    rows[2 * y] = box.x + first * scale;
    rows[2 * y + 1] = box.x + (last + 1) * scale;
  }
  return { kind: 'image', top: box.y, rowHeight: box.height / image.height, rows, margin };
}

/** How far the image's opaque rows, grown by the margin, reach towards the lines over [top, bottom]. */
export function imageReach(area: ImageArea, side: 'left' | 'right', top: number, bottom: number): number | undefined {
  const { rows, rowHeight, margin } = area;
  const count = rows.length / 2;
  const first = Math.max(0, Math.floor((top - margin - area.top) / rowHeight));
  const last = Math.min(count - 1, Math.ceil((bottom + margin - area.top) / rowHeight) - 1);
  let best: number | undefined;
  for (let y = first; y <= last; y++) {
    const edge = rows[2 * y + (side === 'left' ? 1 : 0)]!;
    if (Number.isNaN(edge)) continue;
    const rowTop = area.top + y * rowHeight;
    const rowBottom = rowTop + rowHeight;
    // the gap between the row and the band; a row that only touches the band does not enter it
    const gap = rowBottom <= top ? top - rowBottom : rowTop >= bottom ? rowTop - bottom : 0;
    if (gap > margin || (margin === 0 && (rowBottom <= top + 1e-9 || rowTop >= bottom - 1e-9))) continue;
    const grow = margin === 0 ? 0 : Math.sqrt(margin * margin - gap * gap);
    const reach = side === 'left' ? edge + grow : edge - grow;
    if (best === undefined || (side === 'left' ? reach > best : reach < best)) best = reach;
  }
  return best;
}
