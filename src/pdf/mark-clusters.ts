/**
 * The clusters of a glyph run whose glyphs are not in the order of their characters: a base and
 * its combining marks (Thai tone marks over a vowel sign, Devanagari vowel signs drawn before their
 * consonant). Text extraction orders glyphs by where they are drawn, so a Thai จิ้ง came back as
 * จิง้ and a Hindi कि as िक; Chromium writes each such cluster inside a `/Span << /ActualText >>`
 * (ISO 32000-1 §14.9.4) with its characters in logical order, and so does octavo (pdf/text.ts).
 *
 * Where the shaper numbered its syllables (text/syllable-clusters.ts: a reph, a vowel sign before
 * a conjunct, a split vowel, a subjoined form), each syllable of several glyphs is a cluster.
 * Elsewhere a cluster is a base glyph (one with a character that is not a mark) with the glyphs
 * of marks around it: those drawn after it, and before it the vowel signs that Indic scripts draw
 * on the left of their consonant (Unicode's Indic_Positional_Category Left and Left_And_Right).
 * Left to right runs only: a right-to-left run's marks are left to the glyphs' own mapping.
 */
import type { ShapedGlyph } from '../text/types.js';
import { fromCodePoints } from '../append-all.js';

/** A cluster of glyphs [start, end) of a run and the characters it stands for, in logical order. */
export interface MarkCluster {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const MARK = /\p{M}/u;
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Vowel signs drawn before (left of) their consonant, whole or in part (Indic_Positional_Category Left, Left_And_Right). */
const LEFT_SIGNS: ReadonlySet<number> = new Set([
  0x093f, 0x094e, 0x09bf, 0x09c7, 0x09c8, 0x09cb, 0x09cc, 0x0a3f, 0x0abf, 0x0b47, 0x0b48, 0x0b4b, 0x0b4c,
  0x0bc6, 0x0bc7, 0x0bc8, 0x0bca, 0x0bcb, 0x0bcc, 0x0d46, 0x0d47, 0x0d48, 0x0d4a, 0x0d4b, 0x0d4c,
  0x0dd9, 0x0dda, 0x0ddb, 0x0ddc, 0x0ddd, 0x0dde, 0x1031, 0x1084, 0x17be, 0x17c1, 0x17c2, 0x17c3, 0x17c4, 0x17c5,
]);

const NONE: readonly MarkCluster[] = Object.freeze([]);

/** The run's clusters of more than one glyph with a mark among them; none for most runs (no character past U+02FF is a mark). */
export function markClusters(glyphs: readonly ShapedGlyph[]): readonly MarkCluster[] {
  if (!hasMark(glyphs)) return NONE;
  const clusters: MarkCluster[] = [];
  let i = 0;
  while (i < glyphs.length) {
    const start = i;
    const syllable = glyphs[i]!.cluster;
    if (syllable !== undefined && start + syllable.glyphs <= glyphs.length) {
      clusters.push({ start, end: (i += syllable.glyphs), text: syllable.text });
      continue;
    }
    while (free(glyphs, i, start) && isMarkOnly(glyphs[i]!) && isLeftSign(glyphs[i]!)) i++;
    const base = free(glyphs, i, start) && !isMarkOnly(glyphs[i]!) ? i++ : -1;
    while (free(glyphs, i, start) && isMarkOnly(glyphs[i]!) && !isLeftSign(glyphs[i]!)) i++;
    if (i === start) i++; // a mark with no base: a cluster of its own
    if (i - start < 2 || base < 0) continue;
    // the base's characters first, then the marks' as they come
    let text = fromCodePoints(glyphs[base]!.codePoints);
    for (let g = start; g < i; g++) if (g !== base) text += fromCodePoints(glyphs[g]!.codePoints);
    clusters.push({ start, end: i, text });
  }
  return clusters;
}

/** Glyph `at` can join the cluster that starts at `start`: it is in the run and starts no syllable of its own. */
function free(glyphs: readonly ShapedGlyph[], at: number, start: number): boolean {
  return at < glyphs.length && (at === start || glyphs[at]!.cluster === undefined);
}

function hasMark(glyphs: readonly ShapedGlyph[]): boolean {
  let mark = false;
  for (const glyph of glyphs) {
    if (glyph.cluster !== undefined) return true;
    for (const cp of glyph.codePoints) {
      const kind = kindOf(cp);
      if (kind === RTL) return false;
      if (kind === MARK_KIND) mark = true;
    }
  }
  return mark;
}

/** A glyph of marks only, or of no character (the second glyph of a decomposed vowel sign). */
function isMarkOnly(glyph: ShapedGlyph): boolean {
  for (const cp of glyph.codePoints) if (kindOf(cp) !== MARK_KIND) return false;
  return true;
}

const OTHER = 1;
const MARK_KIND = 2;
const RTL = 3;
/** kindOf's answers for the Basic Multilingual Plane, 0 until asked: every glyph of every run written is asked about. */
const BMP_KINDS = new Uint8Array(0x10000);

function kindOf(cp: number): number {
  if (cp < 0x300) return OTHER;
  let kind = cp < 0x10000 ? BMP_KINDS[cp]! : 0;
  if (kind === 0) {
    const char = String.fromCodePoint(cp);
    kind = RIGHT_TO_LEFT.test(char) ? RTL : MARK.test(char) ? MARK_KIND : OTHER;
    if (cp < 0x10000) BMP_KINDS[cp] = kind;
  }
  return kind;
}

/** Whether the character is of a right-to-left script (its glyphs come in visual order, not the characters'). */
export function isRightToLeft(cp: number): boolean {
  return kindOf(cp) === RTL;
}

function isLeftSign(glyph: ShapedGlyph): boolean {
  return glyph.codePoints.length > 0 && glyph.codePoints.every((cp) => LEFT_SIGNS.has(cp));
}
