/**
 * CSS Backgrounds 3 §3 and CSS Color 4 §4: `color`, `color-scheme` (CSS Color Adjust 1 §2), `opacity`, `background-color`, the layered
 * `background-image`, `-position-x`, `-position-y`, `-size`, `-repeat`, `-origin`, `-clip`, the
 * `background-position` and `background` shorthands, and `background-attachment` (`fixed`: positioned in the page area, on every page;
 * `local` is reported unsupported and drawn as `scroll`).
 */
import type { CssNode } from 'css-tree';
import type { BackgroundAttachment, BackgroundBox, BackgroundClip, BackgroundRepeat, BackgroundSize, CssImage, PositionAxis, RepeatStyle } from '../model/image-types.js';
import { BLACK, TRANSPARENT } from '../model/types.js';
import type { ColorScheme } from '../model/types.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor } from '../values/color.js';
import type { SpecifiedImage } from '../values/image.js';
import { computeImage, parseImage } from '../values/image.js';
import { identOf, isOperator, singleIdent, splitBy } from '../values/nodes.js';
import type { SpecifiedAxis, SpecifiedPosition } from '../values/position.js';
import { TOP_LEFT, computeAxis, computePosition, parsePosition, parsePositionAxis, positionLength } from '../values/position.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { colorProperty, numberProperty } from './common.js';
import type { Nodes, ParseContext, PropertyDef, StyleKey } from './define.js';
import { INVALID, RESET, longhand, shorthand } from './define.js';
import type { ComputeContext } from './define.js';

export type ImageSpec = SpecifiedImage | 'none';
export type SizeSpec = 'cover' | 'contain' | { readonly width: SpecifiedLength | 'auto'; readonly height: SpecifiedLength | 'auto' };

export function parseImageOrNone(node: CssNode | undefined, ctx: ParseContext): ImageSpec | undefined {
  if (identOf(node) === 'none') return 'none';
  return parseImage(node, ctx.baseUrl);
}

const REPEAT_KEYWORDS = new Set(['repeat', 'space', 'round', 'no-repeat']);

/** `<repeat-style>`: one or two nodes; the count used is returned too. */
export function parseRepeat(nodes: Nodes): { value: BackgroundRepeat; used: number } | undefined {
  const first = identOf(nodes[0]);
  if (first === 'repeat-x') return { value: { x: 'repeat', y: 'no-repeat' }, used: 1 };
  if (first === 'repeat-y') return { value: { x: 'no-repeat', y: 'repeat' }, used: 1 };
  if (first === undefined || !REPEAT_KEYWORDS.has(first)) return undefined;
  const second = identOf(nodes[1]);
  if (second !== undefined && REPEAT_KEYWORDS.has(second)) return { value: { x: first as RepeatStyle, y: second as RepeatStyle }, used: 2 };
  return { value: { x: first as RepeatStyle, y: first as RepeatStyle }, used: 1 };
}

function parseSizeComponent(node: CssNode | undefined): SpecifiedLength | 'auto' | undefined {
  if (identOf(node) === 'auto') return 'auto';
  return parseLength(node, { percent: true });
}

/** `<bg-size>`: one or two nodes. */
export function parseSize(nodes: Nodes): { value: SizeSpec; used: number } | undefined {
  const word = identOf(nodes[0]);
  if (word === 'cover' || word === 'contain') return { value: word, used: 1 };
  const width = parseSizeComponent(nodes[0]);
  if (width === undefined) return undefined;
  const height = parseSizeComponent(nodes[1]);
  return height === undefined ? { value: { width, height: 'auto' }, used: 1 } : { value: { width, height }, used: 2 };
}

const BOXES = new Set(['border-box', 'padding-box', 'content-box']);
const ATTACHMENTS = new Set(['scroll', 'fixed', 'local']);

