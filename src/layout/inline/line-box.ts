/**
 * Builds one line box from the pieces of a line (CSS Inline 3 §2, CSS Text 3 §6-7): trims the
 * spaces at its end, aligns and justifies it (start and end follow the paragraph direction),
 * lays it out horizontally in visual order (horizontal.ts), and places everything vertically.
 * The result is relative to the line's own top-left corner; its fragment is made where it is placed.
 */
import type { InlineBox } from '../../boxes/types.js';
import type { ComputedStyle, TextAlign } from '../../css/types.js';
import type { FontRequest, TextSystem } from '../../text/types.js';
import type { BoxFragment, Fragment, LineFragment, TextFragment } from '../types.js';
import { usedBorder, usedPadding } from '../box-model.js';
import { offsetFragment, relativeTo } from '../fragment.js';
import { LineRecord, TextRecord, boxFragment } from '../fragment-records.js';
import { relativeOffset } from '../box-model.js';
import type { Piece } from './pieces.js';
import type { Node } from './horizontal.js';
import { placeHorizontally } from './horizontal.js';
import { fillLeader } from './leader.js';
import { justificationOpportunities, NO_OPPORTUNITIES } from './justify.js';
import type { InlineMetrics } from './vertical-align.js';
import { baselineShift, inlineMetrics, usedFontBounds } from './vertical-align.js';
import type { LineHang } from './hanging-punctuation.js';
import { emphasisMarks, emphasisReach } from './emphasis-marks.js';
import { overEdge, underEdge } from './text-box-edges.js';

export interface LaidOutLine {
  /**
   * Nothing in flow on it (CSS2 §9.4.2): treated as if it did not exist for margin collapsing. A
   * line with text is not empty even when `line-height: 0` makes it zero tall.
   */
  readonly empty: boolean;
  /** Width of the line box (the room it was laid out in). */
  readonly width: number;
  readonly height: number;
  /** Distance from the line's top to its baseline. */
  readonly baseline: number;
  /**
   * The line's content, relative to the line's top-left corner. The line's own fragment is made
   * where the line is placed (`lineFragment`): lines are kept across layouts (measured.ts), and a
   * fragment made at the origin was a record copied at every placement.
   */
  readonly children: readonly Fragment[];
}

/** The line's fragment with its top-left corner at (x, y) of its parent's frame. */
export function lineFragment(line: LaidOutLine, x: number, y: number): LineFragment {
  return new LineRecord(line, x, y, line.baseline + y);
}

export interface LineSpec {
  /** The line's pieces, logical order. */
  readonly pieces: readonly Piece[];
  readonly forcedBreak: boolean;
  /** Inline boxes opened on earlier lines and still open (outermost first). */
  readonly openAtStart: readonly InlineBox[];
  /** The edges `box-decoration-break: clone` boxes repeat on this line (pieces.ts clonedEdges): start edges of those open at its start, end edges of those open at its end. */
  readonly clonedEdges: number;
  /** The punctuation hanging outside the line at its start and end (hanging-punctuation.ts): drawn, not counted for alignment and justification. */
  readonly hang: LineHang;
  /** The root inline box's style (its font and line-height make the strut, and its descendants' parent): the block container's, or on its first line its ::first-line style. */
  readonly rootStyle: ComputedStyle;
  /** The block container's style when it is not `rootStyle` (a ::first-line): the line is aligned by its `text-align`, as Chromium ignores the pseudo's. */
  readonly blockStyle?: ComputedStyle | undefined;
  /** Bidi paragraph level: 1 puts the start on the right. */
  readonly paragraphLevel: number;
  readonly availableWidth: number;
  /** text-indent of this line (the first, or with `each-line`/`hanging` others), on its start side. */
  readonly indent: number;
  readonly isLastLine: boolean;
  readonly containingWidth: number;
  readonly text: TextSystem;
  /** The render's inline metrics by font request (vertical-align.ts). */
  readonly metrics: WeakMap<FontRequest, InlineMetrics>;
  /** The block container's content language: every box's metrics on the line are taken in it. */
  readonly lang: string;
  readonly lineHeightQuirk: boolean;
}

/** No justification: nothing added anywhere (shared by every line not justified). */
const NO_JUSTIFY = Object.freeze({ extra: 0, after: NO_OPPORTUNITIES.after });

