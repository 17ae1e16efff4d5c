/**
 * Breaking inside a piece: hyphenation opportunities (CSS Text 3 §5.4: soft hyphens for
 * `hyphens: manual | auto`, dictionary patterns for `auto` in words without soft hyphens), the
 * opportunities `word-break: break-all` adds inside words (§5.2, text/break-all.ts) and grapheme
 * cluster boundaries for `overflow-wrap: anywhere | break-word` and `word-break: break-word`
 * (§5.5). A split measures the two parts again.
 */
import { hyphenationPoints as dictionaryPoints } from '../../text/hyphenate.js';
import type { HyphenateLimitChars } from '../../css/model/types.js';
import type { MeasureEnv, TextPiece } from './measure.js';
import { measureText, wrapsLines } from './measure.js';
import { graphemeSegmenter } from '../../graphemes.js';
import { breakAllPoints } from '../../text/break-all.js';

export interface Splitter {
  /** Offsets in `piece.item.text`, ascending, strictly inside the piece, where it may hyphenate. */
  hyphenationPoints(piece: TextPiece): readonly number[];
  /** Grapheme cluster boundaries strictly inside the piece, ascending. */
  graphemePoints(piece: TextPiece): readonly number[];
  /** Where `word-break: break-all` breaks strictly inside the piece, ascending (none for other values). */
  /** `forward`: as Chromium finds them looking forward from a line's start (break-all.ts). */
  breakAllPoints(piece: TextPiece, forward?: boolean): readonly number[];
  /** The piece cut at `at`: a head that may end with a hyphen, and the rest. */
  split(piece: TextPiece, at: number, hyphen: boolean): readonly [TextPiece, TextPiece];
  /**
   * The piece cut at every one of `points` (ascending, strictly inside): what `split` gives cut
   * after cut, each part measured once (splitting the rest again and again is quadratic).
   */
  splitAll(piece: TextPiece, points: readonly number[], hyphen: boolean): TextPiece[];
}

const WORD = /[\p{L}\p{M}\u00ad]+/gu;
const NONE: readonly number[] = Object.freeze([]);

/**
 * Points that leave more than white space after them in the piece (a tail of spaces only is no
 * break). One scan for the last other character: slicing the tail at every point was quadratic.
 */
function beforeLastNonSpace(piece: TextPiece, points: readonly number[]): readonly number[] {
  const text = piece.item.text;
  let last = piece.to - 1;
  while (last >= piece.from && /\s/.test(text[last]!)) last--;
  return points.filter((point) => point <= last);
}

/**
 * `hyphenate-limit-chars` with `auto` as Chromium's 5, 2, 2; a word is at least as long as what
 * must stay on both sides. The patterns never leave fewer than two letters on a side, so smaller
 * values act as 2.
 */
function limitsOf(limits: HyphenateLimitChars): { word: number; before: number; after: number } {
  const before = limits.before === 'auto' ? 2 : limits.before;
  const after = limits.after === 'auto' ? 2 : limits.after;
  return { word: Math.max(limits.word === 'auto' ? 5 : limits.word, before + after), before, after };
}

function hasSoftHyphen(piece: TextPiece): boolean {
  // within the piece only: indexOf ran on to the end of the item's text for every piece (a 2.7 MB
  // paragraph without one spent 2 s here)
  const text = piece.item.text;
  for (let at = piece.from; at < piece.to; at++) if (text.charCodeAt(at) === 0xad) return true;
  return false;
}
/** Text below U+0300 (no combining marks) without CR LF: each code unit is a grapheme cluster (UAX #29). */
function singleUnitGraphemes(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0x300 || (code === 0x0d && text.charCodeAt(at + 1) === 0x0a)) return false;
  }
  return true;
}

export function createSplitter(env: MeasureEnv): Splitter {
  return new ContentSplitter(env);
}

/**
 * The splitter of one inline formatting context. A class, not an object literal of four closures:
 * one is made for every context measured (every table cell), and most never split anything.
 */
class ContentSplitter implements Splitter {
  constructor(private readonly env: MeasureEnv) {}

