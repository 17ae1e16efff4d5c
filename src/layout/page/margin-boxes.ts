/**
 * Page-margin boxes (CSS Paged Media 3 §5): `@top-center { content: "Page " counter(page) " of "
 * counter(pages) }` and the 15 others, laid out once every page of the flow is known, so that
 * `counter(pages)` is the page count.
 *
 * Placement (§5.3): the corner boxes fill the corners of the page margin area; the three boxes of
 * each band (top, bottom: left/center/right; left, right: top/middle/bottom) share the band as
 * §5.3.2 resolves their sizes (margin-geometry.ts): the middle box is centred on the page area.
 * Across its band a box fills the margin (minus its own margins) unless it has a fixed size,
 * which sticks to the page area unless auto margins place it. The content (text, images, a
 * running element) is placed by `text-align` and by `vertical-align` (top, middle, bottom;
 * anything else is top), whose §5.3 defaults per box are in the UA stylesheet.
 *
 * Named strings, running elements and document counters come from running.ts.
 *
 * `min-`/`max-width` and `-height` bound both the content-based sizes that §5.3.2 shares out and
 * the size a box gets from its slot. Not done: a box with a fixed size along its band keeps it and
 * its neighbours share the rest (§5.3.2's over-constrained cases are not solved).
 */
import type { BlockBox } from '../../boxes/types.js';
import { ceiledLayoutLength } from '../../css/page.js';
import type { ComputedStyle } from '../../css/types.js';
import { resolveMaxSize, resolveMinSize, resolveSize } from '../box-model.js';
import type { LayoutContext } from '../contract.js';
import type { Fragment, PageLayout } from '../types.js';
import type { Anchor, BandBoxes, Extent, MarginBoxName, Slot } from './margin-geometry.js';
import { BANDS, CORNERS, MARGIN_BOX_ORDER, distributeBand, placeOnAxis } from './margin-geometry.js';
import type { BoxEdges, MarginValues, VerticalPlacement } from './margin-content.js';
import { boxEdges, contentHeight, contentWidths, horizontalEdges, marginBoxFragment, marginBoxTree, verticalEdges } from './margin-content.js';
import { pageContextAt } from './page-context.js';
import { pageCounterValues } from './page-counters.js';
import type { RunningContent } from './running.js';

export type { MarginBoxName } from './margin-geometry.js';

/** A margin box that is generated on a page, before placement. */
interface Generated {
  readonly name: MarginBoxName;
  readonly style: ComputedStyle;
  readonly box: BlockBox;
  readonly edges: BoxEdges;
}

interface PageFrame {
  readonly page: PageLayout;
  readonly boxes: ReadonlyMap<MarginBoxName, Generated>;
  readonly ctx: LayoutContext;
  readonly laid: LaidOutMarginBoxes;
}

/** The pages with their margin boxes (laid out once every page exists, for `counter(pages)`). */
export function withMarginBoxes(pages: readonly PageLayout[], ctx: LayoutContext, running?: readonly RunningContent[]): PageLayout[] {
  const styleOf = ctx.marginBoxStyle;
  if (styleOf === undefined) return [...pages];
  const counters = pageCounterValues(pages.map((page) => page.pageStyle.style));
  const laid = new LaidOutMarginBoxes();
  return pages.map((page, index) => {
    const context = page.context ?? pageContextAt(page.index, page.blank);
    const boxes = generatedBoxes(page, (name) => styleOf(context, name), { counters: counters[index]!, running: running?.[index], counterStyles: ctx.counterStyles });
    if (boxes.size === 0) return page;
    return { ...page, marginBoxes: layoutPageMarginBoxes({ page, boxes, ctx, laid }) };
  });
}

/**
 * The bands and corners of one render's pages laid out so far, by what their layout depends on:
 * the page's size and margins, and each box's name, style and text. A running header or a
 * footer's static text is the same on every page (only a counter's text changes), and was laid
 * out, measured and shaped again for each one (~0.2 ms a page). Only boxes whose content is
 * plain text are kept (no image, running element or vertical flow: those depend on more); the
 * fragments are shared between pages, which nothing changes after layout. One render's: styles
 * are its own objects.
 */
class LaidOutMarginBoxes {
  private readonly styleIds = new Map<ComputedStyle, number>();
  private readonly laid = new Map<string, readonly [MarginBoxName, Fragment][]>();

