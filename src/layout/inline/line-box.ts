/**
 * Builds one line box from a range of pieces (CSS Inline 3 §2, CSS Text 3 §6-7): trims the
 * spaces at its end, aligns and justifies it, nests inline box fragments, and places
 * everything vertically. The result is relative to the line's own top-left corner.
 */
import type { InlineBox } from '../../boxes/types.js';
import type { ComputedStyle, TextAlign } from '../../css/types.js';
import type { TextSystem } from '../../text/types.js';
import type { BoxFragment, Fragment, LineFragment, PlacedRun, TextFragment } from '../types.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import { translateFragment } from '../translate.js';
import type { LineRange } from './line-breaker.js';
import type { MeasuredRun, Piece } from './pieces.js';
import type { InlineMetrics } from './vertical-align.js';
import { baselineShift, inlineMetrics } from './vertical-align.js';

export interface LaidOutLine {
  readonly height: number;
  /** Distance from the line's top to its baseline. */
  readonly baseline: number;
  /** The line at the origin; the block places it with translateFragment. */
  readonly fragment: LineFragment;
}

export interface LineSpec {
  readonly pieces: readonly Piece[];
  readonly range: LineRange;
  /** Inline boxes opened on earlier lines and still open (outermost first). */
  readonly openAtStart: readonly InlineBox[];
  /** The block container's style (the root inline box, the strut). */
  readonly rootStyle: ComputedStyle;
  readonly availableWidth: number;
  /** text-indent of this line (first line only). */
  readonly indent: number;
  readonly isLastLine: boolean;
  readonly containingWidth: number;
  readonly text: TextSystem;
}

/** Horizontal layout result: a tree of nodes with x positions, before vertical alignment. */
type Node =
  | { readonly kind: 'text'; readonly style: ComputedStyle; readonly runs: readonly PlacedRun[]; readonly x: number; readonly width: number; readonly text: string }
  | { readonly kind: 'inline'; readonly box: InlineBox; readonly x: number; readonly width: number; readonly children: readonly Node[]; readonly continuedBefore: boolean; readonly continuedAfter: boolean }
  | { readonly kind: 'atomic'; readonly piece: Extract<Piece, { kind: 'atomic' }>; readonly x: number };

export function buildLine(spec: LineSpec): LaidOutLine {
  const line = spec.pieces.slice(spec.range.start, spec.range.end);
  const trim = trailingTrim(line);
  const used = line.reduce((sum, piece) => sum + piece.width, 0) - trim.width;
  const free = spec.availableWidth - spec.indent - used;
  const align = effectiveAlign(spec);
  const spaces = align === 'justify' && free > 0 ? countJustifiableSpaces(line, trim.pieceIndex) : 0;
  const extraPerSpace = spaces > 0 ? free / spaces : 0;
  const startX = spec.indent + (align === 'right' ? free : align === 'center' ? free / 2 : 0);

  const nodes = placeHorizontally(line, spec, { startX, extraPerSpace, trim });
  if (!hasContent(line)) return emptyLine(spec.availableWidth);
  return placeVertically(nodes, spec);
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
    if (piece.kind === 'open' || piece.kind === 'close' || piece.kind === 'break') continue;
    if (piece.kind !== 'text' || piece.trailingSpace === 0) break;
    return { pieceIndex: i, width: piece.trailingSpace, removeGlyphs: piece.style.whiteSpace !== 'pre-wrap' };
  }
  return { pieceIndex: -1, width: 0, removeGlyphs: false };
}

function effectiveAlign(spec: LineSpec): 'left' | 'right' | 'center' | 'justify' {
  const style = spec.rootStyle;
  const last = spec.isLastLine || spec.range.forcedBreak;
  let align: TextAlign = style.textAlign;
  if (last) {
    align = style.textAlignLast !== 'auto' ? style.textAlignLast : style.textAlign === 'justify' ? 'start' : style.textAlign;
  }
  const rtl = style.direction === 'rtl';
  switch (align) {
    case 'start': return rtl ? 'right' : 'left';
    case 'end': return rtl ? 'left' : 'right';
    default: return align;
  }
}

