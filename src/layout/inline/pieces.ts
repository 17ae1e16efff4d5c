/**
 * Cuts an inline formatting context into pieces between line-break opportunities (UAX #14,
 * CSS Text 3 §5) and measures each once: text is shaped word by word (the text system caches
 * words), inline box edges and atomic inlines get their widths. Line breaking then only adds
 * numbers; pagination never re-shapes.
 */
import type { BlockBox, InlineBox, LineBreakBox, ReplacedBox } from '../../boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import { findBreakOpportunities } from '../../text/breaks.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { GlyphRun, TextSystem } from '../../text/types.js';
import type { Fragment } from '../types.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import type { InlineItem, InlineItems } from './items.js';

/** A glyph run with the final advance of each glyph (letter- and word-spacing added). */
export interface MeasuredRun {
  readonly run: GlyphRun;
  readonly advances: readonly number[];
}

export type Piece =
  | {
      readonly kind: 'text';
      readonly style: ComputedStyle;
      readonly parent: InlineBox | undefined;
      readonly text: string;
      readonly runs: readonly MeasuredRun[];
      readonly width: number;
      /** Width of the spaces at the end that collapse or hang at the end of a line. */
      readonly trailingSpace: number;
      /** Justification opportunities (spaces) not counting the trailing ones. */
      readonly spaces: number;
      readonly breakAfter: boolean;
      readonly forcedBreakAfter: boolean;
    }
  | { readonly kind: 'open' | 'close'; readonly box: InlineBox; readonly width: number; readonly breakAfter: boolean; readonly forcedBreakAfter: false }
  | {
      readonly kind: 'atomic';
      readonly box: BlockBox | ReplacedBox;
      /** Laid out at the origin: its margin box starts at (0, 0). */
      readonly fragment: Fragment;
      readonly width: number;
      readonly height: number;
      /** Distance from the margin-box top to the box's baseline. */
      readonly baseline: number;
      readonly breakAfter: boolean;
      readonly forcedBreakAfter: false;
    }
  | { readonly kind: 'break'; readonly box: LineBreakBox; readonly width: 0; readonly breakAfter: true; readonly forcedBreakAfter: true };

/** An atomic inline laid out at the origin (inline-block, image). */
export interface AtomicLayout {
  readonly fragment: Fragment;
  readonly width: number;
  readonly height: number;
  readonly baseline: number;
}

export interface PieceEnv {
  readonly text: TextSystem;
  /** Width of the containing block (percentages of inline margins/padding). */
  readonly containingWidth: number;
  readonly layoutAtomic: (box: BlockBox | ReplacedBox, containingWidth: number) => AtomicLayout;
}

export function wrapsLines(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'nowrap' && whiteSpace !== 'pre';
}

function spacesCollapseOrHang(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'pre' && whiteSpace !== 'break-spaces';
}

export function buildPieces(content: InlineItems, env: PieceEnv): Piece[] {
  const opportunities = breakMap(content.text);
  const pieces: Piece[] = [];
  content.items.forEach((item, index) => {
    const next = content.items[index + 1];
    pieces.push(...itemPieces(item, next, opportunities, env));
  });
  return pieces;
}

/** index -> required, for every opportunity in the context's text. */
function breakMap(text: string): ReadonlyMap<number, boolean> {
  const map = new Map<number, boolean>();
  for (const opportunity of findBreakOpportunities(text)) map.set(opportunity.index, opportunity.required);
  return map;
}

function itemPieces(item: InlineItem, next: InlineItem | undefined, opportunities: ReadonlyMap<number, boolean>, env: PieceEnv): Piece[] {
  switch (item.kind) {
    case 'text': return textPieces(item, opportunities, env);
    case 'open': {
      const edge = inlineEdge(item.box.style, env.containingWidth, 'start');
      return [{ kind: 'open', box: item.box, width: edge, breakAfter: false, forcedBreakAfter: false }];
    }
    case 'close': {
      const edge = inlineEdge(item.box.style, env.containingWidth, 'end');
      return [{ kind: 'close', box: item.box, width: edge, breakAfter: opportunities.has(item.start) && item.start > 0 && next !== undefined, forcedBreakAfter: false }];
    }
    case 'atomic': {
      const laid = env.layoutAtomic(item.box, env.containingWidth);
      const breakAfter = opportunities.has(item.start + 1) && wrapsLines(item.box.style.whiteSpace);
      return [{ kind: 'atomic', box: item.box, ...laid, breakAfter, forcedBreakAfter: false }];
    }
    case 'break':
      return [{ kind: 'break', box: item.box, width: 0, breakAfter: true, forcedBreakAfter: true }];
  }
}