  /** What `names`' layout on this page depends on, or undefined when it cannot be kept. */
  key(frame: PageFrame, names: readonly MarginBoxName[]): string | undefined {
    const { width, height, margins } = frame.page;
    let key = `${width} ${height} ${margins.top} ${margins.right} ${margins.bottom} ${margins.left}`;
    for (const name of names) {
      const generated = frame.boxes.get(name);
      if (generated === undefined) continue;
      const text = plainText(generated.box);
      if (text === undefined) return undefined;
      let id = this.styleIds.get(generated.style);
      if (id === undefined) {
        id = this.styleIds.size;
        this.styleIds.set(generated.style, id);
      }
      key += `\u0001${name}\u0001${id}\u0001${text}`;
    }
    return key;
  }

  /** The fragments kept under `key`, else `layOut`'s, kept when there is a key. */
  reuse(key: string | undefined, layOut: () => readonly [MarginBoxName, Fragment][]): readonly [MarginBoxName, Fragment][] {
    if (key === undefined) return layOut();
    let fragments = this.laid.get(key);
    if (fragments === undefined) {
      fragments = layOut();
      this.laid.set(key, fragments);
    }
    return fragments;
  }
}

/** The texts of a margin box whose content is text only, in its own style (marginBoxTree), joined; else undefined. */
function plainText(box: BlockBox): string | undefined {
  if (!box.inlineContent) return undefined;
  let text = '';
  for (const child of box.children) {
    if (child.kind !== 'text' || child.style !== box.style || child.listSymbol !== undefined) return undefined;
    text += `\u0000${child.text}`;
  }
  return text;
}

function generatedBoxes(page: PageLayout, styleOf: (name: MarginBoxName) => ComputedStyle | undefined, values: MarginValues): Map<MarginBoxName, Generated> {
  const boxes = new Map<MarginBoxName, Generated>();
  for (const name of MARGIN_BOX_ORDER) {
    const style = styleOf(name);
    if (style === undefined || !Array.isArray(style.content)) continue;
    boxes.set(name, { name, style, box: marginBoxTree(style, style.content, values), edges: boxEdges(style, page.width) });
  }
  return boxes;
}

/** Every generated box of one page, in painting order. */
function layoutPageMarginBoxes(frame: PageFrame): Fragment[] {
  const placed = new Map<MarginBoxName, Fragment>();
  for (const corner of CORNERS) {
    const generated = frame.boxes.get(corner);
    if (generated === undefined) continue;
    const fragments = frame.laid.reuse(frame.laid.key(frame, [corner]), () => [[corner, layoutCorner(generated, frame)]]);
    placed.set(corner, fragments[0]![1]);
  }
  for (const band of BANDS) {
    if (!frame.boxes.has(band.start) && !frame.boxes.has(band.middle) && !frame.boxes.has(band.end)) continue;
    const fragments = frame.laid.reuse(frame.laid.key(frame, [band.start, band.middle, band.end]), () => layoutBand(band, frame));
    for (const [name, fragment] of fragments) placed.set(name, fragment);
  }
  return MARGIN_BOX_ORDER.map((name) => placed.get(name)).filter((f): f is Fragment => f !== undefined);
}

interface BandFrame {
  /** Along the band: its start on the page and its length. */
  readonly along: Slot;
  /** Across the band: the margin it lies in. */
  readonly across: Slot;
  readonly horizontal: boolean;
  /** Across the band, the side of the page area (where an over-constrained box sticks). */
  readonly inner: Anchor;
}

function bandFrame(band: BandBoxes['band'], page: PageLayout): BandFrame {
  const { width, height } = page;
  const margins = marginBoxMargins(page);
  const alongX = { start: margins.left, size: Math.max(0, width - margins.left - margins.right) };
  const alongY = { start: margins.top, size: Math.max(0, height - margins.top - margins.bottom) };
  switch (band) {
    case 'top': return { along: alongX, across: { start: 0, size: margins.top }, horizontal: true, inner: 'end' };
    case 'bottom': return { along: alongX, across: { start: height - margins.bottom, size: margins.bottom }, horizontal: true, inner: 'start' };
    case 'left': return { along: alongY, across: { start: 0, size: margins.left }, horizontal: false, inner: 'end' };
    case 'right': return { along: alongY, across: { start: width - margins.right, size: margins.right }, horizontal: false, inner: 'start' };
  }
}

