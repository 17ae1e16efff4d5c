/**
 * Cuts an inline formatting context into pieces between line-break opportunities (UAX #14,
 * CSS Text 3 §5) and measures each once: text is shaped word by word (the text system caches
 * words), inline box edges and atomic inlines get their widths. Line breaking then only adds
 * numbers, and splits a piece (measure.ts) only where it hyphenates or wraps a long word;
 * pagination never re-shapes.
 */
import type { InlineBox, LineBreakBox, OutOfFlowBox } from '../../boxes/types.js';
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import { findBreakOpportunities, hasMandatoryBreak } from '../../text/breaks.js';
import { withLineBreakRules } from './line-break-rules.js';
import type { BoxFragment } from '../types.js';
import type { Escaping } from '../escaping.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import type { AtomicInlineBox, InlineItem, InlineItems, TextItem } from './items.js';
import type { BidiLevels } from './bidi.js';
import { levelAt } from './bidi.js';
import type { MeasureEnv, TextEnv, TextPiece, TextStretch } from './measure.js';
import { measureTab, measureText, wrapsLines } from './measure.js';
import { breaksAnywhere } from './split.js';
import { breakAllAddsBreak } from '../../text/break-all.js';
import { breakAroundLeaders } from './leader.js';
import { withSymbolMarkerWidth } from './symbol-marker.js';
import { appendAll } from '../../append-all.js';
import { graphemeSegmenter } from '../../graphemes.js';
import { phraseBoundaries } from '../../text/phrases/phrase-breaks.js';

export type { MeasuredRun, TextPiece } from './measure.js';
export { wrapsLines } from './measure.js';

export type Piece =
  | TextPiece
  | {
      readonly kind: 'open' | 'close';
      readonly box: InlineBox;
      /** margin + border + padding on the box's start (open) or end (close) side. */
      readonly width: number;
      /**
       * `box-decoration-break: clone` (CSS Fragmentation 3 §5.4): the box's end edge, which every
       * line the box breaks on owes (line-breaker.ts); undefined for sliced boxes.
       */
      readonly clonedEnd?: number | undefined;
      readonly breakAfter: boolean;
      readonly forcedBreakAfter: false;
      /** Bidi level at the edge (for empty boxes). */
      readonly level: number;
    }
  | {
      readonly kind: 'atomic';
      readonly box: AtomicInlineBox;
      /** Laid out at the origin: its margin box starts at (0, 0). */
      readonly fragment: BoxFragment;
      readonly width: number;
      readonly height: number;
      /** Distance from the margin-box top to the box's baseline. */
      readonly baseline: number;
      /** Absolutely positioned and fixed descendants whose containing block is outside it (in the fragment's frame). */
      readonly escaping?: Escaping | undefined;
      /** Its min-/max-content contributions when they differ from `width` (see AtomicLayout). */
      readonly contributions?: AtomicContributions | undefined;
      readonly overhangStart?: number | undefined;
      readonly breakAfter: boolean;
      readonly forcedBreakAfter: false;
      readonly level: number;
    }
  | { readonly kind: 'break'; readonly box: LineBreakBox; readonly width: 0; readonly breakAfter: true; readonly forcedBreakAfter: true; readonly level: number }
  /** Where an out-of-flow box stands in the content (items.ts): no width, no break. */
  | { readonly kind: 'anchor'; readonly box: OutOfFlowBox; readonly width: 0; readonly breakAfter: false; readonly forcedBreakAfter: false; readonly level: number };

/** An atomic inline laid out at the origin (inline-block, image). */
export interface AtomicLayout {
  readonly fragment: BoxFragment;
  readonly width: number;
  readonly height: number;
  readonly baseline: number;
  readonly escaping?: Escaping | undefined;
  /**
   * Its contributions to its line's intrinsic sizes (CSS Sizing 3 §5.2): an inline-block's
   * max-content contribution is not the width it takes in the zero-width measure, nor is an image's
   * sized in percentages (block/replaced.ts: cyclic percentages).
   */
  readonly contributions?: AtomicContributions | undefined;
  /**
   * How far a ruby pair's annotation overhangs the text before it (block/atomic.ts): taken off its
   * width and its fragment moved back by as much; a line that starts with it gives it back.
   */
  readonly overhangStart?: number | undefined;
}

/** Margin-box min-content and max-content contributions of an atomic inline. */
export interface AtomicContributions {
  readonly minContent: number;
  readonly maxContent: number;
}

