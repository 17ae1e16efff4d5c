/**
 * Page-margin boxes (CSS Paged Media 3 §5): `@top-center { content: "Page " counter(page) " of "
 * counter(pages) }` and the 15 others, laid out once every page of the flow is known, so that
 * `counter(pages)` is the page count.
 *
 * Placement (§5.3): the corner boxes fill the corners of the page margin area; the three boxes of
 * each band (top, bottom: left/center/right; left, right: top/middle/bottom) share the band as
 * §5.3.2 resolves their sizes (margin-geometry.ts): the middle box is centred on the page area.
 * Across its band a box fills the margin (minus its own margins) unless it has a fixed size,
 * which sticks to the page area unless auto margins place it. The content is one run of text
 * placed by `text-align` and by `vertical-align` (top, middle, bottom; anything else is top).
 * The UA defaults of those two per box (§5.3 table) come from the css stage's margin-box style.
 *
 * Named strings, running elements and document counters come from running.ts.
 *
 * Not done: `min-`/`max-width` and `-height` of margin boxes, images in `content` (reported); a box with a fixed size along its
 * band keeps it and its neighbours share the rest (§5.3.2's over-constrained cases are not solved).
 */
import type { BlockBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { resolveSize } from '../box-model.js';
import type { LayoutContext } from '../context.js';
import type { Fragment, PageLayout } from '../types.js';
import type { Anchor, BandBoxes, Extent, MarginBoxName, Slot } from './margin-geometry.js';
import { BANDS, CORNERS, MARGIN_BOX_ORDER, distributeBand, placeOnAxis } from './margin-geometry.js';
import type { BoxEdges, ContentSink, VerticalPlacement } from './margin-content.js';
import { boxEdges, contentHeight, contentWidths, horizontalEdges, marginBoxFragment, marginBoxText, marginBoxTree, verticalEdges } from './margin-content.js';
import type { PageCounters } from './page-counters.js';
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
}

/** The pages with their margin boxes (laid out once every page exists, for `counter(pages)`). */
export function withMarginBoxes(pages: readonly PageLayout[], ctx: LayoutContext, running?: readonly RunningContent[]): PageLayout[] {
  const styleOf = ctx.marginBoxStyle;
  if (styleOf === undefined) return [...pages];
  const counters = pageCounterValues(pages.map((page) => page.pageStyle.style));
  // Diagnostics keep one warning per distinct message, so each unsupported feature is reported once.
  const sink: ContentSink = { unsupported: (feature) => ctx.diagnostics.warn('css_unsupported', `${feature} are not supported yet`) };
  return pages.map((page, index) => {
    const context = page.context ?? pageContextAt(page.index, page.blank);
    const boxes = generatedBoxes(page, (name) => styleOf(context, name), { counters: counters[index]!, running: running?.[index] }, sink);
    if (boxes.size === 0) return page;
    return { ...page, marginBoxes: layoutPageMarginBoxes({ page, boxes, ctx }) };
  });
}

interface PageValues {
  readonly counters: PageCounters;
  readonly running: RunningContent | undefined;
}

function generatedBoxes(page: PageLayout, styleOf: (name: MarginBoxName) => ComputedStyle | undefined, values: PageValues, sink: ContentSink): Map<MarginBoxName, Generated> {
  const boxes = new Map<MarginBoxName, Generated>();
  for (const name of MARGIN_BOX_ORDER) {
    const style = styleOf(name);
    if (style === undefined || !Array.isArray(style.content)) continue;
    const text = marginBoxText(style.content, style, values.counters, values.running, sink);
    boxes.set(name, { name, style, box: marginBoxTree(style, style.content, text, values.running), edges: boxEdges(style, page.width) });
  }
  return boxes;
}

