/**
 * Outside list markers (CSS Lists 3 §3.1, CSS2 §12.5.1): laid out as a one-line inline
 * formatting context and placed just outside the list item's border box, on the baseline of the
 * item's first line.
 */
import type { BlockBox, InlineFlowBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment, LineFragment, MarkerSymbol } from '../types.js';
import type { LayoutContext } from '../contract.js';
import { layoutInlineContent } from '../inline/index.js';
import type { InlineLine } from '../inline/index.js';
import { inlineEnv } from './inline-env.js';
import { offsetFragment } from '../fragment.js';
import { LineRecord, withBoxFields } from '../fragment-records.js';
import { maxOf, minOf } from '../../append-all.js';

const MARKER_ROOM = 10_000;

/** Where the item's content is, relative to the item's border box. */
export interface MarkerAnchor {
  readonly contentTop: number;
  /** The item's first baseline, if it has a line. */
  readonly firstBaseline: number | undefined;
}

/** The line an outside marker makes; undefined when it has none (an empty string, an image that did not load with `list-style-type: none`). */
export function outsideMarkerLine(marker: BlockBox, ctx: LayoutContext): InlineLine | undefined {
  const content = withLoadedImage(marker, ctx);
  if (!content.inlineContent) return undefined;
  const line = layoutInlineContent(content, MARKER_ROOM, inlineEnv(ctx))[0];
  return line === undefined || line.height === 0 ? undefined : line;
}

/**
 * How far an item's first line goes down for its outside marker: by as much as the marker's line
 * reaches higher above the baseline than the line's own (as Chromium, whose list item grows by
 * that; the marker's part below the baseline may overhang the item).
 */
export function belowMarker(markerAscent: number | undefined, line: Pick<InlineLine, 'baseline'>): number {
  return markerAscent === undefined ? 0 : Math.max(0, markerAscent - line.baseline);
}

export function placeOutsideMarker(item: BoxFragment, line: InlineLine, anchor: MarkerAnchor): BoxFragment {
  const width = lineContentWidth(line.children);
  const baseline = anchor.firstBaseline ?? anchor.contentTop + line.baseline;
  const rtl = item.style.direction === 'rtl';
  // The marker box ends at the item's border edge (its start edge in rtl): outside the principal
  // box (CSS Lists 3 §3.1), as Chromium places it — an item's own padding and border stay between
  // the marker and the text. A symbol's box starts a gap from its size before it
  // (inline/symbol-marker.ts). An image ends at the edge too, as WeasyPrint's tests want (Chromium leaves 7 px).
  const gap = symbolOf(line.children)?.outsideGap ?? width;
  const x = rtl ? item.width + gap - width : -gap;
  // the line box is the content's extent: its content moves by where the content started
  const dx = x - contentLeft(line.children);
  const y = baseline - line.baseline;
  const children = line.children.map((c) => offsetFragment(c, dx - x, 0));
  const placed: LineFragment = new LineRecord({ width, height: line.height, children }, x, y, line.baseline + y);
  return withBoxFields(item, { children: [...item.children, placed] });
}

/** A `list-style-image` marker whose image did not load shows its `list-style-type` instead (CSS Lists 3 §3.1). */
function withLoadedImage(marker: BlockBox, ctx: LayoutContext): BlockBox {
  if (marker.imageFallback === undefined || !marker.inlineContent) return marker;
  const loaded = marker.children.every((child) => child.kind !== 'replaced' || ctx.images.has(child.src));
  return loaded ? marker : { ...marker, children: marker.imageFallback } satisfies InlineFlowBox;
}

function symbolOf(children: readonly Fragment[]): MarkerSymbol | undefined {
  for (const child of children) if (child.kind === 'text' && child.symbol !== undefined) return child.symbol;
  return undefined;
}

function contentLeft(children: readonly Fragment[]): number {
  return children.length > 0 ? minOf(children.map((c) => c.x)) : 0;
}

function lineContentWidth(children: readonly Fragment[]): number {
  if (children.length === 0) return 0;
  const left = minOf(children.map((c) => c.x));
  const right = maxOf(children.map((c) => c.x + c.width));
  return right - left;
}
