/**
 * SVG `<image>` (SVG 2 §12.3): a raster or SVG image, loaded beforehand by the resources stage
 * into `doc.images`, drawn into the `x`/`y`/`width`/`height` viewport (`auto` sizes from the
 * image's intrinsic size and ratio) and fitted per `preserveAspectRatio` (§8.2; `slice` clips to
 * the viewport). An image that did not load draws nothing.
 */
import type { DomElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem } from './display-list.js';
import type { LoadedImage } from '../resources/types.js';
import type { SvgDocument } from '../resources/svg-document.js';
import { hrefOf } from '../resources/svg-document.js';
import type { Viewport } from './svg-geometry.js';
import type { FontBasis } from '../css/values/svg-units.js';
import { length } from '../css/values/svg-units.js';
import { viewBoxMatrix } from './svg-geometry.js';

/** Draws a loaded image into a rect (render.ts passes its own SVG drawing, for SVG images). */
export type DrawImage = (image: LoadedImage, rect: Rect) => DisplayItem[];

/** The viewport of an `<image>`: given sizes, else from the image's size and ratio (CSS sizing of `auto`). */
function viewportOf(element: DomElement, viewport: Viewport, image: LoadedImage, font: FontBasis): Rect {
  const a = element.attribs;
  const given = (name: 'width' | 'height', basis: number): number | undefined => {
    const v = a[name];
    if (v === undefined || v.trim() === 'auto') return undefined;
    const n = length(v, basis, NaN, font);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1;
  let width = given('width', viewport.width);
  let height = given('height', viewport.height);
  if (width === undefined && height === undefined) [width, height] = [image.width, image.height];
  else if (width === undefined) width = height! * ratio;
  else if (height === undefined) height = width / ratio;
  return { x: length(a['x'], viewport.width, 0, font), y: length(a['y'], viewport.height, 0, font), width: width!, height: height! };
}

export function imageElementItems(element: DomElement, doc: SvgDocument, viewport: Viewport, font: FontBasis, draw: DrawImage): DisplayItem[] {
  const href = hrefOf(element)?.trim();
  const image = href === undefined ? undefined : doc.images.get(href);
  if (image === undefined || image.width <= 0 || image.height <= 0) return [];
  const box = viewportOf(element, viewport, image, font);
  if (box.width <= 0 || box.height <= 0) return [];
  // an SVG image keeps its own viewBox fitting inside the viewport; a raster one is fitted here
  const preserve = element.attribs['preserveAspectRatio'];
  const m = image.svg !== undefined ? [1, 0, 0, 1, 0, 0] : viewBoxMatrix([0, 0, image.width, image.height], preserve, box.width, box.height);
  const rect: Rect = image.svg !== undefined ? box : { x: box.x + m[4]!, y: box.y + m[5]!, width: image.width * m[0]!, height: image.height * m[3]! };
  const items = draw(image, rect);
  const overflows = rect.x < box.x - 1e-6 || rect.y < box.y - 1e-6 || rect.x + rect.width > box.x + box.width + 1e-6 || rect.y + rect.height > box.y + box.height + 1e-6;
  return overflows ? [{ kind: 'push-clip', rect: box }, ...items, { kind: 'pop-clip' }] : items;
}
