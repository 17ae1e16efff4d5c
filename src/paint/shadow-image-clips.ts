/**
 * A blurred `drop-shadow()` of raster images drawn under clips (an `<img>` with rounded corners,
 * a rounded `overflow: hidden` parent): Filter Effects 1 §13.1 blurs the alpha of the content as
 * it is drawn, clips applied, so each image's alpha is cut to the clips before the blur
 * (pdf/image-prep.ts, raster/blur.ts) and the shadow is drawn without them. Drawn under the
 * clips, the blurred alpha was cut after the blur: a sharp shadow where Chromium's fades.
 * (An opaque image's shadow is that of its rectangle under the clips: filter.ts draws it from
 * the items by Skia; this is for images with an alpha channel, which Skia's SVG cannot draw.)
 */
import type { Radii } from '../css/values/radii.js';
import type { Matrix } from '../geometry/matrix.js';
import { IDENTITY, invert, multiply } from '../geometry/matrix.js';
import type { ClipOutline, DisplayItem } from './display-list.js';
import { mappedPath, rectPath, roundedRectPath } from './path.js';

type ClipItem = Extract<DisplayItem, { kind: 'push-clip' | 'push-clip-path' }>;

/** A clip's outline in its own space. */
function outlineOf(clip: ClipItem): ClipOutline {
  if (clip.kind === 'push-clip-path') return { path: clip.path, evenOdd: clip.evenOdd === true };
  const rounded = clip.radii !== undefined && clip.radii.length === 8 && clip.radii.some((r) => r > 0);
  return { path: rounded ? roundedRectPath(clip.rect, clip.radii as unknown as Radii) : rectPath(clip.rect), evenOdd: false };
}

/** The clips pushed so far, each with the matrix it was pushed under. */
type ClipStack = { readonly clip: ClipItem; readonly matrix: Matrix }[];

/** An image shadow with the clips it is drawn under moved into its blur, in its rectangle's space. */
function clippedImage(item: Extract<DisplayItem, { kind: 'image' }>, clips: ClipStack, matrix: Matrix): DisplayItem | undefined {
  if (clips.length === 0 || item.blur === undefined) return item;
  const toImage = invert(matrix);
  if (toImage === undefined) return undefined; // a singular transform draws nothing
  const fromCorner = multiply([1, 0, 0, 1, -item.rect.x, -item.rect.y], toImage);
  const clip = clips.map(({ clip: c, matrix: m }) => {
    const outline = outlineOf(c);
    return { path: mappedPath(outline.path, multiply(fromCorner, m)), evenOdd: outline.evenOdd };
  });
  return { ...item, blur: { ...item.blur, clip: [...(item.blur.clip ?? []), ...clip] } };
}

/**
 * The shadow's items (structure and blurred raster images) with every clip moved into the images
 * it cuts; unchanged when a clip is one of glyph outlines (text filled with a gradient), kept as
 * a clip.
 */
export function imageShadowsWithClipsInside(items: readonly DisplayItem[]): readonly DisplayItem[] {
  if (items.some((item) => item.kind === 'push-clip-glyphs')) return items;
  const matrices: Matrix[] = [];
  let matrix: Matrix = IDENTITY;
  const clips: ClipStack = [];
  const out: DisplayItem[] = [];
  for (const item of items) {
    if (item.kind === 'push-clip' || item.kind === 'push-clip-path') { clips.push({ clip: item, matrix }); continue; }
    if (item.kind === 'pop-clip') { clips.pop(); continue; }
    if (item.kind === 'push-transform') { matrices.push(matrix); matrix = multiply(matrix, item.matrix); }
    if (item.kind === 'pop-transform') matrix = matrices.pop() ?? IDENTITY;
    const kept = item.kind === 'image' ? clippedImage(item, clips, matrix) : item;
    if (kept !== undefined) out.push(kept);
  }
  return out;
}
