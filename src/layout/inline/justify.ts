/**
 * Justification opportunities (CSS Text 3 §7.1, `text-justify`): the glyphs of a line after which
 * `text-align: justify` adds space. `inter-word` widens the word separators (a no-break space is
 * one: it forbids a break there, not the stretching); `inter-character` every gap between
 * characters (but those of cursive scripts, whose letters join); `auto` does as Chromium: the word separators, and the gaps beside CJK characters,
 * which have no spaces to widen; `none` nothing (the line stays start-aligned).
 */
import type { ComputedStyle } from '../../css/types.js';
import { isCursive, isSpace as isWordSeparator } from './measure.js';
import type { Piece } from './pieces.js';

/** Per piece and run of a line, the glyphs followed by an opportunity (absent: none in that run). */
export interface Opportunities {
  readonly count: number;
  readonly after: ReadonlyMap<number, readonly (readonly boolean[] | undefined)[]>;
}

export const NO_OPPORTUNITIES: Opportunities = { count: 0, after: new Map() };

/** Ideographs, kana, Hangul, CJK punctuation and full-width forms: justified between characters under `auto`. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

function isCjk(codePoints: readonly number[]): boolean {
  return codePoints.length > 0 && CJK.test(String.fromCodePoint(codePoints[0]!));
}

type Mode = ComputedStyle['textJustify'];

interface Slot {
  readonly piece: number;
  readonly run: number;
  readonly glyph: number;
  readonly codePoints: readonly number[];
  readonly mode: Mode;
}

/**
 * The opportunities of a line, not counting the spaces that hang or are removed at its end
 * (`trimmedIndex`'s trailing runs) nor anything after its last glyph.
 */
export function justificationOpportunities(line: readonly Piece[], trimmedIndex: number): Opportunities {
  const slots: Slot[] = [];
  line.forEach((piece, pieceIndex) => {
    if (piece.kind !== 'text' || piece.style.textJustify === 'none') return;
    piece.runs.forEach((run, runIndex) => {
      if (run.trailing && pieceIndex === trimmedIndex) return;
      // spacing out the letters of a cursive script would break their joins
      const mode = piece.style.textJustify === 'inter-character' && isCursive(run.run.text) ? 'inter-word' : piece.style.textJustify;
      run.run.glyphs.forEach((glyph, glyphIndex) => {
        // A glyph without characters continues its cluster (a ligature's or a mark's): no gap before it.
        if (glyph.codePoints.length === 0) return;
        slots.push({ piece: pieceIndex, run: runIndex, glyph: glyphIndex, codePoints: glyph.codePoints, mode });
      });
    });
  });
  const after = new Map<number, (boolean[] | undefined)[]>();
  let count = 0;
  slots.forEach((slot, i) => {
    const next = slots[i + 1];
    if (!opportunityAfter(slot, next)) return;
    // The gap is after the cluster: the advance of its last glyph grows.
    const last = next !== undefined && next.piece === slot.piece && next.run === slot.run ? next.glyph - 1 : lastGlyphOf(line, slot);
    let runs = after.get(slot.piece);
    if (runs === undefined) after.set(slot.piece, (runs = []));
    const flags = (runs[slot.run] ??= []);
    flags[last] = true;
    count++;
  });
  return { count, after };
}

function opportunityAfter(slot: Slot, next: Slot | undefined): boolean {
  if (isWordSeparator(slot.codePoints)) return true;
  if (next === undefined) return false;
  if (slot.mode === 'inter-character') return true;
  return slot.mode === 'auto' && !isWordSeparator(next.codePoints) && (isCjk(slot.codePoints) || isCjk(next.codePoints));
}

function lastGlyphOf(line: readonly Piece[], slot: Slot): number {
  const piece = line[slot.piece]!;
  return piece.kind === 'text' ? piece.runs[slot.run]!.run.glyphs.length - 1 : slot.glyph;
}