export interface PieceEnv extends TextEnv {
  /** Width of the containing block (percentages of inline margins/padding). */
  readonly containingWidth: number;
  /** Its height when definite: an atomic inline's percentage height is of it (CSS2 §10.5). */
  readonly containingHeight: number | undefined;
  readonly layoutAtomic: (box: AtomicInlineBox, containingWidth: number, containingHeight: number | undefined) => AtomicLayout;
}

export function buildPieces(content: InlineItems, env: PieceEnv): Piece[] {
  const items = content.items;
  const opportunities = breakMapOf(items, content.text);
  // one item (a table cell's text): its own list, fresh from itemPieces, not copied into another
  if (items.length === 1 && !(items[0]!.kind === 'open' && items[0]!.box.leader === true)) return itemPieces(items[0]!, undefined, opportunities, content.bidi, env);
  const pieces: Piece[] = [];
  // by index and pushed one by one: a spread of each item's pieces allocated per item
  for (let index = 0; index < items.length; index++) {
    appendAll(pieces, itemPieces(items[index]!, items[index + 1], opportunities, content.bidi, env));
  }
  return content.items.some((item) => item.kind === 'open' && item.box.leader === true) ? breakAroundLeaders(pieces) : pieces;
}

/**
 * The break opportunities of a context's text by index: true where a break is required, false
 * where one is allowed, undefined where there is none (an array as long as the text: cheaper to
 * make and to read than a map of the few opportunities).
 */
export type BreakMap = readonly (boolean | undefined)[];

export function breakMap(text: string): BreakMap {
  const map = new Array<boolean | undefined>(text.length + 1);
  const opportunities = findBreakOpportunities(text);
  // by index: the list is frozen (shared through the cache), and for-of over it allocated per opportunity
  for (let i = 0; i < opportunities.length; i++) map[opportunities[i]!.index] = opportunities[i]!.required;
  return map;
}

/** No opportunity at all (frozen: reading any index gives undefined). */
const NO_BREAKS: BreakMap = Object.freeze([]);

/**
 * The break opportunities of a context of `items` over `text`, as `breakMap` gives them where
 * they are read. When every item is text that does not wrap (`nowrap`, `pre`), `cutText` reads
 * only the required breaks (an allowed one changes nothing there, a tab's break neither), and
 * without a newline character there are none: then finding them (UAX #14 over the whole text)
 * is skipped. A table of `nowrap` cells paid it for every cell, measured and laid out.
 */
export function breakMapOf(items: readonly InlineItem[], text: string): BreakMap {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== 'text' || wrapsLines(item.style.whiteSpace)) return withLineBreakRules(breakMap(text), items, text);
  }
  return hasMandatoryBreak(text) ? breakMap(text) : NO_BREAKS;
}

/** Whether the white-space of what starts at `item` lets a line break before it (the holder's, for an atomic inline). */
function wrapsAt(item: InlineItem): boolean {
  switch (item.kind) {
    case 'text': return wrapsLines(item.style.whiteSpace);
    case 'atomic': return wrapsLines(item.whiteSpace);
    case 'open':
    case 'close': return wrapsLines(item.box.style.whiteSpace);
    default: return true;
  }
}

function itemPieces(item: InlineItem, next: InlineItem | undefined, opportunities: BreakMap, bidi: BidiLevels, env: PieceEnv): Piece[] {
  switch (item.kind) {
    case 'text': return textPieces(item, opportunities, bidi, env);
    case 'open': {
      const edge = inlineEdge(item.box.style, env.containingWidth, 'start');
      const clonedEnd = isCloned(item.box) ? inlineEdge(item.box.style, env.containingWidth, 'end') : undefined;
      return [{ kind: 'open', box: item.box, width: edge, clonedEnd, breakAfter: false, forcedBreakAfter: false, level: levelAt(bidi, item.start) }];
    }
    case 'close': {
      const edge = inlineEdge(item.box.style, env.containingWidth, 'end');
      // the white-space of what follows, standing for the nearest common ancestor's (CSS Text 3 §5.1): KaTeX's
      // `nowrap` base keeps `</span><span class="mspace">` together; a `pre` marker still breaks after its "1. ".
      // A `<wbr>` breaks whatever the white-space, as in Chromium (`<nobr>` and `nowrap` text too)
      const breakAfter = opportunities[item.start] !== undefined && item.start > 0 && next !== undefined && (item.box.breakOpportunity === true || wrapsAt(next));
      const clonedEnd = isCloned(item.box) ? edge : undefined;
      return [{ kind: 'close', box: item.box, width: edge, clonedEnd, breakAfter, forcedBreakAfter: false, level: levelAt(bidi, item.start - 1) }];
    }
    case 'atomic': {
      const laid = env.layoutAtomic(item.box, env.containingWidth, env.containingHeight);
      // the holder's white-space, as in Chromium: a form field's own `pre` (or an inline-block's
      // `nowrap`) does not keep the next box on its line
      const breakAfter = opportunities[item.start + 1] !== undefined && wrapsLines(item.whiteSpace);
      return [{ kind: 'atomic', box: item.box, ...laid, breakAfter, forcedBreakAfter: false, level: levelAt(bidi, item.start) }];
    }
    case 'break':
      return [{ kind: 'break', box: item.box, width: 0, breakAfter: true, forcedBreakAfter: true, level: bidi.paragraphLevel }];
    case 'anchor':
      return [{ kind: 'anchor', box: item.box, width: 0, breakAfter: false, forcedBreakAfter: false, level: bidi.paragraphLevel }];
  }
}

