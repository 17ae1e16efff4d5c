/**
 * CSS Shapes 1 §4: `shape-outside` (the area a float's lines wrap around: a basic shape in a
 * reference box, a box alone, or an image's opaque part), `shape-margin` and
 * `shape-image-threshold`. Layout reads them (layout/float-shape.ts); they apply to floats only.
 */
import type { ShapeBox, ShapeOutside } from '../model/effect-types.js';
import type { SpecifiedShape } from '../values/basic-shape.js';
import { computeBasicShape, parseShapeAndBox } from '../values/basic-shape.js';
import type { SpecifiedImage } from '../values/image.js';
import { computeImage, parseImage } from '../values/image.js';
import { identOf } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';
import { lengthProperty, numberProperty } from './common.js';

/** The four CSS boxes; SVG's boxes are not shape boxes here (CSS Shapes 1 §4.1). */
const SHAPE_BOXES: ReadonlySet<string> = new Set<ShapeBox>(['margin-box', 'border-box', 'padding-box', 'content-box']);

type SpecifiedShapeOutside =
  | 'none'
  | { readonly kind: 'shape'; readonly shape: SpecifiedShape | undefined; readonly box: ShapeBox }
  | { readonly kind: 'image'; readonly image: SpecifiedImage };

/** `none | [ <basic-shape> || <shape-box> ] | <image>`; the box defaults to the margin box. */
const shapeOutside = longhand<'shapeOutside', SpecifiedShapeOutside>({
  name: 'shape-outside',
  key: 'shapeOutside',
  inherited: false,
  initial: 'none',
  parse: (nodes, ctx) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'none') return 'none';
    if (nodes.length === 1) {
      const image = parseImage(nodes[0], ctx.baseUrl);
      if (image !== undefined) return { kind: 'image', image };
    }
    const parsed = parseShapeAndBox(nodes, (word) => (SHAPE_BOXES.has(word) ? word as ShapeBox : undefined));
    if (parsed === undefined) return INVALID;
    const { shape, box } = parsed;
    return { kind: 'shape', shape, box: box ?? 'margin-box' };
  },
  compute: (value, ctx): ShapeOutside => {
    if (value === 'none') return 'none';
    if (value.kind === 'image') return { kind: 'image', image: computeImage(value.image, ctx) };
    return { kind: 'shape', shape: value.shape === undefined ? undefined : computeBasicShape(value.shape, ctx), box: value.box };
  },
});

export const SHAPE_PROPERTIES: readonly PropertyDef[] = [
  shapeOutside,
  // a percentage is of the containing block's width (§4.3)
  lengthProperty('shape-margin', 'shapeMargin', 0, false, { percent: true }),
  numberProperty('shape-image-threshold', 'shapeImageThreshold', 0, false, { clampMin: 0, clampMax: 1 }),
];
