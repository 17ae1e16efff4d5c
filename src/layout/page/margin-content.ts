/**
 * The content of one page-margin box (CSS Paged Media 3 §5.2, CSS Generated Content 3 §2): its
 * `content` as the inline content of an anonymous block container (text with the page's counters,
 * images), its intrinsic and laid-out sizes, and its fragment once its border box is known.
 */
import type { BlockBox, InlineLevelBox } from '../../boxes/types.js';
import type { ComputedStyle, ContentItem } from '../../css/types.js';
import { contentText, leaderBox } from '../../boxes/generated.js';
import type { CounterStyleSet } from '../../css/types.js';
import { processWhiteSpace } from '../../boxes/whitespace.js';
import type { Sides } from '../../geometry/types.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext } from '../contract.js';
import { usedBorder, usedPadding } from '../box-model.js';
import { contentIntrinsicSizes } from '../intrinsic.js';
import { layoutBox } from '../contract.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import type { PageCounters } from './page-counters.js';
import type { RunningContent } from './running.js';
import { withPageCounters } from './running-counters.js';
import { anonymousStyleOf, withStyle } from '../../css/compute.js';
import { withBoxFields } from '../fragment-records.js';

/** What a page gives its margin boxes' content: its counters, running content, and the document's counter styles. */
export interface MarginValues {
  readonly counters: PageCounters;
  readonly running: RunningContent | undefined;
  readonly counterStyles: CounterStyleSet | undefined;
}

/**
 * The margin box as a block container (§5.2): its `content` as inline content — text runs with
 * the page's counters (`page`, `pages` and any counter of the page context; others are 0),
 * named strings and quotes, and `url()` images and leaders between them — with white space processed (CSS
 * Text 3 §4.1.1); or, when the content shows a running element (`element()`), that element's
 * box. `attr()` has no element to read in a page context and gives nothing.
 */
export function marginBoxTree(style: ComputedStyle, items: readonly ContentItem[], page: MarginValues): BlockBox {
  const { counters, running, counterStyles } = page;
  const documentCounters = running?.counters;
  const values = {
    value: (name: string): number => counters.get(name) ?? last(documentCounters?.get(name)) ?? 0,
    allValues: (name: string): readonly number[] => (counters.has(name) ? [counters.get(name)!] : documentCounters?.get(name) ?? [0]),
  };
  const item = items.find((i): i is Extract<ContentItem, { kind: 'element' }> => i.kind === 'element');
  if (item !== undefined) {
    const box = running?.element(item.name, item.policy);
    return { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: box === undefined ? [] : [withPageCounters(box, { counters: values, refs: { strings: running?.string }, styles: counterStyles })], inlineContent: false };
  }
  const quotes = { depth: 0 };
  const inline: InlineLevelBox[] = [];
  let text: ContentItem[] = [];
  const flush = (): void => {
    const value = contentText(text, { element: undefined, style }, { counters: values, quotes, refs: { strings: running?.string }, counterStyles });
    if (value !== '') inline.push({ kind: 'text', text: value, style, element: undefined, pseudo: undefined });
    text = [];
  };
  for (const part of items) {
    if (part.kind !== 'url' && part.kind !== 'leader') {
      text.push(part);
      continue;
    }
    flush();
    // a leader takes the line's free space, as in the flow (layout/inline/leader.ts): `string(chapter) leader(dotted) counter(page)`
    inline.push(part.kind === 'leader' ? leaderBox(anonymousStyleOf(style, 'inline'), part.pattern, undefined)
      : { kind: 'replaced', outer: 'inline', src: part.url, alt: '', style: anonymousStyleOf(style, 'inline'), element: undefined, pseudo: undefined });
  }
  flush();
  const children = processWhiteSpace(inline);
  if (style.writingMode === 'horizontal-tb') return { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children, inlineContent: true };
  // a vertical margin box (a book's running head on the side): its text is a vertical flow root, centred across the box
  const vertical: BlockBox = {
    kind: 'block', outer: 'block', style: withStyle(anonymousStyleOf(style, 'block'), { marginLeft: 'auto', marginRight: 'auto' }),
    element: undefined, pseudo: undefined, children, inlineContent: true, verticalRoot: style.writingMode,
  };
  return { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: [vertical], inlineContent: false };
}

function last(values: readonly number[] | undefined): number | undefined {
  return values?.[values.length - 1];
}

/** Horizontal and vertical edges (border + padding) of a margin box, px. */
export interface BoxEdges {
  readonly border: Sides;
  readonly padding: Sides;
}

export function boxEdges(style: ComputedStyle, basis: number): BoxEdges {
  return { border: usedBorder(style), padding: usedPadding(style, basis) };
}

export function horizontalEdges(edges: BoxEdges): number {
  return edges.border.left + edges.border.right + edges.padding.left + edges.padding.right;
}

export function verticalEdges(edges: BoxEdges): number {
  return edges.border.top + edges.border.bottom + edges.padding.top + edges.padding.bottom;
}

/** Min-content and max-content widths of the box's content. */
export function contentWidths(box: BlockBox, ctx: LayoutContext): { readonly min: number; readonly max: number } {
  if (box.children.length === 0) return { min: 0, max: 0 };
  const sizes = contentIntrinsicSizes(box, ctx);
  return { min: sizes.minContent, max: sizes.maxContent };
}

/**
 * The box laid out at a border-box width, with its content's own height: its `height` and
 * `min-`/`max-height` are the placement's (margin-boxes.ts), not its content's.
 */
function layoutAtWidth(box: BlockBox, borderBoxWidth: number, mode: 'layout' | 'measure', ctx: LayoutContext): BoxFragment {
  const laid = layoutBox(box, {
    mode, available: borderBoxWidth, containingWidth: borderBoxWidth, containingHeight: undefined, fixedWidth: borderBoxWidth, autoHeight: true,
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('a page-margin box cannot be pushed');
  return laid.fragment;
}

/** Height of the box's content at a content width. */
export function contentHeight(box: BlockBox, width: number, ctx: LayoutContext): number {
  if (box.children.length === 0) return 0;
  const edges = boxEdges(box.style, width);
  const fragment = layoutAtWidth(box, Math.max(0, width) + horizontalEdges(edges), 'measure', ctx);
  return Math.max(0, fragment.height - verticalEdges(edges));
}

export type VerticalPlacement = 'top' | 'middle' | 'bottom';

export interface MarginBoxPlacement {
  readonly box: BlockBox;
  /** The border box on the page. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly edges: BoxEdges;
  /** Where the lines go in the content box (the box's `vertical-align`, §5.3). */
  readonly align: VerticalPlacement;
}

/**
 * The box's fragment: its content laid out at its width and aligned vertically in its content
 * box, fixed `height` or not (§5.3.3); content taller than the box stays at its top (safe
 * alignment, as Chromium 156 prints it).
 */
export function marginBoxFragment(placement: MarginBoxPlacement, ctx: LayoutContext): BoxFragment {
  const { box, edges } = placement;
  const laid = layoutAtWidth(box, placement.width, 'layout', ctx);
  const free = Math.max(0, placement.height - laid.height);
  const shift = placement.align === 'middle' ? free / 2 : placement.align === 'bottom' ? free : 0;
  return withBoxFields(laid, {
    x: placement.x,
    y: placement.y,
    width: placement.width,
    height: placement.height,
    border: edges.border,
    padding: edges.padding,
    children: shift === 0 ? laid.children : laid.children.map((child) => offsetFragment(child, 0, shift)),
  });
}
