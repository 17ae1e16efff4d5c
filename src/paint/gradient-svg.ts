/**
 * A gradient's painted items (paint/gradient.ts: a shading, a plain colour, or a conic
 * gradient's wedges) written as an SVG document of the same size: what a border image's frame is
 * composed from when its source is a gradient (pdf/image-prep.ts rasterises it as it does an SVG
 * source). Undefined when an item has no SVG markup (items-svg.ts).
 */
import { createHash } from 'node:crypto';
import type { LoadedImage } from '../resources/types.js';
import type { DisplayItem } from './display-list.js';
import { itemsAsSvg, n } from './items-svg.js';

export function gradientAsSvg(items: readonly DisplayItem[], width: number, height: number): LoadedImage | undefined {
  const markup = itemsAsSvg(items, 'g');
  if ('unwritable' in markup) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}"><defs>${markup.defs}</defs>${markup.body}</svg>`;
  const bytes = new TextEncoder().encode(svg);
  return { id: `gradient-${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}`, format: 'svg', bytes, width, height };
}