  hyphenationPoints(piece: TextPiece): readonly number[] {
    const hyphens = piece.style.hyphens;
    if (hyphens === 'none' || piece.tab !== undefined || piece.level % 2 === 1 || !wrapsLines(piece.style.whiteSpace)) return NONE;
    // `manual` (the initial value) hyphenates only at soft hyphens: most pieces have none.
    if (hyphens === 'manual' && !hasSoftHyphen(piece)) return NONE;
    const raw = piece.item.text.slice(piece.from, piece.to);
    const points: number[] = [];
    // the piece's `hyphenate-limit-chars`, read at its first word hyphenated by the patterns
    let limits: ReturnType<typeof limitsOf> | undefined;
    for (const match of raw.matchAll(WORD)) {
      const word = match[0];
      const at = piece.from + match.index;
      if (word.includes('\u00ad')) {
        for (let i = 0; i < word.length; i++) if (word[i] === '\u00ad') points.push(at + i + 1);
      } else if (hyphens === 'auto' && piece.item.lang !== '' && piece.style.wordBreak !== 'break-all') {
        // break-all: "hyphenation is not applied" (CSS Text 3 §5.2) — the line breaks between letters, as Chromium breaks a long URL
        limits ??= limitsOf(piece.style.hyphenateLimitChars);
        if (word.length < limits.word) continue;
        for (const point of dictionaryPoints(word, piece.item.lang)) {
          if (point >= limits.before && word.length - point >= limits.after) points.push(at + point);
        }
      }
    }
    return beforeLastNonSpace(piece, points.filter((point) => point > piece.from && point < piece.to));
  }

  graphemePoints(piece: TextPiece): readonly number[] {
    if (piece.tab !== undefined || !wrapsLines(piece.style.whiteSpace)) return [];
    const raw = piece.item.text.slice(piece.from, piece.to);
    const points: number[] = [];
    if (singleUnitGraphemes(raw)) { // every code unit its own cluster: the segmenter costs ~1 µs each
      for (let at = piece.from + 1; at < piece.to; at++) points.push(at);
    } else {
      for (const segment of graphemeSegmenter().segment(raw)) {
        if (segment.index > 0) points.push(piece.from + segment.index);
      }
    }
    // Never leave only spaces in the tail.
    return beforeLastNonSpace(piece, points);
  }

  breakAllPoints(piece: TextPiece, forward = false): readonly number[] {
    if (piece.style.wordBreak !== 'break-all' || piece.tab !== undefined || !wrapsLines(piece.style.whiteSpace)) return NONE;
    // Never leave only spaces in the tail.
    return beforeLastNonSpace(piece, breakAllPoints(piece.item.text, piece.from, piece.to, forward));
  }

  split(piece: TextPiece, at: number, hyphen: boolean): readonly [TextPiece, TextPiece] {
    const env = this.env;
    const head = measureText({ item: piece.item, from: piece.from, to: at, breakAfter: true, forcedBreakAfter: false, hyphen }, env);
    const tail = measureText({
      item: piece.item, from: at, to: piece.to, breakAfter: piece.breakAfter, forcedBreakAfter: piece.forcedBreakAfter, hyphen: piece.hyphenated,
    }, env);
    return [head, tail];
  }

  splitAll(piece: TextPiece, points: readonly number[], hyphen: boolean): TextPiece[] {
    const env = this.env;
    const parts: TextPiece[] = [];
    let from = piece.from;
    for (const at of points) {
      parts.push(measureText({ item: piece.item, from, to: at, breakAfter: true, forcedBreakAfter: false, hyphen }, env));
      from = at;
    }
    parts.push(measureText({
      item: piece.item, from, to: piece.to, breakAfter: piece.breakAfter, forcedBreakAfter: piece.forcedBreakAfter, hyphen: piece.hyphenated,
    }, env));
    return parts;
  }
}

/**
 * overflow-wrap / word-break values that allow breaking an overflowing word anywhere (§5.5).
 * Not `break-all`: it adds opportunities, and a word without one (`{{{{`) overflows, as in Chromium.
 */
export function mayBreakAnywhere(piece: TextPiece): boolean {
  return breaksAnywhere(piece.style);
}

export function breaksAnywhere(style: Pick<TextPiece['style'], 'overflowWrap' | 'wordBreak'>): boolean {
  return style.overflowWrap !== 'normal' || style.wordBreak === 'break-word';
}

/** Whether every grapheme boundary counts for the min-content size (`anywhere`, `break-word`). */
export function graphemesCountForMinContent(piece: TextPiece): boolean {
  return piece.style.overflowWrap === 'anywhere' || piece.style.wordBreak === 'break-word';
}
