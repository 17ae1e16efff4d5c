/**
 * A blurred `drop-shadow()` (Filter Effects 1 §13.1: the element's alpha, offset, blurred with a
 * Gaussian whose standard deviation is the blur length, and filled with the colour) of content whose outlines
 * are not its alpha: translucent colours, gradients fading to transparent, patterns, clips, groups.
 * The items are written as SVG (items-svg.ts) under a filter that keeps their blurred alpha in the
 * shadow's colour, and pdf/image-prep.ts draws that document by Skia at print density, the shadow
 * alone: the content itself stays vector on top of it.
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem } from './display-list.js';
import { drawsNothing, itemsAsSvg, n, rgb } from './items-svg.js';
import { rasterItem, regionDocument } from './svg-filter-raster.js';

/** How a warning names the filter; what marks the image as a shadow drawn here. */
const BLURRED_SHADOW = 'a blurred `drop-shadow()`';

/** Whether an item is a shadow drawn here (one of a `drop-shadow()` earlier in a chain). */
export function isRasterShadow(item: DisplayItem): boolean {
  return item.kind === 'image' && item.rasterize?.filter === BLURRED_SHADOW;
}

export interface BlurredShadow {
  readonly x: number;
  readonly y: number;
  /** The blur, px: the Gaussian's standard deviation. */
  readonly blur: number;
  readonly color: Color;
}

/**
 * The image item drawing the shadow of `items` over `region` (page px: where the shadow may reach),
 * `outlined` drawn instead when Skia cannot; undefined when an item has no SVG markup (an image, a
 * blend mode, a blurred text shadow).
 */
export function rasterShadow(items: readonly DisplayItem[], shadow: BlurredShadow, region: Rect, outlined: readonly DisplayItem[]): DisplayItem | undefined {
  const markup = itemsAsSvg(items.filter((item) => !drawsNothing(item)), 's');
  if ('unwritable' in markup) return undefined;
  // the filter region in the items' space (the group's, before the offset): the whole of the document
  const within = `x="${n(region.x - shadow.x)}" y="${n(region.y - shadow.y)}" width="${n(region.width)}" height="${n(region.height)}"`;
  const filter = `<filter id="shadow" filterUnits="userSpaceOnUse" ${within} color-interpolation-filters="sRGB">`
    + `<feGaussianBlur in="SourceAlpha" stdDeviation="${n(shadow.blur)}" result="alpha"/>`
    + `<feFlood flood-color="${rgb(shadow.color)}" flood-opacity="${n(shadow.color.a)}"/>`
    + '<feComposite in2="alpha" operator="in"/></filter>';
  const svg = regionDocument(region, `<defs>${filter}${markup.defs}</defs>`
    + `<g transform="translate(${n(shadow.x - region.x)} ${n(shadow.y - region.y)})"><g filter="url(#shadow)">${markup.body}</g></g>`);
  // a blur of σ px keeps no detail much finer than σ: six pixels per σ (at most 2 per px, at least one per 4 px),
  // smoothed where they are enlarged — a translucent card over six pages rasterised at 2 per px took 3 s, now 0.4
  const density = Math.min(2, Math.max(0.25, 6 / Math.max(shadow.blur, 0.5)));
  const item = rasterItem(svg, region, { unrasterized: outlined, filter: BLURRED_SHADOW, instead: 'its shadow is blurred from the outlines of what it shadows', density });
  return item.kind === 'image' ? { ...item, interpolate: true } : item;
}
