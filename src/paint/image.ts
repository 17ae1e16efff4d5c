/**
 * Replaced images (CSS Images 3 §5.5 object-fit, object-position at its initial 50% 50%):
 * the image is scaled into the fragment's content box and clipped to it when it overflows.
 */
import type { ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { ImageFragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';

/** Where the image is drawn for `fit` inside `box`, given its intrinsic size. */
export function objectFitRect(fit: ComputedStyle['objectFit'], box: Rect, intrinsic: { width: number; height: number }): Rect {
  const { width: iw, height: ih } = intrinsic;
  if (fit === 'fill' || iw <= 0 || ih <= 0) return box;
  const contain = Math.min(box.width / iw, box.height / ih);
  const cover = Math.max(box.width / iw, box.height / ih);
  let scale: number;
  switch (fit) {
    case 'contain':
      scale = contain;
      break;
    case 'cover':
      scale = cover;
      break;
    case 'none':
      scale = 1;
      break;
    case 'scale-down':
      scale = Math.min(1, contain);
      break;
  }
  const width = iw * scale;
  const height = ih * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

function overflows(inner: Rect, outer: Rect): boolean {
  const e = 1e-6;
  return inner.x < outer.x - e || inner.y < outer.y - e || inner.x + inner.width > outer.x + outer.width + e || inner.y + inner.height > outer.y + outer.height + e;
}

export function paintImage(fragment: ImageFragment): DisplayItem[] {
  const box: Rect = { x: fragment.x, y: fragment.y, width: fragment.width, height: fragment.height };
  if (box.width <= 0 || box.height <= 0) return [];
  const rect = objectFitRect(fragment.style.objectFit, box, fragment.image);
  const image: DisplayItem = { kind: 'image', rect, image: fragment.image };
  if (!overflows(rect, box)) return [image];
  return [{ kind: 'push-clip', rect: box }, image, { kind: 'pop-clip' }];
}
