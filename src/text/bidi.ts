/**
 * The Unicode Bidirectional Algorithm (UAX #9) through bidi-js: resolved embedding levels of a
 * paragraph (P2-P3, X1-X10, W1-W7, N0-N2, I1-I2) and mirrored characters (L4). Reordering (L2)
 * happens per line in layout, over glyph runs rather than characters.
 *
 * CSS Writing Modes 3 §2.4.2 maps `unicode-bidi` on inline boxes to the control characters
 * below, which the caller inserts around the box's content in the text it passes here.
 */
import bidiFactory from 'bidi-js';
import { BoundedCache } from '../cache/bounded.js';

const bidi = bidiFactory();

/** Explicit directional formatting characters (UAX #9 §2). */
export const BIDI_CONTROL = {
  LRE: '\u202a', RLE: '\u202b', PDF: '\u202c', LRO: '\u202d', RLO: '\u202e',
  LRI: '\u2066', RLI: '\u2067', FSI: '\u2068', PDI: '\u2069',
} as const;

/**
 * True when a text may need the algorithm at all: it holds a right-to-left character (Hebrew,
 * Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, presentation forms, RTL SMP blocks) or an
 * explicit control. Left-to-right text without them resolves to level 0 everywhere.
 */
export function mayNeedBidi(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x0590) continue;
    if (c <= 0x08ff) return true;
    if (c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
    if (c >= 0xfb1d && c <= 0xfdff) return true;
    if (c >= 0xfe70 && c <= 0xfefe) return true;
    if (c >= 0xd802 && c <= 0xd803) return true; // U+10800-U+10FFF
    if (c === 0xd83a || c === 0xd83b) return true; // U+1E800-U+1EFFF
  }
  return false;
}

/**
 * The levels of paragraphs resolved before, per paragraph direction and process (they depend on the
 * text and direction alone). A right-to-left paragraph is resolved at every render of its
 * document, and bidi-js took ~15 µs per 100 characters of Arabic: most of a warm render's layout
 * of such text. Bounded by the code units held: 2 M per direction, ~6 MB with their texts (the
 * keys). Left-to-right paragraphs without right-to-left text or embeddings never come here.
 */
const resolved = {
  ltr: levelsCache('ltr'), rtl: levelsCache('rtl'), auto: levelsCache('auto'),
};

function levelsCache(base: string): BoundedCache<string, Uint8Array> {
  return new BoundedCache<string, Uint8Array>(`text.bidi-levels-${base}`, 2048, { maxWeight: 2 * 1024 * 1024, weigh: (levels) => levels.length });
}

/**
 * Embedding level of every UTF-16 unit of `text`; `base` is the paragraph direction (`auto`:
 * P2-P3). Shared with later callers asking about the same text: read it, never change it.
 */
export function embeddingLevels(text: string, base: 'ltr' | 'rtl' | 'auto'): Uint8Array {
  const cache = resolved[base];
  let levels = cache.get(text);
  if (levels === undefined) {
    levels = bidi.getEmbeddingLevels(text, base).levels;
    cache.set(text, levels);
  }
  return levels;
}

/** The paragraph level `auto` resolves to for a text (P2-P3): 1 when its first strong character is R or AL. */
export function firstStrongLevel(text: string): 0 | 1 {
  const result = bidi.getEmbeddingLevels(text, 'auto');
  return (result.paragraphs[0]?.level ?? 0) % 2 === 1 ? 1 : 0;
}

const mirrors = new Map<number, number>();

/** The Bidi_Mirroring_Glyph of a code point (rule L4), or undefined. */
export function mirroredCodePoint(cp: number): number | undefined {
  let mirror = mirrors.get(cp);
  if (mirror === undefined) {
    const found = bidi.getMirroredCharacter(String.fromCodePoint(cp));
    mirror = found === null ? -1 : (found.codePointAt(0) as number);
    mirrors.set(cp, mirror);
  }
  return mirror < 0 ? undefined : mirror;
}