function countJustifiableSpaces(line: readonly Piece[], trimmedIndex: number): number {
  let count = 0;
  line.forEach((piece, index) => {
    if (piece.kind !== 'text') return;
    count += index === trimmedIndex ? piece.spaces : countSpaceGlyphs(piece.runs);
  });
  return count;
}

function countSpaceGlyphs(runs: readonly MeasuredRun[]): number {
  let count = 0;
  for (const { run } of runs) for (const glyph of run.glyphs) if (isSpaceGlyph(glyph.codePoints)) count++;
  return count;
}

function isSpaceGlyph(codePoints: readonly number[]): boolean {
  return codePoints.length === 1 && (codePoints[0] === 0x20 || codePoints[0] === 0xa0);
}

function hasContent(line: readonly Piece[]): boolean {
  return line.some((piece) => {
    switch (piece.kind) {
      case 'text': return piece.runs.length > 0;
      case 'atomic': case 'break': return true;
      case 'open': case 'close': return piece.width > 0 || hasVerticalEdges(piece.box.style);
    }
  });
}

function hasVerticalEdges(style: ComputedStyle): boolean {
  return style.borderTopWidth > 0 || style.borderBottomWidth > 0;
}

function emptyLine(width: number): LaidOutLine {
  return { height: 0, baseline: 0, fragment: { kind: 'line', x: 0, y: 0, width, height: 0, baseline: 0, children: [] } };
}

interface Frame {
  readonly box: InlineBox | undefined;
  readonly startX: number;
  readonly continuedBefore: boolean;
  readonly children: Node[];
}

function placeHorizontally(
  line: readonly Piece[],
  spec: LineSpec,
  layout: { readonly startX: number; readonly extraPerSpace: number; readonly trim: Trim },
): Node[] {
  const root: Frame = { box: undefined, startX: layout.startX, continuedBefore: false, children: [] };
  const stack: Frame[] = [root, ...spec.openAtStart.map((box) => ({ box, startX: layout.startX, continuedBefore: true, children: [] }))];
  let x = layout.startX;
  const top = (): Frame => stack[stack.length - 1]!;
  const close = (frame: Frame, continuedAfter: boolean, endX: number): void => {
    const style = frame.box!.style;
    const left = frame.continuedBefore ? frame.startX : frame.startX + marginOrZero(style.marginLeft, spec.containingWidth);
    const right = continuedAfter ? endX : endX - marginOrZero(style.marginRight, spec.containingWidth);
    top().children.push({ kind: 'inline', box: frame.box!, x: left, width: Math.max(0, right - left), children: frame.children, continuedBefore: frame.continuedBefore, continuedAfter });
  };
  line.forEach((piece, index) => {
    switch (piece.kind) {
      case 'text': {
        const trimmed = index === layout.trim.pieceIndex && layout.trim.removeGlyphs;
        const placed = placeRuns(piece.runs, x, layout.extraPerSpace, trimmed);
        appendText(top().children, { kind: 'text', style: piece.style, runs: placed.runs, x, width: placed.width, text: trimmed ? piece.text.replace(/ +$/, '') : piece.text });
        x += placed.width;
        break;
      }
      case 'open':
        stack.push({ box: piece.box, startX: x, continuedBefore: false, children: [] });
        x += piece.width;
        break;
      case 'close': {
        x += piece.width;
        const frame = stack.pop();
        if (frame !== undefined && frame.box !== undefined) close(frame, false, x);
        break;
      }
      case 'atomic':
        top().children.push({ kind: 'atomic', piece, x });
        x += piece.width;
        break;
      case 'break':
        break;
    }
  });
  while (stack.length > 1) close(stack.pop()!, true, x);
  return root.children;
}

/** Words of one text in one style become one text fragment (fewer, longer glyph runs to paint). */
function appendText(siblings: Node[], node: Extract<Node, { kind: 'text' }>): void {
  const previous = siblings[siblings.length - 1];
  if (previous !== undefined && previous.kind === 'text' && previous.style === node.style && Math.abs(previous.x + previous.width - node.x) < 1e-6) {
    siblings[siblings.length - 1] = { ...previous, runs: mergeRuns(previous.runs, node.runs), width: previous.width + node.width, text: previous.text + node.text };
    return;
  }
  siblings.push(node);
}

