/**
 * `object-view-box` (CSS Images 5 §5.7): a replaced element shows a part of its image, and that
 * part's size is the natural size it is laid out with; paint scales the whole image so that the
 * part fills the place object-fit gives it, clipped to the content box as any image (paint/image.ts).
 */
import type { ComputedStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect } from '../geometry/types.js';
import type { LoadedImage } from '../resources/types.js';

/** The part of `image` shown, in its natural units; undefined for `none`, an image without a natural size, or an empty part. */
export function objectViewBoxOf(style: ComputedStyle, image: LoadedImage): Rect | undefined {
  const view = style.objectViewBox;
  if (view === 'none' || image.naturalSize !== undefined || image.width <= 0 || image.height <= 0) return undefined;
  const [top, right, bottom, left] = view.sides;
  const x = resolveLength(left, image.width);
  const y = resolveLength(top, image.height);
  const width = image.width - x - resolveLength(right, image.width);
  const height = image.height - y - resolveLength(bottom, image.height);
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

/** The image as layout sizes it: the shown part's size is its natural size. */
export function viewedImage(style: ComputedStyle, image: LoadedImage | undefined): LoadedImage | undefined {
  const view = image === undefined ? undefined : objectViewBoxOf(style, image);
  return view === undefined ? image : { ...image!, width: view.width, height: view.height };
}