/** A comma-separated list longhand: each layer parsed by `parseLayer`, computed by `computeLayer`. */
export function layered<S, C>(name: string, key: StyleKey, initial: readonly C[], parseLayer: (nodes: Nodes, ctx: ParseContext) => S | undefined, computeLayer: (value: S, ctx: ComputeContext) => C): PropertyDef {
  return longhand<StyleKey, readonly S[]>({
    name,
    key,
    inherited: false,
    initial: initial as never,
    parse: (nodes, ctx) => {
      const layers: S[] = [];
      for (const layer of splitBy(nodes, ',')) {
        const value = layer.length === 0 ? undefined : parseLayer(layer, ctx);
        if (value === undefined) return INVALID;
        layers.push(value);
      }
      return layers;
    },
    compute: (value, ctx) => value.map((layer) => computeLayer(layer, ctx)) as never,
  });
}

export function computeSize(size: SizeSpec, ctx: ComputeContext): BackgroundSize {
  if (typeof size === 'string') return size;
  const one = (v: SpecifiedLength | 'auto'): ReturnType<typeof computeLength> | 'auto' => (v === 'auto' ? 'auto' : computeLength(v, ctx));
  return { width: one(size.width), height: one(size.height) };
}

export const computeImageLayer = (image: ImageSpec, ctx: ComputeContext): CssImage | 'none' => (image === 'none' ? 'none' : computeImage(image, ctx));
export const single = <T>(parse: (nodes: Nodes) => { value: T; used: number } | undefined) => (nodes: Nodes): T | undefined => {
  const result = parse(nodes);
  return result !== undefined && result.used === nodes.length ? result.value : undefined;
};
const oneBox = (nodes: Nodes): BackgroundBox | undefined => {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  return word !== undefined && BOXES.has(word) ? (word as BackgroundBox) : undefined;
};
export const identity = <T>(value: T): T => value;

/** One attachment keyword; `local` (the box's scrolled content, which nothing scrolls in print) is reported. */
function parseAttachment(node: CssNode | undefined, ctx: ParseContext): BackgroundAttachment | undefined {
  const word = identOf(node);
  if (word === undefined || !ATTACHMENTS.has(word)) return undefined;
  if (word === 'local') ctx.unsupported('background-attachment: local');
  return word as BackgroundAttachment;
}

const backgroundImage = layered<ImageSpec, CssImage | 'none'>('background-image', 'backgroundImage', ['none'],
  (nodes, ctx) => (nodes.length === 1 ? parseImageOrNone(nodes[0], ctx) : undefined), computeImageLayer);
/** `0% 0%`, computed: a layer's initial position. */
export const INITIAL_POSITION = computePosition(TOP_LEFT, { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0 });

const backgroundPositionX = layered<SpecifiedAxis, PositionAxis>('background-position-x', 'backgroundPositionX', [INITIAL_POSITION.x],
  (nodes) => parsePositionAxis(nodes, 'x'), computeAxis);
const backgroundPositionY = layered<SpecifiedAxis, PositionAxis>('background-position-y', 'backgroundPositionY', [INITIAL_POSITION.y],
  (nodes) => parsePositionAxis(nodes, 'y'), computeAxis);

/** The layers' positions as the two axis longhands (CSS Backgrounds 4 §2.3: a shorthand there). */
function positionAxes(positions: readonly SpecifiedPosition[]): [string, readonly SpecifiedAxis[]][] {
  return [['background-position-x', positions.map((p) => p.x)], ['background-position-y', positions.map((p) => p.y)]];
}

