/**
 * CSS Masking 1 §6: the layered `mask-image`, `-mode`, `-repeat`, `-position`, `-size`,
 * `-origin`, `-clip`, `-composite` and the `mask` shorthand, parsed with the background layers'
 * grammar (backgrounds.ts); the `-webkit-mask-*` names frameworks write are aliases (registry.ts),
 * but `-webkit-mask-composite`, whose words are Porter-Duff operators, has its own parser here.
 */
import type { BackgroundBox, BackgroundRepeat, MaskClip, MaskComposite, MaskMode } from '../model/image-types.js';
import { identOf, splitBy, urlOf } from '../values/nodes.js';
import type { SpecifiedPosition } from '../values/position.js';
import { TOP_LEFT, computePosition, parsePosition } from '../values/position.js';
import type { ImageSpec, LayerGrammar, LayerParts, SizeSpec } from './backgrounds.js';
import { INITIAL_POSITION, computeImageLayer, computeSize, identity, layered, parseImageOrNone, parseLayer, parseRepeat, parseSize, single } from './backgrounds.js';
import type { Nodes, ParseContext, PropertyDef } from './define.js';
import { INVALID, shorthand } from './define.js';

/**
 * `<geometry-box>`: a box with a CSS layout uses `content-box` for `fill-box` and `border-box`
 * for `stroke-box` and `view-box` (§6.7). `margin-box` is not offered: octavo's painter has no
 * margin box to position a layer in.
 */
const GEOMETRY_BOXES: Readonly<Record<string, BackgroundBox>> = {
  'border-box': 'border-box', 'padding-box': 'padding-box', 'content-box': 'content-box',
  'fill-box': 'content-box', 'stroke-box': 'border-box', 'view-box': 'border-box',
};
const MODES = new Set(['alpha', 'luminance', 'match-source']);
const COMPOSITES = new Set(['add', 'subtract', 'intersect', 'exclude']);

const MASK_GRAMMAR: LayerGrammar = {
  boxes: new Set(Object.keys(GEOMETRY_BOXES)),
  clipOnly: new Set(['no-clip']),
  keywords: new Map([['mask-composite', COMPOSITES], ['mask-mode', MODES]]),
};

const keywordLayer = <T extends string>(words: ReadonlySet<string>) => (nodes: Nodes): T | undefined => {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  return word !== undefined && words.has(word) ? (word as T) : undefined;
};

const geometryBox = (word: string | undefined): BackgroundBox | undefined => (word === undefined ? undefined : GEOMETRY_BOXES[word]);
const oneGeometryBox = (nodes: Nodes): BackgroundBox | undefined => (nodes.length === 1 ? geometryBox(identOf(nodes[0])) : undefined);
const oneClip = (nodes: Nodes): MaskClip | undefined => (nodes.length === 1 && identOf(nodes[0]) === 'no-clip' ? 'no-clip' : oneGeometryBox(nodes));

/**
 * A mask image; `url(#id)`, a reference to an SVG `<mask>` of the document, is not rendered:
 * warned, it leaves the layer empty (`none`) rather than hiding the element.
 */
function parseMaskImage(nodes: Nodes, ctx: ParseContext): ImageSpec | undefined {
  if (nodes.length !== 1) return undefined;
  if (urlOf(nodes[0], undefined)?.startsWith('#') === true) {
    ctx.unsupported('mask-image: url(#…) (an SVG <mask> element)');
    return 'none';
  }
  return parseImageOrNone(nodes[0], ctx);
}

const maskImage = layered<ImageSpec, unknown>('mask-image', 'maskImage', ['none'], parseMaskImage, computeImageLayer);
const maskMode = layered<MaskMode, MaskMode>('mask-mode', 'maskMode', ['match-source'], keywordLayer<MaskMode>(MODES), identity);
const maskRepeat = layered<BackgroundRepeat, BackgroundRepeat>('mask-repeat', 'maskRepeat', [{ x: 'repeat', y: 'repeat' }], single(parseRepeat), identity);
const maskPosition = layered<SpecifiedPosition, unknown>('mask-position', 'maskPosition', [INITIAL_POSITION],
  (nodes) => parsePosition(nodes), (value, ctx) => computePosition(value, ctx));
