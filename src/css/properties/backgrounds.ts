/**
 * CSS Backgrounds 3 §3 and CSS Color 4 §4: `color`, `opacity`, `background-color`,
 * `background-image` and the `background` shorthand (colour and images are rendered; the other
 * layers' components are validated and reported as unsupported).
 */
import type { CssNode } from 'css-tree';
import { BLACK, TRANSPARENT } from '../types.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor } from '../values/color.js';
import { identOf, splitBy, urlOf } from '../values/nodes.js';
import { parseLength } from '../values/units.js';
import { colorProperty, numberProperty } from './common.js';
import type { ParseContext, PropertyDef } from './define.js';
import { INVALID, RESET, longhand, shorthand } from './define.js';

/** `none` or a `url()`; gradients are valid images octavo does not paint yet (`unsupported`). */
type ImageSpec = string | 'none';

export const UNSUPPORTED_IMAGE = 'unsupported-image';

function parseImage(node: CssNode | undefined, ctx: ParseContext): ImageSpec | undefined {
  if (identOf(node) === 'none') return 'none';
  const url = urlOf(node, ctx.baseUrl);
  if (url !== undefined) return url;
  if (node?.type === 'Function' && /gradient$/i.test(node.name)) {
    ctx.unsupported(`${node.name.toLowerCase()}()`);
    return UNSUPPORTED_IMAGE;
  }
  return undefined;
}

const backgroundImage = longhand<'backgroundImage', readonly ImageSpec[]>({
  name: 'background-image',
  key: 'backgroundImage',
  inherited: false,
  initial: [],
  parse: (nodes, ctx) => {
    const images: ImageSpec[] = [];
    for (const layer of splitBy(nodes, ',')) {
      if (layer.length !== 1) return INVALID;
      const image = parseImage(layer[0], ctx);
      if (image === undefined) return INVALID;
      images.push(image);
    }
    return images;
  },
  compute: (value) => value.filter((image) => image !== 'none' && image !== UNSUPPORTED_IMAGE),
});

const REPEAT = new Set(['repeat', 'repeat-x', 'repeat-y', 'no-repeat', 'space', 'round']);
const ATTACHMENT = new Set(['scroll', 'fixed', 'local']);
const BOX = new Set(['border-box', 'padding-box', 'content-box', 'text']);
const POSITION = new Set(['left', 'right', 'top', 'bottom', 'center']);
const SIZE = new Set(['cover', 'contain', 'auto']);

/** Components of a `<bg-layer>` other than colour and image (validated, not rendered). */
function isOtherLayerComponent(node: CssNode): boolean {
  const word = identOf(node);
  if (word !== undefined) return REPEAT.has(word) || ATTACHMENT.has(word) || BOX.has(word) || POSITION.has(word) || SIZE.has(word);
  return parseLength(node, { percent: true, negative: true }) !== undefined;
}

/** `background` (CSS Backgrounds 3 §3.10): the final layer may carry a colour. */
const background = shorthand('background', ['background-color', 'background-image'], (nodes, ctx) => {
  const layers = splitBy(nodes, ',');
  const images: ImageSpec[] = [];
  let color: SpecifiedColor | typeof RESET = RESET;
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i]!;
    if (layer.length === 0) return INVALID;
    let image: ImageSpec | undefined;
    for (const node of layer) {
      if (node.type === 'Operator' && node.value === '/') continue;
      const asImage = image === undefined ? parseImage(node, ctx) : undefined;
      if (asImage !== undefined) { image = asImage; continue; }
      const asColor: SpecifiedColor | undefined = i === layers.length - 1 && color === RESET ? parseColor(node) : undefined;
      if (asColor !== undefined) { color = asColor; continue; }
      if (!isOtherLayerComponent(node)) return INVALID;
      ctx.unsupported('background-position/size/repeat/attachment/origin/clip in `background`');
    }
    images.push(image ?? 'none');
  }
  return new Map<string, unknown>([['background-color', color], ['background-image', images]]);
});

export const BACKGROUND_PROPERTIES: readonly PropertyDef[] = [
  colorProperty('color', 'color', BLACK, true),
  numberProperty('opacity', 'opacity', 1, false, { clampMin: 0, clampMax: 1 }),
  colorProperty('background-color', 'backgroundColor', TRANSPARENT, false),
  backgroundImage,
  background,
];
