/**
 * Replaced images (CSS Images 3 §5.5 object-fit, §5.6 object-position, CSS Images 5 §5.7
 * object-view-box): the image is scaled into the fragment's content box, placed, and clipped to
 * it when it overflows. SVG images are
 * drawn as vectors (svg-render.ts).
 */
import type { ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { ImageFragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';
import type { Position } from '../css/image-types.js';
import type { LoadedImage } from '../resources/types.js';
import { renderSvg } from './svg-render.js';
import { objectViewBoxOf } from '../layout/object-view-box.js';
import type { SvgContext } from './svg-render.js';
import { snappedRect } from './placed.js';
import type { Matrix } from '../geometry/matrix.js';
import { positionIn } from '../css/values/position.js';
import { fontFamilyText } from '../css/properties/fonts.js';
import { fontStyleKeyword } from '../css/model/font-types.js';

const CENTER: Position = { x: { edge: 'start', offset: { kind: 'percent', value: 50 } }, y: { edge: 'start', offset: { kind: 'percent', value: 50 } } };

/** Where the image is drawn for `fit` inside `box`, given its intrinsic size. */
export function objectFitRect(fit: ComputedStyle['objectFit'], box: Rect, intrinsic: { width: number; height: number }, position: Position = CENTER): Rect {
  const { width: iw, height: ih } = intrinsic;
  if (fit === 'fill' || iw <= 0 || ih <= 0) return box;
  // object-position only moves what does not fill the box
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
  const at = positionIn(position, box, { width, height });
  return { x: at.x, y: at.y, width, height };
}

function overflows(inner: Rect, outer: Rect): boolean {
  const e = 1e-6;
  return inner.x < outer.x - e || inner.y < outer.y - e || inner.x + inner.width > outer.x + outer.width + e || inner.y + inner.height > outer.y + outer.height + e;
}

/** An image fragment in the frame of its parent, whose origin is at (originX, originY) on the page. */
export function paintImage(fragment: ImageFragment, originX: number, originY: number, svg: SvgContext = {}, frame?: Matrix): DisplayItem[] {
  // the box and the image in it painted on whole pixels, as Chromium's ImagePainter does (placed.ts snappedRect)
  const box = snappedRect(fragment.x + originX, fragment.y + originY, fragment.width, fragment.height, frame);
  if (box.width <= 0 || box.height <= 0) return [];
  const view = fragment.style.objectViewBox === 'none' ? undefined : objectViewBoxOf(fragment.style, fragment.image);
  const fit = objectFitRect(fragment.style.objectFit, box, view ?? fragment.image, fragment.style.objectPosition);
  const shown = snappedRect(fit.x, fit.y, fit.width, fit.height, frame);
  // object-view-box: the whole image scaled so that the part shown fills `shown`; what lies beyond
  // the part shows in the content box too (object-fit: contain's bands), as Chromium draws it
  const rect = view === undefined ? shown : wholeImageRect(shown, view, fragment.image);
  // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
  const doc = fragment.image.svg;
  const context = doc?.inline === true ? Object.assign({}, svg, { inherit: inheritedBySvg(fragment.style) }) : svg;
  // an inline <svg> with `overflow: visible` draws past its viewport (an SVG image's root
  // overflow is not read: an `<img>` or a background clips, as in Chromium)
  if (doc?.inline === true && drawsPastViewport(fragment.style)) return renderSvg(doc, rect, context, false);
  const image = imageItems(fragment.image, rect, context, interpolation(fragment.style.imageRendering));
  if (!overflows(rect, box)) return image;
  return [{ kind: 'push-clip', rect: box }, ...image, { kind: 'pop-clip' }];
}

/** Whether an inline `<svg>` draws outside its viewport: `overflow: visible` (one axis visible makes it `auto`, which clips). */
export function drawsPastViewport(style: ComputedStyle): boolean {
  return style.overflowX === 'visible' && style.overflowY === 'visible';
}

function wholeImageRect(shown: Rect, view: Rect, image: { readonly width: number; readonly height: number }): Rect {
  const sx = shown.width / view.width;
  const sy = shown.height / view.height;
  return { x: shown.x - view.x * sx, y: shown.y - view.y * sy, width: image.width * sx, height: image.height * sy };
}

/** What an inline `<svg>` inherits from its HTML context (its own computed style): colour and font (small capitals too). */
function inheritedBySvg(style: ComputedStyle): NonNullable<SvgContext['inherit']> {
  return { color: style.color, fontFamily: fontFamilyText(style.fontFamily), fontSize: style.fontSize, fontWeight: style.fontWeight, fontStyle: fontStyleKeyword(style.fontStyle), fontVariantCaps: style.fontVariantCaps, direction: style.direction };
}

/** An image drawn into `rect`: an image item, or an SVG's vector items. */
export function imageItems(image: LoadedImage, rect: Rect, svg: SvgContext = {}, interpolate?: boolean): DisplayItem[] {
  if (image.svg !== undefined) return renderSvg(image.svg, rect, svg);
  return [{ kind: 'image', rect, image, ...(interpolate === undefined ? {} : { interpolate }) }];
}

/**
 * `image-rendering` (CSS Images 3 §6.1) as PDF image interpolation: `smooth`/`high-quality`
 * smooth, `pixelated`/`crisp-edges` blocky, `auto` left to the viewer.
 */
export function interpolation(rendering: ComputedStyle['imageRendering']): boolean | undefined {
  if (rendering === 'auto') return undefined;
  return rendering === 'smooth' || rendering === 'high-quality';
}
