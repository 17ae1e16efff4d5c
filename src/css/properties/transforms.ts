/**
 * `transform` and `transform-origin` (CSS Transforms 1 §5-7), `clip-path` with basic shapes
 * and reference boxes (CSS Masking 1 §3.1), `clip` (§5.1), `overflow-clip-margin` (CSS Overflow 4 §3.2).
 */
import type { ClipPath, ClipRect, ClipReference, OverflowClipMargin, PathShape, ShapeBox, ShapeFunction, TransformOrigin } from '../model/effect-types.js';
import { computeShapeFunction, parseShapeFunction } from '../values/shape-function.js';
import type { SpecifiedShape } from '../values/basic-shape.js';
import { computeBasicShape, parseShapeAndBox } from '../values/basic-shape.js';
import { childrenOf, identOf, splitBy, stringOf, urlOf } from '../values/nodes.js';
import type { SpecifiedTransform } from '../values/transform.js';
import { computeTransformList, computeTransformOrigin, parseRotateProperty, parseScaleProperty, parseTransformList, parseTransformOrigin, parseTranslateProperty } from '../values/transform.js';
import type { Nodes } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';

const transform = longhand<'transform', readonly SpecifiedTransform[]>({
  name: 'transform',
  key: 'transform',
  inherited: false,
  initial: [],
  parse: (nodes, ctx) => parseTransformList(nodes, (name) => ctx.unsupported(`${name} in \`transform\` (left out)`)) ?? INVALID,
  compute: (value, ctx) => computeTransformList(value, ctx),
});

/**
 * The individual transform properties (CSS Transforms 2 §4: Tailwind CSS 4's `translate-*`,
 * `rotate-*`, `scale-*`): each one function, applied before `transform` in the order translate,
 * rotate, scale (css/compute.ts folds them into the used `transform`).
 */
function individual<K extends 'translate' | 'rotate' | 'scale'>(name: K, parse: (nodes: Nodes) => SpecifiedTransform[] | undefined): PropertyDef {
  return longhand<K, readonly SpecifiedTransform[]>({
    name, key: name, inherited: false, initial: [],
    parse: (nodes) => parse(nodes) ?? INVALID,
    compute: (value, ctx) => computeTransformList(value, ctx),
  });
}

const half = { kind: 'percent', value: 50 } as const;

const transformOrigin = longhand<'transformOrigin', TransformOrigin<SpecifiedLength>>({
  name: 'transform-origin',
  key: 'transformOrigin',
  inherited: false,
  initial: { x: half, y: half, z: 0 },
  parse: (nodes) => parseTransformOrigin(nodes) ?? INVALID,
  compute: (value, ctx) => computeTransformOrigin(value, ctx),
});

/** SVG's boxes stand for the border box on an HTML element (CSS Masking 1 §3.1). */
const SHAPE_BOXES: Readonly<Record<string, ShapeBox>> = {
  'margin-box': 'margin-box', 'border-box': 'border-box', 'padding-box': 'padding-box', 'content-box': 'content-box',
  'fill-box': 'border-box', 'stroke-box': 'border-box', 'view-box': 'border-box',
};

type SpecifiedClip = 'none' | ClipReference | { readonly shape: SpecifiedShape | PathShape | ShapeFunction<SpecifiedLength> | undefined; readonly box: ShapeBox };

/** SVG path data (SVG 2 §9.3): commands and numbers only, starting with a move. */
const PATH_DATA = /^\s*[Mm][\s\d.,eE+\-MmZzLlHhVvCcSsQqTtAa]*$/;

