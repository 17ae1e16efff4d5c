/** Sizing of replaced elements (CSS2 §10.3.2, §10.6.2; CSS Images 3 default sizing). */
import type { ReplacedBox } from '../boxes/types.js';
import { viewedImage } from './object-view-box.js';
import type { LoadedImage } from '../resources/types.js';
import type { Sides } from '../geometry/types.js';
import type { TextSystem } from '../text/types.js';
import { fontRequestFromStyle } from '../text/request.js';
import type { ComputedStyle, LengthPercentageAuto } from '../css/types.js';
import { marginOrZero, resolveMaxSize, resolveMinSize, resolveSize, toContentSize, usedBorder, usedPadding, withStretchedHeightLimits } from './box-model.js';

/** The width of an object with no natural width where one is needed (CSS Images 3 §5.1: 300 × 150). */
const DEFAULT_OBJECT_WIDTH = 300;

export interface ReplacedSize {
  readonly width: number;
  readonly height: number;
  /** The ratio the size keeps (`replacedRatio`; none for an image that did not load). */
  readonly ratio: ReplacedRatio | undefined;
  readonly border: Sides;
  readonly padding: Sides;
}

/** The horizontal (`x`) and vertical (`y`) sums of a replaced size's border and padding. */
export function replacedEdges(size: ReplacedSize): { x: number; y: number } {
  const { border, padding } = size;
  return { x: border.left + border.right + padding.left + padding.right, y: border.top + border.bottom + padding.top + padding.bottom };
}

/**
 * Whether an image's auto width follows a percentage `height`, `min-height` or `max-height` (then
 * resolved against a definite containing height, it is drawn at the width that height gives).
 */
export function widthFollowsPercentHeight(style: ComputedStyle): boolean {
  if (style.width !== 'auto') return false;
  // a computed size is an object only when it needs its basis: a percentage, or a calc() with one
  const { height, minHeight, maxHeight } = style;
  return typeof height === 'object' || typeof minHeight === 'object' || typeof maxHeight === 'object';
}

/**
 * The size of a broken image's alt text on one line (as browsers show it in place of the image):
 * its advance width and the font's ascent + descent; 0 × 0 without alt text.
 */
function altSize(box: ReplacedBox, text: TextSystem | undefined): { width: number; height: number } {
  const alt = box.alt.replace(/\s+/g, ' ').trim();
  if (alt === '' || text === undefined) return { width: 0, height: 0 };
  const request = fontRequestFromStyle(box.style);
  const metrics = text.metrics(request);
  return { width: text.shape(alt, request).runs.reduce((sum, run) => sum + run.width, 0), height: metrics.ascent + metrics.descent };
}

/**
 * A `list-style-image` with no natural size (an SVG with only a `viewBox`, or neither) sized in
 * its default object size (CSS Images 3 §5.3): Chromium's is a square half the font's ascent
 * across (LayoutListMarkerImage), the image contained in it by its ratio — not the list item's
 * width, as an `<img>` with only a ratio would be.
 */
function markerDefaultSized(box: ReplacedBox, image: LoadedImage | undefined, text: TextSystem | undefined): LoadedImage | undefined {
  if (box.pseudo !== 'marker' || (image?.naturalSize !== 'ratio' && image?.naturalSize !== 'none') || text === undefined) return image;
  const side = text.metrics(fontRequestFromStyle(box.style)).ascent / 2 / box.style.zoom;
  const ratio = image.naturalSize === 'ratio' && image.width > 0 && image.height > 0 ? image.width / image.height : 1;
  const width = Math.min(side, side * ratio);
  const { naturalSize: _none, ...sized } = image;
  return { ...sized, width, height: width / ratio };
}

/**
 * The containing block's size, for percentages and `stretch`. A size is undefined when
 * indefinite: a height, or the width while measuring the box's max-content contribution, where
 * percentage sizes behave as `auto` (CSS Sizing 3 §5.2.1 cyclic percentages).
 */
export interface ContainingSize {
  readonly width: number | undefined;
  readonly height: number | undefined;
}

/**
 * The ratio a replaced box is sized by (CSS Sizing 4 §5.1): `aspect-ratio: <ratio>` over the
 * image's natural ratio, `auto && <ratio>` only for an image with none. `borderBox`: the ratio
 * is the style's under `box-sizing: border-box`, so it holds between border boxes; a natural
 * ratio holds between content boxes.
 */
export interface ReplacedRatio {
  readonly ratio: number;
  readonly borderBox: boolean;
}

export function replacedRatio(box: ReplacedBox, image: LoadedImage): ReplacedRatio | undefined {
  const style = box.style;
  const preferred = style.aspectRatio;
  const hasRatio = image.naturalSize === undefined || image.naturalSize === 'ratio';
  const natural = image.width > 0 && image.height > 0 && hasRatio && box.noNaturalRatio !== true ? image.width / image.height : undefined;
  if (preferred === 'auto' || (preferred.natural && natural !== undefined)) return natural === undefined ? undefined : { ratio: natural, borderBox: false };
  return { ratio: preferred.ratio, borderBox: style.boxSizing === 'border-box' };
}

/** The content height that goes with a content width under `ratio` (edges: border + padding per axis). */
export function contentHeightFor(ratio: ReplacedRatio, width: number, edgesX: number, edgesY: number): number {
  return ratio.borderBox ? Math.max(0, (width + edgesX) / ratio.ratio - edgesY) : width / ratio.ratio;
}