export function buildLine(spec: LineSpec): LaidOutLine {
  const line = spec.pieces;
  if (!hasContent(line)) return emptyLine(spec.availableWidth);
  const trim = trailingTrim(line);
  const lastContent = lastContentIndex(line);
  const endSpacing = lastContent >= 0 ? (line[lastContent] as Extract<Piece, { kind: 'text' }>).endSpacing : 0;
  let widths = spec.clonedEdges;
  for (let i = 0; i < line.length; i++) widths += line[i]!.width;
  const used = widths - trim.width - endSpacing - spec.hang.start - spec.hang.end;
  const free = spec.availableWidth - spec.indent - used;
  const rtl = spec.paragraphLevel % 2 === 1;
  // A leader takes the line's free space, or gives up its pattern to a line too short for it (GCPM 3 §4).
  const leaderFill = leaderAdjustment(line, free);
  const leader = leaderFill !== 0;
  // CSS Text 3 §6.1: content too long for its line is start-aligned; so is a line whose leader takes the free space.
  const align = free - Math.min(leaderFill, 0) < 0 || leader ? (rtl ? 'right' : 'left') : effectiveAlign(spec);
  const opportunities = align === 'justify' && free > 0 ? justificationOpportunities(line, trim.pieceIndex) : NO_OPPORTUNITIES;
  const spaces = opportunities.count;
  const justify = spaces > 0 ? { extra: free / spaces, after: opportunities.after } : NO_JUSTIFY;
  // the content starts before the start edge by the mark hanging there
  const startIndent = (rtl ? 0 : spec.indent) - spec.hang.start;
  const startX = leader ? startIndent : startIndent + (align === 'right' || (align === 'justify' && rtl && spaces === 0) ? free : align === 'center' ? free / 2 : 0);
  const placed = placeHorizontally({
    pieces: line, openAtStart: spec.openAtStart, trimmed: trim.removeGlyphs ? trim.pieceIndex : -1, lastContent,
    justify, startX, containingWidth: spec.containingWidth,
  });
  const nodes = leader ? fillLeader(placed, leaderFill, spec.availableWidth - (rtl ? spec.indent : 0)) : placed;
  return onlyText(nodes) && !blankInBox(line, spec) ? placeTextOnly(nodes, spec) : placeVertically(nodes, spec);
}

/**
 * A line of a forced break alone (a blank line) that the strut alone does not size: in quirks
 * mode, where the box the break is in does instead; in standards mode, inside inline boxes open
 * since an earlier line, which size it as well (they have no fragment on it).
 */
function blankInBox(line: readonly Piece[], spec: LineSpec): boolean {
  if (line.length !== 1) return false;
  const box = forcedBreakBox(line, spec.openAtStart);
  return spec.lineHeightQuirk ? box !== undefined : box !== undefined && box !== null;
}

/**
 * The inline box a line's closing forced break (a preserved newline, a `<br>`) is in: `null` for
 * the block itself, undefined when the line does not end at one. The ends of boxes (and empty
 * boxes, collapsed spaces) after the break are on its line too: `<font>…<br><br></font>` ends at
 * the second break, in the font.
 */
function forcedBreakBox(pieces: readonly Piece[], openAtStart: readonly InlineBox[]): InlineBox | null | undefined {
  let end = pieces.length - 1;
  while (end >= 0 && followsBreak(pieces[end]!)) end--;
  const last = pieces[end];
  if (last === undefined) return undefined;
  if (last.kind === 'text') return last.forcedBreakAfter ? last.parent ?? null : undefined;
  if (last.kind !== 'break') return undefined;
  const open = [...openAtStart];
  for (let i = 0; i < end; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'open') open.push(piece.box);
    else if (piece.kind === 'close') open.pop();
  }
  return open[open.length - 1] ?? null;
}

/**
 * How much the line's first leader grows (the free space) or shrinks: on a line too short for it
 * (a shrink-to-fit float sized without it, intrinsic.ts) its pattern gives up to its whole width,
 * so the text after it stays inside the box and no copy of the pattern is drawn.
 */
function leaderAdjustment(line: readonly Piece[], free: number): number {
  let open: Piece | undefined;
  for (let i = 0; i < line.length && open === undefined; i++) {
    const piece = line[i]!;
    if (piece.kind === 'open' && piece.box.leader === true) open = piece;
  }
  if (open === undefined || open.kind !== 'open' || free === 0) return 0;
  if (free > 0) return free;
  const box = open.box;
  const pattern = line.reduce((width, piece) => (piece.kind === 'text' && piece.parent === box ? width + piece.width : width), 0);
  return Math.max(free, -pattern);
}

