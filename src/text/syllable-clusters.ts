/**
 * The syllables an Indic or Universal shaper drew in more than one glyph. Text extraction reads
 * glyphs in drawing order, so those it reordered came back scrambled — a reph (र् drawn over the
 * end of its syllable: शर्मा came back as शमार्), a vowel sign drawn before a conjunct (स्थिति), a
 * split vowel drawn on both sides of its consonant (Bengali কো, Tamil கொ) — and a word broke in
 * two at a subjoined form drawn under its neighbour (Kannada ಕಾರ್ಯಕ್ರಮ). The PDF writer puts each
 * such syllable's characters, in logical order, in an ActualText span (pdf/mark-clusters.ts), as
 * Chromium does with HarfBuzz's clusters.
 *
 * fontkit keeps no cluster index, but its Indic and Universal shapers number each record's
 * syllable in logical order (`shaperInfo.syllable`), and the records as substitution started
 * are one per character (split vowels decomposed) in logical order: a syllable's characters are
 * those records' characters in the text.
 */
import type { GlyphRecord } from './fontkit-internals.js';
import type { SyllableCluster } from './types.js';

/**
 * Per output glyph index (visual order, left to right), the syllable of several glyphs that
 * starts there; undefined when the run's shaper has no syllables.
 */
export function syllableClusters(records: readonly GlyphRecord[], logical: readonly GlyphRecord[] | null, text: string): Map<number, SyllableCluster> | undefined {
  if (logical === null || syllableOf(records[0]) === undefined) return undefined;
  let result: Map<number, SyllableCluster> | undefined;
  let texts: Map<number, string> | undefined;
  // where each syllable's glyphs start; -1 once they are found in two places (the shaper moved a
  // glyph out of its syllable): such a syllable is left to its glyphs' own mapping
  const starts = new Map<number, number>();
  let start = 0;
  while (start < records.length) {
    const syllable = syllableOf(records[start]);
    let end = start + 1;
    while (end < records.length && syllableOf(records[end]) === syllable) end++;
    if (syllable !== undefined) {
      const before = starts.get(syllable);
      if (before !== undefined) {
        starts.set(syllable, -1);
        if (before >= 0) result?.delete(before);
      } else {
        starts.set(syllable, start);
        if (end - start > 1) {
          texts ??= syllableTexts(logical, text);
          const characters = texts.get(syllable);
          if (characters !== undefined && characters !== '') (result ??= new Map()).set(start, { glyphs: end - start, text: characters });
        }
      }
    }
    start = end;
  }
  return result;
}

/**
 * Each syllable's characters in logical order, as the text has them: the shaper decomposed split
 * vowels (Bengali ো into ে and া, Tamil ொ, Khmer ើ...), so a record whose code point is not the
 * text's next character stands for part of it, and the records up to the one that is the
 * character after it stand for the rest.
 */
function syllableTexts(logical: readonly GlyphRecord[], text: string): Map<number, string> {
  const chars = Array.from(text);
  const texts = new Map<number, string>();
  let next = 0; // the first character of `text` no record has stood for yet
  let last = -1; // the character the previous record stood for
  let partOfLast = false; // whether the previous record was part of a decomposed character
  for (const record of logical) {
    const codePoint = record.codePoints.length === 1 ? record.codePoints[0]! : -1;
    let char: number;
    if (next < chars.length && chars[next]!.codePointAt(0) === codePoint) {
      char = next++;
      partOfLast = false;
    } else if (partOfLast) {
      char = last;
    } else if (next < chars.length) {
      char = next++;
      partOfLast = true;
    } else {
      continue;
    }
    const syllable = syllableOf(record);
    if (syllable !== undefined && char !== last) texts.set(syllable, (texts.get(syllable) ?? '') + chars[char]!);
    last = char;
  }
  return texts;
}

function syllableOf(record: GlyphRecord | undefined): number | undefined {
  const syllable = record?.shaperInfo?.syllable;
  return typeof syllable === 'number' ? syllable : undefined;
}