/** `path( [ nonzero | evenodd ] , <string> )`; undefined when the node is no valid path(). */
function parsePathShape(node: Nodes[number] | undefined): PathShape | undefined {
  if (node?.type !== 'Function' || node.name.toLowerCase() !== 'path') return undefined;
  const parts = splitBy(childrenOf(node).filter((child) => child.type !== 'WhiteSpace'), ',');
  const rule = parts.length === 2 && parts[0]!.length === 1 ? identOf(parts[0]![0]) : undefined;
  if (parts.length === 2 && rule !== 'nonzero' && rule !== 'evenodd') return undefined;
  const data = parts.at(-1);
  const d = data?.length === 1 ? stringOf(data[0]) : undefined;
  return d !== undefined && PATH_DATA.test(d) ? { kind: 'path', evenOdd: rule === 'evenodd', d } : undefined;
}

const clipPath = longhand<'clipPath', SpecifiedClip>({
  name: 'clip-path',
  key: 'clipPath',
  inherited: false,
  initial: 'none',
  parse: (nodes, ctx) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'none') return 'none';
    if (nodes.length === 1 && (nodes[0]!.type === 'Url' || (nodes[0]!.type === 'Function' && nodes[0]!.name.toLowerCase() === 'url'))) {
      const reference = urlOf(nodes[0], ctx.baseUrl);
      return reference === undefined ? INVALID : { reference };
    }
    const boxOf = (word: string): ShapeBox | undefined => (Object.hasOwn(SHAPE_BOXES, word) ? SHAPE_BOXES[word] : undefined);
    // path() and shape() draw paths, which only clip-path takes (shape-outside does not)
    const pathOf = (node: Nodes[number]): PathShape | ShapeFunction<SpecifiedLength> | undefined => parsePathShape(node) ?? parseShapeFunction(node);
    const pathAt = nodes.findIndex((node) => pathOf(node) !== undefined);
    if (pathAt >= 0) {
      const rest = nodes.filter((_, i) => i !== pathAt);
      const box = rest.length === 1 ? boxOf(identOf(rest[0]) ?? '') : undefined;
      return rest.length === 0 || box !== undefined ? { shape: pathOf(nodes[pathAt]!)!, box: box ?? 'border-box' } : INVALID;
    }
    const parsed = parseShapeAndBox(nodes, boxOf);
    if (parsed === undefined) return INVALID;
    const { shape, box } = parsed;
    return { shape, box: box ?? 'border-box' };
  },
  compute: (value, ctx): ClipPath => {
    if (value === 'none' || 'reference' in value) return value;
    const shape = value.shape === undefined || value.shape.kind === 'path' ? value.shape
      : value.shape.kind === 'shape' ? computeShapeFunction(value.shape, ctx) : computeBasicShape(value.shape, ctx);
    return { shape, box: value.box };
  },
});

type ClipOffset = SpecifiedLength | 'auto';
type SpecifiedClipRect = 'auto' | readonly [ClipOffset, ClipOffset, ClipOffset, ClipOffset];

/** `clip: auto | rect(<top>, <right>, <bottom>, <left>)`, each a length or `auto`; CSS 2's commaless form too. */
const clip = longhand<'clip', SpecifiedClipRect>({
  name: 'clip',
  key: 'clip',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => {
    const node = nodes[0];
    if (nodes.length !== 1 || node === undefined) return INVALID;
    if (identOf(node) === 'auto') return 'auto';
    if (node.type !== 'Function' || node.name.toLowerCase() !== 'rect') return INVALID;
    const args = childrenOf(node);
    const parts = args.some((arg) => arg.type === 'Operator') ? splitBy(args, ',') : args.map((arg) => [arg]);
    if (parts.length !== 4 || parts.some((part) => part.length !== 1)) return INVALID;
    const offsets = parts.map(([part]): ClipOffset | undefined => (identOf(part) === 'auto' ? 'auto' : parseLength(part, { negative: true })));
    return offsets.every((offset) => offset !== undefined) ? offsets as unknown as SpecifiedClipRect : INVALID;
  },
  compute: (value, ctx): ClipRect => {
    if (value === 'auto') return 'auto';
    const px = (offset: ClipOffset): number | 'auto' => {
      if (offset === 'auto') return 'auto';
      const length = computeLength(offset, ctx);
      return typeof length === 'number' ? length : 0;
    };
    return { top: px(value[0]), right: px(value[1]), bottom: px(value[2]), left: px(value[3]) };
  },
});