interface Trim {
  /** Index in the line of the text piece whose trailing spaces are trimmed, or -1. */
  readonly pieceIndex: number;
  readonly width: number;
  /** Whether the trimmed glyphs are removed (collapsible) or kept hanging (pre-wrap). */
  readonly removeGlyphs: boolean;
}

/** CSS Text 3 §4.1.3: spaces at the end of a line are removed (or hang, for pre-wrap). */
function trailingTrim(line: readonly Piece[]): Trim {
  for (let i = line.length - 1; i >= 0; i--) {
    const piece = line[i]!;
    if (piece.kind === 'open' || piece.kind === 'close' || piece.kind === 'break' || piece.kind === 'anchor') continue;
    if (piece.kind !== 'text' || piece.trailingSpace === 0) break;
    return { pieceIndex: i, width: piece.trailingSpace, removeGlyphs: piece.style.whiteSpace !== 'pre-wrap' };
  }
  return NO_TRIM;
}

/** No trailing space to trim (shared: most lines of a table's cells end without one). */
const NO_TRIM: Trim = Object.freeze({ pieceIndex: -1, width: 0, removeGlyphs: false });

/** The text piece that ends the line's content, when nothing but spaces and box ends follow it. */
function lastContentIndex(line: readonly Piece[]): number {
  for (let i = line.length - 1; i >= 0; i--) {
    const piece = line[i]!;
    if (piece.kind === 'open' || piece.kind === 'close' || piece.kind === 'break' || piece.kind === 'anchor') continue;
    if (piece.kind === 'text' && piece.tab === undefined && piece.width - piece.trailingSpace > 0) return i;
    if (piece.kind === 'text' && piece.width === piece.trailingSpace && piece.tab === undefined) continue;
    return -1;
  }
  return -1;
}

function effectiveAlign(spec: LineSpec): 'left' | 'right' | 'center' | 'justify' {
  const style = spec.blockStyle ?? spec.rootStyle;
  const last = spec.isLastLine || spec.forcedBreak;
  let align: TextAlign = style.textAlign;
  if (last) {
    align = style.textAlignLast !== 'auto' ? style.textAlignLast : style.textAlign === 'justify' ? 'start' : style.textAlign;
  }
  const rtl = spec.paragraphLevel % 2 === 1;
  switch (align) {
    case 'start': return rtl ? 'right' : 'left';
    case 'end': return rtl ? 'left' : 'right';
    case '-webkit-left': return 'left';
    case '-webkit-center': return 'center';
    case '-webkit-right': return 'right';
    default: return align;
  }
}

/** Whether anything on the line is in flow (a loop, not a closure per line). */
function hasContent(line: readonly Piece[]): boolean {
  for (let i = 0; i < line.length; i++) if (isContent(line[i]!)) return true;
  return false;
}

function isContent(piece: Piece): boolean {
  switch (piece.kind) {
    // a line that ends at a preserved newline is not empty, blank as it is (CSS2 §9.4.2): a blank line of a <pre>
    case 'text': return piece.runs.length > 0 || piece.tab !== undefined || piece.forcedBreakAfter;
    case 'atomic': case 'break': return true;
    case 'open': case 'close': return piece.width > 0 || hasVerticalEdges(piece.box.style);
    case 'anchor': return false;
  }
}

function hasVerticalEdges(style: ComputedStyle): boolean {
  return style.borderTopWidth > 0 || style.borderBottomWidth > 0;
}

/** A piece that may follow a forced break on its line: a box's edge, an anchor, a collapsed space. */
function followsBreak(piece: Piece): boolean {
  return piece.kind === 'open' || piece.kind === 'close' || piece.kind === 'anchor' || (piece.kind === 'text' && !isContent(piece));
}

function emptyLine(width: number): LaidOutLine {
  return { empty: true, width, height: 0, baseline: 0, children: [] };
}

/**
 * Vertical placement (CSS2 §10.8.1): baseline offsets, line box height, then fragments. A box
 * aligned `top` or `bottom` takes its aligned subtree (its descendants placed relative to it,
 * except those aligned top/bottom themselves) to the line's edge, making the line taller if needed.
 */
