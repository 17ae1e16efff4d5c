/**
 * Painting order (CSS2 Appendix E). A stacking context paints: its own background and border;
 * child contexts with negative z-index; the backgrounds and borders of its in-flow block-level
 * descendants in tree order; floats; inline content in line order (inline boxes' backgrounds,
 * text, images, atomic inlines); positioned descendants with z-index auto/0 in tree order; child
 * contexts with positive z-index. Floats, atomic inlines and positioned boxes paint atomically
 * (as if they made a context), but the positioned boxes and contexts inside them paint in the
 * context around them (paintAtomically). A transform, `clip-path` or `opacity` < 1 wrap the whole context
 * (effects.ts) and make it a context painted with the z-index 0 ones;
 * `overflow: hidden/clip` clips the descendants to the padding box; `visibility: hidden` hides
 * the box's own painting only.
 */
import type { Box, BoxElement } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { Fragment, ImageFragment } from '../layout/types.js';
import { isMarkerLine } from '../layout/fragment.js';
import type { PlacedBox } from './placed.js';
import { isQuarterTurn, paintedBorderBox, snap } from './placed.js';
import { inTreeOrder, treeOrderOf } from './tree-order.js';
import { isTranslation, multiply, type Matrix } from '../geometry/matrix.js';
import type { ImageLookup } from './background.js';
import { backgroundArea, drawsImageSource, hasBackgroundImage, paintBackground } from './background.js';
import { hasVisibleSide, paintBorder } from './border.js';
import { paintBorderImage } from './border-image.js';
import type { ContentPart, DisplayItem } from './display-list.js';
import type { DomElement } from '../dom/types.js';
import { paintImage } from './image.js';
import { altTextItems } from './alt-text.js';
import type { SvgContext } from './svg-render.js';
import { svgContextAt } from './svg-render.js';
import { outerShadowReach, paintInsetShadows, paintOuterShadows } from './shadow.js';
import { paintOutline } from './outline.js';
import { fragmentTransform, hasEffects, withEffects } from './effects.js';
import type { Clip } from './overflow-clip.js';
import { clippedAway, overflowClip, svgDrawsPastBox, visuallyHidden, withinClips, withinEveryClip } from './overflow-clip.js';
import { clippedToRects, paintBorderSegments, paintCollapsedBorders } from './table-borders.js';
import { hasRadii } from '../css/values/radii.js';
import { outerRadii } from './radii.js';
import type { Decoration, DecorationAnchor } from './text.js';
import { anchoredDecorations, decorationOf, paintText, textClipRuns, textInkBounds, lineShiftAt } from './text.js';
import { paintListSymbol } from './list-symbol.js';
import { appendAll } from '../append-all.js';
import { belowLegend, withLegendGap } from './fieldset.js';
import { mayHaveOverflowControls, overflowControlItems } from './scrollbars.js';
import type { WholeBoxes } from './whole-boxes.js';

export interface PaintOptions {
  /** The box whose background went to the canvas (it paints none itself). */
  readonly canvasSource: Box | undefined;
  /** Wrap text and images in begin-tag / end-marked items naming their element (tagged PDF). */
  readonly tagged?: boolean;
  /** Loaded images by URL (background images). */
  readonly lookup?: ImageLookup;
  /** Fonts for SVG images' text. */
  readonly svg?: SvgContext;
  /** The page area, where `background-attachment: fixed` layers are positioned (background.ts). */
  readonly fixedArea?: Rect;
  /** A quarter turn from the frame being painted to the page, where decoration snaps to the page's pixels (placed.ts snappedRect). */
  readonly snapFrame?: Matrix;
  /** The whole boxes sliced fragments are cut from: their image layers, clip paths and masks are laid over them. */
  readonly wholes?: WholeBoxes;
}

/** The element (and part of it) that content painted inside a box belongs to. */
export interface TagTarget {
  readonly element: DomElement;
  readonly part: ContentPart;
}

