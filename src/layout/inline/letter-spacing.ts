/**
 * Where letter-spacing goes in a shaped run (CSS Text 3 §8.2): after each typographic character
 * unit, as Chromium spaces them — after each cluster HarfBuzz leaves, which is a character with the
 * marks and joiners that follow it (a vowel sign stays on its consonant: हि, not ि ह drawn apart;
 * a decomposed accent on its letter; an emoji with its skin tone), clusters the shaper reordered
 * merged into one (a pre-base vowel sign or a reph moved across its syllable), a conjunct's half
 * form a unit of its own (न्|दी), a ligature one unit (क्ष), as HarfBuzz merges their clusters.
 *
 * A unit's spacing goes on its visually rightmost glyph, the one whose advance is the unit's right
 * edge: in left-to-right text the glyph that completes it (or the last of a reordered syllable,
 * text/syllable-clusters.ts), in right-to-left text the glyph that starts it — the base, not the
 * points drawn before it in visual order. Marks draw at offsets from where the pen stood before
 * them, so what follows moves and they stay on their base.
 */
import type { GlyphRun, ShapedGlyph } from '../../text/types.js';
import { fromCodePoints } from '../../append-all.js';
import { charClass } from '../../text/segment.js';

/** Below this every character is a unit of its own (Latin, Greek, Cyrillic letters: no marks, no joiners). */
const FIRST_COMBINING = 0x0300;

/**
 * Per glyph (visual order), 1 where a unit's spacing goes, else 0; `rtl`: the run's glyphs are in
 * right-to-left visual order (an odd bidi level). A glyph or reordered syllable that holds several
 * units (a ligature: क्ष, or `fi` where ligatures are asked for) is one cluster once shaped, and
 * gets one spacing, as HarfBuzz merges them.
 */
export function letterSpacingUnits(run: GlyphRun, rtl: boolean): readonly number[] {
  const glyphs = run.glyphs;
  const units = new Array<number>(glyphs.length).fill(0);
  const ends = everyCharacterAUnit(run.text) ? undefined : unitEnds(run.text);
  let consumed = 0;
  let done = 0;
  // whether the next `count` characters end a unit
  const completes = (count: number): boolean => {
    consumed += count;
    if (ends === undefined) return count > 0;
    const before = done;
    while (done < ends.length && ends[done]! <= consumed) done++;
    return done > before;
  };
  if (rtl) {
    let start: number | undefined;
    for (let i = glyphs.length - 1; i >= 0; i--) {
      const count = glyphs[i]!.codePoints.length;
      if (count === 0) continue;
      start ??= i;
      if (completes(count)) {
        units[start] = 1;
        start = undefined;
      }
    }
    return units;
  }
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    // a syllable the shaper drew in an order of its own: its spacing goes after its last glyph
    const last = glyph.cluster !== undefined && isReordered(glyphs, i, glyph.cluster) ? Math.min(glyphs.length - 1, i + glyph.cluster.glyphs - 1) : i;
    if (completes(last === i ? glyph.codePoints.length : codePointCount(glyph.cluster!.text))) units[last] = 1;
    i = last;
  }
  return units;
}

/** Whether the glyphs of the syllable starting at `start` hold its characters out of their order. */
function isReordered(glyphs: readonly ShapedGlyph[], start: number, cluster: NonNullable<ShapedGlyph['cluster']>): boolean {
  let drawn = '';
  for (let i = start; i < start + cluster.glyphs && i < glyphs.length; i++) drawn += fromCodePoints(glyphs[i]!.codePoints);
  return drawn !== cluster.text;
}

function everyCharacterAUnit(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= FIRST_COMBINING) return false;
  return !text.includes('\r\n');
}

/**
 * The code point offsets at which the text's units end: a character with the marks, joiners,
 * variation selectors and emoji modifiers after it, a pair of regional indicators (a flag), CR LF
 * — HarfBuzz's clusters before shaping merges any (an emoji ZWJ sequence drawn as one glyph is
 * one unit by that glyph).
 */
function unitEnds(text: string): number[] {
  const ends: number[] = [];
  let offset = 0;
  let previous = -1;
  let flagHalf = false;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const regional = code >= 0x1f1e6 && code <= 0x1f1ff;
    const continues: boolean = offset > 0 && (continuesUnit(code) || (previous === 0x0d && code === 0x0a) || (regional && flagHalf));
    if (continues) ends[ends.length - 1] = offset + 1;
    else ends.push(offset + 1);
    flagHalf = regional && !(continues && flagHalf);
    previous = code;
    offset++;
  }
  return ends;
}

/**
 * Characters that join the unit before them: those that extend a font-fallback cluster (marks,
 * the zero width joiner, variation selectors, emoji modifiers and tags: text/segment.ts) and the
 * zero width non-joiner.
 */
function continuesUnit(code: number): boolean {
  return code === 0x200c || charClass(code) === 'extend';
}

function codePointCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}