/** Joins the last run of `a` with the first of `b` when they share face and size. */
function mergeRuns(a: readonly PlacedRun[], b: readonly PlacedRun[]): PlacedRun[] {
  const last = a[a.length - 1];
  const first = b[0];
  if (last === undefined || first === undefined || last.run.face !== first.run.face || last.run.size !== first.run.size) return [...a, ...b];
  const joined: PlacedRun = {
    x: last.x,
    advances: [...last.advances, ...first.advances],
    run: {
      ...last.run,
      glyphs: [...last.run.glyphs, ...first.run.glyphs],
      width: last.run.width + first.run.width,
      text: last.run.text + first.run.text,
    },
  };
  return [...a.slice(0, -1), joined, ...b.slice(1)];
}

/** Positions the glyphs of a piece, adding justification to spaces and dropping trimmed trailing spaces. */
function placeRuns(runs: readonly MeasuredRun[], x: number, extraPerSpace: number, trimTrailing: boolean): { runs: PlacedRun[]; width: number } {
  const placed: PlacedRun[] = [];
  let cursor = x;
  let keep = runs.map((r) => r.run.glyphs.length);
  if (trimTrailing) keep = trailingKeep(runs);
  runs.forEach((measured, r) => {
    const count = keep[r]!;
    if (count === 0) return;
    const glyphs = count === measured.run.glyphs.length ? measured.run.glyphs : measured.run.glyphs.slice(0, count);
    const advances = measured.advances.slice(0, count).map((advance, g) =>
      extraPerSpace > 0 && isSpaceGlyph(glyphs[g]!.codePoints) ? advance + extraPerSpace : advance);
    const run = glyphs === measured.run.glyphs ? measured.run : { ...measured.run, glyphs, width: advances.reduce((a, b) => a + b, 0) };
    placed.push({ run, x: cursor, advances });
    cursor += advances.reduce((a, b) => a + b, 0);
  });
  return { runs: placed, width: cursor - x };
}

/** How many glyphs of each run remain once the spaces at the end are removed. */
function trailingKeep(runs: readonly MeasuredRun[]): number[] {
  const keep = runs.map((r) => r.run.glyphs.length);
  for (let r = runs.length - 1; r >= 0; r--) {
    const glyphs = runs[r]!.run.glyphs;
    while (keep[r]! > 0 && isPlainSpace(glyphs[keep[r]! - 1]!.codePoints)) keep[r]! -= 1;
    if (keep[r]! > 0) break;
  }
  return keep;
}

function isPlainSpace(codePoints: readonly number[]): boolean {
  return codePoints.length === 1 && codePoints[0] === 0x20;
}