/**
 * margin + border + padding on the start or end side of an inline box (CSS2 §10.3.1, §8.6): the
 * start side is the left one in a left-to-right box, the right one in a right-to-left box.
 */
export function inlineEdge(style: ComputedStyle, containingWidth: number, side: 'start' | 'end'): number {
  const left = side === 'start' ? style.direction !== 'rtl' : style.direction === 'rtl';
  return left ? physicalEdge(style, containingWidth, 'left') : physicalEdge(style, containingWidth, 'right');
}

/**
 * `box-decoration-break: clone` (CSS Fragmentation 3 §5.4): each fragment of the box on a line is
 * wrapped in its own start and end margin, border and padding.
 */
export function isCloned(box: InlineBox): boolean {
  return box.style.boxDecorationBreak === 'clone';
}

/**
 * The edges that the cloned boxes among `open` (the inline boxes open where a line starts or
 * ends) repeat on it: their start edges at a line's start, their end edges at its end.
 */
export function clonedEdges(open: readonly InlineBox[], containingWidth: number, side: 'start' | 'end'): number {
  let width = 0;
  for (const box of open) if (isCloned(box)) width += inlineEdge(box.style, containingWidth, side);
  return width;
}

export function physicalEdge(style: ComputedStyle, containingWidth: number, side: 'left' | 'right'): number {
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  return side === 'left'
    ? marginOrZero(style.marginLeft, containingWidth) + border.left + padding.left
    : marginOrZero(style.marginRight, containingWidth) + border.right + padding.right;
}

function preservesTabs(whiteSpace: WhiteSpace): boolean {
  return whiteSpace === 'pre' || whiteSpace === 'pre-wrap' || whiteSpace === 'break-spaces';
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

function textPieces(item: TextItem, opportunities: BreakMap, bidi: BidiLevels, env: PieceEnv): Piece[] {
  const cuts = new MeasuredCuts(item, { text: env.text, runFacts: env.runFacts, bidi });
  cutText(item, opportunities, cuts);
  return withSymbolMarkerWidth(item, cuts.pieces, env.text);
}

/**
 * The item's text measured piece by piece. A class, not an object literal of closures made per
 * call: V8 keeps a closure's optimised code only while a closure of it lives, so closures made per
 * text item were compiled again after each full GC.
 */
class MeasuredCuts implements TextCuts {
  readonly pieces: TextPiece[] = [];
  /** The stretch measured, one record rewritten for each cut (`measureText` keeps none of it): CJK text is cut at every character. */
  private readonly stretch: { -readonly [K in keyof TextStretch]: TextStretch[K] };

  constructor(private readonly item: TextItem, private readonly env: MeasureEnv) {
    this.stretch = { item, from: 0, to: 0, breakAfter: false, forcedBreakAfter: false, hyphen: false };
  }

  text(from: number, to: number, breakAfter: boolean, forcedBreakAfter: boolean): void {
    const stretch = this.stretch;
    stretch.from = from;
    stretch.to = to;
    stretch.breakAfter = breakAfter;
    stretch.forcedBreakAfter = forcedBreakAfter;
    this.pieces.push(measureText(stretch, this.env));
  }

  tab(from: number, breakAfter: boolean): void {
    this.pieces.push(measureTab({ item: this.item, from, breakAfter }, this.env));
  }
}

/** What a text item is cut into: stretches of text [from, to) and preserved tabs (at `from`). */
export interface TextCuts {
  text(from: number, to: number, breakAfter: boolean, forcedBreakAfter: boolean): void;
  tab(from: number, breakAfter: boolean): void;
}

/**
 * A stretch without break opportunities that may break anywhere (`overflow-wrap: anywhere |
 * break-word`, `word-break: break-word`) is cut every LONG_STRETCH code units, at a grapheme
 * boundary, into pieces with no break between them: the line breaker splits a piece's rest again
 * on every line, so a 330 KB word in one piece took time quadratic in its length. Lines fill the
 * same way (a break between the pieces is still only where the line is full); only kerning across
 * a cut is lost, in words a thousand characters long. With `word-break: break-all` the cut is at
 * the next point where it breaks (text/break-all.ts), an opportunity like the others.
 */
const LONG_STRETCH = 1024;

/** Whether `piece` goes on where `before` ends, in the same text item without a break: a long word cut in pieces. */
export function continuesLongWord(before: Piece | undefined, piece: TextPiece): boolean {
  return before?.kind === 'text' && before.item === piece.item && before.to === piece.from && !before.breakAfter;
}

/** Whether `at` starts a grapheme cluster (cheap tests first: the code unit before a letter is usually one). */
function isGraphemeBoundary(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x300 && text.charCodeAt(at - 1) < 0x300 && !(text[at - 1] === '\r' && text[at] === '\n')) return true;
  const from = Math.max(0, at - 32);
  for (const segment of graphemeSegmenter().segment(text.slice(from, at + 32))) if (from + segment.index === at) return true;
  return false;
}

