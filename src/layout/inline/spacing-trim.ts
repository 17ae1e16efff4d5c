/**
 * `text-spacing-trim` (CSS Text 4 §8.2): fullwidth CJK punctuation carries half an em of blank
 * space on one side (「 on its start side, 」、。 on its end side); where two meet (`」、`, `）「`)
 * or the value asks for it, that half is trimmed, as a font's `halt`/`vhal` alternates set it.
 * Trimming the end half shortens the glyph's advance; trimming the start half shortens it and
 * moves the glyph back by as much. Only a glyph one em wide (a fullwidth form in this font) is
 * trimmed; its neighbours are classed by character.
 *
 * `trim-adjacent` (every value but `space-all`): an opening bracket after an opening or closing
 * one, a middle dot or an ideographic space loses its start half; a closing one before a closing
 * one or a middle dot loses its end half. `trim-all` trims every such glyph (a middle dot a quarter
 * on each side). At the start of a line (`lineStartTrimmed`, from the line breaker) an opening
 * bracket loses its leading half with `trim-start`, `trim-both`, and `space-first` but on a block's
 * first line and after a forced break. At the end of a line (`lineEndTrimmed`, from the line breaker) a
 * closing mark loses its trailing half with `trim-both`; with `normal`, `space-first` and
 * `trim-start` only when the line would not fit otherwise (before justification).
 */
import type { TextSpacingTrim } from '../../css/types.js';
import type { GlyphRun, ShapedGlyph } from '../../text/types.js';
import type { TextPiece } from './measure.js';
import { BoundedCache } from '../../cache/bounded.js';

type PunctuationClass = 'open' | 'close' | 'middle' | 'space';

/** Fullwidth closing punctuation beyond Pe/Pf: the ideographic and fullwidth comma and full stop. */
const CLOSING_STOPS = new Set([0x3001, 0x3002, 0xff0c, 0xff0e]);
/** Middle dots: katakana middle dot, fullwidth colon and semicolon (Japanese usage). */
const MIDDLE_DOTS = new Set([0x30fb, 0xff1a, 0xff1b, 0x00b7]);

const OPENING = /[\p{Ps}\p{Pi}]/u;
const CLOSING = /[\p{Pe}\p{Pf}]/u;

function classOf(codePoint: number | undefined): PunctuationClass | undefined {
  if (codePoint === undefined) return undefined;
  if (codePoint === 0x3000) return 'space';
  if (MIDDLE_DOTS.has(codePoint)) return 'middle';
  if (CLOSING_STOPS.has(codePoint)) return 'close';
  // only CJK and fullwidth brackets and quotes: ASCII ones are never one em wide anyway
  if (codePoint < 0x2018) return undefined;
  // asked for each CJK character beside punctuation: the two Unicode property tests once per character
  let known = bracketClasses.get(codePoint);
  if (known === undefined) {
    const char = String.fromCodePoint(codePoint);
    known = OPENING.test(char) ? 'open' : CLOSING.test(char) ? 'close' : NOT_BRACKET;
    bracketClasses.set(codePoint, known);
  }
  return known === NOT_BRACKET ? undefined : known;
}

const NOT_BRACKET = 'none';
const bracketClasses = new BoundedCache<number, 'open' | 'close' | typeof NOT_BRACKET>('layout.bracket-classes', 4096);

/**
 * Whether the text holds CJK punctuation `text-spacing-trim` may trim (plain-text fast paths step
 * aside). Curly quotes and the middle dot count as neighbours only beside CJK punctuation, so that
 * Latin text with apostrophes keeps the fast paths. (A loop over the code units, not a regular
 * expression: it is asked for every piece, a character of CJK text.)
 */
export function mayTrimSpacing(text: string, value: TextSpacingTrim): boolean {
  if (value === 'space-all') return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x3000) continue;
    if (code <= 0x303f || code === 0x30fb || (code >= 0xff01 && code <= 0xff65)) return true;
  }
  return false;
}

/** The trimmed glyphs: per glyph, px cut from its start and from its end. */
interface Trim {
  readonly start: number;
  readonly end: number;
}

const NONE: Trim = { start: 0, end: 0 };

function trimOf(cls: PunctuationClass | undefined, before: PunctuationClass | undefined, after: PunctuationClass | undefined, value: TextSpacingTrim, half: number): Trim {
  if (cls === undefined || cls === 'space' || value === 'space-all') return NONE;
  if (value === 'trim-all') return cls === 'middle' ? { start: half / 2, end: half / 2 } : cls === 'open' ? { start: half, end: 0 } : { start: 0, end: half };
  if (cls === 'open' && before !== undefined) return { start: half, end: 0 };
  if (cls === 'close' && (after === 'close' || after === 'middle')) return { start: 0, end: half };
  return NONE;
}

/**
 * `advances` of `run` with the adjacent punctuation trimmed, and the run with the glyphs whose start
 * is trimmed moved back; the same objects when nothing is trimmed. `before` and `after` are the
 * code points around the run in the text (undefined at the text's edges).
 */
