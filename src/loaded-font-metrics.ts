/**
 * `ex`, `ch` and `cap` of the fonts a render loaded, for the cascade. The css stage runs before
 * fonts load, so a length in those units of a family it does not know (a web font, an installed
 * font) is first estimated (css/values/font-metrics.ts); when one was, the render styles the
 * document again with these (render.ts), as Chromium lays out once the web fonts have loaded.
 */
import type { DocumentFontMetrics, FaceStyle } from './css/values/font-metrics.js';
import { measuredFontRatios } from './css/values/font-metrics.js';
import type { LoadedFontFace } from './text/load.js';
import type { FontRequest, TextSystem } from './text/types.js';

/**
 * The metrics of `text`'s first available font for a `font-family` list, in the face the computed
 * weight, style and stretch select. Keyed by the loaded faces: styles computed with them are shared
 * with renders that loaded the same fonts.
 */
export function loadedFontMetrics(text: TextSystem, faces: readonly LoadedFontFace[]): DocumentFontMetrics {
  const key = `m:${faces.map((face) => face.hash).join(',')}`;
  return measuredFontRatios(key, (families, face) => text.fontUnits(faceRequest(families, face)));
}

function faceRequest(families: readonly string[], face: FaceStyle): FontRequest {
  return { families, weight: face.fontWeight, style: face.fontStyle, stretch: face.fontStretch, size: 16, features: NO_FEATURES };
}

const NO_FEATURES: Readonly<Record<string, number>> = {};