/**
 * Where a text item is cut: at the context's break opportunities that its white-space allows,
 * except after a soft hyphen (a hyphenation opportunity, handled by the line breaker), around
 * preserved tabs, after every preserved space for `break-spaces` (CSS Text 3 §3), never
 * between letters for `word-break: keep-all` (§5.2), and for `auto-phrase` in Japanese only
 * between phrases (text/phrases/phrase-breaks.ts), as Chromium 156 breaks it.
 */
export function cutText(item: TextItem, opportunities: BreakMap, cuts: TextCuts): void {
  const { style, text } = item;
  const wraps = wrapsLines(style.whiteSpace);
  const tabs = preservesTabs(style.whiteSpace);
  const keepAll = style.wordBreak === 'keep-all';
  const phrases = style.wordBreak === 'auto-phrase' ? phraseBoundaries(text, item.lang) : undefined;
  const breakSpaces = style.whiteSpace === 'break-spaces';
  const anywhere = wraps && breaksAnywhere(style);
  const breakAll = wraps && style.wordBreak === 'break-all';
  if (opportunities === NO_BREAKS && !tabs && !breakSpaces && !anywhere) {
    // nothing to break at (text that never wraps, without a newline: `breakMapOf`): the loop below would cut it once, at its end
    if (text.length > 0) cuts.text(0, text.length, false, false);
    return;
  }
  let start = 0;
  const cut = (end: number, breakAfter: boolean, forced: boolean): void => {
    if (end > start) cuts.text(start, end, breakAfter, forced);
    start = end;
  };
  for (let i = 1; i <= text.length; i++) {
    const previous = text[i - 1]!;
    if (i - start >= LONG_STRETCH && i < text.length) {
      if (breakAll && breakAllAddsBreak(text, i)) cut(i, true, false);
      else if (anywhere && isGraphemeBoundary(text, i)) cut(i, false, false);
    }
    if (tabs && previous === '\t') {
      const required = opportunities[item.start + i];
      cuts.tab(i - 1, required !== undefined && wraps);
      start = i;
      continue;
    }
    const required = opportunities[item.start + i];
    if (tabs && text[i] === '\t') {
      // a preserved newline before it still ends the line (code indented with tabs)
      const mandatory = required === true;
      cut(i, mandatory, mandatory && previous === '\n');
      continue;
    }
    const atEnd = i === text.length;
    let isBreak = required === true || (required === false && wraps && previous !== '\u00ad');
    if (isBreak && required === false && keepAll && LETTER_OR_NUMBER.test(previous) && LETTER_OR_NUMBER.test(text[i] ?? '')) isBreak = false;
    if (isBreak && required === false && phrases !== undefined && !atEnd && !phrases.has(i) && previous !== ' ' && text[i] !== ' ') isBreak = false;
    if (!isBreak && breakSpaces && previous === ' ' && !atEnd) isBreak = true;
    if (!isBreak && !atEnd) continue;
    const forced = required === true && previous === '\n';
    cut(i, isBreak, forced);
  }
}