const CLIP_MARGIN_BOXES = ['content-box', 'padding-box', 'border-box'] as const;

/** `<visual-box> || <length [0,∞]>`; the box defaults to the padding box. */
const overflowClipMargin = longhand<'overflowClipMargin', { box: OverflowClipMargin['box']; margin: SpecifiedLength }>({
  name: 'overflow-clip-margin',
  key: 'overflowClipMargin',
  inherited: false,
  initial: { box: 'padding-box', margin: 0 },
  parse: (nodes) => {
    let box: OverflowClipMargin['box'] | undefined;
    let margin: SpecifiedLength | undefined;
    if (nodes.length < 1 || nodes.length > 2) return INVALID;
    for (const node of nodes) {
      const word = identOf(node);
      const asBox = CLIP_MARGIN_BOXES.find((b) => b === word);
      if (asBox !== undefined && box === undefined) { box = asBox; continue; }
      const length = margin === undefined ? parseLength(node) : undefined;
      if (length === undefined) return INVALID;
      margin = length;
    }
    return { box: box ?? 'padding-box', margin: margin ?? 0 };
  },
  compute: (value, ctx) => {
    const margin = computeLength(value.margin, ctx);
    return { box: value.box, margin: typeof margin === 'number' ? Math.max(0, margin) : 0 };
  },
});

/**
 * `transform-box` (CSS Transforms 1 §6.2): the box `transform-origin` and percentages in a
 * transform refer to. On an HTML box `content-box` (and `fill-box`, which stands for it) is its
 * content box, the others its border box; in an inline `<svg>`, `fill-box` is the element's
 * bounding box and `view-box` its viewport (paint/svg-render.ts).
 */
const transformBox = keywordProperty({
  name: 'transform-box', key: 'transformBox', inherited: false, initial: 'view-box',
  keywords: ['content-box', 'border-box', 'fill-box', 'stroke-box', 'view-box'],
});

/**
 * `backface-visibility` (CSS Transforms 2 §11): a box whose transform turns its back to the viewer
 * is drawn all the same, as Chromium 156 prints it (its print ignores the property); such a box
 * with `hidden` is warned (boxes/build.ts). On any other box the value changes nothing.
 */
const backfaceVisibility = keywordProperty({
  name: 'backface-visibility', key: 'backfaceVisibility', inherited: false, initial: 'visible', keywords: ['visible', 'hidden'],
});

/**
 * `perspective` (CSS Transforms 2 §10): `none` or a non-negative length. Not drawn: a child's
 * transform is flattened as without it, which prints the same unless that transform takes the
 * child out of the page's plane (boxes/perspective.ts warns there).
 */
const perspective = longhand<'perspective', 'none' | SpecifiedLength>({
  name: 'perspective',
  key: 'perspective',
  inherited: false,
  initial: 'none',
  parse: (nodes) => {
    if (nodes.length !== 1) return INVALID;
    if (identOf(nodes[0]) === 'none') return 'none';
    const length = parseLength(nodes[0]);
    return length === undefined || (typeof length === 'number' && length < 0) ? INVALID : length;
  },
  compute: (value, ctx) => {
    if (value === 'none') return 'none';
    const px = computeLength(value, ctx);
    return typeof px === 'number' ? Math.max(0, px) : 'none';
  },
});

export const TRANSFORM_PROPERTIES: readonly PropertyDef[] = [
  transform, individual('translate', parseTranslateProperty), individual('rotate', parseRotateProperty), individual('scale', parseScaleProperty),
  transformOrigin, transformBox, backfaceVisibility, perspective, clipPath, clip, overflowClipMargin,
];

export const TRANSFORM_ALIASES: Readonly<Record<string, string>> = {
  '-webkit-transform': 'transform',
  '-webkit-transform-origin': 'transform-origin',
  '-webkit-clip-path': 'clip-path',
};