export function trimAdjacent(run: GlyphRun, advances: readonly number[], value: TextSpacingTrim, before: number | undefined, after: number | undefined): { run: GlyphRun; advances: readonly number[] } {
  if (value === 'space-all' || !mayTrimSpacing(run.text, value)) return { run, advances };
  // a run of one glyph (CJK text is measured a character at a time) has its one glyph's characters
  const points = run.glyphs.length === 1 ? run.glyphs[0]!.codePoints : run.glyphs.flatMap((glyph) => glyph.codePoints);
  let trimmedAdvances: number[] | undefined;
  let glyphs: ShapedGlyph[] | undefined;
  let at = 0;
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i]!;
    const first = at;
    at += glyph.codePoints.length;
    if (glyph.codePoints.length !== 1 || !isFullwidth(glyph, run.size)) continue;
    const previous = first === 0 ? before : points[first - 1];
    const next = at < points.length ? points[at] : after;
    const trim = trimOf(classOf(glyph.codePoints[0]), classOf(previous), classOf(next), value, run.size / 2);
    if (trim === NONE) continue;
    trimmedAdvances ??= [...advances];
    trimmedAdvances[i] = trimmedAdvances[i]! - trim.start - trim.end;
    if (trim.start !== 0) {
      glyphs ??= [...run.glyphs];
      glyphs[i] = { ...glyph, xOffset: glyph.xOffset - trim.start };
    }
  }
  if (trimmedAdvances === undefined) return { run, advances };
  return { run: glyphs === undefined ? run : { ...run, glyphs }, advances: trimmedAdvances };
}

/** A fullwidth form: one em wide along the line (its horizontal or, upright, its vertical advance). */
function isFullwidth(glyph: ShapedGlyph, size: number): boolean {
  return Math.abs(glyph.advance - size) <= size * 0.01;
}

/** Whether `value` trims an opening bracket at the start of a line (`firstOrAfterForcedBreak`: a block's first line, or one after a forced break). */
export function trimsLineStart(value: TextSpacingTrim, firstOrAfterForcedBreak: boolean): boolean {
  return value === 'trim-start' || value === 'trim-both' || (value === 'space-first' && !firstOrAfterForcedBreak);
}

/**
 * How `value` trims a closing mark at the end of a line: on every line (`trim-both`), only where the
 * line would not fit otherwise (`normal`, `space-first`, `trim-start`), never (`space-all`, and
 * `trim-all`, whose marks are all trimmed already).
 */
export function lineEndTrimming(value: TextSpacingTrim): 'always' | 'to-fit' | 'never' {
  return value === 'trim-both' ? 'always' : value === 'space-all' || value === 'trim-all' ? 'never' : 'to-fit';
}

/** The px the piece's closing mark at its end may lose at the end of a line (half an em; 0 without one, or when already trimmed). */
export function lineEndTrim(piece: TextPiece): number {
  const trimming = lineEndTrimming(piece.style.textSpacingTrim);
  if (trimming === 'never') return 0;
  const last = piece.runs[piece.runs.length - 1];
  const glyph = last?.run.glyphs[last.run.glyphs.length - 1];
  if (last === undefined || glyph === undefined || last.trailing || last.level % 2 === 1 || glyph.codePoints.length !== 1 || !isFullwidth(glyph, last.run.size)) return 0;
  const half = last.run.size / 2;
  const codePoint = glyph.codePoints[0]!;
  // a mark already trimmed before the punctuation after it is not trimmed twice
  if (classOf(codePoint) !== 'close' || last.advances[last.advances.length - 1]! < last.run.size - half / 2) return 0;
  // Chromium 156 fits a line by trimming a closing bracket or quote at its end, never a comma or
  // full stop (、。，．): those go to the next line with the character before them
  if (trimming === 'to-fit' && CLOSING_STOPS.has(codePoint)) return 0;
  return half;
}

/** The piece with its trailing closing mark trimmed by `trim` px (its advance shortened: the blank half is on its end side). */
export function lineEndTrimmed(piece: TextPiece, trim: number): TextPiece {
  const lastIndex = piece.runs.length - 1;
  const last = piece.runs[lastIndex]!;
  const advances = last.advances.map((advance, i) => (i === last.advances.length - 1 ? advance - trim : advance));
  return { ...piece, runs: [...piece.runs.slice(0, lastIndex), { ...last, advances }], width: piece.width - trim };
}

/** The piece with its leading opening bracket trimmed by half an em (moved back, its advance shortened); the piece itself otherwise. */
export function lineStartTrimmed(piece: TextPiece): TextPiece {
  const first = piece.runs[0];
  const glyph = first?.run.glyphs[0];
  if (first === undefined || glyph === undefined || first.level % 2 === 1 || glyph.codePoints.length !== 1 || !isFullwidth(glyph, first.run.size)) return piece;
  const half = first.run.size / 2;
  // a bracket already trimmed after the punctuation before it is not trimmed twice
  if (classOf(glyph.codePoints[0]) !== 'open' || first.advances[0]! < first.run.size - half / 2) return piece;
  const glyphs = [{ ...glyph, xOffset: glyph.xOffset - half }, ...first.run.glyphs.slice(1)];
  const run = { ...first, run: { ...first.run, glyphs }, advances: first.advances.map((advance, i) => (i === 0 ? advance - half : advance)) };
  return { ...piece, runs: [run, ...piece.runs.slice(1)], width: piece.width - half };
}
