/**
 * What an element draws as a replaced element (HTML §15.4): the URL of its image, not yet resolved
 * against the document's base. `<img>`, `<input type=image>` and inline `<svg>` draw theirs; an
 * `<object>` or `<embed>` whose data is an image draws it as an `<img>` would; a `<video>` draws its
 * poster. Elements a browser sizes but whose content octavo does not make — a `<canvas>` (no script
 * draws it), a `<video>` without a poster, an `<iframe>` (its document is not loaded), an `<audio>`
 * with controls (its player is not drawn) — draw an empty image of their default size, 300×150
 * (a canvas: its `width` and `height`; an audio player 300×54, as Chromium's), so that what
 * follows them is where Chromium puts it (css/cascade.ts warns that they are left empty).
 */
import type { DomElement } from '../dom/types.js';
import { inputType } from './form-controls.js';
import { isImage } from '../dom/unrendered.js';
import type { MediaContext } from '../css/types.js';
import type { ChosenImage } from './srcset.js';
import { chooseImage } from './srcset.js';

/** `svgUrl`: an inline `<svg>`'s own image (build.ts makes it); `media`: for an `<img>`'s `srcset` (srcset.ts). */
export function replacedSource(element: DomElement, svgUrl: string | undefined, media: MediaContext): ChosenImage | string | undefined {
  const attribs = element.attribs;
  switch (element.name) {
    case 'img': return chooseImage(element, media);
    case 'svg': return svgUrl;
    case 'input': return inputType(element) === 'image' ? nonEmpty(attribs['src']) : undefined;
    case 'canvas': return blankImage(canvasSize(attribs['width'], 300), canvasSize(attribs['height'], 150));
    case 'video': return nonEmpty(attribs['poster']) ?? blankImage(300, 150);
    case 'iframe': return blankImage(300, 150);
    // Chromium's player: the UA sheet hides an <audio> without controls
    case 'audio': return blankImage(300, 54);
    case 'object': return isImage(attribs['type'], attribs['data']) ? nonEmpty(attribs['data']) : undefined;
    case 'embed': return isImage(attribs['type'], attribs['src']) ? nonEmpty(attribs['src']) : undefined;
    default: return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** A canvas's size attribute: a non-negative integer (HTML §2.3.4.1), else the default. */
function canvasSize(value: string | undefined, fallback: number): number {
  const match = value === undefined ? null : /^\s*\+?(\d+)/.exec(value);
  return match === null ? fallback : Number(match[1]);
}

/** An SVG image of that size that draws nothing. */
function blankImage(width: number, height: number): string {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`)}`;
}

/** A URL resolved against the document's base (kept as written when it cannot be). */
export function absoluteUrl(src: string, baseUrl: string | undefined): string {
  try {
    return new URL(src, baseUrl).href;
  } catch {
    return src;
  }
}
