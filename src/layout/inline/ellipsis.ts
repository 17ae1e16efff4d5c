/**
 * `text-overflow` (CSS Overflow 3 §5.1): a line of a block container that clips its inline
 * overflow, and whose content goes past the line box's end edge, hides what does not fit — whole
 * characters (glyph clusters) and atomic inlines; inline boxes are cut with their content — and
 * shows the ellipsis (or the given string) right after what remains, so that both fit. Whether a
 * line overflows is the line breaker's measure (index.ts: its content without hanging spaces).
 */
import type { ComputedStyle, TextOverflowEnd } from '../../css/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { TextSystem } from '../../text/types.js';
import { offsetFragment } from '../fragment.js';
import type { Fragment, LineFragment, PlacedRun, TextFragment } from '../types.js';
import { marksWithin } from './emphasis-marks.js';
import { TextRecord, withTextFields } from '../fragment-records.js';
import { appendAll, fromCodePoints } from '../../append-all.js';

/** The `text-overflow` value for the end of a line of `style`'s block: its only value, or the one for that side. */
export function textOverflowAtEnd(style: ComputedStyle, rtl: boolean): TextOverflowEnd {
  if (style.overflowX === 'visible') return 'clip';
  const values = style.textOverflow;
  return values.length === 1 ? values[0]! : values[rtl ? 0 : 1]!;
}

/** Where a line's content must end: its width, and which side it ends on. */
export interface LineEdge {
  readonly width: number;
  readonly rtl: boolean;
}

/** A line's content: its children relative to its top-left corner, its baseline below that corner. */
export interface LineContent {
  readonly children: readonly Fragment[];
  readonly baseline: number;
}

/**
 * A placed line whose content overflows `width`, with what goes past replaced by the marker (a
 * `block-ellipsis` of a clamped block's last line). Its baseline is in its parent's frame.
 */
export function ellipsizedLine(line: LineFragment, edge: LineEdge, end: Exclude<TextOverflowEnd, 'clip'>, style: ComputedStyle, text: TextSystem): LineFragment {
  return { ...line, children: ellipsizedContent({ children: line.children, baseline: line.baseline - line.y }, edge, end, style, text) };
}

/**
 * A line's content that overflows `width`, with what goes past replaced by the marker.
 * Left-to-right lines end on the right, right-to-left ones on the left (x below 0 there).
 */
export function ellipsizedContent(line: LineContent, edge: LineEdge, end: Exclude<TextOverflowEnd, 'clip'>, style: ComputedStyle, text: TextSystem): Fragment[] {
  const { width, rtl } = edge;
  const marker = markerFragment(end === 'ellipsis' ? '\u2026' : end.string, style, line.baseline, text);
  // the kept content must end where the marker still fits: x <= limit (ltr) or x >= limit (rtl)
  const limit = rtl ? marker.width : width - marker.width;
  const kept = keepBefore(line.children, limit, rtl);
  const contentEnd = reach(kept, rtl) ?? (rtl ? width : 0);
  const x = rtl ? contentEnd - marker.width : contentEnd;
  kept.push(offsetFragment(marker, x, 0));
  return kept;
}

/** Where the kept fragments end (spaces included: the marker follows them), or undefined when nothing is kept. */
function reach(children: readonly Fragment[], rtl: boolean): number | undefined {
  let edge: number | undefined;
  for (const child of children) {
    if (child.kind === 'line') continue;
    const value = rtl ? child.x : child.x + child.width;
    edge = edge === undefined ? value : rtl ? Math.min(edge, value) : Math.max(edge, value);
  }
  return edge;
}