/**
 * The page margins the margin boxes lie in, as Chromium 156 places them: around both the exact
 * page area and the area in whole pixels the flow is laid out in (driver/document.ts: from the
 * nearest whole pixel, its length rounded up), whichever reaches further on each side. With 20mm
 * side margins on A4 (75.59px) the boxes run from 75.59px to 719px (a right-aligned
 * `@bottom-right` ends at 718.99px in Chromium's PDF), with 25mm (94.49px) from 94px to 699.21px,
 * and a lone `@bottom-center` is centred between them.
 */
function marginBoxMargins(page: PageLayout): { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number } {
  const { width, height, margins } = page;
  const left = Math.min(margins.left, Math.round(margins.left));
  const top = Math.min(margins.top, Math.round(margins.top));
  const right = Math.max(width - margins.right, Math.round(margins.left) + ceiledLayoutLength(width, [margins.left, margins.right]));
  const bottom = Math.max(height - margins.bottom, Math.round(margins.top) + ceiledLayoutLength(height, [margins.top, margins.bottom]));
  return { top, right: Math.max(0, width - right), bottom: Math.max(0, height - bottom), left };
}

/** §5.3.2: sizes along the band, then each box placed in its slot. */
function layoutBand(band: BandBoxes, frame: PageFrame): [MarginBoxName, Fragment][] {
  const geometry = bandFrame(band.band, frame.page);
  const members = ([['start', band.start], ['middle', band.middle], ['end', band.end]] as const)
    .map(([role, name]) => ({ role, generated: frame.boxes.get(name) }));
  if (members.every((m) => m.generated === undefined)) return [];
  // across first: in the side bands a box's height depends on the width it gets
  const across = new Map(members.map(({ role, generated }) => [role, generated === undefined ? undefined : acrossSlot(generated, geometry, frame)]));
  const extents = members.map(({ role, generated }) => (generated === undefined ? undefined : alongExtent(generated, geometry, across.get(role)!, frame)));
  const slots = distributeBand(geometry.along.size, extents[0], extents[1], extents[2]);
  const result: [MarginBoxName, Fragment][] = [];
  for (const { role, generated } of members) {
    if (generated === undefined) continue;
    const slot = slots[role];
    const along = alongSlot(generated, geometry, { start: geometry.along.start + slot.start, size: slot.size }, role === 'start' ? 'start' : role === 'end' ? 'end' : 'center', frame);
    const cross = across.get(role)!;
    const rect = geometry.horizontal
      ? { x: along.start, y: cross.start, width: along.size, height: cross.size }
      : { x: cross.start, y: along.start, width: cross.size, height: along.size };
    result.push([generated.name, marginBoxFragment({ box: generated.box, ...rect, edges: generated.edges, align: verticalPlacement(generated.style) }, frame.ctx)]);
  }
  return result;
}

/** The box across its band: the margin's thickness minus the box's margins, or its fixed size. */
function acrossSlot(generated: Generated, geometry: BandFrame, frame: PageFrame): Slot {
  return placed(generated, geometry.horizontal ? 'height' : 'width', geometry.across, geometry.inner, { margins: frame.page.width, size: geometry.across.size });
}

/** The box along its band: the slot §5.3.2 gave it minus its margins, or its fixed size. */
function alongSlot(generated: Generated, geometry: BandFrame, slot: Slot, anchor: Anchor, frame: PageFrame): Slot {
  return placed(generated, geometry.horizontal ? 'width' : 'height', slot, anchor, { margins: frame.page.width, size: geometry.along.size });
}

/** Bases of percentages: margins (the page width) and sizes (the band's or corner's length on the axis). */
interface Bases {
  readonly margins: number;
  readonly size: number;
}

/** One axis of a box in its slot (placeOnAxis), with its used size. */
function placed(generated: Generated, axis: Axis, slot: Slot, anchor: Anchor, bases: Bases): Slot {
  const style = generated.style;
  const [marginStart, marginEnd] = axis === 'width' ? [style.marginLeft, style.marginRight] : [style.marginTop, style.marginBottom];
  const size = usedSize(generated, axis, slot, fixedMargin(marginStart, bases.margins) + fixedMargin(marginEnd, bases.margins), bases.size);
  return placeOnAxis({ slot, marginStart, marginEnd, size, basis: bases.margins, anchor });
}