/**
 * The tag target inside box `f`, given the one around it (anonymous boxes keep their parent's);
 * boxes keep their DOM element for a tagged PDF only, so there is none otherwise. Generated
 * content whose alternative text is empty (`content: "\f00c" / ""`, as icon fonts write their
 * glyphs) is decorative: it has none, and the pdf stage makes it an artifact.
 */
export function tagTargetOf(f: PlacedBox, outer: TagTarget | undefined): TagTarget | undefined {
  const element = f.box.element?.dom;
  if (element === undefined) return outer;
  const pseudo = f.box.pseudo;
  if (pseudo === undefined) return { element, part: 'content' };
  if (pseudo === 'marker') return { element, part: 'marker' };
  const content = f.box.style.content;
  return typeof content !== 'string' && content.alt === '' ? undefined : { element, part: 'generated' };
}

/** Where the decorations of inline box `f`, its top at `y` on the page, are drawn on its line. */
function inlineAnchor(f: PlacedBox, y: number, lineShift: number): DecorationAnchor | undefined {
  const at = f.inlineBaseline;
  return at === undefined ? undefined : { baseline: y + at.offset + lineShift, ascent: at.ascent };
}

/** The decorations of the inline boxes a block was taken out of (boxes/types.ts `decoratedBy`). */
function liftedDecorations(styles: readonly ComputedStyle[]): Decoration[] {
  const out: Decoration[] = [];
  for (const style of styles) {
    const decoration = decorationOf(style);
    if (decoration !== undefined) out.push(decoration);
  }
  return out;
}

/**
 * Tags painted text: glyph runs become content of the target's element; the rest (decoration
 * lines) stays outside, where the pdf stage makes it an artifact.
 */
function tagged(items: readonly DisplayItem[], target: TagTarget | undefined, walk: Walk): readonly DisplayItem[] {
  if (walk.options.tagged !== true || target === undefined) return items;
  const out: DisplayItem[] = [];
  let open = false;
  for (const item of items) {
    const content = item.kind === 'glyphs';
    if (content && !open) out.push({ kind: 'begin-tag', element: target.element, part: target.part });
    if (!content && open) out.push({ kind: 'end-marked' });
    open = content;
    out.push(item);
  }
  if (open) out.push({ kind: 'end-marked' });
  return out;
}

/** Items that paint together, under a chain of ancestor clips (compared by identity). */
interface Entry {
  readonly items: readonly DisplayItem[];
  readonly clips: readonly Clip[];
}

/** A positioned box's or a stacking context's entry, with its place in tree order (treeOrderOf). */
interface OrderedEntry extends Entry {
  readonly order: number;
}

interface Layers {
  readonly negative: { z: number; entry: OrderedEntry }[];
  readonly blocks: Entry[];
  readonly floats: Entry[];
  readonly inlines: Entry[];
  readonly positioned: OrderedEntry[];
  readonly positive: { z: number; entry: OrderedEntry }[];
  /** The tree order of the last positioned box or context met: an anonymous one takes it. */
  lastOrder: number;
  /** How many table cells that make stacking contexts (a rotated header) were put in `positioned`. */
  stackedCells: number;
  /**
   * Outlines: over the context's own content, floats and inline content, under its positioned
   * descendants (Chromium paints a layer's outlines before its positioned child layers; CSS2
   * Appendix E step 10 would put them last, as Firefox does).
   */
  readonly outlines: Entry[];
}

const noImages: ImageLookup = () => undefined;

/** Shadows, background and border of a box whose border box is at (x, y) on the page (nothing when hidden). */
function ownItems(f: PlacedBox, x: number, y: number, options: PaintOptions): DisplayItem[] {
  if (f.style.visibility !== 'visible' || paintsNothingOfItsOwn(f)) return [];
  if (f.legendGap !== undefined) return fieldsetItems(f, x, y, options, f.legendGap);
  return decorationItems(f, x, y, options);
}

/** A fieldset's own items: those of its box below the legend, its border open behind the legend (fieldset.ts). */
function fieldsetItems(f: PlacedBox, x: number, y: number, options: PaintOptions, gap: NonNullable<PlacedBox['legendGap']>): DisplayItem[] {
  const below = belowLegend(f, gap);
  return decorationItems(below, x, y + gap.outset, options, (border) => withLegendGap(border, below, gap, paintedBorderBox(below, x, y + gap.outset, options.snapFrame)));
}