export function placeVertically(nodes: readonly Node[], spec: LineSpec): LaidOutLine {
  const rootMetrics = inlineMetrics(spec.rootStyle, spec, spec.lang);
  const placements = new Map<Node, number>(); // node -> baseline offset from the root baseline (relative to its aligned subtree root for top/bottom subtrees until the end)
  const quirk = spec.lineHeightQuirk;
  const root = withMarks(spec.rootStyle, rootMetrics, spec);
  const bounds = quirk && !sizesLine(nodes) ? { top: Infinity, bottom: -Infinity } : { top: -root.above, bottom: root.below };
  const lineRelative: { node: Node; align: 'top' | 'bottom'; above: number; below: number }[] = [];
  const independent = new Set<Node>();

  type Parent = { style: ComputedStyle; metrics: InlineMetrics; offset: number };
  const visit = (list: readonly Node[], parent: Parent, into: { top: number; bottom: number }): void => {
    for (const node of list) {
      if (node.kind === 'text') {
        placements.set(node, parent.offset);
        if (parent.style.lineHeight === 'normal') addUsedFonts(node, parent.offset, into);
        continue;
      }
      const own = node.kind === 'inline' ? ownBounds(node.box.style, spec) : atomicBounds(node.piece, spec);
      const style = node.kind === 'inline' ? node.box.style : node.piece.box.style;
      const shift = baselineShift(style, parent, own);
      if (shift === 'top' || shift === 'bottom') {
        const subtree = { top: -own.above, bottom: own.below };
        placements.set(node, 0);
        independent.add(node);
        if (node.kind === 'inline') visit(node.children, { style, metrics: inlineMetrics(style, spec, spec.lang), offset: 0 }, subtree);
        lineRelative.push({ node, align: shift, above: -subtree.top, below: subtree.bottom });
        continue;
      }
      const offset = parent.offset + shift;
      placements.set(node, offset);
      if (!quirk || node.kind === 'atomic' || sizesLine(node.children) || hasSideEdges(style, spec.containingWidth)) {
        into.top = Math.min(into.top, offset - own.above);
        into.bottom = Math.max(into.bottom, offset + own.below);
      }
      if (node.kind === 'inline') visit(node.children, { style, metrics: inlineMetrics(style, spec, spec.lang), offset }, into);
    }
  };
  visit(nodes, { style: spec.rootStyle, metrics: rootMetrics, offset: 0 }, bounds);
  // a blank line inside boxes open since an earlier line: they size it, fragments or not (standards mode)
  if (!quirk && nodes.length === 0 && blankInBox(spec.pieces, spec)) {
    for (const open of openBoxOffsets(spec)) {
      bounds.top = Math.min(bounds.top, open.offset - open.own.above);
      bounds.bottom = Math.max(bounds.bottom, open.offset + open.own.below);
    }
  }
  if (bounds.top > bounds.bottom) {
    // (quirks: nothing sized the line — a blank line, or an empty inline box alone)
    const blank = blankLineBounds(nodes, placements, root, spec);
    bounds.top = blank?.top ?? 0;
    bounds.bottom = blank?.bottom ?? 0;
  }

  // top/bottom-aligned subtrees may make the line taller, then sit at its edges (§10.8).
  for (const item of lineRelative) {
    const height = item.above + item.below;
    if (height > bounds.bottom - bounds.top) {
      if (item.align === 'top') bounds.bottom = bounds.top + height;
      else bounds.top = bounds.bottom - height;
    }
  }
  for (const item of lineRelative) {
    const at = item.align === 'top' ? bounds.top + item.above : bounds.bottom - item.below;
    placements.set(item.node, at);
    if (item.node.kind === 'inline') shiftDescendants(item.node.children, placements, at, independent);
  }

  const baseline = -bounds.top;
  const height = bounds.bottom - bounds.top;
  const children = nodes.map((node) => toFragment(node, placements, baseline, spec));
  return { empty: false, width: spec.availableWidth, height, baseline, children };
}

/**
 * The line height calculation quirk (Quirks Mode §3.3): an inline box — the root's strut too —
 * sizes the line only when text is directly in it (or, below, it has side borders or padding):
 * an image alone in a table cell's line leaves no room for descenders.
 */
function sizesLine(children: readonly Node[]): boolean {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.kind === 'text' && child.text.length > 0) return true;
  }
  return false;
}

/**
 * A line nothing else sized in quirks mode that ends at a forced break (a blank line of a `<pre>`,
 * a `<br>` alone) is as tall as the box the break is in: the block's strut, or the inline box's own
 * height where the break is inside one — as Chromium places a forced break (its control item
 * takes its box's text metrics only when the line has none). A break after text that sized the
 * line adds nothing: a code listing's lines inside a smaller `<code>` are that code's height.
 */