/** Vertical placement (CSS2 §10.8.1): baseline offsets, line box height, then fragments. */
function placeVertically(nodes: readonly Node[], spec: LineSpec): LaidOutLine {
  const rootMetrics = inlineMetrics(spec.rootStyle, spec.text);
  const placements = new Map<Node, number>(); // node -> baseline offset from the root baseline
  const bounds = { top: -rootMetrics.above, bottom: rootMetrics.below };
  const lineRelative: { node: Node; align: 'top' | 'bottom'; above: number; below: number }[] = [];

  const visit = (list: readonly Node[], parent: { style: ComputedStyle; metrics: InlineMetrics; offset: number }): void => {
    for (const node of list) {
      if (node.kind === 'text') {
        placements.set(node, parent.offset);
        continue;
      }
      const own = node.kind === 'inline' ? ownBounds(node.box.style, spec.text) : atomicBounds(node.piece);
      const style = node.kind === 'inline' ? node.box.style : node.piece.box.style;
      const shift = baselineShift(style, parent, own);
      if (shift === 'top' || shift === 'bottom') {
        lineRelative.push({ node, align: shift, above: own.above, below: own.below });
        placements.set(node, 0);
      } else {
        const offset = parent.offset + shift;
        placements.set(node, offset);
        bounds.top = Math.min(bounds.top, offset - own.above);
        bounds.bottom = Math.max(bounds.bottom, offset + own.below);
      }
      if (node.kind === 'inline') {
        visit(node.children, { style: node.box.style, metrics: inlineMetrics(node.box.style, spec.text), offset: placements.get(node)! });
      }
    }
  };
  visit(nodes, { style: spec.rootStyle, metrics: rootMetrics, offset: 0 });

  // top/bottom-aligned boxes may make the line taller, then sit at its edges (§10.8).
  for (const item of lineRelative) {
    const height = item.above + item.below;
    if (height > bounds.bottom - bounds.top) {
      if (item.align === 'top') bounds.bottom = bounds.top + height;
      else bounds.top = bounds.bottom - height;
    }
  }
  for (const item of lineRelative) {
    placements.set(item.node, item.align === 'top' ? bounds.top + item.above : bounds.bottom - item.below);
    if (item.node.kind === 'inline') shiftDescendants(item.node.children, placements, placements.get(item.node)!);
  }

  const baseline = -bounds.top;
  const height = bounds.bottom - bounds.top;
  const children = nodes.map((node) => toFragment(node, placements, baseline, spec));
  return { height, baseline, fragment: { kind: 'line', x: 0, y: 0, width: spec.availableWidth, height, baseline, children } };
}

function shiftDescendants(nodes: readonly Node[], placements: Map<Node, number>, by: number): void {
  for (const node of nodes) {
    placements.set(node, (placements.get(node) ?? 0) + by);
    if (node.kind === 'inline') shiftDescendants(node.children, placements, by);
  }
}

function ownBounds(style: ComputedStyle, text: TextSystem): { above: number; below: number; ascent: number; descent: number; lineHeight: number } {
  const metrics = inlineMetrics(style, text);
  return { above: metrics.above, below: metrics.below, ascent: metrics.font.ascent, descent: metrics.font.descent, lineHeight: metrics.lineHeight };
}

/** An atomic inline's margin box sits on its baseline (CSS2 §10.8.1). */
function atomicBounds(piece: Extract<Piece, { kind: 'atomic' }>): { above: number; below: number; ascent: number; descent: number; lineHeight: number } {
  return { above: piece.baseline, below: piece.height - piece.baseline, ascent: piece.baseline, descent: piece.height - piece.baseline, lineHeight: piece.height };
}

function toFragment(node: Node, placements: ReadonlyMap<Node, number>, baseline: number, spec: LineSpec): Fragment {
  const offset = placements.get(node) ?? 0;
  switch (node.kind) {
    case 'text': {
      const font = inlineMetrics(node.style, spec.text).font;
      const y = baseline + offset;
      const fragment: TextFragment = {
        kind: 'text', style: node.style, x: node.x, y: y - font.ascent, width: node.width, height: font.ascent + font.descent,
        baseline: y, runs: node.runs, text: node.text,
      };
      return fragment;
    }
    case 'inline': {
      const style = node.box.style;
      const font = inlineMetrics(style, spec.text).font;
      const border = usedBorder(style);
      const padding = usedPadding(style, spec.containingWidth);
      const contentTop = baseline + offset - font.ascent;
      const fragment: BoxFragment = {
        kind: 'box', box: node.box, style,
        x: node.x, y: contentTop - padding.top - border.top, width: node.width,
        height: font.ascent + font.descent + padding.top + padding.bottom + border.top + border.bottom,
        border: { ...border, left: node.continuedBefore ? 0 : border.left, right: node.continuedAfter ? 0 : border.right },
        padding: { ...padding, left: node.continuedBefore ? 0 : padding.left, right: node.continuedAfter ? 0 : padding.right },
        children: node.children.map((child) => toFragment(child, placements, baseline, spec)),
        continuedBefore: node.continuedBefore, continuedAfter: node.continuedAfter,
      };
      return fragment;
    }
    case 'atomic':
      return translateFragment(node.piece.fragment, node.x, baseline + offset - node.piece.baseline);
  }
}