/** margin + border + padding on the start or end side of an inline box (CSS2 §10.3.1, §8). */
function inlineEdge(style: ComputedStyle, containingWidth: number, side: 'start' | 'end'): number {
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  return side === 'start'
    ? marginOrZero(style.marginLeft, containingWidth) + border.left + padding.left
    : marginOrZero(style.marginRight, containingWidth) + border.right + padding.right;
}

function textPieces(item: Extract<InlineItem, { kind: 'text' }>, opportunities: ReadonlyMap<number, boolean>, env: PieceEnv): Piece[] {
  const { style, text } = item;
  const wraps = wrapsLines(style.whiteSpace);
  const pieces: Piece[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    const required = opportunities.get(item.start + i);
    const atEnd = i === text.length;
    const isBreak = required === true || (required === false && wraps);
    if (!isBreak && !atEnd) continue;
    const forced = required === true && text[i - 1] === '\n';
    pieces.push(measureText(item, text.slice(start, i), isBreak, forced, env));
    start = i;
  }
  return pieces.filter((piece) => piece.kind !== 'text' || piece.text.length > 0 || piece.forcedBreakAfter);
}

function measureText(
  item: Extract<InlineItem, { kind: 'text' }>,
  raw: string,
  breakAfter: boolean,
  forcedBreakAfter: boolean,
  env: PieceEnv,
): Piece {
  const { style } = item;
  // A forced break's newline is not drawn; soft hyphens are invisible unless a line breaks there.
  let text = forcedBreakAfter ? raw.slice(0, -1) : raw;
  text = text.replace(/\u00ad/g, '');
  if (style.whiteSpace === 'pre' || style.whiteSpace === 'pre-wrap' || style.whiteSpace === 'break-spaces') {
    text = text.replace(/\t/g, ' '.repeat(tabSpaces(style)));
  }
  const shaped = text.length > 0 ? env.text.shape(text, fontRequestFromStyle(style)) : { runs: [], width: 0 };
  const runs = shaped.runs.map((run) => spacedRun(run, style));
  const width = runs.reduce((sum, r) => sum + r.advances.reduce((a, b) => a + b, 0), 0);
  const trailing = spacesCollapseOrHang(style.whiteSpace) ? trailingSpaceWidth(runs) : 0;
  const spaces = countSpaces(text.replace(/ +$/, ''));
  return { kind: 'text', style, parent: item.parent, text, runs, width, trailingSpace: trailing, spaces, breakAfter, forcedBreakAfter };
}

function tabSpaces(style: ComputedStyle): number {
  return typeof style.tabSize === 'number' ? Math.max(1, Math.round(style.tabSize / Math.max(1, style.fontSize * 0.5))) : Math.max(1, style.tabSize.value);
}

/** Adds letter-spacing after every character and word-spacing to every space (CSS Text 3 §7-8). */
function spacedRun(run: GlyphRun, style: ComputedStyle): MeasuredRun {
  const letter = style.letterSpacing;
  const word = style.wordSpacing;
  if (letter === 0 && word === 0) return { run, advances: run.glyphs.map((g) => g.advance) };
  const advances = run.glyphs.map((glyph) => {
    let advance = glyph.advance;
    if (glyph.codePoints.length > 0) advance += letter * glyph.codePoints.length;
    if (glyph.codePoints.length === 1 && (glyph.codePoints[0] === 0x20 || glyph.codePoints[0] === 0xa0)) advance += word;
    return advance;
  });
  return { run, advances };
}

function trailingSpaceWidth(runs: readonly MeasuredRun[]): number {
  let width = 0;
  for (let r = runs.length - 1; r >= 0; r--) {
    const { run, advances } = runs[r]!;
    for (let g = run.glyphs.length - 1; g >= 0; g--) {
      const cps = run.glyphs[g]!.codePoints;
      if (cps.length !== 1 || cps[0] !== 0x20) return width;
      width += advances[g]!;
    }
  }
  return width;
}

function countSpaces(text: string): number {
  let count = 0;
  for (const ch of text) if (ch === ' ' || ch === '\u00a0') count++;
  return count;
}
