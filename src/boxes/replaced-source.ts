/**
 * What an element draws as a replaced element (HTML §15.4): the URL of its image, not yet resolved
 * against the document's base. `<img>`, `<input type=image>` and inline `<svg>` draw theirs; an
 * `<object>` or `<embed>` whose data is an image draws it as an `<img>` would; a `<video>` draws its
 * poster; an `<audio>` with controls draws Chromium's player as printed before it plays. Elements a
 * browser sizes but whose content octavo does not make — a `<canvas>` (no script draws it), a
 * `<video>` without a poster, an `<iframe>` (its document is not loaded) — draw an empty image of
 * their default size, 300×150 (a canvas: its `width` and `height`), so that what follows them is
 * where Chromium puts it (css/cascade.ts warns that they are left empty).
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
    // the UA sheet hides an <audio> without controls
    case 'audio': return AUDIO_PLAYER;
    case 'object': return isImage(attribs['type'], attribs['data']) ? nonEmpty(attribs['data']) : undefined;
    case 'embed': return isImage(attribs['type'], attribs['src']) ? nonEmpty(attribs['src']) : undefined;
    default: return undefined;
  }
}

/**
 * An `<img>` with no `src` (nor `srcset`), or an empty one, is an image that did not load (HTML
 * §4.8.4.3.5): build.ts makes it a replaced box of no source, shown as Chromium shows one — its alt
 * text in the line, or a box of the size it asks for, or nothing (layout/inline/alt-text.ts,
 * paint/alt-text.ts) — so `<img src="{{logo}}" alt="ACME">` whose data has no logo prints "ACME".
 * Its empty `src` is never fetched (resources/load.ts). A `src` written empty is warned (this
 * message): it is most often data missing.
 */
export function emptySourceWarning(element: DomElement): string | undefined {
  return element.attribs['src'] === undefined ? undefined
    : '`<img>` has an empty `src`: no image is drawn, its alt text or its size shows instead (as a browser shows an image that did not load)';
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

/**
 * Chromium 156's audio player as it prints (measured at 384 dpi): a 300×54 pill (#f1f3f4), a
 * disabled play button, "0:00 / 0:00" in 14px Arial, an empty timeline, the volume and menu
 * buttons. An image, so that `width` and `height` scale it as they do Chromium's.
 */
const AUDIO_PLAYER = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="54" viewBox="0 0 300 54">'
  + '<rect width="300" height="54" rx="27" fill="#f1f3f4"/>'
  + '<path d="M23 21 L32 27 L23 33 Z" fill="#9aa0a6"/>'
  + '<text x="47.25" y="32" font-family="Arial" font-size="14" fill="#1f1f1f">0:00 / 0:00</text>'
  + '<rect x="129" y="25" width="81" height="4" rx="2" fill="#c0c2c3"/>'
  + '<path d="M234.5 24.5 h3.5 l4.5 -4.5 v15 l-4.5 -4.5 h-3.5 Z" fill="#a8a9aa"/>'
  + '<path d="M244.5 23.5 a5 5 0 0 1 0 7 M246.5 21 a8.5 8.5 0 0 1 0 12" fill="none" stroke="#a8a9aa" stroke-width="1.5"/>'
  + '<circle cx="274" cy="22" r="2" fill="#1f1f1f"/><circle cx="274" cy="27" r="2" fill="#1f1f1f"/><circle cx="274" cy="32" r="2" fill="#1f1f1f"/>'
  + '</svg>')}`;

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