function decorationItems(f: PlacedBox, x: number, y: number, options: PaintOptions, borderShown?: (border: DisplayItem[]) => DisplayItem[]): DisplayItem[] {
  const radii = outerRadii(f);
  const rect = paintedBorderBox(f, x, y, options.snapFrame);
  const area = backgroundArea(f, rect, radii, options.wholes?.areaOf(f, x, y, options.snapFrame));
  const svg = drawsImageSource(f.style) ? svgContextAt(options.svg, f.box.element) : options.svg;
  const painted = f.box === options.canvasSource ? [] : paintBackground(f.style, area, {
    lookup: options.lookup ?? noImages, svg, fixedArea: options.fixedArea, textRuns: f.style.backgroundClip.includes('text') ? textClipRuns(f.children, x, y) : undefined,
  });
  const background = f.backgroundOnlyIn === undefined || painted.length === 0 ? painted : clippedToRects(painted, f.backgroundOnlyIn.map((r) => ({ ...r, x: x + r.x, y: y + r.y })));
  const drawn = paintBorderImage(f.style, rect, f.border, options.lookup ?? noImages, svg) ?? paintBorder({ rect, widths: f.border, style: f.style, radii });
  const border = borderShown === undefined ? drawn : borderShown(drawn);
  // appended to the outer shadows' own fresh list: six spreads into a new one were made per cell of a table
  const items = paintOuterShadows(f, rect, radii);
  appendAll(items, background);
  appendAll(items, paintInsetShadows(f, rect, radii));
  appendAll(items, border);
  appendAll(items, paintBorderSegments(f, x, y, f.columnRules, options.snapFrame));
  // Chromium paints a scroll container's overflow controls with its background, under its content
  if (mayHaveOverflowControls(f)) appendAll(items, overflowControlItems(f, rect, options.snapFrame, (part, px, py) => decorationItems(part, px, py, options)));
  return appendAll(items, altTextItems(f, x, y, options.svg?.text));
}

/**
 * No shadow, background, border, border image, column rule, resize grip or alt text: what most boxes of a
 * document are (a table's cells, paragraphs), told without making each part's empty list.
 */
function paintsNothingOfItsOwn(f: PlacedBox): boolean {
  const style = f.style;
  return style.boxShadow.length === 0 && style.backgroundColor.a <= 0 && !hasBackgroundImage(style) && style.borderImageSource === 'none'
    && !hasVisibleSide(f.border, style) && f.columnRules === undefined && f.box.kind !== 'replaced' && !mayHaveOverflowControls(f);
}

const isPositioned = (style: ComputedStyle): boolean => style.position !== 'static';

function createsStackingContext(f: PlacedBox): boolean {
  return (isPositioned(f.style) && f.style.zIndex !== 'auto') || hasEffects(f);
}

/**
 * Flex and grid items paint as inline blocks do, each whole in (order-modified) document order
 * (CSS Flexbox §5.4, Grid §9.1): a later item's background covers an earlier one's text, as in
 * Chromium — an avatar stack's white rings over the pictures before them.
 */
function paintsItemsAtomically(f: PlacedBox): boolean {
  return f.box.kind === 'flex' || f.box.kind === 'grid';
}

