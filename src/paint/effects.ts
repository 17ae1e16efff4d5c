/**
 * The effects that wrap everything a stacking context paints: its transform (CSS Transforms 1
 * §6, a `cm` around the context, descendants included), its `clip-path` (CSS Masking 1 §3) and
 * `clip` (§5.1), its mask layers (§6, mask-layers.ts) and `mask-border` (§7: the frame painted as border-image.ts paints one, used
 * as a soft mask by its alpha or luminance), its `opacity` as one group (CSS Color 4 §3.2) and
 * its `filter` (filter.ts), in that order from the outside in — and its `mix-blend-mode` and
 * `isolation` as the group it is composited as.
 */
import type { PlacedBox } from './placed.js';
import { borderBoxAt } from './placed.js';
import { clipPathItem, clipRect, hasClipRect, referenceBox } from './clip-path.js';
import type { ImageLookup } from './background.js';
import { maskBorderOf, paintImageFrame } from './border-image.js';
import { applyFilter } from './filter.js';
import { hasMaskImage, maskLayers } from './mask-layers.js';
import type { SvgContext } from './svg-render.js';
import { svgContextAt } from './svg-render.js';
import type { WholeBox } from './whole-boxes.js';
import { rectPath } from './path.js';
import type { DisplayItem, Matrix } from './display-list.js';
import { pdfBlendMode } from './blend-modes.js';
import { isSingular, transformMatrix } from '../layout/transform.js';

/** Transforms apply to block-level and atomic inline-level boxes, not to inline boxes (CSS Transforms 1 §3 "transformable element"). */
export function fragmentTransform(f: PlacedBox, x: number, y: number): Matrix | undefined {
  if (f.box.kind === 'inline' || f.style.transform.length === 0) return undefined;
  // transform-box: an HTML box's content box for content-box and fill-box, its border box otherwise (CSS Transforms 1 §6.2)
  const box = f.style.transformBox === 'content-box' || f.style.transformBox === 'fill-box' ? referenceBox(f, x, y, 'content-box').rect : borderBoxAt(f, x, y);
  return transformMatrix(f.style, box);
}

/** Whether the effects make `f` a stacking context (CSS Transforms 1 §3 and 2 §10 `perspective`, CSS Masking 1 §3.1). */
export function hasEffects(f: PlacedBox): boolean {
  return f.style.opacity < 1 || f.style.filter.length > 0 || f.style.clipPath !== 'none' || f.style.maskBorderSource !== 'none' || hasMaskImage(f.style)
    || ((f.style.transform.length > 0 || f.style.perspective !== 'none') && f.box.kind !== 'inline') || hasClipRect(f.style)
    || f.style.mixBlendMode !== 'normal' || f.style.isolation === 'isolate';
}

/** `items` under the box's `filter`; what cannot be applied is warned at the box's element. */
function filtered(f: PlacedBox, x: number, y: number, items: readonly DisplayItem[], warn: SvgContext['warn']): DisplayItem[] {
  const borderBox = f.style.filter.some((fn) => fn.kind === 'svg-filter') ? referenceBox(f, x, y, 'border-box').rect : undefined;
  return applyFilter(f.style.filter, items, borderBox, warn === undefined ? undefined : (message) => warn(message, f.box.element));
}

/** Where a mask's images come from; the SVG context says what cannot be applied. */
export interface EffectsContext {
  readonly lookup: ImageLookup;
  readonly svg?: SvgContext | undefined;
  /** The whole box a sliced fragment is cut from (whole-boxes.ts): the clip path and mask layers are laid over it. */
  readonly whole?: WholeBox | undefined;
}

/** `items` wrapped in the effects of `f`, its border box at (x, y) on the page. */
export function withEffects(f: PlacedBox, x: number, y: number, items: readonly DisplayItem[], images?: EffectsContext): DisplayItem[] {
  if (items.length === 0) return [];
  // Filter Effects 1 §4: the filter first, then clipping, masking and opacity
  let out: DisplayItem[] = f.style.filter.length === 0 ? items.slice() : filtered(f, x, y, items, images?.svg?.warn);
  // the mask layers and the mask border each multiply what shows (CSS Masking 1 §6, §7)
  if (images !== undefined && (f.style.maskBorderSource !== 'none' || hasMaskImage(f.style))) out = masked(f, x, y, out, images);
  if (f.style.opacity < 1) out = [{ kind: 'push-opacity', opacity: f.style.opacity }, ...out, { kind: 'pop-opacity' }];
  // Compositing 1 §3: the element as one isolated group, blended with its backdrop; `isolation: isolate` a group its descendants blend within
  const blend = pdfBlendMode(f.style.mixBlendMode);
  if (blend !== undefined) out = [{ kind: 'push-opacity', opacity: 1, blend, isolated: true }, ...out, { kind: 'pop-opacity' }];
  else if (f.style.isolation === 'isolate') out = [{ kind: 'push-opacity', opacity: 1, isolated: true }, ...out, { kind: 'pop-opacity' }];
  const whole = images?.whole ?? { box: f, x, y };
  const clip = clipPathItem(whole.box, whole.x, whole.y);
  if (clip !== undefined) out = [clip, ...out, { kind: 'pop-clip' }];
  const rect = clipRect(f, x, y);
  // an empty rectangle (the visually-hidden pattern's rect(0 0 0 0)) hides the content but keeps
  // its text in the PDF, for text extraction and screen readers, as browsers' PDFs do
  if (rect !== undefined) out = [{ kind: 'push-clip-path', path: rectPath(rect) }, ...out, { kind: 'pop-clip' }];
  const matrix = fragmentTransform(f, x, y);
  if (matrix === undefined) return out;
  // a matrix that flattens the box to a line leaves nothing to see
  if (isSingular(matrix)) return [];
  return [{ kind: 'push-transform', matrix }, ...out, { kind: 'pop-transform' }];
}

/** `items` under the box's mask layers and mask border, each multiplying what shows (CSS Masking 1 §6, §7). */
function masked(f: PlacedBox, x: number, y: number, items: DisplayItem[], images: EffectsContext): DisplayItem[] {
  // an SVG mask image's warnings point at the box's element
  const context = Object.assign({}, images, { svg: svgContextAt(images.svg, f.box.element) });
  const whole = images.whole ?? { box: f, x, y };
  let out = items;
  for (const mask of [maskBorder(f, x, y, context), maskLayers(whole.box, whole.x, whole.y, context.lookup, context.svg)]) {
    if (mask !== undefined) out = [{ kind: 'push-opacity', opacity: 1, mask }, ...out, { kind: 'pop-opacity' }];
  }
  return out;
}

/**
 * CSS Masking 1 §7: the mask border's frame as a soft mask; an image that did not load masks
 * nothing away (§7.1: a source that is not a valid image leaves the element unmasked).
 */
function maskBorder(f: PlacedBox, x: number, y: number, images: EffectsContext | undefined): Extract<DisplayItem, { kind: 'push-opacity' }>['mask'] {
  if (f.style.maskBorderSource === 'none' || images === undefined) return undefined;
  const frame = paintImageFrame(maskBorderOf(f.style), borderBoxAt(f, x, y), f.border, images.lookup, images.svg);
  if (frame === undefined) return undefined;
  return { items: frame, luminance: f.style.maskBorderMode === 'luminance' };
}