/** Every generated box of one page, in painting order. */
function layoutPageMarginBoxes(frame: PageFrame): Fragment[] {
  const placed = new Map<MarginBoxName, Fragment>();
  for (const corner of CORNERS) {
    const generated = frame.boxes.get(corner);
    if (generated !== undefined) placed.set(corner, layoutCorner(generated, frame));
  }
  for (const band of BANDS) {
    for (const [name, fragment] of layoutBand(band, frame)) placed.set(name, fragment);
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
  const { width, height, margins } = page;
  const alongX = { start: margins.left, size: Math.max(0, width - margins.left - margins.right) };
  const alongY = { start: margins.top, size: Math.max(0, height - margins.top - margins.bottom) };
  switch (band) {
    case 'top': return { along: alongX, across: { start: 0, size: margins.top }, horizontal: true, inner: 'end' };
    case 'bottom': return { along: alongX, across: { start: height - margins.bottom, size: margins.bottom }, horizontal: true, inner: 'start' };
    case 'left': return { along: alongY, across: { start: 0, size: margins.left }, horizontal: false, inner: 'end' };
    case 'right': return { along: alongY, across: { start: width - margins.right, size: margins.right }, horizontal: false, inner: 'start' };
  }
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
  const style = generated.style;
  return geometry.horizontal
    ? placeOnAxis({ slot: geometry.across, marginStart: style.marginTop, marginEnd: style.marginBottom, size: fixedHeight(generated, geometry.across.size), basis: frame.page.width, anchor: geometry.inner })
    : placeOnAxis({ slot: geometry.across, marginStart: style.marginLeft, marginEnd: style.marginRight, size: fixedWidth(generated, geometry.across.size), basis: frame.page.width, anchor: geometry.inner });
}

/** The box along its band: the slot §5.3.2 gave it minus its margins, or its fixed size. */
function alongSlot(generated: Generated, geometry: BandFrame, slot: Slot, anchor: Anchor, frame: PageFrame): Slot {
  const style = generated.style;
  return geometry.horizontal
    ? placeOnAxis({ slot, marginStart: style.marginLeft, marginEnd: style.marginRight, size: fixedWidth(generated, geometry.along.size), basis: frame.page.width, anchor })
    : placeOnAxis({ slot, marginStart: style.marginTop, marginEnd: style.marginBottom, size: fixedHeight(generated, geometry.along.size), basis: frame.page.width, anchor });
}

/** Outer size along the band: fixed, or from the content (widths in top/bottom bands, heights at the box's width in side bands). */
function alongExtent(generated: Generated, geometry: BandFrame, across: Slot, frame: PageFrame): Extent {
  const { style, edges } = generated;
  const basis = frame.page.width;
  const margins = geometry.horizontal
    ? fixedMargin(style.marginLeft, basis) + fixedMargin(style.marginRight, basis)
    : fixedMargin(style.marginTop, basis) + fixedMargin(style.marginBottom, basis);
  const fixed = geometry.horizontal ? fixedWidth(generated, geometry.along.size) : fixedHeight(generated, geometry.along.size);
  if (fixed !== undefined) return { min: fixed + margins, max: fixed + margins, fixed: true };
  if (geometry.horizontal) {
    const widths = contentWidths(generated.box, frame.ctx);
    const edge = horizontalEdges(edges) + margins;
    return { min: widths.min + edge, max: widths.max + edge, fixed: false };
  }
  const height = contentHeight(generated.box, across.size - horizontalEdges(edges), frame.ctx) + verticalEdges(edges) + margins;
  return { min: height, max: height, fixed: false };
}

/** A corner box fills its corner of the page margin area (§5.3.1), its fixed sizes sticking to the page area. */
function layoutCorner(generated: Generated, frame: PageFrame): Fragment {
  const { page } = frame;
  const { style } = generated;
  const left = generated.name.includes('left');
  const top = generated.name.startsWith('top');
  const xSlot = left ? { start: 0, size: page.margins.left } : { start: page.width - page.margins.right, size: page.margins.right };
  const ySlot = top ? { start: 0, size: page.margins.top } : { start: page.height - page.margins.bottom, size: page.margins.bottom };
  const x = placeOnAxis({ slot: xSlot, marginStart: style.marginLeft, marginEnd: style.marginRight, size: fixedWidth(generated, xSlot.size), basis: page.width, anchor: left ? 'end' : 'start' });
  const y = placeOnAxis({ slot: ySlot, marginStart: style.marginTop, marginEnd: style.marginBottom, size: fixedHeight(generated, ySlot.size), basis: page.width, anchor: top ? 'end' : 'start' });
  return marginBoxFragment({ box: generated.box, x: x.start, y: y.start, width: x.size, height: y.size, edges: generated.edges, align: verticalPlacement(style) }, frame.ctx);
}

/** The border-box width the style fixes (`width` + `box-sizing`), if any. */
function fixedWidth(generated: Generated, basis: number): number | undefined {
  const size = resolveSize(generated.style.width, basis);
  if (size === undefined) return undefined;
  return generated.style.boxSizing === 'border-box' ? Math.max(size, horizontalEdges(generated.edges)) : size + horizontalEdges(generated.edges);
}

function fixedHeight(generated: Generated, basis: number): number | undefined {
  const size = resolveSize(generated.style.height, basis);
  if (size === undefined) return undefined;
  return generated.style.boxSizing === 'border-box' ? Math.max(size, verticalEdges(generated.edges)) : size + verticalEdges(generated.edges);
}

function fixedMargin(value: ComputedStyle['marginTop'], basis: number): number {
  return value === 'auto' ? 0 : resolveSize(value, basis) ?? 0;
}

function verticalPlacement(style: ComputedStyle): VerticalPlacement {
  const value = style.verticalAlign;
  return value === 'middle' ? 'middle' : value === 'bottom' ? 'bottom' : 'top';
}
