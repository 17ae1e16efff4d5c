/**
 * CSS Masking 1 §6: an element's mask layers as one soft mask. Each layer is an image (raster,
 * SVG or gradient) sized, positioned, tiled and clipped as a background layer is (background.ts),
 * in the border box by default, and read by its alpha or, with `mask-mode: luminance`, by its
 * luminance times its alpha. Layers combine from the bottom one up (§6.8): when every layer is
 * read the same way and added, the soft mask is simply all of them painted. Otherwise the mask is
 * a luminosity one in which each layer becomes an opaque grey picture of its mask values (white
 * through that layer's own soft mask, over black) composited onto the layers below with the PDF
 * blend mode that computes its operator on values in [0, 1]: add = Screen (a + b − ab),
 * intersect = Multiply (ab), exclude = Exclusion (a + b − 2ab), subtract = the values below
 * inverted (Difference with white) then Multiply (a(1 − b)).
 */
import type { MaskComposite } from '../css/image-types.js';
import type { Color, ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import { paintedBorderBox } from './placed.js';
import type { ImageLookup, ImageLayer } from './background.js';
import { fragmentArea, layerValue, paintImageLayer, unclipped } from './background.js';
import type { BlendMode, DisplayItem, SoftMask } from './display-list.js';
import { outerRadii } from './radii.js';
import type { SvgContext } from './svg-render.js';
import { appendAll } from '../append-all.js';

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

const BLENDS: Readonly<Record<Exclude<MaskComposite, 'subtract'>, BlendMode>> = { add: 'Screen', intersect: 'Multiply', exclude: 'Exclusion' };

/** Whether an element has mask layers (`mask-image` other than `none` in any layer). */
export const hasMaskImage = (style: ComputedStyle): boolean => style.maskImage.some((image) => image !== 'none');

interface PaintedLayer {
  readonly items: DisplayItem[];
  readonly luminance: boolean;
}

/**
 * The soft mask of `f`'s mask layers, or undefined when it has none. A layer whose image did not
 * load, or `none`, is left out, as Chromium does (and as a mask border that did not load is): the
 * element shows unmasked rather than vanishing (§6.1 would have it transparent black).
 */
export function maskLayers(f: PlacedBox, x: number, y: number, lookup: ImageLookup, svg: SvgContext | undefined): SoftMask | undefined {
  const style = f.style;
  if (!hasMaskImage(style)) return undefined;
  const area = fragmentArea(f, paintedBorderBox(f, x, y), outerRadii(f));
  const layers: PaintedLayer[] = [];
  const operators: MaskComposite[] = [];
  style.maskImage.forEach((image, i) => {
    if (image === 'none' || (image.kind === 'url' && lookup(image.url) === undefined)) return;
    const luminance = layerValue(style.maskMode, i) === 'luminance';
    const layer: ImageLayer = {
      image, position: layerValue(style.maskPosition, i), size: layerValue(style.maskSize, i), repeat: layerValue(style.maskRepeat, i),
      origin: layerValue(style.maskOrigin, i), clip: layerValue(style.maskClip, i),
    };
    layers.push({ items: paintImageLayer(layer, area, style.imageRendering, { lookup, composeTiles: true, ...(svg === undefined ? {} : { svg }) }), luminance });
    operators.push(layerValue(style.maskComposite, i));
  });
  if (layers.length === 0) return undefined;
  // the composite operator of the bottom layer has nothing below it to combine with
  const bottom = layers.length - 1;
  const allAdded = operators.every((op, i) => op === 'add' || i === bottom) && layers.every((layer) => layer.luminance === layers[0]!.luminance);
  if (allAdded) return { items: layers.toReversed().flatMap((layer) => layer.items), luminance: layers[0]!.luminance };
  // `no-clip` layers reach as far as background.ts tiles them
  const reach: Rect = style.maskClip.includes('no-clip') ? unclipped(area).rect : area.rect;
  const grey = (layer: PaintedLayer): DisplayItem[] => [
    { kind: 'fill-rect', rect: reach, color: BLACK },
    { kind: 'push-opacity', opacity: 1, mask: { items: layer.items, luminance: layer.luminance } },
    { kind: 'fill-rect', rect: reach, color: WHITE },
    { kind: 'pop-opacity' },
  ];
  const blended = (blend: BlendMode, items: DisplayItem[]): DisplayItem[] => [{ kind: 'push-opacity', opacity: 1, blend }, ...items, { kind: 'pop-opacity' }];
  const items = grey(layers[bottom]!);
  for (let i = bottom - 1; i >= 0; i--) {
    const op = operators[i]!;
    if (op === 'subtract') {
      appendAll(items, blended('Difference', [{ kind: 'fill-rect', rect: reach, color: WHITE }]));
      appendAll(items, blended('Multiply', grey(layers[i]!)));
    } else appendAll(items, blended(BLENDS[op], grey(layers[i]!)));
  }
  return { items, luminance: true };
}