/** The fragments, cut to what lies entirely before `limit`. */
function keepBefore(children: readonly Fragment[], limit: number, rtl: boolean): Fragment[] {
  const fits = (from: number, to: number): boolean => (rtl ? from >= limit - 0.01 : to <= limit + 0.01);
  const kept: Fragment[] = [];
  for (const child of children) {
    if (child.kind === 'line') continue;
    if (fits(child.x, child.x + child.width)) { kept.push(child); continue; }
    if (child.kind === 'text') {
      const cut = textBefore(child, fits);
      if (cut !== undefined) kept.push(cut);
    } else if (child.kind === 'box' && child.box.kind === 'inline') {
      // an inline box crossing the limit keeps its start and the content that fits (its children are relative to it)
      const inner = keepBefore(child.children, limit - child.x, rtl);
      const startEdge = rtl ? child.x + child.width : child.x;
      if (inner.length === 0 && !fits(startEdge, startEdge)) continue;
      // the cut box ends where its kept content (or its start edge) does: the marker follows it
      const startEdges = rtl ? child.border.right + child.padding.right : child.border.left + child.padding.left;
      const innerReach = reach(inner, rtl);
      const x = rtl ? child.x + Math.min(innerReach ?? child.width, child.width - startEdges) : child.x;
      const right = rtl ? child.x + child.width : child.x + Math.max(innerReach ?? 0, startEdges);
      kept.push({
        ...child, x, width: Math.max(0, right - x), children: x === child.x ? inner : inner.map((f) => offsetFragment(f, child.x - x, 0)),
        continuedAfter: true, inlineEdges: rtl ? { left: false, right: child.inlineEdges?.right ?? true } : { left: child.inlineEdges?.left ?? true, right: false },
      });
    }
    // an atomic inline or image that does not fit entirely is hidden
  }
  return kept;
}

/**
 * A text fragment without the glyph clusters that do not fit (undefined when none does). A cut
 * falls only between two glyphs that both stand for characters: never inside a ligature or
 * between a base and its marks.
 */
function textBefore(fragment: TextFragment, fits: (from: number, to: number) => boolean): TextFragment | undefined {
  const runs: PlacedRun[] = [];
  let from = Infinity;
  let to = -Infinity;
  const codePoints: number[] = [];
  for (const placed of fragment.runs) {
    const { glyphs } = placed.run;
    // glyph positions, then clusters: a glyph without characters belongs with its neighbours
    const xs: number[] = [];
    let x = placed.x;
    for (const advance of placed.advances) { xs.push(x); x += advance; }
    const keep: boolean[] = glyphs.map((_, i) => fits(xs[i]!, xs[i]! + placed.advances[i]!));
    for (let i = 0; i < glyphs.length; i++) {
      if (glyphs[i]!.codePoints.length > 0) continue;
      // a cluster is kept only whole
      let a = i;
      while (a > 0 && glyphs[a]!.codePoints.length === 0) a--;
      let b = i;
      while (b + 1 < glyphs.length && glyphs[b + 1]!.codePoints.length === 0) b++;
      const whole = keep.slice(a, b + 1).every(Boolean);
      for (let k = a; k <= b; k++) keep[k] = whole;
      i = b;
    }
    const first = keep.indexOf(true);
    if (first < 0) continue;
    const last = keep.lastIndexOf(true);
    const kept = glyphs.slice(first, last + 1);
    const advances = placed.advances.slice(first, last + 1);
    const width = advances.reduce((sum, a) => sum + a, 0);
    const runX = xs[first]!;
    runs.push({ run: { ...placed.run, glyphs: kept, width, text: kept.map((g) => fromCodePoints(g.codePoints)).join('') }, x: runX, advances });
    from = Math.min(from, runX);
    to = Math.max(to, runX + width);
    for (const glyph of kept) appendAll(codePoints, glyph.codePoints);
  }
  if (runs.length === 0) return undefined;
  return withTextFields(fragment, { x: from, width: to - from, runs, text: fromCodePoints(codePoints), emphasis: marksWithin(fragment.emphasis, fragment.x, from, to) });
}

/** The marker as a text fragment at x 0 on the line's baseline, in the block's own font and colour. */
function markerFragment(marker: string, style: ComputedStyle, baseline: number, text: TextSystem): TextFragment {
  const request = fontRequestFromStyle(style);
  const shaped = text.shape(marker, request);
  const metrics = text.metrics(request);
  const runs: PlacedRun[] = [];
  let x = 0;
  for (const run of shaped.runs) {
    const advances = run.glyphs.map((glyph) => glyph.advance + style.letterSpacing);
    runs.push({ run, x, advances });
    x += advances.reduce((sum, a) => sum + a, 0);
  }
  return new TextRecord({ style, width: x, runs, text: marker, symbol: undefined }, 0, baseline - metrics.ascent, metrics.ascent + metrics.descent, baseline);
}