/** The content width that goes with a content height under `ratio`. */
export function contentWidthFor(ratio: ReplacedRatio, height: number, edgesX: number, edgesY: number): number {
  return ratio.borderBox ? Math.max(0, (height + edgesY) * ratio.ratio - edgesX) : height * ratio.ratio;
}

/**
 * Content size of an image: specified sizes, else the natural size, the other size following
 * through the ratio (`replacedRatio`); an image with a ratio but no natural size (an SVG with
 * only a `viewBox`, or none with an `aspect-ratio`) fills the containing block's width, as
 * Chromium sizes it (CSS2 §10.3.2), and has no width of its own to contribute. An image that
 * did not load is sized to its alt text (`text` measures it). `stretch` fills the containing
 * block less the margins (CSS Sizing 4 §3.1) unless `natural` asks for the size the image has of
 * its own (its intrinsic contribution); the intrinsic keywords are that size too.
 */
export function replacedSize(box: ReplacedBox, loaded: LoadedImage | undefined, containing: ContainingSize, text?: TextSystem, natural = false): ReplacedSize {
  const { width: containingWidth, height: containingHeight } = containing;
  const style = box.style;
  // the part of the image an `object-view-box` shows has the natural size
  const image = markerDefaultSized(box, style.objectViewBox === 'none' ? loaded : viewedImage(style, loaded), text);
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth ?? 0);
  const edgesX = border.left + border.right + padding.left + padding.right;
  const edgesY = border.top + border.bottom + padding.top + padding.bottom;
  const intrinsic = image ?? altSize(box, text);
  // An image's natural size is in CSS px (its pixels over its srcset density), zoomed like any
  // length (the alt text is already zoomed).
  const zoom = image !== undefined ? style.zoom / (box.density ?? 1) : 1;
  const ratio = image !== undefined ? replacedRatio(box, image) : undefined;
  const stretched = (margins: readonly LengthPercentageAuto[], containing: number | undefined, edges: number): number | undefined =>
    (natural || containing === undefined ? undefined : Math.max(0, containing - margins.reduce<number>((sum, m) => sum + marginOrZero(m, containingWidth ?? 0), 0) - edges));
  const specifiedW = style.width === 'stretch' ? stretched([style.marginLeft, style.marginRight], containingWidth, edgesX) : sizeOrUndefined(resolveSize(style.width, containingWidth), style, edgesX);
  const specifiedH = style.height === 'stretch' ? stretched([style.marginTop, style.marginBottom], containingHeight, edgesY) : sizeOrUndefined(resolveSize(style.height, containingHeight), style, edgesY);
  const heightFor = (w: number): number => contentHeightFor(ratio!, w, edgesX, edgesY);
  const widthFor = (h: number): number => contentWidthFor(ratio!, h, edgesX, edgesY);

  let width: number;
  let height: number;
  if (specifiedW !== undefined && specifiedH !== undefined) [width, height] = [specifiedW, specifiedH];
  else if (specifiedW !== undefined) [width, height] = [specifiedW, ratio !== undefined ? heightFor(specifiedW) : intrinsic.height * zoom];
  else if (specifiedH !== undefined) [width, height] = [ratio !== undefined ? widthFor(specifiedH) : intrinsic.width * zoom, specifiedH];
  else if ((image?.naturalSize === 'ratio' || image?.naturalSize === 'none') && ratio !== undefined) {
    // no natural width: the containing block's; measured for a max-content contribution, none —
    // but a percentage width contributes the default object's 300px, as in Chromium (a logo's
    // `width: 100%; max-width: 300px` in an auto table cell is 300px wide)
    width = stretched([style.marginLeft, style.marginRight], containingWidth, edgesX) ?? (typeof style.width === 'object' ? DEFAULT_OBJECT_WIDTH * style.zoom : 0);
    height = heightFor(width);
  } else {
    width = intrinsic.width * zoom;
    height = ratio !== undefined ? heightFor(width) : intrinsic.height * zoom;
  }

  // min/max constraints (CSS2 §10.4 table, simplified): a size that was automatic follows the
  // other through the ratio; one that was given stays (a `width: 100%` chart whose max-height
  // cuts its height keeps its width, the drawing centred in it, as in Chromium)
  const maxW = toContentSize(resolveMaxSize(style.maxWidth, containingWidth), style, edgesX);
  const minW = toContentSize(resolveMinSize(style.minWidth, containingWidth), style, edgesX);
  const heightLimits = withStretchedHeightLimits(style, containingHeight, containingWidth ?? 0);
  const maxH = toContentSize(resolveMaxSize(heightLimits.maxHeight, containingHeight), style, edgesY);
  const minH = toContentSize(resolveMinSize(heightLimits.minHeight, containingHeight), style, edgesY);
  const heightFollows = ratio !== undefined && specifiedH === undefined;
  const widthFollows = ratio !== undefined && specifiedW === undefined;
  if (width > maxW) [width, height] = [maxW, heightFollows ? heightFor(maxW) : height];
  if (height > maxH) [width, height] = [widthFollows ? widthFor(maxH) : width, maxH];
  if (width < minW) [width, height] = [minW, heightFollows ? heightFor(minW) : height];
  if (height < minH) [width, height] = [widthFollows ? widthFor(minH) : width, minH];
  return { width, height, border, padding, ratio };
}

function sizeOrUndefined(size: number | undefined, style: ReplacedBox['style'], edges: number): number | undefined {
  return size === undefined ? undefined : toContentSize(size, style, edges);
}
