/**
 * The words of a letter-spaced glyph run, each to be written inside a `/Span << /ActualText >>`
 * (ISO 32000-1 §14.9.4) with its characters, so that text extraction reads them as words. Poppler
 * (pdftotext, and the viewers built on it) starts a new word wherever the gap between two glyphs
 * is more than a tenth of the font size (TextOutputDev's minWordBreakSpace), whatever moved the
 * glyph there: character spacing (`Tc`), a TJ adjustment or a `Td`. So `letter-spacing: 0.1em` and
 * more came out as `D E L I V E R TO` (kerned pairs stay together, which also keeps poppler from
 * reading the line as evenly spaced letters). Chromium positions each glyph with a `Td`; its gaps
 * at 0.1em fall a hair under the threshold by float rounding, above it they break as octavo's
 * did. An ActualText span is read as the word it names wherever its glyphs stand; the spaces
 * between words stay glyphs outside the spans, so they still extract as spaces. Nothing drawn
 * changes.
 */
import type { ShapedGlyph } from '../text/types.js';
import { fromCodePoints } from '../append-all.js';
import { isRightToLeft, type MarkCluster } from './mark-clusters.js';

/** Letter-spacing, 1/1000 em, from which words are spanned: below, a gap passes poppler's tenth of an em only with a large positive kerning. */
export const SPACED_WORDS_FROM = 80;

const NONE: readonly MarkCluster[] = Object.freeze([]);

/**
 * The run's words of two glyphs or more (glyphs between white space), with their characters; none
 * when a character is right to left (the glyphs are in visual order there).
 */
export function spacedWords(glyphs: readonly ShapedGlyph[]): readonly MarkCluster[] {
  let words: MarkCluster[] | undefined;
  let start = -1;
  for (let i = 0; i <= glyphs.length; i++) {
    const glyph = glyphs[i];
    if (glyph !== undefined && glyph.codePoints.some(isRightToLeft)) return NONE;
    if (glyph !== undefined && !isWhiteSpace(glyph)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= 2) (words ??= []).push({ start, end: i, text: textOf(glyphs, start, i) });
    start = -1;
  }
  return words ?? NONE;
}

function textOf(glyphs: readonly ShapedGlyph[], start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += fromCodePoints(glyphs[i]!.codePoints);
  return text;
}

/** A glyph for a white-space character (what poppler ends a word at: spaces, tabs, no-break and ideographic spaces). */
function isWhiteSpace(glyph: ShapedGlyph): boolean {
  const cp = glyph.codePoints[0];
  return glyph.codePoints.length === 1 && cp !== undefined && (cp === 0x20 || cp === 0x09 || cp === 0xa0 || cp === 0x3000 || (cp >= 0x2000 && cp <= 0x200b));
}