/** Outer size along the band: fixed, or from the content (widths in top/bottom bands, heights at the box's width in side bands). */
function alongExtent(generated: Generated, geometry: BandFrame, across: Slot, frame: PageFrame): Extent {
  const { style, edges } = generated;
  const basis = frame.page.width;
  const margins = geometry.horizontal
    ? fixedMargin(style.marginLeft, basis) + fixedMargin(style.marginRight, basis)
    : fixedMargin(style.marginTop, basis) + fixedMargin(style.marginBottom, basis);
  const axis = geometry.horizontal ? 'width' : 'height';
  const fixed = fixedSize(generated, axis, geometry.along.size);
  if (fixed !== undefined) return { min: fixed + margins, max: fixed + margins, fixed: true };
  const bounds = limits(generated, axis, geometry.along.size);
  if (geometry.horizontal) {
    const widths = contentWidths(generated.box, frame.ctx);
    const edge = horizontalEdges(edges);
    return { min: clampTo(widths.min + edge, bounds) + margins, max: clampTo(widths.max + edge, bounds) + margins, fixed: false };
  }
  const height = clampTo(contentHeight(generated.box, across.size - horizontalEdges(edges), frame.ctx) + verticalEdges(edges), bounds) + margins;
  return { min: height, max: height, fixed: false };
}

/** A corner box fills its corner of the page margin area (§5.3.1), its fixed sizes sticking to the page area. */
function layoutCorner(generated: Generated, frame: PageFrame): Fragment {
  const { page } = frame;
  const { style } = generated;
  const margins = marginBoxMargins(page);
  const left = generated.name.includes('left');
  const top = generated.name.startsWith('top');
  const xSlot = left ? { start: 0, size: margins.left } : { start: page.width - margins.right, size: margins.right };
  const ySlot = top ? { start: 0, size: margins.top } : { start: page.height - margins.bottom, size: margins.bottom };
  const x = placed(generated, 'width', xSlot, left ? 'end' : 'start', { margins: page.width, size: xSlot.size });
  const y = placed(generated, 'height', ySlot, top ? 'end' : 'start', { margins: page.width, size: ySlot.size });
  return marginBoxFragment({ box: generated.box, x: x.start, y: y.start, width: x.size, height: y.size, edges: generated.edges, align: verticalPlacement(style) }, frame.ctx);
}

type Axis = 'width' | 'height';

/** The border-box size bounds of `min-`/`max-width` (or height), with `box-sizing`. */
function limits(generated: Generated, axis: Axis, basis: number): { readonly min: number; readonly max: number } {
  const { style, edges } = generated;
  const edge = axis === 'width' ? horizontalEdges(edges) : verticalEdges(edges);
  const toBorderBox = (size: number): number => (style.boxSizing === 'border-box' ? Math.max(size, edge) : size + edge);
  const max = resolveMaxSize(axis === 'width' ? style.maxWidth : style.maxHeight, basis);
  const min = toBorderBox(resolveMinSize(axis === 'width' ? style.minWidth : style.minHeight, basis));
  return { min, max: Math.max(min, max === Infinity ? Infinity : toBorderBox(max)) };
}

function clampTo(value: number, bounds: { readonly min: number; readonly max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, value));
}

/** The border-box size the style fixes (`width` + `box-sizing`, within `min-`/`max-`), if any. */
function fixedSize(generated: Generated, axis: Axis, basis: number): number | undefined {
  const size = resolveSize(axis === 'width' ? generated.style.width : generated.style.height, basis);
  if (size === undefined) return undefined;
  const edge = axis === 'width' ? horizontalEdges(generated.edges) : verticalEdges(generated.edges);
  return clampTo(generated.style.boxSizing === 'border-box' ? Math.max(size, edge) : size + edge, limits(generated, axis, basis));
}

/**
 * The border-box size of a box in a slot: its fixed size, or the slot minus the margins kept
 * within `min-`/`max-` sizes (undefined: it fills the slot).
 */
function usedSize(generated: Generated, axis: Axis, slot: Slot, margins: number, basis: number): number | undefined {
  const fixed = fixedSize(generated, axis, basis);
  if (fixed !== undefined) return fixed;
  const fill = Math.max(0, slot.size - margins);
  const clamped = clampTo(fill, limits(generated, axis, basis));
  return clamped === fill ? undefined : clamped;
}

function fixedMargin(value: ComputedStyle['marginTop'], basis: number): number {
  return value === 'auto' ? 0 : resolveSize(value, basis) ?? 0;
}

function verticalPlacement(style: ComputedStyle): VerticalPlacement {
  const value = style.verticalAlign;
  return value === 'middle' ? 'middle' : value === 'bottom' ? 'bottom' : 'top';
}