const backgroundPosition = shorthand('background-position', ['background-position-x', 'background-position-y'], (nodes) => {
  const positions: SpecifiedPosition[] = [];
  for (const layer of splitBy(nodes, ',')) {
    const position = layer.length === 0 ? undefined : parsePosition(layer);
    if (position === undefined) return INVALID;
    positions.push(position);
  }
  return new Map(positionAxes(positions));
});
const backgroundSize = layered<SizeSpec, BackgroundSize>('background-size', 'backgroundSize', [{ width: 'auto', height: 'auto' }], single(parseSize), computeSize);
const backgroundRepeat = layered<BackgroundRepeat, BackgroundRepeat>('background-repeat', 'backgroundRepeat', [{ x: 'repeat', y: 'repeat' }], single(parseRepeat), identity);
const backgroundOrigin = layered<BackgroundBox, BackgroundBox>('background-origin', 'backgroundOrigin', ['padding-box'], oneBox, identity);
const backgroundClip = layered<BackgroundClip, BackgroundClip>('background-clip', 'backgroundClip', ['border-box'], (nodes) => (singleIdent(nodes) === 'text' ? 'text' : oneBox(nodes)), identity);
const backgroundAttachment = layered<BackgroundAttachment, BackgroundAttachment>('background-attachment', 'backgroundAttachment', ['scroll'],
  (nodes, ctx) => (nodes.length === 1 ? parseAttachment(nodes[0], ctx) : undefined), identity);

export interface LayerParts {
  image?: ImageSpec;
  position?: SpecifiedPosition;
  size?: SizeSpec;
  repeat?: BackgroundRepeat;
  /** The first sets the origin, the second (or the first alone) the clip. */
  boxes: string[];
  attachment?: BackgroundAttachment;
  color?: SpecifiedColor;
  /** The grammar's own keyword components, by longhand name. */
  words: Map<string, string>;
}

/** What a layer of a layered shorthand holds beyond its image, position / size and repeat. */
export interface LayerGrammar {
  /** `<box>` keywords: one sets the origin and the clip, two the origin then the clip. */
  readonly boxes: ReadonlySet<string>;
  /** Keywords only the clip takes (`no-clip`). */
  readonly clipOnly?: ReadonlySet<string>;
  /** Single-keyword components: longhand name → its keywords (`mask-composite`, `mask-mode`). */
  readonly keywords?: ReadonlyMap<string, ReadonlySet<string>>;
  /** `background-attachment` words and, in the final layer, a colour (the background's own). */
  readonly background?: boolean;
}

/** `text` clips to the layer's glyphs (CSS Backgrounds 4 §2.4): a clip, never an origin. */
const BACKGROUND_GRAMMAR: LayerGrammar = { boxes: BOXES, clipOnly: new Set(['text']), background: true };

/** One `<bg-layer>` / `<final-bg-layer>` of a shorthand (or a `<mask-layer>`), components in any order (§3.10). */
export function parseLayer(layer: Nodes, final: boolean, ctx: ParseContext, grammar: LayerGrammar = BACKGROUND_GRAMMAR): LayerParts | undefined {
  const parts: LayerParts = { boxes: [], words: new Map() };
  let at = 0;
  while (at < layer.length) {
    const rest = layer.slice(at);
    const node = rest[0]!;
    const word = identOf(node);
    if (parts.image === undefined && (word === 'none' || parseImage(node, ctx.baseUrl) !== undefined)) {
      parts.image = parseImageOrNone(node, ctx);
      at++;
      continue;
    }
    const positionNodes = parts.position === undefined ? positionLength(rest) : 0;
    if (positionNodes > 0) {
      parts.position = parsePosition(rest.slice(0, positionNodes));
      at += positionNodes;
      if (isOperator(layer[at], '/')) {
        const size = parseSize(layer.slice(at + 1));
        if (size === undefined) return undefined;
        parts.size = size.value;
        at += 1 + size.used;
      }
      continue;
    }
    const repeat = parts.repeat === undefined ? parseRepeat(rest) : undefined;
    if (repeat !== undefined) {
      parts.repeat = repeat.value;
      at += repeat.used;
      continue;
    }
    if (word !== undefined && (grammar.boxes.has(word) || grammar.clipOnly?.has(word) === true) && parts.boxes.length < 2) {
      parts.boxes.push(word);
      at++;
      continue;
    }
    const keyword = word === undefined ? undefined : [...(grammar.keywords ?? [])].find(([name, words]) => words.has(word) && !parts.words.has(name));
    if (keyword !== undefined) {
      parts.words.set(keyword[0], word!);
      at++;
      continue;
    }
    const attachment = grammar.background === true && parts.attachment === undefined ? parseAttachment(node, ctx) : undefined;
    if (attachment !== undefined) {
      parts.attachment = attachment;
      at++;
      continue;
    }
    const color = grammar.background === true && final && parts.color === undefined ? parseColor(node) : undefined;
    if (color === undefined) return undefined;
    parts.color = color;
    at++;
  }
  return parts;
}