function blankLineBounds(nodes: readonly Node[], placements: ReadonlyMap<Node, number>, root: { readonly above: number; readonly below: number }, spec: LineSpec): { top: number; bottom: number } | undefined {
  const box = forcedBreakBox(spec.pieces, spec.openAtStart);
  if (box === undefined) return undefined;
  if (box === null) return { top: -root.above, bottom: root.below };
  const own = ownBounds(box.style, spec);
  const node = inlineNodeOf(nodes, box);
  const offset = node !== undefined ? placements.get(node) ?? 0 : openBoxOffsets(spec).find((open) => open.box === box)?.offset ?? 0;
  return { top: offset - own.above, bottom: offset + own.below };
}

interface OpenBoxOffset {
  readonly box: InlineBox;
  readonly offset: number;
  readonly own: { readonly above: number; readonly below: number };
}

/**
 * The baseline offsets and own bounds of the boxes open since an earlier line, outermost first,
 * for a line where they have no fragment (a blank line inside them).
 */
function openBoxOffsets(spec: LineSpec): OpenBoxOffset[] {
  let parent = { style: spec.rootStyle, metrics: inlineMetrics(spec.rootStyle, spec, spec.lang) };
  let offset = 0;
  const out: OpenBoxOffset[] = [];
  for (const open of spec.openAtStart) {
    const own = ownBounds(open.style, spec);
    const shift = baselineShift(open.style, parent, own);
    offset += typeof shift === 'number' ? shift : 0;
    out.push({ box: open, offset, own });
    parent = { style: open.style, metrics: inlineMetrics(open.style, spec, spec.lang) };
  }
  return out;
}

function inlineNodeOf(nodes: readonly Node[], box: InlineBox): Extract<Node, { kind: 'inline' }> | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (node.kind !== 'inline') continue;
    if (node.box === box) return node;
    const inner = inlineNodeOf(node.children, box);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function hasSideEdges(style: ComputedStyle, containingWidth: number): boolean {
  const padding = usedPadding(style, containingWidth);
  return style.borderLeftWidth > 0 || style.borderRightWidth > 0 || padding.left > 0 || padding.right > 0;
}

export function onlyText(nodes: readonly Node[]): nodes is readonly Extract<Node, { kind: 'text' }>[] {
  for (let i = 0; i < nodes.length; i++) if (nodes[i]!.kind !== 'text') return false;
  return true;
}

/**
 * `placeVertically` for a line of text alone (most lines: a table cell's, a paragraph's): text
 * sits on the root's baseline, so the line is the root's strut (widened by the fonts the text is
 * set in, under `line-height: normal`) and every text at offset 0 — what the general walk gives,
 * without its maps of placements.
 */
export function placeTextOnly(nodes: readonly Extract<Node, { kind: 'text' }>[], spec: LineSpec): LaidOutLine {
  const root = withMarks(spec.rootStyle, inlineMetrics(spec.rootStyle, spec, spec.lang), spec);
  const bounds = { top: -root.above, bottom: root.below };
  if (spec.rootStyle.lineHeight === 'normal') for (let i = 0; i < nodes.length; i++) addUsedFonts(nodes[i]!, 0, bounds);
  const baseline = -bounds.top;
  const height = bounds.bottom - bounds.top;
  const children = new Array<Fragment>(nodes.length);
  for (let i = 0; i < nodes.length; i++) children[i] = textFragment(nodes[i]!, 0, baseline, spec);
  return { empty: false, width: spec.availableWidth, height, baseline, children };
}

/**
 * Widens `into` by the bounds of each font the text is set in (vertical-align.ts
 * `usedFontBounds`), for a box whose `line-height` is `normal`. Upright glyphs of vertical text
 * stand centred in the line by their own metrics and are left out, and so are a symbol marker's
 * stand-in glyphs: Chromium paints the shape, sized from the primary font, and a ▸ found only in
 * a fallback face does not make a summary's line taller.
 */
function addUsedFonts(node: Extract<Node, { kind: 'text' }>, offset: number, into: { top: number; bottom: number }): void {
  if (node.symbol !== undefined) return;
  const runs = node.runs;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!.run;
    if (run.upright !== undefined) continue;
    const bounds = usedFontBounds(run.face, run.size);
    if (offset - bounds.above < into.top) into.top = offset - bounds.above;
    if (offset + bounds.below > into.bottom) into.bottom = offset + bounds.below;
  }
}

function shiftDescendants(nodes: readonly Node[], placements: Map<Node, number>, by: number, independent: ReadonlySet<Node>): void {
  for (const node of nodes) {
    if (independent.has(node)) continue;
    placements.set(node, (placements.get(node) ?? 0) + by);
    if (node.kind === 'inline') shiftDescendants(node.children, placements, by, independent);
  }
}