function isAtomicInline(f: PlacedBox): boolean {
  const box = f.box;
  return (box.kind === 'block' || box.kind === 'replaced' || box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table-wrapper' || box.kind === 'math') && box.outer === 'inline';
}

/**
 * Paints a box that makes a stacking context, its border box at (x, y) on the page. Under a
 * transform other than a translation (or a quarter turn: transformedOptions) the box and its
 * content are painted at (x, y) rounded, as Chromium paints them (it drops the fraction of a
 * transformed box's position: a `rotate(10deg)` box at 110.3px is turned from 110px).
 */
export function paintStackingContext(f: PlacedBox, exactX: number, exactY: number, outerOptions: PaintOptions, outer?: TagTarget): DisplayItem[] {
  if (f.style.opacity <= 0) return [];
  const exact = fragmentTransform(f, exactX, exactY);
  const rounds = exact !== undefined && !isTranslation(exact) && !isQuarterTurn(outerOptions.snapFrame === undefined ? exact : multiply(outerOptions.snapFrame, exact));
  const x = rounds ? snap(exactX) : exactX;
  const y = rounds ? snap(exactY) : exactY;
  const transform = rounds ? fragmentTransform(f, x, y) : exact;
  // CSS Transforms 1 §6: in a transformed box and its descendants, `fixed` backgrounds scroll
  const options = transform === undefined ? outerOptions : transformedOptions(outerOptions, transform);
  const layers = newLayers();
  const items = paintContextItems(f, x, y, { options, target: tagTargetOf(f, outer), layers, context: layers, contextClips: [], ownClippedAway: false });
  const isolated = createsStackingContext(f) && f.style.isolation !== 'isolate' ? isolatedIfBlending(items) : items;
  return withEffects(f, x, y, isolated, { lookup: options.lookup ?? noImages, svg: options.svg, whole: options.wholes?.wholeOf(f, x, y) });
}

/**
 * The options inside a transform: no fixed area (CSS Transforms 1 §6), and where a quarter turn (a
 * vertical flow's turned frame) takes the frame to the page, that turn to snap decoration on the
 * page's pixels; in any other transform decoration snaps in the box's own frame, as in Chromium.
 */
function transformedOptions(outer: PaintOptions, transform: Matrix): PaintOptions {
  const frame = outer.snapFrame === undefined ? transform : multiply(outer.snapFrame, transform);
  const snapFrame = isQuarterTurn(frame) ? frame : undefined;
  if (outer.fixedArea === undefined && snapFrame === outer.snapFrame) return outer;
  return { ...outer, fixedArea: undefined, snapFrame };
}

/**
 * Paints a box atomically, as if it made a stacking context — a float, an atomic inline, a
 * positioned box of `z-index: auto` — but, as CSS2 Appendix E says of them, its positioned
 * descendants and the stacking contexts inside it belong to the stacking context around it
 * (`walk.context`): a `z-index: -1` child of a `position: relative` box goes under that box's
 * background, a `z-index: 1` one over the positioned boxes that follow it, as in Chromium.
 */
function paintAtomically(f: PlacedBox, x: number, y: number, walk: Walk): DisplayItem[] {
  return paintContextItems(f, x, y, {
    options: walk.options, target: tagTargetOf(f, walk.target), layers: newLayers(), context: walk.context, contextClips: contextClipsOf(walk), ownClippedAway: ownClippedAway(f, x, y, walk),
  });
}

/** What painting a box's own layers needs: `layers` its own, `context` those of the stacking context its positioned descendants go to, and the clips between them. */
interface ContextPaint {
  readonly options: PaintOptions;
  readonly target: TagTarget | undefined;
  readonly layers: Layers;
  readonly context: Layers;
  readonly contextClips: readonly Clip[];
  /** Whether the box's own background and border lie outside the clips around it (ownClippedAway). */
  readonly ownClippedAway: boolean;
}

function paintContextItems(f: PlacedBox, x: number, y: number, paint: ContextPaint): DisplayItem[] {
  const { layers, options } = paint;
  const clip = overflowClip(f, x, y, options.snapFrame);
  const own = decorationOf(f.style);
  collect(f.children, x, y, {
    clips: clip === undefined ? [] : [clip],
    decorations: own === undefined ? [] : [own],
    layers,
    context: paint.context,
    contextClips: paint.contextClips,
    options,
    target: paint.target,
    lineShift: 0,
    markerStyle: f.box.kind === 'block' ? f.box.marker?.style : undefined,
    itemsAtomic: paintsItemsAtomically(f),
    element: f.box.element,
  });
  layers.outlines.unshift({ items: f.style.outlineStyle === 'none' ? [] : paintOutline(f, paintedBorderBox(f, x, y, options.snapFrame), outerRadii(f)), clips: [] });
  return emit([{ items: paint.ownClippedAway ? [] : ownItems(f, x, y, options), clips: [] }, ...paintingOrder(layers)]);
}

function newLayers(): Layers {
  return { negative: [], blocks: [], floats: [], inlines: [], positioned: [], positive: [], outlines: [], lastOrder: -1, stackedCells: 0 };
}

/**
 * The clips from the walk's stacking context down to where it is: what an entry put in that
 * context is clipped by, and what content painted here is left out against (a carousel's hidden
 * slides, flex items painted whole).
 */
function contextClipsOf(walk: Walk): readonly Clip[] {
  if (walk.contextClips.length === 0) return walk.clips;
  return walk.clips.length === 0 ? walk.contextClips : [...walk.contextClips, ...walk.clips];
}

/**
 * Compositing 1 §3.1: a stacking context is an isolated group, so what blends inside it blends
 * with it alone — the root's too, which the canvas background is not part of, as in Chromium (a
 * `multiply` box over the body's propagated background does not blend with it). Only a context
 * that holds a blended group is drawn as one: a PDF group each would cost every positioned box a form.
 */
export function isolatedIfBlending(items: DisplayItem[]): DisplayItem[] {
  const blends = items.some((item) => item.kind === 'push-opacity' && item.blend !== undefined && item.mask === undefined);
  return blends ? [{ kind: 'push-opacity', opacity: 1, isolated: true }, ...items, { kind: 'pop-opacity' }] : items;
}

/** Paints loose fragments (a page's flow without a root box, margin boxes), in the page's frame, as one context. */
export function paintFragments(fragments: readonly Fragment[], options: PaintOptions): DisplayItem[] {
  const layers = newLayers();
  collect(fragments, 0, 0, { clips: [], decorations: [], layers, context: layers, contextClips: [], options, target: undefined, lineShift: 0, itemsAtomic: false, element: undefined });
  return emit(paintingOrder(layers));
}

/**
 * CSS2 Appendix E: negative z-index, blocks, floats, inline content, positioned, positive z-index;
 * outlines (step 10, or with the content, step 7) between the inline content and the positioned
 * boxes, where Chromium paints them: a ribbon positioned over a frame hides the frame's outline.
 */
function paintingOrder(layers: Layers): Entry[] {
  return [
    ...sortByZ(layers.negative),
    ...layers.blocks,
    ...layers.floats,
    ...layers.inlines,
    ...layers.outlines,
    ...inTreeOrder(layers.positioned),
    ...sortByZ(layers.positive),
  ];
}

function sortByZ(list: readonly { z: number; entry: OrderedEntry }[]): Entry[] {
  // Array.prototype.sort is stable: equal z keeps the order of inTreeOrder
  return [...list].sort((a, b) => a.z - b.z || a.entry.order - b.entry.order).map((e) => e.entry);
}

interface Walk {
  /** The clips since the box whose layers are `layers` (outermost first). */
  readonly clips: readonly Clip[];
  readonly decorations: readonly Decoration[];
  /** The layers of the box being painted: a stacking context, or a box painted as if it were one. */
  readonly layers: Layers;
  /** The layers of the stacking context positioned boxes and stacking contexts go to (`layers` in a stacking context itself; paintAtomically). */
  readonly context: Layers;
  /** The clips from that context to the box whose layers are `layers`. */
  readonly contextClips: readonly Clip[];
  readonly options: PaintOptions;
  /** The element whose content is being painted (tagged PDF). */
  readonly target: TagTarget | undefined;
  /** How far the text of the line being walked moves to stand on Chromium's pixel (text.ts lineShiftAt). */
  readonly lineShift: number;
  /** Style of the outside ::marker of the list item being walked (its line is laid out apart). */
  readonly markerStyle?: ComputedStyle | undefined;
  /** Whether the fragments walked are a flex or grid container's items, each painted as an inline block. */
  readonly itemsAtomic: boolean;
  /** The element of the box whose fragments are walked: an SVG image's warnings point there. */
  readonly element: BoxElement | undefined;
}

/** The line layout adds for an outside marker (layout/marker.ts): text in the marker's style only. */
function isTaggedMarkerLine(line: Extract<Fragment, { kind: 'line' }>, walk: Walk): boolean {
  return walk.target !== undefined && isMarkerLine(line, walk.markerStyle);
}

/**
 * The walk of a line's content: its text's shift, and a marker line's tag part. Most lines change
 * neither (whole-pixel tops, no marker): the walk itself then, not a copy per line.
 */
function lineWalk(line: Extract<Fragment, { kind: 'line' }>, originY: number, lineShift: number, walk: Walk): Walk {
  const marker = isTaggedMarkerLine(line, walk);
  // a block's decorations stay on its line's baseline (CSS Text Decoration 3 §2)
  const decorations = walk.decorations.length === 0 ? walk.decorations : anchoredDecorations(walk.decorations, { baseline: line.baseline + originY + lineShift, ascent: undefined });
  if (!marker && lineShift === walk.lineShift && decorations === walk.decorations) return walk;
  const target = marker ? { ...walk.target!, part: 'marker' as const } : walk.target;
  // field by field, as collectBox makes its walks (a spread took V8's slow generic copy)
  return {
    clips: walk.clips, decorations, layers: walk.layers, context: walk.context, contextClips: walk.contextClips,
    options: walk.options, target, lineShift, markerStyle: walk.markerStyle, itemsAtomic: false, element: walk.element,
  };
}

/** Collects `fragments`, in a frame whose origin is at (originX, originY) on the page (placed.ts). */
function collect(fragments: readonly Fragment[], originX: number, originY: number, walk: Walk): void {
  for (const fragment of fragments) {
    switch (fragment.kind) {
      case 'line': {
        const top = fragment.y + originY;
        collect(fragment.children, fragment.x + originX, top, lineWalk(fragment, originY, lineShiftAt(top), walk));
        break;
      }
      case 'text':
        if (fragment.style.visibility === 'visible') {
          const reach = textReach(fragment, originX, originY, walk);
          if (reach === 'outside') break;
          // white space between inline boxes is not content of anything (it stays an artifact)
          const target = walk.target === undefined || fragment.text.trim() === '' ? undefined : walk.target;
          const painted = fragment.symbol === undefined ? paintText(fragment, originX, originY, walk.decorations, walk.lineShift) : paintListSymbol(fragment, fragment.symbol, originX, originY);
          const items = reach === 'edge' ? withinClips(painted, contextClipsOf(walk)) : painted;
          walk.layers.inlines.push({ items: tagged(items, target, walk), clips: walk.clips });
        }
        break;
      case 'image':
        if (fragment.style.visibility === 'visible' && !imageClippedAway(fragment, originX, originY, walk)) walk.layers.inlines.push({ items: taggedImage(paintImage(fragment, originX, originY, svgContextOf(fragment, walk.options, walk.element), walk.options.snapFrame), walk), clips: walk.clips });
        break;
      case 'box':
        collectBox(fragment, fragment.x + originX, fragment.y + originY, walk);
        break;
    }
  }
}

/**
 * The context an image's SVG is drawn in: the page's, and for an inline `<svg>` with
 * `<foreignObject>`s their blocks, each painted as a stacking context at the origin of the
 * drawing's user space (the drawing places and transforms it).
 */
function svgContextOf(fragment: ImageFragment, options: PaintOptions, element: BoxElement | undefined): SvgContext | undefined {
  const svg = fragment.image.svg === undefined ? options.svg : svgContextAt(options.svg, element);
  const foreign = fragment.foreign;
  if (foreign === undefined) return svg;
  const paintForeign = (number: number): DisplayItem[] => {
    const block = foreign[number];
    return block === undefined ? [] : paintStackingContext(block, 0, 0, options);
  };
  return Object.assign({}, svg, { foreign: paintForeign });
}

/**
 * Where a text fragment lies against the clips it is painted in: wholly outside them (not
 * painted), inside them all, or across an edge (its glyph runs trimmed of the glyphs outside).
 * Told by its faces' boxes, and near an edge by its glyphs' own boxes.
 */
function textReach(fragment: Extract<Fragment, { kind: 'text' }>, originX: number, originY: number, walk: Walk): 'outside' | 'inside' | 'edge' {
  // the visually-hidden pattern (a 1px box that clips: Bootstrap's .visually-hidden, Tailwind's
  // .sr-only) holds text for readers, not for the eye: it stays, to be searched and read aloud
  // (Chromium leaves it out)
  const clips = contextClipsOf(walk);
  if (clips.length === 0 || clips.some(visuallyHidden)) return 'inside';
  const rough = textInkBounds(fragment, originX, originY + walk.lineShift, walk.decorations);
  if (rough === undefined) return 'inside';
  if (clippedAway(rough, clips)) return 'outside';
  if (withinEveryClip(rough, clips)) return 'inside';
  const exact = textInkBounds(fragment, originX, originY + walk.lineShift, walk.decorations, true);
  return exact !== undefined && clippedAway(exact, clips) ? 'outside' : 'edge';
}

/**
 * Whether a raster image lies wholly outside the clips it is painted in (it draws inside its box:
 * image.ts clips what its object-fit puts outside); an SVG may draw past its viewport and is kept.
 */
function imageClippedAway(fragment: Extract<Fragment, { kind: 'image' }>, originX: number, originY: number, walk: Walk): boolean {
  const clips = contextClipsOf(walk);
  if (clips.length === 0 || fragment.image.svg !== undefined) return false;
  return clippedAway({ x: originX + fragment.x, y: originY + fragment.y, width: fragment.width, height: fragment.height }, clips);
}

/**
 * Whether a replaced box (an image, a form control drawn as one) lies wholly outside the clips it
 * is painted in: a carousel's slides past its first. Its ink is its border box unless a shadow,
 * an outline or an effect takes it further.
 */
function replacedClippedAway(f: PlacedBox, x: number, y: number, walk: Walk): boolean {
  const clips = contextClipsOf(walk);
  if (clips.length === 0 || f.box.kind !== 'replaced' || svgDrawsPastBox(f)) return false;
  if (f.style.boxShadow.length > 0 || f.style.outlineStyle !== 'none' || hasEffects(f)) return false;
  return clippedAway({ x, y, width: f.width, height: f.height }, clips);
}

/**
 * Whether a block's own background and border lie wholly outside the clips they are painted in:
 * the cards of a carousel's hidden slides, a list box's option rows. Not written, as Chromium
 * leaves them out (the box's children are still looked at: they may reach into the clip). Its
 * ink is its border box and its outer shadows; a border image (with its outset) keeps it.
 */
function ownClippedAway(f: PlacedBox, x: number, y: number, walk: Walk): boolean {
  const clips = contextClipsOf(walk);
  if (clips.length === 0 || f.box.kind === 'inline' || f.style.borderImageSource !== 'none') return false;
  let reach = 0;
  for (const shadow of f.style.boxShadow) if (!shadow.inset) reach = Math.max(reach, outerShadowReach(shadow));
  return clippedAway({ x: x - reach, y: y - reach, width: f.width + 2 * reach, height: f.height + 2 * reach }, clips);
}

/** Collects box `f`, its border box at (x, y) on the page. */
function collectBox(f: PlacedBox, x: number, y: number, walk: Walk): void {
  const { layers, clips } = walk;
  const style = f.style;
  if (replacedClippedAway(f, x, y, walk)) return;
  // CSS Flexbox §4.3, Grid §9.1: an item's `z-index` makes a stacking context, positioned or not
  const zIndexedItem = walk.itemsAtomic && style.zIndex !== 'auto';
  if (isPositioned(style) || createsStackingContext(f) || zIndexedItem) {
    // its place in the context's list is taken before the boxes inside it take theirs (tree order)
    const context = walk.context;
    context.lastOrder = treeOrderOf(f.box, context.lastOrder);
    const entry: { items: readonly DisplayItem[]; readonly clips: readonly Clip[]; readonly order: number } = { items: [], clips: contextClipsOf(walk), order: context.lastOrder };
    const z = style.zIndex === 'auto' || !(isPositioned(style) || zIndexedItem) ? 0 : style.zIndex;
    if (z < 0) context.negative.push({ z, entry });
    else if (z > 0) context.positive.push({ z, entry });
    else context.positioned.push(entry);
    if (z === 0 && style.display === 'table-cell') context.stackedCells++;
    entry.items = createsStackingContext(f) || zIndexedItem ? paintStackingContext(f, x, y, walk.options, walk.target) : paintAtomically(f, x, y, walk);
    return;
  }
  if (style.float !== 'none') {
    layers.floats.push({ items: paintAtomically(f, x, y, walk), clips });
    return;
  }
  if (isAtomicInline(f) || walk.itemsAtomic) {
    layers.inlines.push({ items: paintAtomically(f, x, y, walk), clips });
    return;
  }
  const own = ownClippedAway(f, x, y, walk) ? [] : ownItems(f, x, y, walk.options);
  const inline = f.box.kind === 'inline';
  if (style.outlineStyle !== 'none') layers.outlines.push({ items: paintOutline(f, paintedBorderBox(f, x, y, walk.options.snapFrame), outerRadii(f)), clips });
  if (own.length > 0) (inline ? layers.inlines : layers.blocks).push({ items: own, clips });
  const clip = overflowClip(f, x, y, walk.options.snapFrame);
  const decoration = decorationOf(style, inlineAnchor(f, y, walk.lineShift));
  const decorations = f.box.decoratedBy === undefined ? walk.decorations : [...walk.decorations, ...liftedDecorations(f.box.decoratedBy)];
  const stackedCells = walk.context.stackedCells;
  // field by field: a spread of the walk per box took V8's slow generic copy
  collect(f.children, x, y, {
    clips: clip === undefined ? clips : [...clips, clip],
    decorations: decoration === undefined ? decorations : [...decorations, decoration],
    layers,
    context: walk.context,
    contextClips: walk.contextClips,
    options: walk.options,
    target: tagTargetOf(f, walk.target),
    lineShift: walk.lineShift,
    markerStyle: f.box.kind === 'block' ? f.box.marker?.style : undefined,
    itemsAtomic: paintsItemsAtomically(f),
    element: f.box.element,
  });
  if (f.collapsedBorders === undefined) return;
  const borders = paintCollapsedBorders(f, x, y, walk.options.snapFrame);
  // over cells that make stacking contexts (a rotated header's background would hide them), as Chromium paints them
  if (walk.context.stackedCells > stackedCells) walk.context.positioned.push({ items: borders, clips: contextClipsOf(walk), order: walk.context.lastOrder });
  else layers.blocks.push({ items: borders, clips });
}

/** An image with its object-fit clip: the whole group is the element's content. */
function taggedImage(items: readonly DisplayItem[], walk: Walk): DisplayItem[] {
  const target = walk.target;
  if (walk.options.tagged !== true || target === undefined || target.part === 'generated') return [...items];
  return [{ kind: 'begin-tag', element: target.element, part: target.part }, ...items, { kind: 'end-marked' }];
}

/** Flattens entries, opening and closing clips only where the clip chain changes. */
function emit(entries: readonly Entry[]): DisplayItem[] {
  const out: DisplayItem[] = [];
  const open: Clip[] = [];
  for (const entry of entries) {
    if (entry.items.length === 0) continue;
    let common = 0;
    while (common < open.length && common < entry.clips.length && open[common] === entry.clips[common]) common++;
    while (open.length > common) {
      open.pop();
      out.push({ kind: 'pop-clip' });
    }
    for (let i = common; i < entry.clips.length; i++) {
      const clip = entry.clips[i]!;
      out.push(hasRadii(clip.radii) ? { kind: 'push-clip', rect: clip.rect, radii: clip.radii } : { kind: 'push-clip', rect: clip.rect });
      open.push(clip);
    }
    appendAll(out, entry.items);
  }
  while (open.length > 0) {
    open.pop();
    out.push({ kind: 'pop-clip' });
  }
  return out;
}