const maskSize = layered<SizeSpec, unknown>('mask-size', 'maskSize', [{ width: 'auto', height: 'auto' }], single(parseSize), computeSize);
const maskOrigin = layered<BackgroundBox, BackgroundBox>('mask-origin', 'maskOrigin', ['border-box'], oneGeometryBox, identity);
const maskClip = layered<MaskClip, MaskClip>('mask-clip', 'maskClip', ['border-box'], oneClip, identity);
const maskComposite = layered<MaskComposite, MaskComposite>('mask-composite', 'maskComposite', ['add'], keywordLayer<MaskComposite>(COMPOSITES), identity);

/** Chromium's `-webkit-mask-composite`: the Porter-Duff operators that match the four of §6.8. */
const WEBKIT_COMPOSITES: Readonly<Record<string, MaskComposite>> = { 'source-over': 'add', 'source-out': 'subtract', 'source-in': 'intersect', xor: 'exclude' };
/** A shorthand of `mask-composite` alone, so that the later of the two declarations wins. */
const webkitMaskComposite = shorthand('-webkit-mask-composite', ['mask-composite'], (nodes) => {
  const layers = splitBy(nodes, ',').map((layer) => (layer.length === 1 ? WEBKIT_COMPOSITES[identOf(layer[0]) ?? ''] : undefined));
  return layers.every((layer) => layer !== undefined) ? new Map([['mask-composite', layers]]) : INVALID;
});

const LONGHANDS = ['mask-image', 'mask-mode', 'mask-position', 'mask-size', 'mask-repeat', 'mask-origin', 'mask-clip', 'mask-composite'];

/**
 * `mask` (§6.10): each `<mask-layer>` is `<mask-reference> || <position> [/ <bg-size>]? ||
 * <repeat-style> || <geometry-box> || [<geometry-box> | no-clip] || <compositing-operator> ||
 * <masking-mode>`; one box sets origin and clip, two the origin then the clip. It leaves
 * `mask-border` alone, as Chromium does (the spec resets it).
 */
const mask = shorthand('mask', LONGHANDS, (nodes, ctx) => {
  const parsed: LayerParts[] = [];
  for (const layer of splitBy(nodes, ',')) {
    const parts = layer.length === 0 ? undefined : parseLayer(layer, false, ctx, MASK_GRAMMAR);
    if (parts === undefined || (parts.boxes.length === 2 && parts.boxes[0] === 'no-clip')) return INVALID;
    if (parts.image !== undefined && parts.image !== 'none' && parts.image.kind === 'url' && layer.some((node) => urlOf(node, undefined)?.startsWith('#') === true)) {
      ctx.unsupported('mask: url(#…) (an SVG <mask> element)');
      parts.image = 'none';
    }
    parsed.push(parts);
  }
  const origin = (p: LayerParts): BackgroundBox => (p.boxes[0] === 'no-clip' ? 'border-box' : geometryBox(p.boxes[0]) ?? 'border-box');
  const clip = (p: LayerParts): MaskClip => (p.boxes[1] === 'no-clip' || (p.boxes.length === 1 && p.boxes[0] === 'no-clip') ? 'no-clip' : geometryBox(p.boxes[1] ?? p.boxes[0]) ?? 'border-box');
  return new Map<string, unknown>([
    ['mask-image', parsed.map((p) => p.image ?? 'none')],
    ['mask-mode', parsed.map((p) => p.words.get('mask-mode') ?? 'match-source')],
    ['mask-position', parsed.map((p) => p.position ?? TOP_LEFT)],
    ['mask-size', parsed.map((p) => p.size ?? { width: 'auto', height: 'auto' })],
    ['mask-repeat', parsed.map((p) => p.repeat ?? { x: 'repeat', y: 'repeat' })],
    ['mask-origin', parsed.map(origin)],
    ['mask-clip', parsed.map(clip)],
    ['mask-composite', parsed.map((p) => p.words.get('mask-composite') ?? 'add')],
  ]);
});

export const MASK_PROPERTIES: readonly PropertyDef[] = [maskImage, maskMode, maskRepeat, maskPosition, maskSize, maskOrigin, maskClip, maskComposite, webkitMaskComposite, mask];

/** The `-webkit-` names Chromium and frameworks (Tailwind, Bootstrap icons) write for the same properties. */
export const MASK_ALIASES: Readonly<Record<string, string>> = {
  '-webkit-mask': 'mask',
  '-webkit-mask-image': 'mask-image',
  '-webkit-mask-repeat': 'mask-repeat',
  '-webkit-mask-position': 'mask-position',
  '-webkit-mask-size': 'mask-size',
  '-webkit-mask-origin': 'mask-origin',
  '-webkit-mask-clip': 'mask-clip',
};