/** `background` (CSS Backgrounds 3 §3.10): every layer longhand, the final layer may carry a colour. */
const background = shorthand('background', ['background-color', 'background-image', 'background-position-x', 'background-position-y', 'background-size', 'background-repeat', 'background-origin', 'background-clip', 'background-attachment'], (nodes, ctx) => {
  const layers = splitBy(nodes, ',');
  const parsed: LayerParts[] = [];
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i]!;
    const parts = layer.length === 0 ? undefined : parseLayer(layer, i === layers.length - 1, ctx);
    // a clip-only box (`text`) first of two would be an origin
    if (parts === undefined || (parts.boxes.length === 2 && !BOXES.has(parts.boxes[0]!))) return INVALID;
    parsed.push(parts);
  }
  const color = parsed[parsed.length - 1]!.color;
  return new Map<string, unknown>([
    ['background-color', color ?? RESET],
    ['background-image', parsed.map((p) => p.image ?? 'none')],
    ...positionAxes(parsed.map((p) => p.position ?? TOP_LEFT)),
    ['background-size', parsed.map((p) => p.size ?? { width: 'auto', height: 'auto' })],
    ['background-repeat', parsed.map((p) => p.repeat ?? { x: 'repeat', y: 'repeat' })],
    // one box sets both origin and clip (`text` the clip only); two set origin then clip
    ['background-origin', parsed.map((p) => (p.boxes[0] !== undefined && BOXES.has(p.boxes[0]) ? p.boxes[0] : 'padding-box'))],
    ['background-clip', parsed.map((p) => p.boxes[1] ?? p.boxes[0] ?? 'border-box')],
    ['background-attachment', parsed.map((p) => p.attachment ?? 'scroll')],
  ]);
});

/**
 * `color-scheme: normal | [light | dark | <custom-ident>]+ && only?` (CSS Color Adjust 1 §2.1),
 * computed to the used scheme: the page prefers light, as Chromium's print does, so `dark` is used
 * only when `light` is not offered.
 */
const colorScheme = longhand<'colorScheme', ColorScheme>({
  name: 'color-scheme',
  key: 'colorScheme',
  inherited: true,
  initial: 'light',
  parse: (nodes) => {
    const words = nodes.map(identOf);
    if (words.length === 0 || words.some((word) => word === undefined)) return INVALID;
    if (words.length === 1 && words[0] === 'normal') return 'light';
    const schemes = words.filter((word) => word !== 'only');
    if (schemes.length === 0 || schemes.length < words.length - 1 || schemes.includes('normal')) return INVALID;
    return schemes.includes('dark') && !schemes.includes('light') ? 'dark' : 'light';
  },
  compute: (value) => value,
});

export const BACKGROUND_PROPERTIES: readonly PropertyDef[] = [
  colorScheme,
  colorProperty('color', 'color', BLACK, true),
  numberProperty('opacity', 'opacity', 1, false, { clampMin: 0, clampMax: 1 }),
  colorProperty('background-color', 'backgroundColor', TRANSPARENT, false),
  backgroundImage,
  backgroundPositionX,
  backgroundPositionY,
  backgroundPosition,
  backgroundSize,
  backgroundRepeat,
  backgroundOrigin,
  backgroundClip,
  backgroundAttachment,
  background,
];