function ownBounds(style: ComputedStyle, spec: LineSpec): { above: number; below: number; lineHeight: number } {
  const metrics = inlineMetrics(style, spec, spec.lang);
  const bounds = withMarks(style, metrics, spec);
  return { above: bounds.above, below: bounds.below, lineHeight: metrics.lineHeight };
}

/** A box's layout bounds, grown where its emphasis marks need more room than its leading leaves (emphasis-marks.ts). */
function withMarks(style: ComputedStyle, metrics: InlineMetrics, spec: LineSpec): { readonly above: number; readonly below: number } {
  if (style.textEmphasisStyle === 'none') return metrics;
  const reach = emphasisReach(style, metrics.font, spec.text, spec.lang);
  if (reach === undefined) return metrics;
  return { above: Math.max(metrics.above, reach.above), below: Math.max(metrics.below, reach.below) };
}

/** An atomic inline's margin box sits on its baseline (CSS2 §10.8.1). */
function atomicBounds(piece: Extract<Piece, { kind: 'atomic' }>, spec: LineSpec): { above: number; below: number; lineHeight: number } {
  // Percentages of vertical-align refer to the box's own line-height (CSS2 §10.8.1).
  const lineHeight = inlineMetrics(piece.box.style, spec, spec.lang).lineHeight;
  return { above: piece.baseline, below: piece.height - piece.baseline, lineHeight };
}

function textFragment(node: Extract<Node, { kind: 'text' }>, offset: number, baseline: number, spec: LineSpec): TextFragment {
  const font = inlineMetrics(node.style, spec, spec.lang).font;
  const textBaseline = baseline + offset;
  const emphasis = node.style.textEmphasisStyle === 'none' ? undefined : emphasisMarks(node, font, spec.text, spec.lang);
  const text = emphasis === undefined ? node : { style: node.style, width: node.width, runs: node.runs, text: node.text, symbol: node.symbol, emphasis };
  return new TextRecord(text, node.x, textBaseline - font.ascent, font.ascent + font.descent, textBaseline);
}

const BOTH_EDGES = Object.freeze({ left: true, right: true });

function toFragment(node: Node, placements: ReadonlyMap<Node, number>, baseline: number, spec: LineSpec): Fragment {
  const offset = placements.get(node) ?? 0;
  switch (node.kind) {
    case 'text':
      return textFragment(node, offset, baseline, spec);
    case 'inline': {
      const style = node.box.style;
      const font = inlineMetrics(style, spec, spec.lang).font;
      const border = usedBorder(style);
      const padding = usedPadding(style, spec.containingWidth);
      // its content area, trimmed as `text-box-trim` asks (CSS Inline 3 §4.1: the lines are not);
      // untrimmed, the ascent and descent rounded to whole px as Chromium's (a 10px Arial span is 11px tall, not 11.17)
      const trim = style.textBoxTrim;
      const over = trim === 'trim-start' || trim === 'trim-both' ? overEdge(style.textBoxEdge.over, font) : Math.round(font.ascent);
      const under = trim === 'trim-end' || trim === 'trim-both' ? underEdge(style.textBoxEdge.under, font) : Math.round(font.descent);
      const contentTop = baseline + offset - over;
      const y = contentTop - padding.top - border.top;
      const fragment: BoxFragment = boxFragment({
        box: node.box, style,
        x: node.x, y, width: node.width,
        height: over + under + padding.top + padding.bottom + border.top + border.bottom,
        border: { ...border, left: node.left ? border.left : 0, right: node.right ? border.right : 0 },
        padding: { ...padding, left: node.left ? padding.left : 0, right: node.right ? padding.right : 0 },
        children: relativeTo(node.children.map((child) => toFragment(child, placements, baseline, spec)), node.x, y),
        continuedBefore: node.continuedBefore, continuedAfter: node.continuedAfter,
        inlineEdges: node.left && node.right ? BOTH_EDGES : { left: node.left, right: node.right },
        inlineBaseline: { offset: baseline + offset - y, ascent: Math.round(font.ascent) },
      });
      const moved = relativeOffset(style, spec.containingWidth, undefined);
      return offsetFragment(fragment, moved.dx, moved.dy);
    }
    case 'atomic':
      return offsetFragment(node.piece.fragment, node.x, baseline + offset - node.piece.baseline);
  }
}
